/// How far a target's migration has gone, kept in the target's file: its watermark, and the rows moved
/// out of a source file whose deletion there may not have committed.
extension MigratingTable {
    // MARK: Watermark

    // A step copies the source's rows of this target in rowid order, a contiguous range at a time, and
    // records in the target's file, in the same transaction, the largest source rowid it has gone past:
    // the source rows of this target at or below it are moved (they stay in the source, unread, until the
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

    /// `rowid > watermark`: the source row of `rowid` (its rowid in the source) is still to come, as far
    /// as the steps go.
    func aboveWatermark(_ rowid: String) -> String {
        "\(rowid) > coalesce(\(watermarkSQL), -9223372036854775808)"
    }

    /// Records `moved` (bound as ?1) as the watermark.
    var setWatermarkSQL: String {
        "INSERT OR REPLACE INTO \(Self.quotedProgressTable)(target, source, moved) VALUES(\(progressKey), \(movedKey), ?1)"
    }

    // MARK: Moved rows of a source in another file

    // SQLite commits a transaction over several files one file after the other when the main database is
    // in WAL mode (https://www.sqlite.org/lang_attach.html): a process killed between the two keeps the
    // rows a move copied into the target (the main file commits first) and the same rows in the source.
    // So every move out of a source file also records the moved rows' source rowids in the target's file,
    // in the same transaction, and the source's rows recorded there count as moved: the union view and
    // the moves skip them, and the next step deletes them from the source. A step clears the record once
    // its own transaction has committed (every earlier move has then committed in both files).

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

    /// Records the source rowids `select` gives (`SELECT <this source>, <rowid> FROM …`) as moved; nil for a
    /// source in the same file.
    func recordMovedSQL(_ select: String) -> String? {
        guard source.isCrossDatabase else { return nil }
        return "INSERT OR IGNORE INTO \(Self.quotedMovedTable)(source, moved) \(select)"
    }

    /// Deletes from the source the rows recorded as moved (left there by a transaction cut short).
    var deleteMovedSQL: String {
        "DELETE FROM \(quotedSource) WHERE rowid IN (SELECT moved FROM \(Self.quotedMovedTable) WHERE source = \(movedKey))"
    }

    /// Clears the record of this source (once its deletions are known to be committed).
    var clearMovedSQL: String { "DELETE FROM \(Self.quotedMovedTable) WHERE source = \(movedKey)" }
}
