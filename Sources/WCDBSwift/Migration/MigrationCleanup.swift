import Foundation

/// Freeing the pages of a source in the target's file in bounded steps. DROP TABLE frees every page of
/// a table in one statement (30–50 ms per million rows under the write lock, 100–150 ms keyed), so when
/// every row of such a source has moved, the step only sets it aside (`setAside`: its triggers dropped,
/// the table renamed to a leftover name, both O(schema)); the source's name is then gone as after a
/// drop. Later steps (`step`) delete the leftover's rows a rowid range at a time, each step its own
/// transaction sized to keep the write lock short, and drop it once it is empty. Leftovers are found by
/// their name, so a cleanup interrupted by a kill goes on at the next step after the database reopens.
enum MigrationCleanup {
    /// The name of a leftover is this prefix and a number; `wcdb_`, so that no filter is asked about it
    /// (`InternalTable`).
    static let prefix = "wcdb_migration_leftover_"
    /// `prefix` as a LIKE pattern (escaped with `\`).
    private static let likePrefix = prefix.replacingOccurrences(of: "_", with: "\\_")
    /// Rows of the first batch of a step; later batches are sized to fill the step.
    static let rowsPerBatch = 256
    /// The most rows one batch deletes.
    static let maxRowsPerBatch = 16384

    /// The leftover tables of the main database, oldest first.
    static func leftovers(on handle: Handle) throws -> [String] {
        try handle.rows("SELECT name FROM main.sqlite_master WHERE type = 'table' AND name LIKE '\(likePrefix)%' ESCAPE '\\' ORDER BY rowid")
            .map { $0[0].stringValue }
    }

    /// Sets the source of `table` (in the main database, every row moved, no statement still reading it)
    /// aside, inside the caller's savepoint: its triggers dropped (so that the cleanup's deletes fire
    /// none), then the table renamed to a free leftover name.
    static func setAside(_ table: MigratingTable, on handle: Handle) throws {
        for (schema, master) in [("main", "main.sqlite_master"), ("temp", "sqlite_temp_master")] {
            let triggers = try handle.rows("SELECT name FROM \(master) WHERE type = 'trigger' AND tbl_name = ? COLLATE NOCASE",
                                           [.text(table.sourceTable)]).map { $0[0].stringValue }
            for trigger in triggers { try handle.exec("DROP TRIGGER IF EXISTS \(schema).\(SQLIdentifier.quote(trigger))") }
        }
        let taken = Set(try leftovers(on: handle).map { $0.lowercased() })
        var number = 1
        while taken.contains(prefix + "\(number)") { number += 1 }
        // Legacy renaming leaves views, triggers and foreign keys elsewhere naming the source as they
        // were (dangling, as after a drop) instead of pointing them at the leftover. An engine without
        // the pragma (before SQLite 3.26) returns no row, and renames that way anyway.
        let legacy = try handle.rows("PRAGMA legacy_alter_table").first?.first?.int64Value
        if legacy == 0 { try handle.exec("PRAGMA legacy_alter_table = ON") }
        defer { if legacy == 0 { try? handle.exec("PRAGMA legacy_alter_table = OFF") } }
        try handle.exec("ALTER TABLE \(table.quotedSource) RENAME TO \(SQLIdentifier.quote(prefix + "\(number)"))")
    }

    /// The deleting part of a cleanup step: shorter than a moving step's, because its commit writes every
    /// page the deletes changed (encrypting each with a key), which the pace of the deletes does not see.
    static let stepDuration = 0.004

    /// Deletes rows of the oldest leftover for about `stepDuration`, in one transaction
    /// (a savepoint of the caller's when it is in one), and drops it once empty. Returns the rows deleted
    /// and whether no leftover is left.
    static func step(on handle: Handle) throws -> (deleted: Int, isCleanedUp: Bool) {
        let all = try leftovers(on: handle)
        guard let leftover = all.first else { return (0, true) }
        let name = "main." + SQLIdentifier.quote(leftover)
        // With secure_delete on (Debian's SQLCipher turns it on by default) SQLite writes zeros over every
        // page it frees, which made freeing a large source about ten times slower. The pages hold the
        // moved rows' old copies; like any page SQLite frees by default, they stay in the file (encrypted
        // when it is) until reused.
        let secureDelete = try handle.rows("PRAGMA secure_delete").first?.first?.int64Value ?? 0
        if secureDelete != 0 { try handle.exec("PRAGMA secure_delete = 0") }
        defer { if secureDelete != 0 { try? handle.exec("PRAGMA secure_delete = \(secureDelete)") } }
        // The rows up to the `?1 + 1`-th smallest rowid, or every row when fewer are left.
        let delete = try handle.prepare("DELETE FROM \(name) WHERE rowid <= "
            + "coalesce((SELECT rowid FROM \(name) ORDER BY rowid LIMIT 1 OFFSET ?1), 9223372036854775807)")
        defer { delete.finalize() }
        let start = Date()
        var deleted = 0
        var emptied = false
        try handle.exec("SAVEPOINT wcdb_migration_cleanup")
        do {
            var batch = rowsPerBatch
            repeat {
                let batchStart = Date()
                delete.bind([.integer(Int64(batch - 1))])
                try delete.run()
                delete.reset()
                let count = handle.changes
                deleted += count
                guard count == batch else {
                    emptied = true
                    break
                }
                batch = MigrationStepper.nextBatch(after: batch, startedAt: batchStart, stepStartedAt: start,
                                                   budget: stepDuration, most: maxRowsPerBatch)
            } while Date().timeIntervalSince(start) < stepDuration
            // Empty: its pages and its indexes' are down to their roots, so the drop is cheap.
            if emptied { try handle.exec("DROP TABLE \(name)") }
            try handle.exec("RELEASE wcdb_migration_cleanup")
        } catch {
            try? handle.exec("ROLLBACK TO wcdb_migration_cleanup")
            try? handle.exec("RELEASE wcdb_migration_cleanup")
            throw error
        }
        return (deleted, emptied && all.count == 1)
    }
}
