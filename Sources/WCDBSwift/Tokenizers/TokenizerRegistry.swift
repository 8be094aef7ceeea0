import Synchronization
import CSQLCipher

/// The tokenizer names every handle gets at open: the built-in ones and those registered with
/// `Database.register(tokenizer:named:)`. FTS3 and FTS5 keep tokenizers per connection, so each handle
/// installs the whole list when it opens: through `fts3_tokenizer(name, pointer)` for FTS3/FTS4 and,
/// where the engine has FTS5, through `fts5_api.xCreateTokenizer` too, with WCDB 2.x's auxiliary
/// function `substring_match_info`. Every name serves both modules.
enum TokenizerRegistry {
    /// Built-in names. "WCDB" and "wcdb_one_or_binary" are the names WCDB's own code uses for FTS3,
    /// "wcdb_verbatim" the one 2.x gives the same tokenizer for FTS5 (`BuiltinTokenizer.Verbatim`).
    static let builtinNames = ["wcdb", "WCDB", "wcdb_one_or_binary", "wcdb_verbatim"]
    /// SQLite's own FTS3 tokenizers in these engines (PRAGMA compile_options has no ICU).
    static let engineNames = ["simple", "porter", "unicode61"]
    /// SQLite's own FTS5 tokenizers (`trigram` from SQLite 3.34).
    static let fts5EngineNames = ["unicode61", "ascii", "porter", "trigram"]

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

    /// Names that WCDB 2.x's `register(tokenizer:of:of:)` was asked to register for FTS5 on an engine
    /// without FTS5 (refused), lowercased, so that an error about the name can say why it is unknown.
    private static let fts5Names = Mutex<Set<String>>([])

    static func noteRefusedFTS5(_ name: String) {
        guard !isKnown(name) else { return }
        fts5Names.withLock { _ = $0.insert(name.lowercased()) }
    }

    static func wasRefusedAsFTS5(_ name: String) -> Bool {
        fts5Names.withLock { $0.contains(name.lowercased()) }
    }

    /// Every name a `tokenize=` argument of an FTS3/FTS4 table (or, with `fts5`, of an FTS5 table) may
    /// use on a handle opened now.
    static func availableNames(fts5: Bool = false) -> [String] {
        (fts5 ? fts5EngineNames : engineNames) + slots.withLock { $0.map(\.name) }
    }

    static func isKnown(_ name: String, fts5: Bool = false) -> Bool {
        let lowered = name.lowercased()
        return availableNames(fts5: fts5).contains { $0.lowercased() == lowered }
    }

    /// Enables the two-argument `fts3_tokenizer()` (off by default since SQLite 3.11) and installs
    /// every name on the connection; with `fts5` (the engine has FTS5) in FTS5 too, and there
    /// `substring_match_info` with the first install. Installing again is harmless.
    /// Throws `TokenizerInstallFailure` (the connection's layer turns it into a located `WCDBError`).
    static func install(on db: OpaquePointer, fts5: Bool) throws(TokenizerInstallFailure) {
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
        if fts5 { try installFTS5(list, on: db) }
    }

    private static func installFTS5(_ list: [(name: String, slot: Int)], on db: OpaquePointer) throws(TokenizerInstallFailure) {
        guard let api = wcdb_fts5_api(db) else {
            throw TokenizerInstallFailure(code: SQLITE_ERROR, sql: "SELECT fts5(?1)", operation: "register FTS5 tokenizers")
        }
        // The built-in name is there from the first install on, and so is the auxiliary function, which
        // FTS5 would otherwise add again at every install (it keeps every registration).
        let isFirst = !FTS5TokenizerModule.isInstalled(builtinNames[0], slot: 0, on: api)
        guard FTS5TokenizerModule.install(list, on: api) else {
            throw TokenizerInstallFailure(code: SQLITE_NOMEM, sql: nil, operation: "register FTS5 tokenizers")
        }
        if isFirst && !SubstringMatchInfo.install(on: api) {
            throw TokenizerInstallFailure(code: SQLITE_NOMEM, sql: nil, operation: "register FTS5 function \(SubstringMatchInfo.name)")
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
