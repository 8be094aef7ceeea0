import CSQLCipher
import Foundation

/// Moving rows from sources to targets in bounded steps: SQL run directly on a write handle (not
/// rewritten). A step copies the source's rows in rowid order, a range at a time, and advances the
/// target's watermark (`MigratingTable.watermarkSQL`) in the same transaction: the copied rows stay in
/// the source, unread, until the source table is dropped, so a step writes only the target's file.
enum MigrationStepper {
    /// Rows of the first batch of a step; later batches are sized to fill the step.
    static let rowsPerBatch = 256
    /// The most rows one batch copies.
    static let maxRowsPerBatch = 8192
    /// The copying part of a step: with its commit, a step holds the write lock about 10 ms (WCDB 2.x's
    /// `stepMigration()`), so that a writer beside it waits less than 20 ms.
    static let stepDuration = 0.007

    /// Resolves every table of the main database with the filters (a step covers tables not used yet).
    static func resolveAllTables(_ state: MigrationState, on handle: Handle) throws {
        let names = try handle.rows(
            "SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name").map { $0[0].stringValue }
        for name in names { try MigrationBinder.resolve(name, in: state, on: handle) }
    }

    /// The watermark of `table`: the largest source rowid the steps have gone past, nil before the first.
    static func watermark(_ table: MigratingTable, on handle: Handle) throws -> Int64? {
        try handle.rows("SELECT \(table.watermarkSQL)").first.flatMap { $0.first }.flatMap { value -> Int64? in
            if case .null = value { return nil }
            return value.int64Value
        }
    }

    /// Moves rows of `table` for about `stepDuration`, in one savepoint; returns how many moved and
    /// whether none is left (also when the target is gone: dropping it deleted its source rows). From a
    /// source in another file, the rows a write's prelude recorded as moved are deleted from it first
    /// (see `MigratingTable.recordMovedSQL`), and the record is cleared once the step has committed.
    static func step(_ table: MigratingTable, on handle: Handle) throws -> (moved: Int, finished: Bool) {
        guard try !handle.rows("SELECT 1 FROM main.sqlite_master WHERE type = 'table' AND name = ?", [.text(table.table)]).isEmpty else {
            return (0, true)
        }
        try MigrationBinder.attach(table.source, on: handle)
        try MigrationBinder.createProgressTable(on: handle)
        let batches = try BatchCopy(table, on: handle)
        defer { batches.finalize() }
        let setWatermark = try handle.prepare(table.setWatermarkSQL)
        defer { setWatermark.finalize() }
        let start = Date()
        var moved = 0
        var finished = false
        try handle.exec("SAVEPOINT wcdb_migration_step")
        do {
            if table.source.isCrossDatabase { try handle.exec(table.deleteMovedSQL) }
            let watermark = try watermark(table, on: handle)
            moved += try moveLargestFirst(table, isFirstStep: watermark == nil, on: handle)
            var mark = watermark ?? Int64.min
            var batch = rowsPerBatch
            repeat {
                let batchStart = Date()
                let (copied, last) = try batches.copy(after: mark, rows: batch)
                moved += copied
                // Fewer rows than asked for: none is left past them.
                guard let last, last != MigratingTable.allMoved else {
                    mark = MigratingTable.allMoved
                    finished = true
                    break
                }
                mark = last
                batch = nextBatch(after: batch, startedAt: batchStart, stepStartedAt: start, budget: stepDuration, most: maxRowsPerBatch)
            } while Date().timeIntervalSince(start) < stepDuration
            setWatermark.bind([.integer(mark)])
            try setWatermark.run()
            setWatermark.reset()
            try handle.exec("RELEASE wcdb_migration_step")
        } catch {
            try? handle.exec("ROLLBACK TO wcdb_migration_step")
            try? handle.exec("RELEASE wcdb_migration_step")
            throw error
        }
        try clearMoved(table, on: handle)
        return (moved, finished)
    }

    /// The rows of a step's next batch, sized on the pace of the batch of `batch` rows that began at
    /// `batchStart` so that the step ends when `budget` seconds after `stepStart` are spent: 64 at least,
    /// `most` at most.
    static func nextBatch(after batch: Int, startedAt batchStart: Date, stepStartedAt stepStart: Date,
                          budget: TimeInterval, most: Int) -> Int {
        let perRow = Date().timeIntervalSince(batchStart) / Double(batch)
        let left = budget - Date().timeIntervalSince(stepStart)
        return perRow > 0 ? min(most, max(64, Int(left / perRow))) : most
    }

