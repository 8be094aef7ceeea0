import CSQLCipher
import Foundation

/// Works out, on a handle, what a table is for migration (asks the sources' filters, has the source
/// checked against the target: `MigrationCheck`), and sets a handle up for a migrating table: the
/// source file attached with its key, the temp view that reads both tables as one.
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
        // A move commits in the target's file, then deletes in the source's (SQLite commits the main
        // database first). In WAL at NORMAL neither commit is synced, and a checkpoint of the source
        // could put its delete on the disk while the target's copy was still only in its WAL: a power
        // cut then lost the row from both files (MigrationPowerLossTests). At FULL the target's WAL is
        // synced inside its commit, before the source's part is written.
        try handle.exec("PRAGMA main.synchronous = FULL")
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

    /// Resolves `name` for `state`: asks the filters (once), and for a migrating table checks the source
    /// against the target and records it. A target that does not exist yet stays `.declared`.
    static func resolve(_ name: String, in state: MigrationState, on handle: Handle) throws {
        guard let (source, info) = declaration(of: name, in: state) else { return }
        try state.resolving.withLock { _ in
            // Another handle may have checked it meanwhile.
            guard case .declared = state.table(name) else { return }
            try attach(source, on: handle)
            guard let resolved = try MigrationCheck.check(info, from: source, on: handle) else { return }
            state.with { values in
                values.tables[name.lowercased()] = resolved
                if case .migrating = resolved { values.isMigrated = false }
            }
        }
    }

    /// Before `name` is created: a table the filters give a source whose table exists turns
    /// `isMigrated()` false at once (WCDB 2.x's `hintThatTableWillBeCreated`); its next use checks it.
    static func willCreate(_ name: String, in state: MigrationState, on handle: Handle) throws {
        guard let (source, info) = declaration(of: name, in: state) else { return }
        try attach(source, on: handle)
        if try MigrationCheck.sourceTableExists(info, of: source, on: handle) { state.with { $0.isMigrated = false } }
    }

    /// Makes a migrating `name` `.declared` again, to be checked at its next use; whether it was migrating.
    static func forget(_ name: String, in state: MigrationState) -> Bool {
        state.with { values in
            guard case .migrating(let table) = values.tables[name.lowercased()] else { return false }
            values.tables[name.lowercased()] = .declared(table.source, table.info)
            return true
        }
    }

    /// The source the filters give `name`, when it is `.declared` (nil once it is resolved further, or
    /// when it does not migrate). The filters are asked the first time only (as WCDB 2.x does, once per
    /// table and configuration): their answer is recorded.
    static func declaration(of name: String, in state: MigrationState) -> (MigrationSource, Database.MigrationInfo)? {
        switch state.table(name) {
        case .declared(let source, let info): return (source, info)
        case .plain, .migrating, .migrated: return nil
        case nil: break
        }
        let lowered = name.lowercased()
        var found: TableMigration = .plain
        // WCDB's own tables (a migration's leftover sources among them) and SQLite's never migrate.
        if !InternalTable.isInternal(name) {
            for source in state.with({ $0.sources }) {
                guard let info = source.info(for: name) else { continue }
                found = .declared(source, info)
                break
            }
        }
        let recorded = state.with { values -> TableMigration in
            // A filter asked on two threads at once: the first answer recorded stands.
            if values.tables[lowered] == nil { values.tables[lowered] = found }
            return values.tables[lowered] ?? found
        }
        if case .declared(let source, let info) = recorded { return (source, info) }
        return nil
    }

    // MARK: Handles

    /// Makes `table` readable as one on `handle`: its source attached and its union view created.
    static func bind(_ table: MigratingTable, on handle: Handle) throws {
        try attach(table.source, on: handle)
        try createProgressTable(on: handle)
        try createPickedTable(on: handle)
        // Keyed by its SQL: a table checked again (its columns changed) reads through a new view.
        let prefix = viewKeyPrefix(table), key = prefix + table.createViewSQL
        if handle.rewriterObjects.contains(key) { return }
        // Made afresh: a view left by an earlier configuration of this connection may read other columns.
        handle.rewriterObjects = handle.rewriterObjects.filter { !$0.hasPrefix(prefix) }
        try handle.exec("DROP VIEW IF EXISTS temp.\(SQLIdentifier.quote(table.view))")
        try handle.exec(table.createViewSQL)
        if !isInTransaction(handle) { handle.rewriterObjects.insert(key) }
    }

    private static func viewKeyPrefix(_ table: MigratingTable) -> String { "view:" + table.view.lowercased() + "\u{0}" }

    /// The temp table where a write with ORDER BY or LIMIT notes the keys of the rows it picks, before
    /// its prelude moves those of them still in the source (`MigrationRewriter.pickedRowsCondition`).
    static let pickedTable = "temp.wcdb_migration_picked"

    /// Creates `pickedTable` on `handle` (once).
    static func createPickedTable(on handle: Handle) throws {
        let key = "picked"
        if handle.rewriterObjects.contains(key) { return }
        try handle.exec("CREATE TEMP TABLE IF NOT EXISTS \(pickedTable)(key)")
        if !isInTransaction(handle) { handle.rewriterObjects.insert(key) }
    }

    /// Drops `table`'s view from `handle` (its migration is over).
    static func unbind(_ table: MigratingTable, on handle: Handle) throws {
        try handle.exec("DROP VIEW IF EXISTS temp.\(SQLIdentifier.quote(table.view))")
        let prefix = viewKeyPrefix(table)
        handle.rewriterObjects = handle.rewriterObjects.filter { !$0.hasPrefix(prefix) }
    }
}
