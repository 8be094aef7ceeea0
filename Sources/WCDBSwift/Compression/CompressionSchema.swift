import CSQLCipher

/// Reads a table's schema on a handle, checks the filter's configuration against it and adds the
/// hidden type columns: what `TableCompression` holds of each table.
///
/// Every handle reads its own view of the schema, and the type columns are added under the database's
/// write token (never while a lock of the state is held: the token's holder may be resolving a table
/// too). A table whose columns this handle adds inside a transaction is published unverified: other
/// handles check it again, and so wait for that transaction to end, before they rewrite for it.
enum CompressionSchema {
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

    static func tableExists(_ name: String, on handle: Handle) throws -> Bool {
        try !handle.rows("SELECT 1 FROM main.sqlite_master WHERE type = 'table' AND name = ? COLLATE NOCASE", [.text(name)]).isEmpty
    }

    /// What the filter asks of one table.
    struct Configuration {
        let table: String
        let columns: [(name: String, method: Database.CompressionInfo.Method)]
        let replacesCompression: Bool

        init(_ info: Database.CompressionInfo) {
            (table, columns, replacesCompression) = (info.tableName, info.columns, info.replacesCompression)
        }

        init(_ table: CompressedTable) {
            (self.table, columns, replacesCompression) = (table.name, table.columns.map { ($0.name, $0.method) }, table.replacesCompression)
        }
    }

    /// Resolves `name` for `state` on `handle`: asks the filter (once per configuration), and for a
    /// compressed table checks it and adds its type columns. A table that does not exist is left
    /// unresolved (a compressed one it was is forgotten); a verified one is not read again.
    static func resolve(_ name: String, in state: CompressionState, on handle: Handle) throws {
        let known = state.table(name)
        if case .plain = known { return }
        if case .compressed(_, verified: true) = known { return }
        guard let filter = state.with({ $0.filter }) else { return }
        let configuration: Configuration
        if let table = known?.compressedTable {
            configuration = Configuration(table)
        } else {
            var info = Database.CompressionInfo(tableName: name)
            // Not SQLite's tables nor WCDB's (its record, a migration's progress and leftover sources).
            if !InternalTable.isInternal(name) {
                filter(&info)
            }
            guard !info.columns.isEmpty else {
                state.with { $0.tables[name.lowercased()] = .plain }
                return
            }
            configuration = Configuration(info)
        }
        guard let (table, added) = try check(configuration, on: handle) else {
            if known != nil { state.with { $0.tables[name.lowercased()] = nil } }
            return
        }
        let inTransaction = handle.isInTransaction
        state.with {
            $0.tables[name.lowercased()] = .compressed(table, verified: !inTransaction)
            if known == nil || added {
                $0.isCompressed = false
                $0.notifiedTables.remove(name.lowercased())
            }
        }
        // Statements prepared in this transaction name columns a rollback would take away: every
        // handle (this one once its operation ends) prepares its statements again.
        if added, inTransaction, let core = handle.core { Database(core: core).reinstallCompressionRewriter(state) }
    }

    /// The table `configuration` names, checked against its schema on `handle` and given its type
    /// columns, and whether this call added any; nil when the table does not exist.
    private static func check(_ configuration: Configuration, on handle: Handle) throws -> (CompressedTable, added: Bool)? {
        // The name as the table was created (a statement may spell it in another case): the record's.
        guard let master = try handle.rows("SELECT name, sql FROM main.sqlite_master WHERE type = 'table' AND name = ? COLLATE NOCASE",
                                           [.text(configuration.table)]).first else { return nil }
        let table = master[0].stringValue, definition = master[1].stringValue
        var schema = try columns(of: table, on: handle)
        guard !schema.isEmpty else { return nil }
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
        for (name, method) in configuration.columns {
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
        let missing = { (schema: [ColumnInfo]) in
            columns.filter { column in !schema.contains { $0.name.caseInsensitiveCompare(column.typeColumn) == .orderedSame } }
        }
        var added = false
        if !missing(schema).isEmpty {
            try handle.withWriteAccess {
                // Read again under the token: another handle may have added them (and committed) meanwhile.
                schema = try Self.columns(of: table, on: handle)
                for column in missing(schema) {
                    try handle.exec("ALTER TABLE main.\(quote(table)) ADD COLUMN \(quote(column.typeColumn)) INTEGER DEFAULT NULL")
                    added = true
                }
            }
        }
        let visible = schema.map(\.name).filter { !$0.hasPrefix(CompressionMarker.typeColumnPrefix) }
        let compressed = CompressedTable(name: table, visibleColumns: visible, columns: columns,
                                         replacesCompression: configuration.replacesCompression)
        return (compressed, added)
    }
}
