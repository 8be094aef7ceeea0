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
    /// The largest rowid of the source when the migration was checked (`Int64.min` for an empty
    /// source). It stays an upper bound while the table migrates: the source gains no rows (the app's
    /// writes go to the target) and only loses the rows that move.
    let largestSourceRowid: Int64

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
    var filterSQL: String { Self.filterSQL(of: info) }

    /// `CREATE TEMP VIEW`: the target's rows, then the source's rows of this target still to come, with
    /// their rowids.
    var createViewSQL: String {
        """
        CREATE TEMP VIEW IF NOT EXISTS \(Self.quote(view))(\(columnList)) AS \
        SELECT \(columnList) FROM \(quotedTarget) UNION ALL \
        SELECT \(sourceColumnList) FROM \(quotedSource) AS wcdb_source WHERE (\(filterSQL)) AND \(aboveWatermark("wcdb_source.rowid"))\(notMoved("wcdb_source.rowid"))
        """
    }

    // MARK: Watermark

    // A step copies the source's rows of this target in rowid order, a contiguous range at a time, and
    // records in the target's file, in the same transaction, the largest rowid it has gone past: the
    // source rows of this target at or below it are moved (they stay in the source, unread, until the
    // source table is dropped). Rows above it move one by one before a write that can touch them, and
    // are then deleted from the source.

    /// The table of the target's file that holds each target's watermark.
    static let progressTable = "wcdb_migration_progress"
    static var quotedProgressTable: String { "main." + quote(progressTable) }
    static var createProgressTableSQL: String {
        "CREATE TABLE IF NOT EXISTS \(quotedProgressTable)(target TEXT NOT NULL, source TEXT NOT NULL, "
            + "moved INTEGER NOT NULL, PRIMARY KEY(target, source)) WITHOUT ROWID"
    }
    /// The watermark when every row has moved.
    static let allMoved = Int64.max

    /// This target as the progress table names it (a SQL string literal).
    var progressKey: String { "'" + table.lowercased().replacingOccurrences(of: "'", with: "''") + "'" }

    /// `(SELECT moved …)`: the watermark, nil (no row) before the first step.
    var watermarkSQL: String {
        "(SELECT moved FROM \(Self.quotedProgressTable) WHERE target = \(progressKey) AND source = \(movedKey))"
    }

    /// `rowid > watermark`: the source row of `rowid` is still to come, as far as the steps go.
    func aboveWatermark(_ rowid: String) -> String {
        "\(rowid) > coalesce(\(watermarkSQL), -9223372036854775808)"
    }

    /// Records `moved` (bound as ?1) as the watermark.
    var setWatermarkSQL: String {
        "INSERT OR REPLACE INTO \(Self.quotedProgressTable)(target, source, moved) VALUES(\(progressKey), \(movedKey), ?1)"
    }

    /// The filter of `info` as SQL, `1` when there is none.
    static func filterSQL(of info: Database.MigrationInfo) -> String {
        guard let filter = info.filterCondition else { return "1" }
        return SQLRenderer.inlined { $0.render(filter) }
    }

    /// Moves the source rows of this target that `condition` (SQL over the source aliased as the
    /// target) selects: copied with their rowids (recorded as moved, for a source in another file), then
    /// deleted from the source.
    /// With `checked`, a read-only first statement tells whether any source row is selected (run before
    /// the others, which are skipped when none is: see `HandleStatement.stepAfterPrelude`).
    func moveSQL(where condition: String, checked: Bool = false) -> [String] {
        let selected = "FROM \(quotedSource) AS \(Self.quote(table)) WHERE (\(filterSQL)) AND (\(condition)) AND "
            + aboveWatermark(Self.quote(table) + ".rowid")
        var statements = checked ? ["SELECT 1 \(selected) LIMIT 1"] : []
        statements += ["INSERT INTO \(quotedTarget)(\(movedColumnList)) SELECT \(movedColumnList) \(selected)\(notMoved(Self.quote(table) + ".rowid"))"]
        if let record = recordMovedSQL(selected) { statements.append(record) }
        statements.append("DELETE FROM \(quotedSource) WHERE rowid IN (SELECT rowid \(selected))")
        return statements
    }

    // MARK: Moved rows of a source in another file

    // SQLite commits a transaction over several files one file after the other when the main database is
    // in WAL mode (https://www.sqlite.org/lang_attach.html): a process killed between the two keeps the
    // rows a move copied into the target (the main file commits first) and the same rows in the source.
    // So every move out of a source file also records the moved rowids in the target's file, in the same
    // transaction, and the source's rows recorded there count as moved: the union view and the moves
    // skip them, and the next step deletes them from the source. A step clears the record once its own
    // transaction has committed (every earlier move has then committed in both files).

    /// The table of the target's file that records rows moved out of source files.
    static let movedTable = "wcdb_migration_moved"
    static var quotedMovedTable: String { "main." + quote(movedTable) }
    static var createMovedTableSQL: String {
        "CREATE TABLE IF NOT EXISTS \(quotedMovedTable)(source TEXT NOT NULL, moved INTEGER NOT NULL, PRIMARY KEY(source, moved)) WITHOUT ROWID"
    }

    /// This source table as the record names it (a SQL string literal).
    var movedKey: String { "'" + (source.schema + "." + sourceTable).replacingOccurrences(of: "'", with: "''") + "'" }

    /// ` AND NOT EXISTS (…)`: the source row of `rowid` is not recorded as moved (empty for a source in
    /// the same file, whose moves commit with the target's).
    func notMoved(_ rowid: String) -> String {
        guard source.isCrossDatabase else { return "" }
        return " AND NOT EXISTS (SELECT 1 FROM \(Self.quotedMovedTable) WHERE source = \(movedKey) AND moved = \(rowid))"
    }

    /// Records the source rows `selected` (`FROM … WHERE …`) picks as moved; nil for a source in the same file.
    func recordMovedSQL(_ selected: String) -> String? {
        guard source.isCrossDatabase else { return nil }
        return "INSERT OR IGNORE INTO \(Self.quotedMovedTable)(source, moved) SELECT \(movedKey), rowid \(selected)"
    }

    /// Deletes from the source the rows recorded as moved (left there by a transaction cut short).
    var deleteMovedSQL: String {
        "DELETE FROM \(quotedSource) WHERE rowid IN (SELECT moved FROM \(Self.quotedMovedTable) WHERE source = \(movedKey))"
    }

    /// Clears the record of this source (once its deletions are known to be committed).
    var clearMovedSQL: String { "DELETE FROM \(Self.quotedMovedTable) WHERE source = \(movedKey)" }
}
