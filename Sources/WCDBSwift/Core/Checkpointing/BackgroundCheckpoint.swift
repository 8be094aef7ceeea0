import CSQLCipher
import Dispatch

/// WAL checkpoints off the committing thread, as WCDB runs them.
///
/// SQLite's own auto-checkpoint runs inside the commit that leaves the WAL at 1,000 frames or more: that
/// commit, on whatever thread made it (often the app's main one), also copies the WAL into the database
/// file and syncs it. Here the commit only notes that a checkpoint is due (`sqlite3_wal_hook`), and a
/// PASSIVE checkpoint runs on a background thread, on a connection of its own (WCDB's checkpoint handle),
/// which the pool keeps beside the app's handles. A PASSIVE checkpoint waits for no reader or writer, so
/// the app's operations go on meanwhile.
///
/// Three rules keep it out of the app's way and the WAL bounded:
/// - It never takes one of the app's handles, so the app never opens another because of it.
/// - It does not run while a close or blockade runs, nor once the database is closed (it never opens the
///   database again); the next commit then asks again.
/// - A commit that finds the WAL at `inlineFrames` frames (the background checkpoint could not keep up,
///   say the database was blockaded all along) checkpoints inline, as SQLite would.
enum BackgroundCheckpoint {
    /// The WAL length, in frames (pages), from which a commit asks for a checkpoint: SQLite's default.
    static let frames: Int32 = 1_000
    /// The WAL length from which a commit checkpoints inline.
    static let inlineFrames: Int32 = 10_000

    /// Installs the commit hook on `handle`'s connection (the built-in auto-checkpoint config).
    static func install(on handle: Handle) {
        guard let db = handle.rawPointer else { return }
        // Unretained: the hook runs only inside this connection's commits, and the handle outlives its
        // connection (it closes it).
        sqlite3_wal_hook(db, commitHook, Unmanaged.passUnretained(handle).toOpaque())
    }

    /// Takes `handle`'s connection back to SQLite's own auto-checkpoint (the config's uninvocation).
    static func uninstall(from handle: Handle) {
        guard let db = handle.rawPointer else { return }
        sqlite3_wal_autocheckpoint(db, frames)
    }

    /// Runs on the committing thread, inside the commit, after the WAL was written: cheap, and never
    /// touches another connection.
    private static let commitHook: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafePointer<CChar>?, Int32) -> Int32 = {
        context, db, schema, walFrames in
        guard walFrames >= frames, let context else { return SQLITE_OK }
        if walFrames >= inlineFrames {
            _ = sqlite3_wal_checkpoint(db, schema)  // what SQLite's own hook does
            return SQLITE_OK
        }
        Unmanaged<Handle>.fromOpaque(context).takeUnretainedValue().core?.scheduleCheckpoint()
        return SQLITE_OK
    }
}

extension DatabaseCore {
    /// Asks for a background checkpoint, unless one is already on its way.
    func scheduleCheckpoint() {
        guard !isInMemory,
              checkpointScheduled.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
        else { return }
        DispatchQueue.global(qos: .utility).async { [weak self] in
            guard let self else { return }
            defer { self.checkpointScheduled.store(false, ordering: .releasing) }
            self.checkpointInBackground()
        }
    }

    /// A PASSIVE checkpoint of every database of the checkpoint connection (the main file and the
    /// attached ones), opened here the first time and again after the key changed.
    private func checkpointInBackground() {
        let begun = state.withLock { state -> (Handle, HandleSetup?)? in
            guard let handle = state.pool.beginCheckpoint(databaseIsOpen: state.isOpened) else { return nil }
            let opened = handle.isOpened && handle.cipherGeneration == state.settings.cipherGeneration
            // No tracer: the app's SQL and performance traces are of its own calls.
            return (handle, opened ? nil : state.settings.setup(global: GlobalTraceState()))
        }
        guard let (handle, setup) = begun else { return }
        var failure: WCDBError?
        do {
            if let setup {
                handle.close()
                handle.core = self
                // Never creates the file: a database whose files were removed is not made again here.
                handle.openFlags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX
                try open(handle, with: setup)
            }
            if let db = handle.rawPointer {
                let rc = sqlite3_wal_checkpoint_v2(db, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
                // BUSY: another checkpoint holds the checkpoint lock, and this one is not needed.
                if rc != SQLITE_OK && rc != SQLITE_BUSY {
                    failure = WCDBError(level: .warning, code: rc & 0xff, extendedCode: rc,
                                        message: "background checkpoint: " + String(cString: sqlite3_errmsg(db)),
                                        path: path, tag: tag, operation: "checkpoint")
                }
            }
        } catch {
            // It does not open (a key that no longer fits, say): the app's own calls report why.
            handle.close()
        }
        // close() may be waiting for it to end.
        state.withLock(waking: .others) { $0.pool.endCheckpoint() }
        if let failure { _ = reportError(failure) }
    }
}
