import Foundation

/// Data migration (WCDB 2.x's API): a target table takes over the rows of a source table, in this
/// database or another file, while the app keeps reading and writing the target. See <doc:DataMigration>.
extension Database {
    static let migrationConfigName = "com.Tencent.WCDB.Config.Migration"

    /// The migration state of this database's core, made (with its rewriter) on first use.
    func migrationState() -> MigrationState {
        installedRewriter { MigrationRewriter(state: MigrationState()) }.rewriter.state
    }

    /// Installs a new rewriter over `state`: handles drop the statements rewritten under the old state
    /// (a table that finished migrating no longer reads through its view).
    private func reinstallMigrationRewriter(_ state: MigrationState) {
        reinstallRewriter(MigrationRewriter(state: state))
    }

    /// Declares tables of this database that take over the rows of source tables, in this database
    /// (`sourcePath` nil) or in the file at `sourcePath` (keyed with `sourceCipher`, a passphrase as
    /// `setCipher(key:)` takes, with the default page size of 4096; nil for a plain file).
    ///
    /// `filter` is called with each table the database uses, once per table: set `info.sourceTable` for
    /// a table that migrates (and `info.filterCondition` to take only some of the source's rows). From
    /// then on every read and write of the target covers the source rows still to come; `stepMigration()`,
    /// `setAutoMigration(enable:)` or `migrate(progress:)` move them, and a source table is dropped once
    /// it is empty. The target's columns move (those the source lacks read as the target's default), and a
    /// row keeps its key: the source's value of the target's INTEGER PRIMARY KEY column, else its rowid.
    ///
    /// The configuration is not stored: call it on each launch, before the first statement on the database.
    /// This database keeps how far the steps have gone in a small table, `wcdb_migration_progress`.
    /// (For a source in another file, it also keeps a small table, `wcdb_migration_moved`, of the
    /// rows a move has taken out of the source until the move is known to have committed in both files:
    /// SQLite in WAL mode commits the two files one after the other, and a crash between them leaves
    /// those rows in both. They count as moved. While such a source is attached, the database commits
    /// with `synchronous = FULL`: the target's part of a move is on the disk before the source's, so
    /// that a power cut can not take a row out of both files.)
    public func addMigration(sourcePath: String?, sourceCipher: Data? = nil, _ filter: TableFilter?) {
        let state = migrationState()
        state.with {
            $0.sources.append(MigrationSource(path: sourcePath, cipher: sourceCipher, filter: filter))
            $0.tables = [:]
            $0.movedTargets = []
            $0.isMigrated = false
            $0.isCleanedUp = false
        }
        // Each handle attaches the source files when it opens (ATTACH can not run inside a transaction).
        setConfig(named: Self.migrationConfigName, withInvocation: { handle in
            try MigrationBinder.attachSources(of: state, on: handle)
        }, withPriority: .low)
        reinstallMigrationRewriter(state)
    }

    /// Moves source rows into their targets for about 10 ms, in one transaction (a WAL checkpoint, when
    /// due, follows once the write lock is given up). Call it until
    /// `isMigrated()`; when a table has no row left the notification of `setNotificationWhenMigrated(_:)`
    /// is told and its source table is dropped (if no other target takes rows from it) as soon as no
    /// operation that began before is still running on another thread (that step or a later one).
    ///
    /// A source table in this database's file is not dropped at once: its name is gone, and its pages are
    /// freed by the following calls, about 10 ms each in a transaction of its own (after the moving one).
    /// Call it until `isMigrationCleanedUp()` to free them all.
    /// - Throws: `WCDBError`: a target column the source lacks that is NOT NULL without a default, or
    ///   SQLite's error.
    public func stepMigration() throws {
        _ = try stepMigrationCountingRows()
    }

