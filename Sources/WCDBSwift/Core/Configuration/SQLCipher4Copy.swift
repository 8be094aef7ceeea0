import CSQLCipher
import Foundation
import WCDBRepair

/// A SQLCipher 4 copy of a keyed database: what `Database.exportSQLCipher4(to:pageSize:kdfIterations:progress:)`
/// writes, and how a file declared `.version4` but kept in SQLCipher 3's format (by a SQLCipher 3 engine)
/// is converted back when a SQLCipher 4 engine opens it.
///
/// The source is copied on a private read-only connection (`KeyedExport`: `ATTACH … KEY`, then what
/// `sqlcipher_export` does, rowids kept). A SQLCipher 4 engine writes the copy in SQLCipher 4's format
/// itself. SQLCipher 3 cannot: there the copy goes into an encrypted SQLCipher 3 file laid out for
/// SQLCipher 4's 80 reserved bytes (`CipherTranscoder.createEmptySQLCipher3(at:reserved:autoVacuum:)`),
/// whose pages are then re-encrypted one by one into `destination` (`CipherTranscoder.convertToSQLCipher4`)
/// and which is removed at the end. No plaintext reaches the disk either way; `destination` appears only
/// complete (written under a temporary name beside it, then linked into place): on any failure, or a
/// process killed mid-way, nothing is left at `destination`.
enum SQLCipher4Copy {
    /// Writes `destination` (which must not exist) from `source`, keyed with `cipher`, with the
    /// transcoder's key, page size and KDF iterations. `progress` gets 0.5 once the copy is done, then
    /// the share of pages converted; returning false cancels.
    static func write(from source: String, cipher: CipherSetting, to destination: String, with transcoder: CipherTranscoder,
                      tag: Int?, operation: String, progress: ((Double) -> Bool)?) throws -> CipherTranscoder.Report {
        let export = KeyedExport(source: source, cipher: cipher, tag: tag, operation: operation)
        guard Engine.current.cipherMajorVersion < 4 else {
            // Written under a temporary name and linked into place when complete: a process killed
            // mid-way leaves no partial file at `destination`.
            let staging = DurablePlacement.temporaryName(for: destination, kind: "exporting")
            defer { for suffix in ["", "-journal", "-wal", "-shm"] { unlink(staging + suffix) } }
            var existing = stat()
            if lstat(destination, &existing) == 0 { throw RepairError.cannotOpen(path: destination, errno: EEXIST) }
            try export.export(into: staging, as: .sqlcipher4(pageSize: transcoder.pageSize, kdfIterations: transcoder.kdfIterations))
            if let progress, !progress(0.5) || !progress(1) { throw RepairError.cancelled(path: destination) }
            let report = try report(of: staging, pageSize: transcoder.pageSize)
            try DurablePlacement.publish(staging, as: destination)
            return report
        }
        let staging = DurablePlacement.temporaryName(for: destination, kind: "exporting")
        defer { for suffix in ["", "-journal", "-wal", "-shm"] { unlink(staging + suffix) } }
        try export.export(into: staging, as: .sqlcipher3LaidOutFor4(transcoder))
        if let progress, !progress(0.5) { throw RepairError.cancelled(path: destination) }
        return try transcoder.convertToSQLCipher4(from: staging, to: destination,
                                                  progress: progress.map { report in { report(0.5 + $0 / 2) } })
    }

    /// What the engine wrote at `path`: its pages and salt (nothing came from a WAL, no page was zero).
    private static func report(of path: String, pageSize: Int) throws -> CipherTranscoder.Report {
        let file = try PageSource.openRegularFile(path)
        defer { close(file.descriptor) }
        var salt = [UInt8](repeating: 0, count: 16)
        guard pread(file.descriptor, &salt, 16, 0) == 16 else { throw RepairError.cannotOpen(path: path, errno: EIO) }
        return CipherTranscoder.Report(pages: UInt32(file.size / pageSize), walFrames: 0, zeroPages: 0, salt: salt)
    }
}

/// A keyed database copied into a new encrypted file (what `sqlcipher_export` does, rowids kept), on a
/// connection of its own: the source opened read-only (`mode=ro`), temporary storage in memory.
struct KeyedExport {
    let source: String
    let cipher: CipherSetting
    let tag: Int?
    let operation: String
    static let schema = "wcdb_sqlcipher4_export"

    /// The file the copy goes into.
    enum Target {
        /// An empty SQLCipher 3 file the transcoder makes, which reserves SQLCipher 4's 80 bytes a page.
        case sqlcipher3LaidOutFor4(CipherTranscoder)
        /// A new SQLCipher 4 file the engine writes (SQLCipher 4 engines only).
        case sqlcipher4(pageSize: Int, kdfIterations: Int)
    }

