import CSQLCipher

/// Reads a table's schema on a handle, checks the filter's configuration against it, adds the hidden
/// type columns and keeps the compression record (`wcdb_builtin_compression_record`, as WCDB 2.x names
/// it: per table, the configuration last used and how far `stepCompression()` has come).
enum CompressionSchema {
    static let recordTable = "wcdb_builtin_compression_record"

    static func quote(_ name: String) -> String { SQLIdentifier.quote(name) }

    /// A column of `PRAGMA table_info`.
    struct ColumnInfo {
        let name: String
        let type: String
        let primaryKey: Bool
    }

    static func columns(of table: String, on handle: Handle) throws -> [ColumnInfo] {
        try handle.rows("PRAGMA main.table_info(\(quote(table)))").map {
            ColumnInfo(name: $0[1].stringValue, type: $0[2].stringValue.uppercased(), primaryKey: $0[5].int64Value != 0)
        }
    }

    /// Resolves `name` for `state`: asks the filter, and for a compressed table checks it, adds its type
    /// columns and records it. A table that does not exist yet is left unresolved.
    static func resolve(_ name: String, in state: CompressionState, on handle: Handle) throws {
        if state.table(name) != nil { return }
        guard let filter = state.with({ $0.filter }) else { return }
        if name.lowercased().hasPrefix("sqlite_") || name == recordTable {
            state.with { $0.tables[name] = .plain }
            return
        }
        var info = Database.CompressionInfo(tableName: name)
        filter(&info)
        guard !info.columns.isEmpty else {
            state.with { $0.tables[name] = .plain }
            return
        }
        try state.resolving.withLock { _ in
            if state.table(name) != nil { return }
            let table = try check(info, on: handle)
            guard let table else { return }
            state.with {
                $0.tables[name] = .compressed(table)
                $0.isCompressed = false
                $0.notifiedTables.remove(name)
            }
        }
    }

    /// The table `info` configures, checked and given its type columns; nil when it does not exist.
    private static func check(_ info: Database.CompressionInfo, on handle: Handle) throws -> CompressedTable? {
        let table = info.tableName
        let schema = try columns(of: table, on: handle)
        guard !schema.isEmpty else { return nil }
        let definition = try handle.rows("SELECT sql FROM main.sqlite_master WHERE type = 'table' AND name = ?", [.text(table)]).first?.first?.stringValue ?? ""
        if definition.uppercased().replacingOccurrences(of: " ", with: "").hasSuffix("WITHOUTROWID") {
            throw CompressionError.configuration("Table \(table) is WITHOUT ROWID; compression needs a rowid table", table: table)
        }
        var indexed: Set<String> = []
        for index in try handle.rows("PRAGMA main.index_list(\(quote(table)))") {
            for column in try handle.rows("PRAGMA main.index_info(\(quote(index[1].stringValue)))") {
                indexed.insert(column[2].stringValue.lowercased())
            }
        }
        var columns: [CompressedTable.Column] = []
        for (name, method) in info.columns {
            guard let column = schema.first(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) else {
                throw CompressionError.configuration("Table \(table) has no column \(name) to compress", table: table)
            }
            if column.primaryKey {
                throw CompressionError.configuration("Column \(name) of table \(table) is part of its primary key and can not be compressed",
                                                     table: table)
            }
            if indexed.contains(column.name.lowercased()) {
                throw CompressionError.configuration("Column \(name) of table \(table) is part of an index and can not be compressed",
                                                     table: table)
            }
            // TEXT (and its spellings), BLOB or no declared type: the affinities that keep bytes as written.
            let type = column.type
            let isText = type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT")
            if !(isText || type.contains("BLOB") || type.isEmpty) || type.contains("INT") {
                throw CompressionError.configuration(
                    "Column \(name) of table \(table) is declared \(type); only TEXT and BLOB columns can be compressed", table: table)
            }
            if case .multiDictionary(let match, _) = method,
               !schema.contains(where: { $0.name.caseInsensitiveCompare(match) == .orderedSame }) {
                throw CompressionError.configuration("Table \(table) has no match column \(match) for column \(name)", table: table)
            }
            columns.append(CompressedTable.Column(name: column.name, method: method))
        }
        for column in columns where !schema.contains(where: { $0.name.caseInsensitiveCompare(column.typeColumn) == .orderedSame }) {
            try handle.exec("ALTER TABLE main.\(quote(table)) ADD COLUMN \(quote(column.typeColumn)) INTEGER DEFAULT NULL")
        }
        let visible = schema.map(\.name).filter { !$0.hasPrefix(CompressionMarker.typeColumnPrefix) }
        let compressed = CompressedTable(name: table, visibleColumns: visible, columns: columns,
                                         replacesCompression: info.replacesCompression, summary: info.summary)
        try record(compressed, on: handle)
        return compressed
    }

    /// Starts the table's record (or restarts it when the configuration changed): `stepCompression()`
    /// then processes the rows below the highest rowid of now, from the top.
    private static func record(_ table: CompressedTable, on handle: Handle) throws {
        try handle.exec("""
            CREATE TABLE IF NOT EXISTS main.\(recordTable)(tableName TEXT PRIMARY KEY, columns TEXT NOT NULL, rowid INTEGER) WITHOUT ROWID
            """)
        let existing = try handle.rows("SELECT columns FROM main.\(recordTable) WHERE tableName = ?", [.text(table.name)])
        if let summary = existing.first?.first?.stringValue, summary == table.summary { return }
        let top = try handle.rows("SELECT max(rowid) FROM main.\(quote(table.name))").first?.first ?? .null
        let bound: FundamentalValue = if case .null = top { .null } else { .integer(top.int64Value &+ 1) }
        let statement = try handle.prepare("INSERT OR REPLACE INTO main.\(recordTable)(tableName, columns, rowid) VALUES(?, ?, ?)")
        defer { statement.finalize() }
        statement.bind([.text(table.name), .text(table.summary), bound])
        while try statement.step() {}
    }

    /// The rowid below which `table`'s rows are still to be processed, nil when all are.
    static func bound(of table: String, on handle: Handle) throws -> Int64? {
        let value = try handle.rows("SELECT rowid FROM main.\(recordTable) WHERE tableName = ?", [.text(table)]).first?.first
        guard let value, case .integer(let bound) = value else { return nil }
        return bound
    }

    /// Makes `stepCompression()` go over `table` again from its highest rowid.
    static func restartBound(of table: String, on handle: Handle) throws {
        let top = try handle.rows("SELECT max(rowid) FROM main.\(quote(table))").first?.first ?? .null
        try setBound(top == .null ? nil : top.int64Value &+ 1, of: table, on: handle)
    }

    static func setBound(_ bound: Int64?, of table: String, on handle: Handle) throws {
        let statement = try handle.prepare("UPDATE main.\(recordTable) SET rowid = ? WHERE tableName = ?")
        defer { statement.finalize() }
        statement.bind([bound.map { .integer($0) } ?? .null, .text(table)])
        while try statement.step() {}
    }
}
