import Synchronization
import CSQLCipher

/// The tokenizer names every handle gets at open: the built-in ones and those registered with
/// `Database.register(tokenizer:named:)`. FTS3 keeps tokenizers per connection, so each handle
/// installs the whole list through `fts3_tokenizer(name, pointer)` when it opens.
enum TokenizerRegistry {
    /// Built-in names. "WCDB" and "wcdb_one_or_binary" are the names WCDB's own code uses.
    static let builtinNames = ["wcdb", "WCDB", "wcdb_one_or_binary"]
    /// SQLite's own FTS3 tokenizers in this engine (PRAGMA compile_options has no ICU).
    static let engineNames = ["simple", "porter", "unicode61"]

    /// Name → slot of `TokenizerModule`; slot 0 is the wcdb tokenizer.
    private static let slots = Mutex<[(name: String, slot: Int)]>({
        TokenizerModule.factories.withLock { factories in
            factories[0] = TokenizerFactory { arguments in
                WCDBTokenizerEngine(options: try WCDBTokenizerOptions(arguments: arguments))
            }
        }
        // No "apple": swift-corelibs-foundation marks String.EnumerationOptions.byWords unavailable
        // on Linux, and CFStringTokenizer is not public there.
        return builtinNames.map { (name: $0, slot: 0) }
    }())

    /// Adds `name` (or replaces what it makes) for handles opened from now on. Returns false when
    /// all slots are taken by other names.
    @discardableResult
    static func register(_ factory: TokenizerFactory, named name: String) -> Bool {
        slots.withLock { list in
            let slot: Int
            if let existing = list.first(where: { $0.name == name }) {
                slot = existing.slot
                guard slot != 0 else { return false }  // the built-in names stay built in
            } else {
                let used = Set(list.map(\.slot))
                guard let free = (1..<TokenizerModule.slotCount).first(where: { !used.contains($0) }) else { return false }
                slot = free
                list.append((name: name, slot: slot))
            }
            TokenizerModule.factories.withLock { $0[slot] = factory }
            fts5Names.withLock { _ = $0.remove(name.lowercased()) }
            return true
        }
    }

    /// Names that WCDB 2.x's `register(tokenizer:of:of:)` was asked to register for FTS5 (refused: the
    /// engine has no FTS5), lowercased, so that an error about the name can say why it is unknown.
    private static let fts5Names = Mutex<Set<String>>([])

    static func noteRefusedFTS5(_ name: String) {
        guard !isKnown(name) else { return }
        fts5Names.withLock { _ = $0.insert(name.lowercased()) }
    }

    static func wasRefusedAsFTS5(_ name: String) -> Bool {
        fts5Names.withLock { $0.contains(name.lowercased()) }
    }

    /// Every name a `tokenize=` argument may use on a handle opened now.
    static var availableNames: [String] {
        engineNames + slots.withLock { $0.map(\.name) }
    }

    static func isKnown(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return availableNames.contains { $0.lowercased() == lowered }
    }

    /// Enables the two-argument `fts3_tokenizer()` (off by default since SQLite 3.11) and installs
    /// every name on the connection. Installing again is harmless.
    /// Throws `TokenizerInstallFailure` (the connection's layer turns it into a located `WCDBError`).
    static func install(on db: OpaquePointer) throws(TokenizerInstallFailure) {
        let enabled = wcdb_enable_fts3_tokenizer(db)
        guard enabled == SQLITE_OK else {
            throw TokenizerInstallFailure(code: enabled, sql: nil, operation: "register tokenizers")
        }
        let list = slots.withLock { $0 }
        let sql = "SELECT fts3_tokenizer(?1, ?2)"
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
        guard rc == SQLITE_OK, let statement else {
            throw TokenizerInstallFailure(code: rc, sql: sql, operation: "register tokenizers")
        }
        defer { sqlite3_finalize(statement) }
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        for entry in list {
            var address = TokenizerModule.moduleAddresses[entry.slot]
            sqlite3_bind_text(statement, 1, entry.name, -1, transient)
            withUnsafeBytes(of: &address) { raw in
                _ = sqlite3_bind_blob(statement, 2, raw.baseAddress, Int32(raw.count), transient)
            }
            let stepped = sqlite3_step(statement)
            let reset = sqlite3_reset(statement)
            // SQLite 3.15 refuses to store the pointer a name already has ("out of memory"):
            // that is the name being installed already, which is what we want.
            if stepped != SQLITE_ROW && stepped != SQLITE_DONE && !isInstalled(entry.name, address, on: db) {
                throw TokenizerInstallFailure(code: reset, sql: sql, operation: "register tokenizer \"\(entry.name)\"")
            }
        }
    }

    private static func isInstalled(_ name: String, _ address: UInt, on db: OpaquePointer) -> Bool {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, "SELECT fts3_tokenizer(?1)", -1, &statement, nil) == SQLITE_OK, let statement else { return false }
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_text(statement, 1, name, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
        guard sqlite3_step(statement) == SQLITE_ROW, sqlite3_column_bytes(statement, 0) == MemoryLayout<UInt>.size,
              let blob = sqlite3_column_blob(statement, 0) else { return false }
        return blob.loadUnaligned(as: UInt.self) == address
    }
}

/// Why installing the tokenizers on a connection failed: SQLite's result code, the SQL and what was
/// being done (the tokenizers know nothing of the runtime's errors; the caller makes a `WCDBError`).
struct TokenizerInstallFailure: Error {
    let code: Int32
    let sql: String?
    let operation: String
}