    func export(into path: String, as target: Target) throws {
        var pointer: OpaquePointer?
        let uri = "file:" + KeyedExport.uriEscaped(source) + "?mode=ro"
        // Read-write flags for the connection (so ATTACH may create and write), read-only for the source.
        let rc = sqlite3_open_v2(uri, &pointer, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, nil)
        guard let db = pointer else { throw fail(rc, nil, "cannot open") }
        defer { sqlite3_close_v2(db) }
        guard rc == SQLITE_OK else { throw fail(rc, db, nil) }
        let keyed = cipher.keyBytes.withUnsafeBytes { sqlite3_key(db, $0.baseAddress, Int32($0.count)) }
        guard keyed == SQLITE_OK else { throw fail(keyed, db, nil) }
        for pragma in CipherFormat(declared: cipher.version).pragmas(pageSize: cipher.pageSize) { try exec(db, pragma) }
        // Sorts for the indexes the copy builds never spill plaintext into temporary files.
        try exec(db, "PRAGMA temp_store = MEMORY")
        let autoVacuum = try integer(db, "PRAGMA main.auto_vacuum")
        let userVersion = try integer(db, "PRAGMA main.user_version")
        let applicationID = try integer(db, "PRAGMA main.application_id")

        let schema = KeyedExport.schema
        switch target {
        case .sqlcipher3LaidOutFor4(let transcoder):
            try transcoder.createEmptySQLCipher3(at: path, autoVacuum: autoVacuum == 1 ? .full : autoVacuum == 2 ? .incremental : .none)
            try attach(db, path, format: .sqlcipher3, pageSize: transcoder.pageSize)
        case .sqlcipher4(let pageSize, let kdfIterations):
            try attach(db, path, format: .sqlcipher4, pageSize: pageSize, kdfIterations: kdfIterations)
            try exec(db, "PRAGMA \(schema).auto_vacuum = \(autoVacuum)")
        }
        // The file is removed on any failure: no journal on disk; synced once, at the end.
        try exec(db, "PRAGMA \(schema).journal_mode = MEMORY")
        try exec(db, "PRAGMA \(schema).synchronous = OFF")
        try copy(db, into: schema)
        try exec(db, "PRAGMA \(schema).user_version = \(userVersion)")
        try exec(db, "PRAGMA \(schema).application_id = \(applicationID)")
        try exec(db, "DETACH DATABASE \(schema)")
        let descriptor = open(path, O_RDONLY)
        defer { if descriptor >= 0 { close(descriptor) } }
        guard descriptor >= 0, fsync(descriptor) == 0 else { throw fail(SQLITE_IOERR, nil, "cannot sync \(path)") }
    }

    /// What `sqlcipher_export` does, except that rows keep their rowids: SQLCipher 3.4.1's export (like
    /// VACUUM in SQLite 3.15) renumbers the rowids of tables without an INTEGER PRIMARY KEY, which
    /// breaks anything keyed by them (FTS external content, rowids kept by the application). In one
    /// transaction: tables (with `sqlite_` ones such as `sqlite_stat1`, under `writable_schema` as the
    /// export does), their rows with the rowid named explicitly, the AUTOINCREMENT sequences, then
    /// the indexes (built once over all rows), then views, triggers and virtual tables as their
    /// `sqlite_master` rows (they own no pages; virtual tables' shadow tables were copied as tables).
    private func copy(_ db: OpaquePointer, into target: String) throws {
        try exec(db, "PRAGMA writable_schema = ON")
        defer { sqlite3_exec(db, "PRAGMA writable_schema = OFF", nil, nil, nil) }
        try exec(db, "BEGIN")
        var committed = false
        defer { if !committed { sqlite3_exec(db, "ROLLBACK", nil, nil, nil) } }
        let tables = try rows(db, "SELECT name, sql FROM main.sqlite_master WHERE type = 'table' AND rootpage > 0"
                                  + " AND name != 'sqlite_sequence' AND sql LIKE 'CREATE TABLE %' ORDER BY rowid")
        for table in tables {
            guard let name = table[0], let sql = table[1] else { continue }
            try exec(db, "CREATE TABLE \(target)." + sql.dropFirst("CREATE TABLE ".count))
            let quoted = SQLIdentifier.quote(name)
            let columns = try rows(db, "PRAGMA main.table_info(\(quoted))").compactMap { $0[1] }
            let list = columns.map(SQLIdentifier.quote).joined(separator: ", ")
            let lowercased = Set(columns.map { $0.lowercased() })
            // The rowid under a name no column takes; WITHOUT ROWID tables have none.
            let rowid = ["rowid", "_rowid_", "oid"].first {
                !lowercased.contains($0) && isStatement(db, "SELECT \($0) FROM main.\(quoted) LIMIT 0")
            }
            if let rowid {
                try exec(db, "INSERT INTO \(target).\(quoted)(\(rowid), \(list)) SELECT \(rowid), \(list) FROM main.\(quoted)")
            } else {
                try exec(db, "INSERT INTO \(target).\(quoted)(\(list)) SELECT \(list) FROM main.\(quoted)")
            }
        }
        if try integer(db, "SELECT count(*) FROM main.sqlite_master WHERE name = 'sqlite_sequence'") > 0,
           try integer(db, "SELECT count(*) FROM \(target).sqlite_master WHERE name = 'sqlite_sequence'") > 0 {
            try exec(db, "DELETE FROM \(target).sqlite_sequence")
            try exec(db, "INSERT INTO \(target).sqlite_sequence SELECT * FROM main.sqlite_sequence")
        }
        for index in try rows(db, "SELECT sql FROM main.sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY rowid") {
            guard let sql = index[0] else { continue }
            for prefix in ["CREATE INDEX ", "CREATE UNIQUE INDEX "] where sql.hasPrefix(prefix) {
                try exec(db, prefix + "\(target)." + sql.dropFirst(prefix.count))
            }
        }
        try exec(db, "INSERT INTO \(target).sqlite_master SELECT type, name, tbl_name, rootpage, sql FROM main.sqlite_master"
                     + " WHERE type = 'view' OR type = 'trigger' OR (type = 'table' AND rootpage = 0) ORDER BY rowid")
        try exec(db, "COMMIT")
        committed = true
    }

