import CSQLCipher

/// The SQLite and SQLCipher this process runs on, read from the library itself, once: its versions, its
/// compile-time options, and which of SQLite's newer constructs it can prepare.
///
/// Nothing about the engine is assumed at build time. The same code runs on Debian 12's SQLCipher 3.4.1
/// (SQLite 3.15.2) and Debian 13's 4.6.1 (SQLite 3.46.1): a construct is refused by name only when the
/// running engine cannot prepare it, and the file format is always set explicitly (`CipherFormat`).
struct Engine: Sendable {
    /// The engine of this process.
    static let current = Engine()

    /// `sqlite3_libversion()`: "3.46.1".
    let sqliteVersion: String
    /// `sqlite3_libversion_number()`: 3046001.
    let sqliteVersionNumber: Int32
    /// `PRAGMA cipher_version`: "4.6.1 community" (empty when the library is no SQLCipher).
    let cipherVersion: String
    /// `sqlite3_compileoption_get`'s list, without the `SQLITE_` prefix ("ENABLE_FTS5", "THREADSAFE=1"…).
    let compileOptions: Set<String>
    /// The constructs a connection of this engine failed to prepare, asked once at start.
    let missingFeatures: Set<EngineFeature>

    /// SQLCipher's major version: 3 for 3.4.1, 4 for 4.6.1.
    var cipherMajorVersion: Int { Int(cipherVersion.prefix { $0.isNumber }) ?? 0 }

    /// "SQLite 3.46.1 (SQLCipher 4.6.1 community)", as errors name the engine.
    var description: String {
        cipherVersion.isEmpty ? "SQLite \(sqliteVersion)" : "SQLite \(sqliteVersion) (SQLCipher \(cipherVersion))"
    }

    /// Whether the engine can run `feature`.
    func supports(_ feature: EngineFeature) -> Bool { !missingFeatures.contains(feature) }

    /// The error message for a statement holding `feature` where the engine lacks it.
    func refusal(of feature: EngineFeature) -> String {
        "SQLite \(sqliteVersion), the engine of this library, does not support \(feature.rawValue)"
    }

    private init() {
        // SQLite's and SQLCipher's logs are routed before anything initializes the library.
        SQLiteLog.installBeforeFirstOpen()
        sqliteVersion = String(cString: sqlite3_libversion())
        sqliteVersionNumber = sqlite3_libversion_number()
        var options: Set<String> = []
        var index: Int32 = 0
        while let option = sqlite3_compileoption_get(index) {
            options.insert(String(cString: option))
            index += 1
        }
        compileOptions = options
        var db: OpaquePointer?
        defer { sqlite3_close_v2(db) }
        guard sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK, let db else {
            cipherVersion = ""
            missingFeatures = Set(EngineFeature.allCases)
            return
        }
        SQLCipherLog.routeBeforeFirstUse(db)
        cipherVersion = Engine.firstText(of: "PRAGMA cipher_version", on: db) ?? ""
        sqlite3_exec(db, "CREATE TABLE t(a INTEGER PRIMARY KEY, b)", nil, nil, nil)
        SQLiteLog.state.withLock { $0.muted = true }
        missingFeatures = Set(EngineFeature.allCases.filter { !Engine.prepares($0.probe, on: db) })
        SQLiteLog.state.withLock { $0.muted = false }
    }

    private static func prepares(_ sql: String, on db: OpaquePointer) -> Bool {
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        return sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK
    }

    private static func firstText(of sql: String, on db: OpaquePointer) -> String? {
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, sqlite3_step(statement) == SQLITE_ROW,
              let text = sqlite3_column_text(statement, 0) else { return nil }
        return String(cString: text)
    }
}

extension EngineFeature {
    /// A statement that prepares on an engine with the feature and fails on one without it, against
    /// `CREATE TABLE t(a INTEGER PRIMARY KEY, b)` (only prepared, never run).
    var probe: String {
        switch self {
        case .upsert: return "INSERT INTO t(a) VALUES(1) ON CONFLICT(a) DO NOTHING"
        case .insertAlias: return "INSERT INTO t AS x(a) VALUES(1)"
        case .windowFunction: return "SELECT count(*) OVER () FROM t"
        case .windowClause: return "SELECT count(*) OVER w FROM t WINDOW w AS ()"
        case .renameColumn: return "ALTER TABLE t RENAME COLUMN b TO c"
        case .filterClause: return "SELECT count(*) FILTER (WHERE a > 0) FROM t"
        case .nullsOrder: return "SELECT a FROM t ORDER BY b NULLS FIRST"
        case .updateFrom: return "UPDATE t SET b = s.b FROM t AS s WHERE s.a = t.a"
        case .returning: return "DELETE FROM t RETURNING a"
        case .dropColumn: return "ALTER TABLE t DROP COLUMN b"
        case .qualifiedTableAlias: return "DELETE FROM t AS x WHERE x.a = 1"
        case .json: return "SELECT json('[1]'), value FROM json_each('[1]')"
        case .fts5: return "SELECT fts5(NULL)"
        }
    }
}