    /// Moves the source row with the largest key still to come first (as a write's prelude moves it),
    /// so that the target's largest rowid stays above every source row still to come: SQLite's next
    /// rowid for an `INSERT … SELECT` on the target then takes none of their keys. A key that is the
    /// source's rowid is looked up at every step; another (a column the source may not index) at the
    /// first step only, from the bound checked with the table. Returns the rows moved.
    private static func moveLargestFirst(_ table: MigratingTable, isFirstStep: Bool, on handle: Handle) throws -> Int {
        let source: String
        if table.key.isSourceRowid {
            source = "(SELECT max(rowid) FROM \(table.quotedSource) WHERE \(table.filterSQL))"
        } else if isFirstStep, table.largestSourceKey != .min {
            source = "\(table.largestSourceKey)"
        } else {
            return 0
        }
        let top = try handle.rows("SELECT \(source), (SELECT max(rowid) FROM \(table.quotedTarget))")[0]
        guard !top[0].isNull, top[1].isNull || top[0].int64Value > top[1].int64Value else { return 0 }
        var moved = 0
        for (index, sql) in table.moveSQL(where: "rowid = \(top[0].int64Value)").enumerated() {
            try handle.exec(sql)
            if index == 0 { moved += handle.changes }
        }
        return moved
    }

    /// A step's batches: the next rows of a target's source past a source rowid, in source rowid order,
    /// copied into the target as `MigratingTable.sourceValue` reads them.
    private struct BatchCopy {
        /// `?1`: the source rowid to go past; `?2`: how many rows; `?3`: the source rowid to stop at.
        let copy: HandleStatement
        /// The source rowid of the `?2 + 1`-th row past `?1`, when the key is not the source's rowid (the
        /// target's last inserted rowid then tells nothing of it).
        let end: HandleStatement?
        let handle: Handle

        init(_ table: MigratingTable, on handle: Handle) throws {
            let alias = MigratingTable.sourceAlias
            let rows = "FROM \(table.quotedSource) AS \(alias) WHERE \(alias).rowid > ?1 AND (\(table.filterSQL))"
            let values = table.movedColumns.map(table.sourceValue(of:)).joined(separator: ", ")
            self.handle = handle
            copy = try handle.prepare("INSERT INTO \(table.quotedTarget)(\(table.movedColumnList)) SELECT \(values) \(rows) "
                + "AND \(alias).rowid <= ?3 ORDER BY \(alias).rowid LIMIT ?2")
            do {
                end = table.key.isSourceRowid ? nil : try handle.prepare("SELECT \(alias).rowid \(rows) ORDER BY \(alias).rowid LIMIT 1 OFFSET ?2")
            } catch {
                copy.finalize()
                throw error
            }
        }

        /// Copies up to `rows` rows past source rowid `mark`; returns how many, and the source rowid of the
        /// last one (nil when fewer than `rows` were left: the table is done).
        func copy(after mark: Int64, rows: Int) throws -> (copied: Int, last: Int64?) {
            var through = Int64.max
            if let end {
                end.bind([.integer(mark), .integer(Int64(rows - 1))])
                defer { end.reset() }
                if try end.step() { through = end.value(atIndex: 0).int64Value }
            }
            copy.bind([.integer(mark), .integer(Int64(rows)), .integer(through)])
            try copy.run()
            copy.reset()
            let copied = handle.changes
            guard copied == rows else { return (copied, nil) }
            if end != nil { return (copied, through) }
            return (copied, handle.rawPointer.map(sqlite3_last_insert_rowid))
        }

        func finalize() {
            copy.finalize()
            end?.finalize()
        }
    }

    /// Clears the record of rows moved out of `table`'s source file, when no transaction is open: every
    /// move recorded has then committed in both files (writes wait for the write token this step holds).
    static func clearMoved(_ table: MigratingTable, on handle: Handle) throws {
        guard table.source.isCrossDatabase, !MigrationBinder.isInTransaction(handle) else { return }
        try handle.exec(table.clearMovedSQL)
    }

