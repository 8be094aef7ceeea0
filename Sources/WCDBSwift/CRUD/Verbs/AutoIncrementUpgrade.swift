import Foundation

/// WCDB 2.x's `enableAutoIncrementForExistingTable`: SQLite has no `ALTER TABLE` for `AUTOINCREMENT`,
/// so the table's stored `CREATE TABLE` text is rewritten in `sqlite_master` (SQLite's documented
/// `writable_schema` procedure, with a `schema_version` bump so every connection reloads it) and
/// `sqlite_sequence` is seeded with the largest rowid, so keys already used are never handed out again.
/// Runs inside `create(table:of:)`'s transaction: any failure rolls the rewrite back.
extension HandleProvider {
    /// Returns whether the schema was rewritten (false when the key already was AUTOINCREMENT).
    @discardableResult
    static func addAutoIncrement(toExisting table: String, on handle: Handle) throws -> Bool {
        let operation = "enable AUTOINCREMENT for existing table"
        let select = try handle.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?1 COLLATE NOCASE")
        select.bind(text: table, toIndex: 1)
        let hasRow = try select.step()
        let sql = hasRow ? select.columnText(atIndex: 0) : ""
        select.finalize()
        guard hasRow else {
            throw WCDBError.interface("table \(table) was not found in sqlite_master", operation: operation)
        }
        let upper = String(decoding: sql.utf8.map { $0 >= 97 && $0 <= 122 ? $0 - 32 : $0 }, as: UTF8.self)
        if upper.contains("AUTOINCREMENT") { return false }
        if upper.contains("WITHOUT ROWID") {
            throw WCDBError.interface("table \(table) is WITHOUT ROWID, which can't have AUTOINCREMENT", sql: sql, operation: operation)
        }
        // SQLite's rule for AUTOINCREMENT: one primary-key column, declared exactly INTEGER (the rowid alias).
        let info = try handle.prepare(StatementPragma().pragma(.tableInfo).with(table).description)
        var keyTypes: [String] = []
        while try info.step() {
            if info.columnInteger(atIndex: 5) > 0 { keyTypes.append(info.columnText(atIndex: 2).uppercased()) }
        }
        info.finalize()
        guard keyTypes == ["INTEGER"], let rewritten = insertingAutoIncrement(into: sql, upper: upper) else {
            throw WCDBError.interface("table \(table) has no single-column INTEGER PRIMARY KEY to make AUTOINCREMENT",
                                      sql: sql, operation: operation)
        }
        try handle.exec("PRAGMA writable_schema = ON")
        do {
            // sqlite_sequence exists only once some table was created with AUTOINCREMENT.
            try handle.exec("CREATE TABLE IF NOT EXISTS sqlite_sequence(name, seq)")
            let update = try handle.prepare("UPDATE sqlite_master SET sql = ?1 WHERE type = 'table' AND name = ?2 COLLATE NOCASE")
            update.bind(text: rewritten, toIndex: 1)
            update.bind(text: table, toIndex: 2)
            _ = try update.step()
            update.finalize()
            let version = try handle.prepare("PRAGMA schema_version")
            let current = try version.step() ? version.columnInteger(atIndex: 0) : 0
            version.finalize()
            try handle.exec("PRAGMA schema_version = \(current + 1)")
            try handle.exec("PRAGMA writable_schema = OFF")
        } catch {
            try? handle.exec("PRAGMA writable_schema = OFF")
            throw error
        }
        // The reloaded schema must parse, and the key must now be AUTOINCREMENT; else roll back.
        let quoted = SQLIdentifier.quote(table)
        let check = try handle.prepare("SELECT max(rowid) FROM \(quoted)")
        let maxRowID = try check.step() && check.columnType(atIndex: 0) != .null ? check.columnInteger(atIndex: 0) : nil
        check.finalize()
        if let maxRowID {
            let seed = try handle.prepare("INSERT INTO sqlite_sequence(name, seq) VALUES(?1, ?2)")
            seed.bind(text: table, toIndex: 1)
            seed.bind(integer: max(maxRowID, 0), toIndex: 2)
            _ = try seed.step()
            seed.finalize()
        }
        return true
    }

    /// The connection that rewrote `sqlite_master` keeps its parsed schema (its cached schema cookie
    /// was bumped with the file's); other connections reload on the new cookie. A transaction that sets
    /// the cookie and rolls back makes SQLite drop this connection's parsed schema and expire its
    /// statements (its rule after any rolled-back schema change), so it reloads too; the file is
    /// unchanged. Outside a transaction only: inside one, the caller's transaction is left alone.
    func reloadSchemaAfterRewrite() throws {
        try withHandle(forWriting: true) { handle in
            guard !handle.isInTransaction else { return }
            let version = try handle.prepare("PRAGMA schema_version")
            let current = try version.step() ? version.columnInteger(atIndex: 0) : 0
            version.finalize()
            try handle.exec("BEGIN IMMEDIATE")
            do {
                try handle.exec("PRAGMA schema_version = \(current)")
            } catch {
                try? handle.exec("ROLLBACK")
                throw error
            }
            try handle.exec("ROLLBACK")
        }
    }

    /// `sql` with ` AUTOINCREMENT` after its column `PRIMARY KEY` clause (after `ASC`/`DESC` and any
    /// `ON CONFLICT …`, where SQLite's grammar puts it), or nil when the key is a table constraint.
    /// `upper` is `sql` with ASCII letters upper-cased, so byte offsets match.
    static func insertingAutoIncrement(into sql: String, upper: String) -> String? {
        let bytes = Array(upper.utf8)
        let marker = Array("PRIMARY KEY".utf8)
        guard bytes.count > marker.count,
              let start = (0...(bytes.count - marker.count)).first(where: { Array(bytes[$0..<($0 + marker.count)]) == marker })
        else { return nil }
        var position = start + marker.count
        // `PRIMARY KEY(` is a table constraint, not a column's key.
        var next = position
        while next < bytes.count, bytes[next] == 32 || bytes[next] == 10 || bytes[next] == 9 { next += 1 }
        if next < bytes.count, bytes[next] == 40 { return nil }
        let stops = [" NOT ", " NOT\n", " UNIQUE", " CHECK", " DEFAULT", " COLLATE", " REFERENCES", " CONSTRAINT", " NULL",
                     " GENERATED", " AS "].map { Array($0.utf8) }
        while position < bytes.count, bytes[position] != 44, bytes[position] != 41 {
            if stops.contains(where: { stop in position + stop.count <= bytes.count && Array(bytes[position..<(position + stop.count)]) == stop }) {
                break
            }
            position += 1
        }
        var original = Array(sql.utf8)
        original.insert(contentsOf: Array(" AUTOINCREMENT".utf8), at: position)
        return String(decoding: original, as: UTF8.self)
    }
}
