import CSQLCipher
import Foundation

/// The on-disk format of an encrypted file: how a key becomes page keys, and what each page carries.
///
/// Each SQLCipher release writes its own major version's format by default, so leaving the settings to
/// the library would make a file's format depend on which SQLCipher the app happens to be linked with
/// (Debian 12's 3.4.1 writes SQLCipher 3 files, Debian 13's 4.6.1 SQLCipher 4 files, and neither opens
/// the other's). Every keyed connection of this library therefore sets its format explicitly, the
/// same on every engine: `PRAGMA cipher_compatibility` on SQLCipher 4, the iteration count and HMAC
/// switch on SQLCipher 3 (whose only digest is SHA-1).
enum CipherFormat: Int, Sendable, CaseIterable {
    /// PBKDF2-HMAC-SHA1 with 4,000 iterations, no page HMAC.
    case sqlcipher1 = 1
    /// PBKDF2-HMAC-SHA1 with 4,000 iterations, HMAC-SHA1.
    case sqlcipher2 = 2
    /// PBKDF2-HMAC-SHA1 with 64,000 iterations, HMAC-SHA1, 48 reserved bytes.
    case sqlcipher3 = 3
    /// PBKDF2-HMAC-SHA512 with 256,000 iterations, HMAC-SHA512, 80 reserved bytes.
    case sqlcipher4 = 4

    /// The format the app declared: the version given, or for `.defaultVerion` the process's default
    /// (`Database.setDefaultCipherConfiguration(_:)`), which is SQLCipher 3's unless set.
    init(declared version: Database.CipherVersion) {
        self = CipherFormat(rawValue: Int(CipherVersionDefault.resolve(version).rawValue)) ?? .sqlcipher3
    }

    /// The format a file declared as `self` is kept in on this engine: itself, except that SQLCipher 3
    /// cannot read or write SQLCipher 4 pages, so there a `.version4` file is kept (converted) in
    /// SQLCipher 3's format.
    var onThisEngine: CipherFormat {
        self == .sqlcipher4 && Engine.current.cipherMajorVersion < 4 ? .sqlcipher3 : self
    }

    /// "SQLCipher 4's format".
    var name: String { "SQLCipher \(rawValue)'s format" }

    /// The pragmas that set this format and `pageSize` on a keyed connection, for `schema` (`main` when
    /// nil), run after the key and before the first read.
    func pragmas(pageSize: Int, schema: String? = nil) -> [String] {
        let prefix = schema.map { SQLIdentifier.quoteSchema($0) + "." } ?? ""
        let engineFormat = onThisEngine
        var pragmas: [String]
        if Engine.current.cipherMajorVersion >= 4 {
            pragmas = ["PRAGMA \(prefix)cipher_compatibility = \(engineFormat.rawValue)"]
        } else {
            pragmas = ["PRAGMA \(prefix)kdf_iter = \(engineFormat.kdfIterations)",
                       "PRAGMA \(prefix)cipher_use_hmac = \(engineFormat == .sqlcipher1 ? "OFF" : "ON")"]
        }
        pragmas.append("PRAGMA \(prefix)cipher_page_size = \(pageSize)")
        return pragmas
    }

    /// The pragmas that make this format and `pageSize` the process's defaults, which SQLCipher reads
    /// a file attached with `ATTACH … KEY` with (it reads the file's first page during the ATTACH, before
    /// any per-schema pragma could run). See `CipherDefaults.whileAttaching`.
    func defaultPragmas(pageSize: Int, kdfIterations: Int? = nil) -> [String] {
        var pragmas: [String]
        if Engine.current.cipherMajorVersion >= 4 {
            pragmas = ["PRAGMA cipher_default_compatibility = \(onThisEngine.rawValue)"]
        } else {
            pragmas = ["PRAGMA cipher_default_use_hmac = \(onThisEngine == .sqlcipher1 ? "OFF" : "ON")"]
        }
        pragmas.append("PRAGMA cipher_default_kdf_iter = \(kdfIterations ?? onThisEngine.kdfIterations)")
        pragmas.append("PRAGMA cipher_default_page_size = \(pageSize)")
        return pragmas
    }

    private var kdfIterations: Int {
        switch self {
        case .sqlcipher1, .sqlcipher2: return 4000
        case .sqlcipher3: return 64_000
        case .sqlcipher4: return 256_000
        }
    }
}

/// SQLCipher's process-wide defaults, which every connection keyed without explicit settings and every
/// `ATTACH … KEY` uses.
enum CipherDefaults {
    /// Held while the defaults are changed for one ATTACH, so that two attaches do not interleave.
    private static let attaching = NSLock()
    /// The defaults' pragmas that `whileAttaching` saves and puts back.
    private static var savedNames: [String] {
        Engine.current.cipherMajorVersion >= 4
            ? ["cipher_default_kdf_iter", "cipher_default_use_hmac", "cipher_default_page_size",
               "cipher_default_hmac_algorithm", "cipher_default_kdf_algorithm"]
            : ["cipher_default_kdf_iter", "cipher_default_use_hmac", "cipher_default_page_size"]
    }

    /// Makes the process's defaults the declared default format (SQLCipher 3's unless the app set
    /// another), so that an `ATTACH … KEY` or a connection keyed without settings means the same
    /// format on every engine, as on SQLCipher 3. Run before the first connection of the library opens
    /// (`installBeforeFirstOpen`) and when the app changes the default.
    static func applyDeclaredDefault() {
        _ = Engine.current  // first: it installs SQLite's log, which must precede SQLite's initialization
        var db: OpaquePointer?
        defer { sqlite3_close_v2(db) }
        guard sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK, let db else { return }
        attaching.withLock {
            for pragma in CipherFormat(declared: .defaultVerion).defaultPragmas(pageSize: defaultPageSize) {
                sqlite3_exec(db, pragma, nil, nil, nil)
            }
        }
    }

    private static let installed: Void = applyDeclaredDefault()

    /// `applyDeclaredDefault()`, once per process.
    static func installBeforeFirstOpen() { _ = installed }

    /// SQLCipher's own default page size for the declared default format (1024 for SQLCipher 1 to 3,
    /// 4096 for 4): kept as SQLCipher has it, so that an app's own `ATTACH … KEY` reads the same files
    /// on every engine.
    private static var defaultPageSize: Int { CipherFormat(declared: .defaultVerion).onThisEngine == .sqlcipher4 ? 4096 : 1024 }

    /// Runs `attach` (an `ATTACH … KEY` on `db`) with the process's defaults set to `format` and
    /// `pageSize` (and `kdfIterations` instead of the format's), then puts the previous defaults back.
    /// Other connections keyed in that instant without explicit settings would take these defaults;
    /// this library's own always set theirs.
    static func whileAttaching<T>(_ format: CipherFormat, pageSize: Int, kdfIterations: Int? = nil, on db: OpaquePointer,
                                  _ attach: () throws -> T) throws -> T {
        try attaching.withLock {
            let saved = savedNames.compactMap { name in text(of: "PRAGMA \(name)", on: db).map { (name, $0) } }
            defer { for (name, value) in saved { sqlite3_exec(db, "PRAGMA \(name) = \(value)", nil, nil, nil) } }
            for pragma in format.defaultPragmas(pageSize: pageSize, kdfIterations: kdfIterations) { sqlite3_exec(db, pragma, nil, nil, nil) }
            return try attach()
        }
    }

    private static func text(of sql: String, on db: OpaquePointer) -> String? {
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, sqlite3_step(statement) == SQLITE_ROW,
              let text = sqlite3_column_text(statement, 0) else { return nil }
        return String(cString: text)
    }
}
