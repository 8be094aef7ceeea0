import CSQLCipher
import Foundation

// The connection checkpoints run on (`HandlePool.beginCheckpoint`): the background ones after a commit
// that filled the WAL, a migration's after a step, and the app's own (`passiveCheckpoint()`,
// `truncateCheckpoint()`), one at a time, so that none finds another holding SQLite's checkpoint lock.
extension DatabaseCore {
    /// A checkpoint of every database of the checkpoint connection (the main file and the attached ones),
    /// opened here the first time and again after the key changed. `waiting`: after the one in progress,
    /// if any (for up to the busy timeout); otherwise none while one runs.
    /// - Returns: whether it ran: not while the database is closed, closing or blockaded.
    /// - Throws: `WCDBError` when the connection does not open or SQLite fails (a checkpoint that could
    ///   not finish because of readers, SQLITE_BUSY, is not an error).
    @discardableResult
    func checkpoint(mode: Int32 = SQLITE_CHECKPOINT_PASSIVE, waiting: Bool) throws -> Bool {
        enum Begin { case begun(Handle, HandleSetup?), none }
        let begin: (inout CoreState) -> Begin? = { state in
            if waiting && state.pool.isCheckpointRunning { return nil }  // wait
            guard let handle = state.pool.beginCheckpoint(databaseIsOpen: state.isOpened) else { return Begin.none }
            let opened = handle.isOpened && handle.cipherGeneration == state.settings.cipherGeneration
            // No tracer: the app's SQL and performance traces are of its own calls.
            return .begun(handle, opened ? nil : state.settings.setup(global: GlobalTraceState()))
        }
        let begun = waiting ? state.wait(for: .anyChange, timeout: busyTimeoutSeconds, begin) : state.withLock(begin)
        guard case .begun(let handle, let setup) = begun else { return false }
        // close(), or a waiting checkpoint, may be waiting for it to end.
        defer { state.withLock(waking: .others) { $0.pool.endCheckpoint() } }
        if let setup {
            handle.close()
            handle.core = self
            // Never creates the file: a database whose files were removed is not made again here.
            handle.openFlags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX
            try open(handle, with: setup)  // closes the handle again when it fails
        }
        guard let db = handle.rawPointer else { return false }
        let rc = sqlite3_wal_checkpoint_v2(db, nil, mode, nil, nil)
        guard rc == SQLITE_OK || rc == SQLITE_BUSY else {
            throw WCDBError(level: .sqlite, code: rc & 0xff, extendedCode: sqlite3_extended_errcode(db),
                            message: String(cString: sqlite3_errmsg(db)), path: path, tag: tag, operation: "checkpoint")
        }
        return true
    }
}

extension Database {
    /// A checkpoint in `mode` (SQLITE_CHECKPOINT_PASSIVE, TRUNCATE…), after one in progress: on the
    /// checkpoint connection while the database is open; otherwise, and on the thread that blockades or
    /// closes it, in SQL on a handle of the pool (which opens the database). Inside an operation,
    /// transaction or Transaction object's call of this database, in SQL too: the checkpoint connection
    /// would wait for a write lock this thread holds.
    func checkpoint(mode: Int32) throws {
        if !core.isBusyOnCurrentThread, try reportingErrors({ try core.checkpoint(mode: mode, waiting: true) }) { return }
        let name = mode == SQLITE_CHECKPOINT_TRUNCATE ? "TRUNCATE" : mode == SQLITE_CHECKPOINT_RESTART ? "RESTART"
            : mode == SQLITE_CHECKPOINT_FULL ? "FULL" : "PASSIVE"
        try exec("PRAGMA wal_checkpoint(\(name))")
    }
}
