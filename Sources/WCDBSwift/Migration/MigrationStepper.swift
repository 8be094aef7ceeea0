import Foundation

/// Moving rows from sources to targets in bounded steps: SQL run directly on a write handle (not
/// rewritten). Rows move from the highest rowid down, so that the target's largest rowid stays above
/// every source row still to come.
enum MigrationStepper {
    /// Rows per batch; a step runs batches for about `stepDuration`.
    static let rowsPerBatch = 100
    /// About 10 ms per step (WCDB 2.x's `stepMigration()`): a step holds the write lock this long.
    static let stepDuration = 0.01

    /// Resolves every table of the main database with the filters (a step covers tables not used yet).
    static func resolveAllTables(_ state: MigrationState, on handle: Handle) throws {
        let names = try handle.rows(
            "SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name").map { $0[0].stringValue }
        for name in names { try MigrationBinder.resolve(name, in: state, on: handle) }
    }

    /// Moves rows of `table` for about `stepDuration`, in one savepoint; returns how many moved and
    /// whether none is left. From a source in another file, the rows recorded as moved go first (see
    /// `MigratingTable.recordMovedSQL`), and the record is cleared once the step has committed.
    static func step(_ table: MigratingTable, on handle: Handle) throws -> (moved: Int, finished: Bool) {
        try MigrationBinder.attach(table.source, on: handle)
        let selected = "FROM \(table.quotedSource) WHERE \(table.filterSQL) ORDER BY rowid DESC LIMIT \(rowsPerBatch)"
        let copy = try handle.prepare("INSERT INTO \(table.quotedTarget)(\(table.movedColumnList)) SELECT \(table.movedColumnList) \(selected)")
        defer { copy.finalize() }
        let record = try table.recordMovedSQL(selected).map { try handle.prepare($0) }
        defer { record?.finalize() }
        let remove = try handle.prepare("DELETE FROM \(table.quotedSource) WHERE rowid IN (SELECT rowid \(selected))")
        defer { remove.finalize() }
        let start = Date()
        var moved = 0
        var finished = false
        try handle.exec("SAVEPOINT wcdb_migration_step")
        do {
            if table.source.isCrossDatabase { try handle.exec(table.deleteMovedSQL) }
            repeat {
                try copy.run()
                copy.reset()
                let count = handle.changes
                if count == 0 {
                    finished = true
                    break
                }
                if let record {
                    try record.run()
                    record.reset()
                }
                try remove.run()
                remove.reset()
                moved += count
            } while Date().timeIntervalSince(start) < stepDuration
            try handle.exec("RELEASE wcdb_migration_step")
        } catch {
            try? handle.exec("ROLLBACK TO wcdb_migration_step")
            try? handle.exec("RELEASE wcdb_migration_step")
            throw error
        }
        try clearMoved(table, on: handle)
        return (moved, finished)
    }

    /// Clears the record of rows moved out of `table`'s source file, when no transaction is open: every
    /// move recorded has then committed in both files (writes wait for the write token this step holds).
    static func clearMoved(_ table: MigratingTable, on handle: Handle) throws {
        guard table.source.isCrossDatabase, !MigrationBinder.isInTransaction(handle) else { return }
        try handle.exec(table.clearMovedSQL)
    }

    /// After `table`'s last row moved (and no operation can still read its source through an older
    /// statement): its source table dropped when no other target has rows left in it.
    static func dropSourceIfEmpty(_ table: MigratingTable, on handle: Handle) throws {
        // Gone already when another target of the same source finished in the same step.
        let schema = SQLIdentifier.quoteSchema(table.source.schema)
        guard try !handle.rows("SELECT 1 FROM \(schema).sqlite_master WHERE type = 'table' AND name = ?",
                                        [.text(table.sourceTable)]).isEmpty else { return }
        let empty = try handle.rows("SELECT 1 FROM \(table.quotedSource) LIMIT 1").isEmpty
        if empty {
            try handle.exec("DROP TABLE IF EXISTS \(table.quotedSource)")
            try clearMoved(table, on: handle)
        }
    }

    /// The source rows still to move into `table`.
    static func remaining(_ table: MigratingTable, on handle: Handle) throws -> Int64 {
        try handle.rows("SELECT count(*) FROM \(table.quotedSource) WHERE \(table.filterSQL)")[0][0].int64Value
    }
}
