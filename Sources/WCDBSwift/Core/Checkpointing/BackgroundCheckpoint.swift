import CSQLCipher
import Dispatch

/// WAL checkpoints off the committing thread, as WCDB runs them.
///
/// SQLite's own auto-checkpoint runs inside the commit that leaves the WAL at 1,000 frames or more: that
/// commit, on whatever thread made it (often the app's main one), also copies the WAL into the database
/// file and syncs it. Here the commit only notes that a checkpoint is due (`sqlite3_wal_hook`), and a
/// PASSIVE checkpoint runs on a background thread, on an idle handle of the database's pool. A PASSIVE
/// checkpoint waits for no reader or writer, so the app's operations go on meanwhile.
///
/// Two rules keep it out of the app's way and the WAL bounded:
/// - The background checkpoint takes only a handle that is open, idle and up to date, when nobody waits
///   for one and no close or blockade runs; it never opens one. Otherwise it does nothing, and the next
///   commit asks again.
/// - A commit that finds the WAL at `inlineFrames` frames (the background checkpoint could not run, say
///   the pool was busy all along) checkpoints inline, as SQLite would.
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
            self.checkpointOnIdleHandle()
        }
    }

    /// A PASSIVE checkpoint of every database of an idle handle (the main file and attached ones).
    private func checkpointOnIdleHandle() {
        let taken = state.withLock { state -> Handle? in
            guard let handle = state.pool.checkOutIdle() else { return nil }
            // A handle opened before the key changed (it reopens at its next use) may hold the old key:
            // back it goes. Other settings (configs, tracers) do not matter to a checkpoint.
            guard handle.isOpened, handle.cipherGeneration == state.settings.cipherGeneration else {
                state.pool.checkIn(handle)
                return nil
            }
            return handle
        }
        guard let handle = taken else { return }
        let rc = handle.rawPointer.map { sqlite3_wal_checkpoint_v2($0, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil) } ?? SQLITE_OK
        // BUSY: another checkpoint holds the checkpoint lock; this one is not needed then.
        let message = rc == SQLITE_OK || rc == SQLITE_BUSY ? nil : handle.rawPointer.map { String(cString: sqlite3_errmsg($0)) }
        let tag = state.withLock(waking: .handle) { state -> Int? in
            state.pool.checkIn(handle)
            return state.settings.tag
        }
        if let message {
            _ = reportError(WCDBError(level: .warning, code: rc & 0xff, extendedCode: rc,
                                      message: "background checkpoint: \(message)", path: path, tag: tag,
                                      operation: "checkpoint"))
        }
    }
}
