import Foundation

/// Checks a table the filters give a source against that source, on the database: whether it migrates,
/// and what the rewrite and the steps need to know of it (`MigratingTable`): the target's columns and
/// what the source gives for each (WCDB 2.x's rule: the target's columns move), the key a row keeps
/// (`MigrationKey`), the target's unique keys.
enum MigrationCheck {
    /// Whether the source table `info` names exists.
    static func sourceTableExists(_ info: Database.MigrationInfo, of source: MigrationSource, on handle: Handle) throws -> Bool {
        try !handle.rows("SELECT 1 FROM \(SQLIdentifier.quoteSchema(source.schema)).sqlite_master WHERE type = 'table' AND name = ?",
                         [.text(info.sourceTable ?? "")]).isEmpty
    }

    /// The definition of `table` in `schema` (nil when there is no such table), and whether it is
    /// WITHOUT ROWID.
    private static func definition(of table: String, in schema: String, on handle: Handle) throws -> (sql: String, withoutRowid: Bool)? {
        let rows = try handle.rows("SELECT sql FROM \(SQLIdentifier.quoteSchema(schema)).sqlite_master WHERE type = 'table' AND name = ?",
                                   [.text(table)])
        guard let sql = rows.first?.first?.stringValue else { return nil }
        return (sql, sql.uppercased().filter { !$0.isWhitespace }.hasSuffix("WITHOUTROWID"))
    }

    /// The INTEGER PRIMARY KEY column of a table whose `PRAGMA table_info` rows are `columns`, if any.
    private static func integerPrimaryKey(of columns: [[FundamentalValue]]) -> String? {
        let primaryKey = columns.filter { $0[5].int64Value > 0 }
        guard primaryKey.count == 1, primaryKey[0][2].stringValue.uppercased() == "INTEGER" else { return nil }
        return primaryKey[0][1].stringValue
    }

    /// What `info` turns out to be on the database; nil when its target does not exist yet.
    static func check(_ info: Database.MigrationInfo, from source: MigrationSource, on handle: Handle) throws -> TableMigration? {
        let target = info.table, sourceTable = info.sourceTable ?? ""
        let schema = SQLIdentifier.quoteSchema(source.schema)
        guard let sourceDefinition = try definition(of: sourceTable, in: source.schema, on: handle) else {
            return .plain  // Migrated at an earlier launch.
        }
        guard let targetDefinition = try definition(of: target, in: "main", on: handle) else { return nil }
        // Rows move by rowid (WCDB refuses these too).
        if targetDefinition.withoutRowid || sourceDefinition.withoutRowid {
            throw MigrationError.configuration("Table \(targetDefinition.withoutRowid ? target : sourceTable) is WITHOUT ROWID; "
                + "migration moves rows by rowid", info: info)
        }
        let targetColumns = try handle.rows("PRAGMA main.table_info(\(SQLIdentifier.quote(target)))")
        let sourceColumns = try handle.rows("PRAGMA \(schema).table_info(\(SQLIdentifier.quote(sourceTable)))")
        let sourceNames = Set(sourceColumns.map { $0[1].stringValue.lowercased() })
        let targetKey = integerPrimaryKey(of: targetColumns)
        // The target's columns move (WCDB 2.x's rule); those the source lacks read as the target's default.
        var fallbacks: [String: String] = [:]
        for column in targetColumns where !sourceNames.contains(column[1].stringValue.lowercased()) {
            let name = column[1].stringValue
            if name.caseInsensitiveCompare(targetKey ?? "") == .orderedSame { continue }  // The key: the source's rowid.
            if column[3].int64Value != 0 && column[4].isNull {
                throw MigrationError.configuration("Table \(target) can not take over \(sourceTable): the source lacks column \(name), "
                    + "which is NOT NULL without a default in the target", info: info)
            }
            fallbacks[name.lowercased()] = column[4].isNull ? "NULL" : "(\(column[4].stringValue))"
        }
        let key = MigrationKey(targetKey: targetKey, sourceColumns: sourceColumns.map { $0[1].stringValue },
                               sourcePrimaryKey: integerPrimaryKey(of: sourceColumns))
        var uniqueKeys: [[String]] = []
        for index in try handle.rows("PRAGMA main.index_list(\(SQLIdentifier.quote(target)))") where index[2].int64Value != 0 {
            let columns = try handle.rows("PRAGMA main.index_info(\(SQLIdentifier.quote(index[1].stringValue)))")
                .sorted { $0[0].int64Value < $1[0].int64Value }.map { $0[2].stringValue }
            if !columns.isEmpty { uniqueKeys.append(columns) }
        }
        // The largest key: of the whole source when it is the rowid (one descent), else of this target's rows.
        let largestKey = "SELECT max(\(key.sql(of: MigratingTable.sourceAlias))) FROM \(schema).\(SQLIdentifier.quote(sourceTable)) "
            + "AS \(MigratingTable.sourceAlias)"
        let largest = try handle.rows(key.isSourceRowid ? largestKey : largestKey + " WHERE (\(MigratingTable.filterSQL(of: info)))")
        return .migrating(MigratingTable(info: info, source: source, columns: targetColumns.map { $0[1].stringValue }, fallbacks: fallbacks,
                                         integerPrimaryKey: targetKey, uniqueKeys: uniqueKeys,
                                         isAutoIncrement: targetDefinition.sql.uppercased().contains("AUTOINCREMENT"), key: key,
                                         largestSourceKey: largest.first?.first.flatMap { $0.isNull ? nil : $0.int64Value } ?? .min))
    }
}