    private func isStatement(_ db: OpaquePointer, _ sql: String) -> Bool {
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        return sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK
    }

    private func rows(_ db: OpaquePointer, _ sql: String) throws -> [[String?]] {
        var statement: OpaquePointer?
        var rc = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        guard rc == SQLITE_OK, let statement else { throw fail(rc, db, nil, sql: sql) }
        var result: [[String?]] = []
        while true {
            rc = sqlite3_step(statement)
            guard rc == SQLITE_ROW else { break }
            result.append((0..<sqlite3_column_count(statement)).map { column in
                sqlite3_column_text(statement, column).map { String(cString: $0) }
            })
        }
        guard rc == SQLITE_DONE else { throw fail(rc, db, nil, sql: sql) }
        return result
    }

    /// SQLCipher reads an attached file's first page during the `ATTACH`, with the process-wide
    /// defaults (`PRAGMA <schema>.cipher_page_size` would come too late): the file's format and page size
    /// are the defaults for that one statement (`CipherDefaults.whileAttaching`).
    private func attach(_ db: OpaquePointer, _ path: String, format: CipherFormat, pageSize: Int, kdfIterations: Int? = nil) throws {
        try CipherDefaults.whileAttaching(format, pageSize: pageSize, kdfIterations: kdfIterations, on: db) {
            try run(db, "ATTACH DATABASE ? AS \(KeyedExport.schema) KEY ?", text: path, blob: cipher.keyBytes)
        }
    }

    private func fail(_ rc: Int32, _ db: OpaquePointer?, _ message: String?, sql: String? = nil) -> WCDBError {
        let text = message ?? db.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "SQLite error \(rc)"
        return reportError(WCDBError(level: .sqlite, code: rc & 0xFF, extendedCode: rc, message: text, sql: sql, path: source, tag: tag,
                                     operation: operation))
    }

    private func exec(_ db: OpaquePointer, _ sql: String) throws {
        let rc = sqlite3_exec(db, sql, nil, nil, nil)
        guard rc == SQLITE_OK else { throw fail(rc, db, nil, sql: sql) }
    }

    private func integer(_ db: OpaquePointer, _ sql: String) throws -> Int64 {
        var statement: OpaquePointer?
        var rc = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        guard rc == SQLITE_OK, let statement else { throw fail(rc, db, nil, sql: sql) }
        rc = sqlite3_step(statement)
        guard rc == SQLITE_ROW || rc == SQLITE_DONE else { throw fail(rc, db, nil, sql: sql) }
        return rc == SQLITE_ROW ? sqlite3_column_int64(statement, 0) : 0
    }

    /// One statement with a text and a blob bound (the key never appears in SQL text or traces).
    private func run(_ db: OpaquePointer, _ sql: String, text: String, blob: Data) throws {
        var statement: OpaquePointer?
        var rc = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        guard rc == SQLITE_OK, let statement else { throw fail(rc, db, nil, sql: sql) }
        let transient = unsafeBitCast(-1 as Int, to: sqlite3_destructor_type.self)
        rc = sqlite3_bind_text(statement, 1, text, -1, transient)
        if rc == SQLITE_OK {
            rc = blob.withUnsafeBytes { sqlite3_bind_blob(statement, 2, $0.baseAddress, Int32($0.count), transient) }
        }
        if rc == SQLITE_OK { rc = sqlite3_step(statement) }
        guard rc == SQLITE_DONE || rc == SQLITE_ROW || rc == SQLITE_OK else { throw fail(rc, db, nil, sql: sql) }
    }

    /// A path as the path part of a `file:` URI: `%`, `?` and `#` escaped.
    static func uriEscaped(_ path: String) -> String {
        var out = ""
        for scalar in path.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "?": out += "%3f"
            case "#": out += "%23"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
