import CSQLCipher
import Foundation

/// Works out, on a handle, what a table is for migration (asks the sources' filters, checks the
/// source against the target), and sets a handle up for a migrating table: the source file attached
/// with its key, the temp view that reads both tables as one.
enum MigrationBinder {
    static func isInTransaction(_ handle: Handle) -> Bool {
        handle.rawPointer.map { sqlite3_get_autocommit($0) == 0 } ?? false
    }

    // MARK: Sources

    /// Attaches every source file of `state` that `handle` does not have attached yet.
    static func attachSources(of state: MigrationState, on handle: Handle) throws {
        try createProgressTable(on: handle)
        for source in state.with({ $0.sources }) where source.isCrossDatabase { try attach(source, on: handle) }
    }

    /// Attaches `source`'s file to `handle` (once), keyed with its cipher, or explicitly plain.
    static func attach(_ source: MigrationSource, on handle: Handle) throws {
        guard let path = source.path else { return }
        let key = "attach:" + source.schema
        if handle.rewriterObjects.contains(key) { return }
        let attached = try handle.rows("PRAGMA database_list").contains { $0[1].stringValue == source.schema }
        if !attached {
            if isInTransaction(handle) {
                throw MigrationError.misuse("The source database \(path) of a migration can not be attached inside a transaction; "
                    + "configure migration before the first statement, so that every handle attaches it when it opens")
            }
            // ATTACH reads the file with SQLCipher's process-wide defaults: the library's page size (4096)
            // and the default format are set for the length of the ATTACH (`CipherDefaults`).
            let attach = {
                // An explicit empty key keeps a plain source plain (SQLCipher would use the main key).
                let statement = try handle.prepare("ATTACH DATABASE ? AS \(SQLIdentifier.quoteSchema(source.schema)) KEY ?")
                defer { statement.finalize() }
                statement.bind([.text(path), source.cipher.map { .blob($0) } ?? .text("")])
                try statement.run()
            }
            if source.cipher != nil, let db = handle.rawPointer {
                try CipherDefaults.whileAttaching(CipherFormat(declared: .defaultVerion), pageSize: 4096, on: db, attach)
            } else {
                try attach()
            }
        }
        // Where moves out of the file are recorded (MigratingTable.recordMovedSQL).
        if !isInTransaction(handle) { try handle.exec(MigratingTable.createMovedTableSQL) }
        handle.rewriterObjects.insert(key)
    }

    /// Creates the table of watermarks in the target's file (once per handle, outside a transaction).
    static func createProgressTable(on handle: Handle) throws {
        let key = "progress"
        guard !handle.rewriterObjects.contains(key), !isInTransaction(handle) else { return }
        try handle.exec(MigratingTable.createProgressTableSQL)
        handle.rewriterObjects.insert(key)
    }

    // MARK: Tables

    /// Resolves `name` for `state`: asks the filters, and for a migrating table checks the source
    /// against the target and records it. A target that does not exist yet is left unresolved.
    static func resolve(_ name: String, in state: MigrationState, on handle: Handle) throws {
        if state.table(name) != nil { return }
        let lowered = name.lowercased()
        if lowered.hasPrefix("sqlite_") || lowered.hasPrefix("wcdb_") {
            state.with { $0.tables[lowered] = .plain }
            return
        }
        let sources = state.with { $0.sources }
        guard let (source, info) = sources.lazy.compactMap({ source in source.info(for: name).map { (source, $0) } }).first else {
            state.with { $0.tables[lowered] = .plain }
            return
        }
        try state.resolving.withLock { _ in
            if state.table(name) != nil { return }
            try attach(source, on: handle)
            guard let resolved = try check(info, from: source, on: handle) else { return }
            state.with { values in
                values.tables[lowered] = resolved
                if case .migrating = resolved { values.isMigrated = false }
            }
        }
    }