    /// `stepMigration()`, returning how many rows it moved.
    @discardableResult
    func stepMigrationCountingRows() throws -> Int {
        let state = migrationState()
        guard state.with({ !$0.sources.isEmpty }) else { return 0 }
        var finished: [MigrationInfo] = []
        var moved = 0
        var sourceFilesToDrop: [MigratingTable] = []
        var hasLeftovers = false
        var (allDone, walFrames) = try withHandle(forWriting: true) { handle in
            let allDone = try stepTables(state, on: handle, moved: &moved, finished: &finished, sourceFilesToDrop: &sourceFilesToDrop)
            hasLeftovers = try !MigrationCleanup.leftovers(on: handle).isEmpty
            return (allDone, handle.walFramesAfterCommit)
        }
        // Out of the write lock: the target's writers go on while DROP TABLE frees the source's pages.
        for table in sourceFilesToDrop {
            try withHandle(forWriting: false) { try MigrationStepper.dropSourceFile(table, on: $0) }
            try withHandle(forWriting: true) { try MigrationStepper.forgetProgress(table, on: $0) }
        }
        // Freeing a leftover source: a transaction of its own, so that a writer waiting for the write lock
        // goes between the two. Its error is thrown once the moving part's notifications are told.
        var cleanupError: Error?
        if hasLeftovers {
            do {
                walFrames = try withHandle(forWriting: true) { handle in
                    hasLeftovers = try !MigrationCleanup.step(on: handle).isCleanedUp
                    return handle.walFramesAfterCommit
                }
            } catch {
                cleanupError = error
            }
        }
        // A migration writes without a pause, so a background checkpoint, copying while the next step
        // appends, would seldom find the WAL complete, and the WAL would grow for as long as the migration
        // runs. A step that left it long checkpoints here, after giving up the write lock (writers go on),
        // so that the next step starts the WAL over.
        if walFrames >= BackgroundCheckpoint.frames { try core.checkpoint(waiting: true) }
        finishStep(state, moved: moved, finished: finished, allDone: allDone)
        state.with { $0.isCleanedUp = $0.isMigrated && !hasLeftovers }
        if let cleanupError { throw cleanupError }
        return moved
    }

    /// The step of `stepMigration()` on the write handle: rows moved, finished tables unbound, sources dropped.
    private func stepTables(_ state: MigrationState, on handle: Handle, moved: inout Int, finished: inout [MigrationInfo],
                            sourceFilesToDrop: inout [MigratingTable]) throws -> Bool {
        try MigrationStepper.resolveAllTables(state, on: handle)
        var allMoved = true
        var emptied: [MigratingTable] = []
        for table in state.migratingTables {
            let step = try MigrationStepper.step(table, on: handle)
            moved += step.moved
            guard step.finished else {
                allMoved = false
                break
            }
            try MigrationBinder.unbind(table, on: handle)
            state.with {
                $0.tables[table.table.lowercased()] = .migrated(table.info)
                $0.movedTargets.append(table)
            }
            emptied.append(table)
            finished.append(table.info)
        }
        if !emptied.isEmpty {
            // While this step holds the write token: every write after it prepares its statements
            // under the new rewriter. Operations already running may still hold statements that read
            // the source (through the union view, or a write's prelude): the source stays until they end.
            reinstallMigrationRewriter(state)
            let mark = core.operationMark()
            state.with { $0.pendingDrops += emptied.map { ($0, mark) } }
        }
        sourceFilesToDrop = try dropMigratedSources(state, on: handle)
        return allMoved && state.with { $0.pendingDrops.isEmpty }
    }

    /// After a step: compression told of rows that arrived, the notification told of tables that finished.
    private func finishStep(_ state: MigrationState, moved: Int, finished: [MigrationInfo], allDone: Bool) {
        if moved > 0, let compression: CompressionRewriter = existingRewriter() {
            // Moved rows arrive uncompressed below the rows compression has gone through: its next step
            // goes over the tables again from the top.
            compression.state.with {
                $0.boundsNeedRestart = true
                $0.isCompressed = false
            }
        }
        let notify = state.with { $0.notification }
        for info in finished { notify?(self, info) }
        if allDone, state.with({ values -> Bool in
            defer { values.isMigrated = true }
            return !values.isMigrated
        }) {
            notify?(self, nil)
        }
    }

    /// Drops the sources of the tables that finished migrating once no operation begun before that is
    /// still running (a later step tries again otherwise).
    /// Returns the sources in other files to drop out of the write lock.
    private func dropMigratedSources(_ state: MigrationState, on handle: Handle) throws -> [MigratingTable] {
        var files: [MigratingTable] = []
        for (table, mark) in state.with({ $0.pendingDrops }) where !core.isRunningOperation(begunBefore: mark) {
            if try MigrationStepper.dropSourceIfMoved(table, state: state, on: handle),
               !files.contains(where: { $0.source.schema == table.source.schema && $0.sourceTable == table.sourceTable }) {
                files.append(table)
            }
            state.with { $0.pendingDrops.removeAll { $0.table.table.caseInsensitiveCompare(table.table) == .orderedSame } }
        }
        return files
    }

