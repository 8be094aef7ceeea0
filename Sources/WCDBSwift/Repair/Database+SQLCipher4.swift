import CSQLCipher
import Foundation
import WCDBRepair

extension Database {
    // MARK: SQLCipher 4 files (WCDB 2.x, current SQLCipher)

    /// Converts the SQLCipher 4 database at `source` (as WCDB 2.x and every current SQLCipher write it)
    /// into a new SQLCipher 3 database at `destination` that this engine opens with the same key and
    /// page size (`setCipher(key:pageSize:)`). Page by page, in memory: no plaintext reaches the disk,
    /// `source` and its `-wal` are only read, and the committed frames of that WAL are applied.
    /// `kdfIterations` is the source's `PRAGMA kdf_iter`. `progress` (0...1) returns false to cancel.
    /// Throws a `WCDBError` whose code is SQLITE_NOTADB (26) for a wrong key, SQLITE_CORRUPT (11) for a
    /// damaged page (named in the message), SQLITE_CANTOPEN (14) when `destination` exists; on any
    /// failure nothing is left at `destination`. See `CipherTranscoder` (WCDBRepair).
    @discardableResult
    public static func importSQLCipher4(from source: String, to destination: String, key: Data,
                                        pageSize: Int = SQLCipher4Cipher.defaultPageSize,
                                        kdfIterations: Int = SQLCipher4Cipher.defaultKDFIterations,
                                        progress: ((Double) -> Bool)? = nil) throws -> CipherTranscoder.Report {
        do {
            let transcoder = try CipherTranscoder(key: key, pageSize: pageSize, kdfIterations: kdfIterations)
            return try transcoder.convertToSQLCipher3(from: source, to: destination, progress: progress)
        } catch let error as RepairError {
            throw reportError(WCDBError(level: .core, code: error.sqliteCode, message: error.description, path: source,
                                        operation: "importSQLCipher4"))
        }
    }

    /// Writes a SQLCipher 4 copy of this encrypted database at `destination` (which must not exist),
    /// under the same key: PBKDF2-HMAC-SHA512 with `kdfIterations`, HMAC-SHA512, pages of `pageSize`
    /// bytes (any power of two in 1024...65536, whatever this database's own), as WCDB 2.x opens it.
    ///
    /// SQLCipher 4 keeps 80 bytes of every page for its IV and HMAC where this engine keeps 48, so the
    /// pages are first laid out anew, without plaintext on disk: an empty SQLCipher 3 file whose header
    /// reserves 80 bytes is made beside `destination` (WCDBRepair's
    /// `CipherTranscoder.createEmptySQLCipher3(at:reserved:autoVacuum:)`), this database is copied into
    /// it on a private read-only connection (`ATTACH … KEY`, then what `sqlcipher_export` does, but
    /// keeping every rowid; sorts in memory), and that file's pages are re-encrypted one by one into
    /// `destination`. The intermediate file is encrypted throughout and removed at the end. The copy
    /// reads through this database's WAL, so committed transactions are included without a checkpoint;
    /// the database is not written. Views, triggers, virtual tables, `sqlite_stat1`, `user_version` and
    /// `application_id` come along.
    ///
    /// SQLCipher 3 reads an attached file with the process-wide `cipher_default_page_size`, so that
    /// default is `pageSize` for the instant of the `ATTACH` (WCDBSwift's handles set their own page
    /// size and are not affected).
    ///
    /// `progress` gets 0.5 once the export is done, then the share of pages converted; returning false
    /// cancels. Throws a `WCDBError`; on any failure nothing is left at `destination`.
    @discardableResult
    public func exportSQLCipher4(to destination: String, pageSize: Int = SQLCipher4Cipher.defaultPageSize,
                                 kdfIterations: Int = SQLCipher4Cipher.defaultKDFIterations,
                                 progress: ((Double) -> Bool)? = nil) throws -> CipherTranscoder.Report {
        let operation = "exportSQLCipher4"
        func fail(_ error: RepairError) -> WCDBError {
            reportError(WCDBError(level: .core, code: error.sqliteCode, message: error.description, path: path, tag: tag,
                                  operation: operation))
        }
        guard let cipher = core.cipherSnapshot else {
            throw reportError(WCDBError(level: .interface, message: "exportSQLCipher4 needs an encrypted database: call setCipher first",
                                        path: path, tag: tag, operation: operation))
        }
        var existing = stat()
        if lstat(destination, &existing) == 0 { throw fail(.cannotOpen(path: destination, errno: EEXIST)) }
        let transcoder: CipherTranscoder
        do {
            transcoder = try CipherTranscoder(key: cipher.keyBytes, pageSize: pageSize, kdfIterations: kdfIterations)
        } catch let error as RepairError {
            throw fail(error)
        }
        let staging = destination + ".sqlcipher3-" + UUID().uuidString
        defer { for suffix in ["", "-journal", "-wal", "-shm"] { unlink(staging + suffix) } }
        do {
            try SQLCipher3Export(source: path, key: cipher.keyBytes, pageSize: cipher.pageSize, tag: tag)
                .export(into: staging, with: transcoder)
            if let progress, !progress(0.5) { throw RepairError.cancelled(path: destination) }
            return try transcoder.convertToSQLCipher4(from: staging, to: destination,
                                                      progress: progress.map { report in { report(0.5 + $0 / 2) } })
        } catch let error as RepairError {
            throw fail(error)
        }
    }
}

