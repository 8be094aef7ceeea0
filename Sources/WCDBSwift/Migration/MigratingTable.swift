import Foundation

/// A target table whose source still holds rows, as checked on the database: the names, columns and
/// keys the rewrite and the steps need, and the SQL they share. Every name printed here is quoted by
/// `SQLIdentifier`; the filter is printed with its values inlined.
struct MigratingTable: Sendable {
    let info: Database.MigrationInfo
    let source: MigrationSource
    /// The target's columns, in its order: the source has the same ones, but for compression's hidden
    /// type columns, which only one side may have.
    let columns: [String]
    /// The target's hidden compression type columns that the source lacks: NULL ("not processed yet")
    /// for the source's rows.
    let columnsOnlyInTarget: Set<String>

    /// The columns a row of the app sees (`SELECT *`): without compression's hidden ones.
    var visibleColumns: [String] { columns.filter { !$0.hasPrefix(CompressionMarker.typeColumnPrefix) } }
    /// The target's INTEGER PRIMARY KEY column (an alias of the rowid), if any.
    let integerPrimaryKey: String?
    /// The target's UNIQUE constraints and its other primary key, each as its columns.
    let uniqueKeys: [[String]]
    let isAutoIncrement: Bool

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
    var columnList: String { (columns.map(Self.quote) + ["rowid"]).joined(separator: ", ") }
    /// The columns both tables have, and the rowid: what a move copies.
    var movedColumnList: String {
        (columns.filter { !columnsOnlyInTarget.contains($0) }.map(Self.quote) + ["rowid"]).joined(separator: ", ")
    }
    /// The view's columns as the source gives them: NULL for those only the target has.
    private var sourceColumnList: String {
        (columns.map { columnsOnlyInTarget.contains($0) ? "NULL" : Self.quote($0) } + ["rowid"]).joined(separator: ", ")
    }

    /// The filter as SQL (`1` when there is none), its values inlined.
    var filterSQL: String {
        guard let filter = info.filterCondition else { return "1" }
        return SQLRenderer.inlined { $0.render(filter) }
    }

    /// `CREATE TEMP VIEW`: the target's rows, then the source's rows of this target, with their rowids.
    var createViewSQL: String {
        """
        CREATE TEMP VIEW IF NOT EXISTS \(Self.quote(view))(\(columnList)) AS \
        SELECT \(columnList) FROM \(quotedTarget) UNION ALL \
        SELECT \(sourceColumnList) FROM \(quotedSource) WHERE \(filterSQL)
        """
    }

    /// Moves the source rows of this target that `condition` (SQL over the source aliased as the
    /// target) selects: copied with their rowids, then deleted from the source.
    func moveSQL(where condition: String) -> [String] {
        let selected = "FROM \(quotedSource) AS \(Self.quote(table)) WHERE (\(filterSQL)) AND (\(condition))"
        return [
            "INSERT INTO \(quotedTarget)(\(movedColumnList)) SELECT \(movedColumnList) \(selected)",
            "DELETE FROM \(quotedSource) WHERE rowid IN (SELECT rowid \(selected))",
        ]
    }
}