    /// What `info` turns out to be on the database; nil when its target does not exist yet.
    private static func check(_ info: Database.MigrationInfo, from source: MigrationSource,
                              on handle: Handle) throws -> TableMigration? {
        let target = info.table, sourceTable = info.sourceTable ?? ""
        let schema = SQLIdentifier.quoteSchema(source.schema)
        let sourceExists = try !handle.rows("SELECT 1 FROM \(schema).sqlite_master WHERE type = 'table' AND name = ?",
                                     [.text(sourceTable)]).isEmpty
        guard sourceExists else { return .plain }  // Migrated at an earlier launch.
        let definition = try handle.rows("SELECT sql FROM main.sqlite_master WHERE type = 'table' AND name = ?", [.text(target)])
        guard let sql = definition.first?.first?.stringValue else { return nil }
        let compact = sql.uppercased().filter { !$0.isWhitespace }
        if compact.hasSuffix("WITHOUTROWID") {
            throw MigrationError.configuration("Table \(target) is WITHOUT ROWID; migration moves rows by rowid", info: info)
        }
        let targetColumns = try handle.rows("PRAGMA main.table_info(\(SQLIdentifier.quote(target)))")
        let sourceColumns = try handle.rows("PRAGMA \(schema).table_info(\(SQLIdentifier.quote(sourceTable)))")
        let targetNames = targetColumns.map { $0[1].stringValue }
        let sourceNames = sourceColumns.map { $0[1].stringValue }
        // Compression's hidden type columns may be on one side only (values moved without one are
        // "not processed yet"); every other column must be on both.
        let hidden = { (name: String) in name.hasPrefix(CompressionMarker.typeColumnPrefix) }
        let lowered = { (names: [String]) in Set(names.map { $0.lowercased() }) }
        let missing = targetNames.filter { !hidden($0) && !lowered(sourceNames).contains($0.lowercased()) }
        let extra = sourceNames.filter { !hidden($0) && !lowered(targetNames).contains($0.lowercased()) }
        if !missing.isEmpty || !extra.isEmpty {
            var parts: [String] = []
            if !missing.isEmpty { parts.append("the source lacks \(missing.joined(separator: ", "))") }
            if !extra.isEmpty { parts.append("the target lacks \(extra.joined(separator: ", "))") }
            throw MigrationError.configuration(
                "Table \(target) can not take over \(sourceTable): their columns differ (\(parts.joined(separator: "; ")))", info: info)
        }
        let onlyInTarget = Set(targetNames.filter { !lowered(sourceNames).contains($0.lowercased()) })
        let primaryKey = targetColumns.filter { $0[5].int64Value > 0 }.sorted { $0[5].int64Value < $1[5].int64Value }
        var integerPrimaryKey: String?
        if primaryKey.count == 1, primaryKey[0][2].stringValue.uppercased() == "INTEGER" {
            integerPrimaryKey = primaryKey[0][1].stringValue
        }
        var uniqueKeys: [[String]] = []
        for index in try handle.rows("PRAGMA main.index_list(\(SQLIdentifier.quote(target)))") where index[2].int64Value != 0 {
            let columns = try handle.rows("PRAGMA main.index_info(\(SQLIdentifier.quote(index[1].stringValue)))")
                .sorted { $0[0].int64Value < $1[0].int64Value }.map { $0[2].stringValue }
            if !columns.isEmpty { uniqueKeys.append(columns) }
        }
        let largestRowid = try handle.rows("SELECT max(rowid) FROM \(schema).\(SQLIdentifier.quote(sourceTable))")
        return .migrating(MigratingTable(info: info, source: source, columns: targetNames, columnsOnlyInTarget: onlyInTarget,
                                         integerPrimaryKey: integerPrimaryKey,
                                         uniqueKeys: uniqueKeys, isAutoIncrement: compact.contains("AUTOINCREMENT"),
                                         largestSourceRowid: largestRowid.first?.first.flatMap { $0.isNull ? nil : $0.int64Value } ?? .min))
    }

    // MARK: Handles

    /// Makes `table` readable as one on `handle`: its source attached and its union view created.
    static func bind(_ table: MigratingTable, on handle: Handle) throws {
        try attach(table.source, on: handle)
        try createProgressTable(on: handle)
        let key = "view:" + table.view.lowercased()
        if handle.rewriterObjects.contains(key) { return }
        // Made afresh: a view left by an earlier configuration of this connection may read other columns.
        try handle.exec("DROP VIEW IF EXISTS temp.\(SQLIdentifier.quote(table.view))")
        try handle.exec(table.createViewSQL)
        if !isInTransaction(handle) { handle.rewriterObjects.insert(key) }
    }

    /// Drops `table`'s view from `handle` (its migration is over).
    static func unbind(_ table: MigratingTable, on handle: Handle) throws {
        try handle.exec("DROP VIEW IF EXISTS temp.\(SQLIdentifier.quote(table.view))")
        handle.rewriterObjects.remove("view:" + table.view.lowercased())
    }
}
