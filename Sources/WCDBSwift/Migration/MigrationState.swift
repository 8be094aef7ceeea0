import Foundation
import Synchronization

/// What is known of a table the database uses.
enum TableMigration: Sendable {
    /// It does not migrate (or its source is gone: nothing left to move).
    case plain
    /// The filter gives it a source, but the table did not exist when last checked (it is checked again
    /// at its next use; the filter is not asked again).
    case declared(MigrationSource, Database.MigrationInfo)
    case migrating(MigratingTable)
    /// It finished migrating during this launch.
    case migrated(Database.MigrationInfo)
}

/// One database's migration: its sources, what each table turned out to be, and the switches of the
/// API. It lives in the database's `MigrationRewriter` (so with the database's core, shared by every
/// `Database` object of the path).
final class MigrationState: Sendable {
    struct Values {
        var sources: [MigrationSource] = []
        var tables: [String: TableMigration] = [:]
        var autoMigration = false
        var autoMigrationRunning = false
        var notification: Database.MigratedCallback?
        /// Set by a step that found nothing left to migrate; cleared by `addMigration`, and by a table found
        /// migrating or created with a source that has rows.
        var isMigrated = false
        /// Set by a step that found every table migrated and no leftover source left to free
        /// (`MigrationCleanup`); cleared with `isMigrated`, and by a step that finds a leftover.
        var isCleanedUp = false
        /// Tables whose rows have all moved, whose source is not dropped yet: operations begun before
        /// `mark` (`DatabaseCore.operationMark()`) may still read it through statements rewritten for
        /// the migration.
        var pendingDrops: [(table: MigratingTable, mark: Int)] = []
        /// Tables that finished migrating during this launch: their watermarks cover rows of sources
        /// not dropped yet (another target of the source still migrating).
        var movedTargets: [MigratingTable] = []
    }

    let values = Mutex(Values())
    /// Serializes checking tables (reading schemas of both databases) across handles.
    let resolving = Mutex(())

    func with<T>(_ body: (inout Values) -> T) -> T { values.withLock { body(&$0) } }

    func table(_ name: String) -> TableMigration? { values.withLock { $0.tables[name.lowercased()] } }

    /// The tables still migrating, by name.
    var migratingTables: [MigratingTable] {
        values.withLock { values in
            values.tables.values.compactMap { if case .migrating(let table) = $0 { return table } else { return nil } }
                .sorted { $0.table < $1.table }
        }
    }

    /// The migrating table `name` is, if it is one.
    func migrating(_ name: String) -> MigratingTable? {
        if case .migrating(let table) = table(name) { return table }
        return nil
    }
}