/// A keyed database copied into a new SQLCipher 3 file laid out for SQLCipher 4 (what `sqlcipher_export`
/// does, rowids kept), on a connection of its own: the source opened read-only (`mode=ro`), temporary
/// storage in memory.
private struct SQLCipher3Export {
    let source: String
    let key: Data
    let pageSize: Int
    let tag: Int?
    static let schema = "wcdb_sqlcipher4_export"

    func export(into staging: String, with transcoder: CipherTranscoder) throws {
        var pointer: OpaquePointer?
        let uri = "file:" + SQLCipher3Export.uriEscaped(source) + "?mode=ro"
        // Read-write flags for the connection (so ATTACH may create and write), read-only for the source.
        let rc = sqlite3_open_v2(uri, &pointer, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, nil)
        guard let db = pointer else { throw fail(rc, nil, "cannot open") }
        defer { sqlite3_close_v2(db) }
        guard rc == SQLITE_OK else { throw fail(rc, db, nil) }
        let keyed = key.withUnsafeBytes { sqlite3_key(db, $0.baseAddress, Int32($0.count)) }
        guard keyed == SQLITE_OK else { throw fail(keyed, db, nil) }
        try exec(db, "PRAGMA cipher_page_size = \(pageSize)")
        // Sorts for the indexes the copy builds never spill plaintext into temporary files.
        try exec(db, "PRAGMA temp_store = MEMORY")
        let autoVacuum = try integer(db, "PRAGMA main.auto_vacuum")
        let userVersion = try integer(db, "PRAGMA main.user_version")
        let applicationID = try integer(db, "PRAGMA main.application_id")

        try transcoder.createEmptySQLCipher3(at: staging, autoVacuum: autoVacuum == 1 ? .full : autoVacuum == 2 ? .incremental : .none)
        try attach(db, staging, pageSize: transcoder.pageSize)
        let target = SQLCipher3Export.schema
        // The staging file is removed on any failure: no journal on disk, no syncs.
        try exec(db, "PRAGMA \(target).journal_mode = MEMORY")
        try exec(db, "PRAGMA \(target).synchronous = OFF")
        try copy(db, into: target)
        try exec(db, "PRAGMA \(target).user_version = \(userVersion)")
        try exec(db, "PRAGMA \(target).application_id = \(applicationID)")
        try exec(db, "DETACH DATABASE \(target)")
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

    /// SQLCipher 3 reads an attached file's first page as soon as it is attached, with the process-wide
    /// `cipher_default_page_size` (1024 unless changed; `PRAGMA <schema>.cipher_page_size` comes too
    /// late, and the main database's page size is not inherited). So the default is set to the staging
    /// file's page size for the one `ATTACH` and put back at once, under a lock so that two exports do
    /// not interleave. Handles of WCDBSwift set `cipher_page_size` themselves and are not affected;
    /// other SQLCipher connections of the process keyed in that instant would take that default.
    private func attach(_ db: OpaquePointer, _ staging: String, pageSize: Int) throws {
        SQLCipher3Export.defaultPageSizeLock.lock()
        defer { SQLCipher3Export.defaultPageSizeLock.unlock() }
        let previous = try integer(db, "PRAGMA cipher_default_page_size")
        try exec(db, "PRAGMA cipher_default_page_size = \(pageSize)")
        defer { sqlite3_exec(db, "PRAGMA cipher_default_page_size = \(previous > 0 ? previous : 1024)", nil, nil, nil) }
        try run(db, "ATTACH DATABASE ? AS \(SQLCipher3Export.schema) KEY ?", text: staging, blob: key)
        try exec(db, "PRAGMA \(SQLCipher3Export.schema).cipher_page_size = \(pageSize)")
    }

    static let defaultPageSizeLock = NSLock()

    private func fail(_ rc: Int32, _ db: OpaquePointer?, _ message: String?, sql: String? = nil) -> WCDBError {
        let text = message ?? db.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "SQLite error \(rc)"
        return reportError(WCDBError(level: .sqlite, code: rc & 0xFF, extendedCode: rc, message: text, sql: sql, path: source, tag: tag,
                                     operation: "exportSQLCipher4"))
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
