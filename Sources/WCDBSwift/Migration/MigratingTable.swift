import Foundation

/// A target table whose source still holds rows, as checked on the database: the names, columns and
/// keys the rewrite and the steps need, and the SQL they share. Every name printed here is quoted by
/// `SQLIdentifier`; the filter is printed with its values inlined.
///
/// A source row is read as a row of the target (`sourceRowsSQL`): the target's columns (WCDB 2.x
/// migrates those: a source column the target lacks stays behind, a target column the source lacks
/// reads as the target's default, or NULL), and as its `rowid` the key it keeps in the target
/// (`MigrationKey`). The union view, the writes' moves and the steps all read source rows this way.
struct MigratingTable: Sendable {
    let info: Database.MigrationInfo
    let source: MigrationSource
    /// The target's columns, in its order.
    let columns: [String]
    /// What a source row reads as in each target column the source lacks (by lowercased name): the
    /// target's default as SQL, or NULL. A move leaves those columns out, so the target's default applies.
    let fallbacks: [String: String]
    /// The target's INTEGER PRIMARY KEY column (an alias of the rowid), if any.
    let integerPrimaryKey: String?
    /// The target's UNIQUE constraints and its other primary key, each as its columns.
    let uniqueKeys: [[String]]
    let isAutoIncrement: Bool
    /// The value of a source row that becomes its rowid in the target.
    let key: MigrationKey
    /// The largest key of the source when the migration was checked (`Int64.min` for none): of every
    /// row when the key is the source's rowid, else of this target's rows. It stays an upper bound while
    /// the table migrates: the source gains no rows (the app's writes go to the target) and only loses
    /// the rows that move.
    let largestSourceKey: Int64

    /// The columns a row of the app sees (`SELECT *`): without compression's hidden ones.
    var visibleColumns: [String] { columns.filter { !$0.hasPrefix(CompressionMarker.typeColumnPrefix) } }

    /// The columns an INSERT without a column list fills: the visible ones when its rows have as many
    /// values (compression adds the hidden ones), else all.
    func implicitColumns(for insert: InsertNode) -> [String] {
        insert.rows.first?.count == visibleColumns.count ? visibleColumns : columns
    }

    var table: String { info.table }
    var sourceTable: String { info.sourceTable ?? "" }

    /// The temp view that reads the target and the rows of the source still to come as one table.
    var view: String { TableStandIn.view(for: table).name }

    static func quote(_ name: String) -> String { SQLIdentifier.quote(name) }

    var quotedTarget: String { "main." + Self.quote(table) }
    var quotedSource: String { SQLIdentifier.quoteSchema(source.schema) + "." + Self.quote(sourceTable) }

    /// The filter as SQL (`1` when there is none), its values inlined.
    var filterSQL: String { Self.filterSQL(of: info) }

    /// The filter of `info` as SQL, `1` when there is none.
    static func filterSQL(of info: Database.MigrationInfo) -> String {
        guard let filter = info.filterCondition else { return "1" }
        return SQLRenderer.inlined { $0.render(filter) }
    }

    // MARK: Source rows as target rows

    /// The alias of the source table in the SQL that reads it.
    static let sourceAlias = "wcdb_source"

    /// Whether the source has target column `column` (or it is the rowid, which every row has).
    func sourceHas(_ column: String) -> Bool { fallbacks[column.lowercased()] == nil }

    /// Target column `column` (or `rowid`, the key) of the source row aliased `wcdb_source`.
    func sourceValue(of column: String) -> String {
        if column.lowercased() == "rowid" { return key.sql(of: Self.sourceAlias) }
        return fallbacks[column.lowercased()] ?? (Self.sourceAlias + "." + Self.quote(column))
    }

    /// The columns a move writes: those the source has, and the rowid unless the INTEGER PRIMARY KEY
    /// among them carries it.
    var movedColumns: [String] {
        let shared = columns.filter(sourceHas)
        let keyIsShared = integerPrimaryKey.map { key in shared.contains { $0.caseInsensitiveCompare(key) == .orderedSame } } ?? false
        return shared + (keyIsShared ? [] : ["rowid"])
    }

    var movedColumnList: String { movedColumns.map { $0 == "rowid" ? $0 : Self.quote($0) }.joined(separator: ", ") }

    /// `SELECT … FROM source WHERE …`: the rows of the source still to come for this target (their filter,
    /// above the watermark; with `unrecorded`, not recorded as moved), read as target rows: the target's
    /// columns, then `rowid` (their key), then with `sourceRowid` their rowid in the source
    /// (`wcdb_source_rowid`).
    func sourceRowsSQL(unrecorded: Bool = true, sourceRowid: Bool = false) -> String {
        let alias = Self.sourceAlias
        var results = (columns + ["rowid"]).map { sourceValue(of: $0) + " AS " + ($0 == "rowid" ? $0 : Self.quote($0)) }
        if sourceRowid { results.append(alias + ".rowid AS wcdb_source_rowid") }
        return "SELECT \(results.joined(separator: ", ")) FROM \(quotedSource) AS \(alias) "
            + "WHERE (\(filterSQL)) AND \(aboveWatermark(alias + ".rowid"))" + (unrecorded ? notMoved(alias + ".rowid") : "")
    }

    /// `CREATE TEMP VIEW`: the target's rows, then the source's rows of this target still to come, each
    /// with its rowid (a source row's key).
    var createViewSQL: String {
        let columnList = (columns.map(Self.quote) + ["rowid"]).joined(separator: ", ")
        return "CREATE TEMP VIEW IF NOT EXISTS \(Self.quote(view))(\(columnList)) AS "
            + "SELECT \(columnList) FROM \(quotedTarget) UNION ALL \(sourceRowsSQL())"
    }

    /// Moves the source rows of this target that `condition` (SQL over the target's columns and `rowid`,
    /// the rows read as target rows under the target's name) selects: copied with their keys (recorded
    /// as moved, for a source in another file), then deleted from the source.
    /// With `checked`, a read-only first statement tells whether any source row is selected (run before
    /// the others, which are skipped when none is: see `HandleStatement.stepAfterPrelude`).
    func moveSQL(where condition: String, checked: Bool = false) -> [String] {
        let selected = { (unrecorded: Bool) in
            "FROM (\(sourceRowsSQL(unrecorded: unrecorded, sourceRowid: true))) AS \(Self.quote(table)) WHERE (\(condition))"
        }
        var statements = checked ? ["SELECT 1 \(selected(false)) LIMIT 1"] : []
        statements.append("INSERT INTO \(quotedTarget)(\(movedColumnList)) SELECT \(movedColumnList) \(selected(true))")
        if let record = recordMovedSQL("SELECT \(movedKey), wcdb_source_rowid \(selected(false))") { statements.append(record) }
        statements.append("DELETE FROM \(quotedSource) WHERE rowid IN (SELECT wcdb_source_rowid \(selected(false)))")
        return statements
    }

    /// Before `DROP TABLE` of the target (WCDB 2.x's MigratingStatementDecorator): the source rows of this
    /// target go with it, and so does its watermark. The steps then drop the source once it is empty.
    var dropSQL: [String] {
        ["DELETE FROM \(quotedSource) WHERE (\(filterSQL))",
         "DELETE FROM \(Self.quotedProgressTable) WHERE target = \(progressKey) AND source = \(movedKey)"]
    }
}