    /// After `table`'s last row moved (and no operation can still read its source through an older
    /// statement): its source table dropped (in the same file: set aside as a leftover whose pages later
    /// steps free, `MigrationCleanup`) when every row of it has moved into one of the targets
    /// `state` knows of it (a row no target's filter takes keeps the source, as one still to come does),
    /// then the targets' watermarks.
    /// Returns true when the source is in another file and every row has moved: the caller drops it
    /// out of the write lock (`dropSourceFile`), then forgets its progress (`forgetProgress`).
    static func dropSourceIfMoved(_ table: MigratingTable, state: MigrationState, on handle: Handle) throws -> Bool {
        // Gone already when another target of the same source finished in the same step.
        let schema = SQLIdentifier.quoteSchema(table.source.schema)
        guard try !handle.rows("SELECT 1 FROM \(schema).sqlite_master WHERE type = 'table' AND name = ?",
                                        [.text(table.sourceTable)]).isEmpty else { return false }
        let sameSource = { (info: Database.MigrationInfo, source: MigrationSource) in
            source.schema == table.source.schema && (info.sourceTable ?? "").caseInsensitiveCompare(table.sourceTable) == .orderedSame
        }
        let targets = state.with { values -> [MigratingTable] in
            var targets = values.tables.values.compactMap { entry -> MigratingTable? in
                if case .migrating(let other) = entry, sameSource(other.info, other.source) { return other }
                return nil
            }
            for other in values.movedTargets where sameSource(other.info, other.source)
                && !targets.contains(where: { $0.table.caseInsensitiveCompare(other.table) == .orderedSame }) {
                targets.append(other)
            }
            return targets
        }
        var covered: [String] = []
        var everyRow = false
        for target in targets {
            guard let mark = try watermark(target, on: handle) else { continue }
            if mark == MigratingTable.allMoved && target.info.filterCondition == nil { everyRow = true }
            covered.append("((\(target.filterSQL)) AND rowid <= \(mark))")
        }
        if !everyRow {
            let left = covered.isEmpty ? "1" : "NOT coalesce(\(covered.joined(separator: " OR ")), 0)"
            guard try handle.rows("SELECT 1 FROM \(table.quotedSource) WHERE \(left) LIMIT 1").isEmpty else { return false }
        }
        if table.source.isCrossDatabase { return true }
        try handle.exec("SAVEPOINT wcdb_migration_drop")
        do {
            // Not dropped under the write lock: set aside, its pages freed by later steps (MigrationCleanup).
            try MigrationCleanup.setAside(table, on: handle)
            try forgetProgress(table, on: handle)
            try handle.exec("RELEASE wcdb_migration_drop")
        } catch {
            try? handle.exec("ROLLBACK TO wcdb_migration_drop")
            try? handle.exec("RELEASE wcdb_migration_drop")
            throw error
        }
        return false
    }

    /// Drops the source table of `table`, in another file, on a handle that does not hold the write lock
    /// (`dropSourceIfMoved` found every row of it moved): DROP TABLE reads every page of the table to free
    /// it, and only the source's file is locked meanwhile, not the target's.
    static func dropSourceFile(_ table: MigratingTable, on handle: Handle) throws {
        try dropSource(table, on: handle)
    }

    /// DROP TABLE of a source in another file whose rows all live on in its targets, with `secure_delete` off for the drop:
    /// with it on (Debian's SQLCipher turns it on by default) SQLite writes zeros over every freed page,
    /// which made the drop of a large source hold the write lock about ten times longer. What the pages
    /// hold is the moved rows' old copies; like any page SQLite frees by default, they stay in the file
    /// (encrypted when it is) until reused.
    private static func dropSource(_ table: MigratingTable, on handle: Handle) throws {
        let secureDelete = try handle.rows("PRAGMA secure_delete").first?.first?.int64Value ?? 0
        if secureDelete != 0 { try handle.exec("PRAGMA secure_delete = 0") }
        defer { if secureDelete != 0 { try? handle.exec("PRAGMA secure_delete = \(secureDelete)") } }
        try handle.exec("DROP TABLE IF EXISTS \(table.quotedSource)")
    }

    /// Removes the watermarks of `table`'s source, once it is dropped or set aside (for a source in another file, after
    /// the drop has committed in its file: a watermark left by a kill in between covers a table that is
    /// gone), and the record of its moved rows.
    static func forgetProgress(_ table: MigratingTable, on handle: Handle) throws {
        try handle.exec("DELETE FROM \(MigratingTable.quotedProgressTable) WHERE source = \(table.movedKey)")
        try clearMoved(table, on: handle)
    }

    /// The source rows still to move into `table`.
    static func remaining(_ table: MigratingTable, on handle: Handle) throws -> Int64 {
        try handle.rows("SELECT count(*) FROM \(table.quotedSource) WHERE (\(table.filterSQL)) AND \(table.aboveWatermark("rowid"))")[0][0].int64Value
    }
}