    /// Steps the migration by itself in the background (true) until every table has migrated and
    /// `isMigrationCleanedUp()`, leaving
    /// the write lock to the app between steps, or stops doing so (false). Errors of a step reach the
    /// error tracers. While the app has the database closed no step runs (one would open it again, as
    /// WCDB 2.x's does not); they go on once it is open again.
    public func setAutoMigration(enable: Bool) {
        let state = migrationState()
        let start = state.with { values -> Bool in
            values.autoMigration = enable
            guard enable, !values.autoMigrationRunning else { return false }
            values.autoMigrationRunning = true
            return true
        }
        guard start else { return }
        // Weakly: the thread ends when the app has let every object of the database go.
        Thread.detachNewThread { [weak core] in
            while state.with({ $0.autoMigration && !$0.sources.isEmpty }), let core {
                let database = Database(core: core)
                let pause: Double
                do {
                    // Inside an operation only while the database is open (see `withPinIfOpen`).
                    if try core.withPinIfOpen({ _ in try database.stepMigration() }) != nil {
                        if database.isMigrationCleanedUp() { break }
                        // As long as the step: the app's writers get the lock at least half the time.
                        pause = MigrationStepper.stepDuration
                    } else {
                        // Closed (wait for the app to open it), or every handle busy (try again soon).
                        pause = core.isOpened ? MigrationStepper.stepDuration : Database.autoMigrationClosedPause
                    }
                } catch {
                    // Reported to the error tracers by withHandle; tried again after a pause.
                    pause = 0.5
                }
                Thread.sleep(forTimeInterval: pause)
            }
            state.with { $0.autoMigrationRunning = false }
        }
    }

    /// How often auto migration looks whether a closed database was opened again.
    static let autoMigrationClosedPause = 0.2

    /// Whether the last `stepMigration()` found every configured table migrated (an internal flag, as in
    /// WCDB 2.x: it is false until a step has looked).
    public func isMigrated() -> Bool {
        migrationState().with { $0.isMigrated }
    }

    /// Whether the last `stepMigration()` found every configured table migrated (`isMigrated()`) and
    /// the pages of every source table that was in this database's file freed.
    ///
    /// A migration is done when `isMigrated()` is true: every row reads from its target, and no source
    /// table is read any more. A source in this database's file is then freed by further steps, each
    /// holding the write lock about 10 ms, until this is true. It is false until a step has looked.
    public func isMigrationCleanedUp() -> Bool {
        migrationState().with { $0.isCleanedUp }
    }

    /// Sets (or with nil removes) the callback told when a table has migrated completely, and (with nil
    /// information) when every table has.
    public func setNotificationWhenMigrated(_ callback: MigratedCallback?) {
        migrationState().with { $0.notification = callback }
    }

    /// Migrates every configured table to the end, step by step off the cooperative thread pool, then
    /// frees the source tables left in this database's file (until `isMigrationCleanedUp()`).
    ///
    /// - Parameter progress: told after each step the share of rows moved so far (0…1).
    /// - Throws: `CancellationError` when the Task is cancelled (between two steps: every row is in one
    ///   table or the other, and a later call resumes), or what `stepMigration()` throws.
    public func migrate(progress: (@Sendable (Double) -> Void)? = nil) async throws {
        let state = migrationState()
        let total = try await runOffPoolUnlessCancelled { _ in
            try self.withHandle(forWriting: false) { handle -> Int64 in
                try MigrationStepper.resolveAllTables(state, on: handle)
                return try state.migratingTables.reduce(0) { $0 + (try MigrationStepper.remaining($1, on: handle)) }
            }
        }
        var moved: Int64 = 0
        while !isMigrationCleanedUp() {
            try Task.checkCancellation()
            let step = try await runOffPoolUnlessCancelled { _ in try self.stepMigrationCountingRows() }
            moved += Int64(step)
            progress?(total == 0 ? 1 : min(1, Double(moved) / Double(total)))
            // Every row moved, a source waits for operations begun earlier to end: not a busy loop.
            if step == 0 && !isMigrated() { try await Task.sleep(nanoseconds: UInt64(MigrationStepper.stepDuration * 1e9)) }
        }
    }
}
