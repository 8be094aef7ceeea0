import CSQLCipher
import Dispatch
import Foundation

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
        guard let context else { return SQLITE_OK }
        let handle = Unmanaged<Handle>.fromOpaque(context).takeUnretainedValue()
        if let schema, strcmp(schema, "main") == 0 { handle.walFramesAfterCommit = walFrames }
        guard walFrames >= frames else { return SQLITE_OK }
        if walFrames >= inlineFrames {
            _ = sqlite3_wal_checkpoint(db, schema)  // what SQLite's own hook does
            return SQLITE_OK
        }
        handle.core?.scheduleCheckpoint()
        return SQLITE_OK
    }
}

extension DatabaseCore {
    /// Asks for a background checkpoint, unless one is already on its way.
    func scheduleCheckpoint() {
        guard checkpointScheduled.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
        else { return }
        DispatchQueue.global(qos: .utility).async { [weak self] in
            guard let self else { return }
            defer { self.checkpointScheduled.store(false, ordering: .releasing) }
            do {
                try self.checkpoint(waiting: false)
            } catch var error as WCDBError {
                // Nobody to throw to; a connection that does not open (a key that no longer fits, say)
                // fails the app's own calls too, which say why.
                error.level = .warning
                error.message = "background checkpoint: " + (error.message ?? "")
                _ = reportError(error)
            } catch {}
        }
    }
}
