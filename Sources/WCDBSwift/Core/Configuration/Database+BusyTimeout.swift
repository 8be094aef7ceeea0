import CSQLCipher
import Foundation

extension Database {
    /// The name of the config that applies `setBusyTimeout(_:)` to every handle.
    static let busyTimeoutConfigName = "com.wcdbswift.Config.BusyTimeout"

    /// Bounds every wait of this database, in seconds (default `defaultBusyTimeoutMilliseconds`, 10 s):
    /// for the write lock (another thread's write or transaction), for a free handle, for running
    /// operations before `close`, and SQLite's own wait on another connection's or process's file lock.
    /// A wait that runs out throws a `WCDBError` with code `SQLITE_BUSY` (5); nothing is written.
    public func setBusyTimeout(_ seconds: Double) {
        let seconds = max(0, seconds)
        let milliseconds = Int32(min(seconds * 1000, Double(Int32.max)))
        core.busyTimeoutSeconds = seconds
        setConfig(named: Database.busyTimeoutConfigName, with: { handle in
            handle.busyTimeoutMilliseconds = milliseconds
            // With the busy tracer on, its handler reads the limit from the handle instead.
            if !handle.busyTraceInstalled, let db = handle.rawPointer { sqlite3_busy_timeout(db, milliseconds) }
        }, orderBy: Database.basicConfigOrder - 1)
    }

    /// The bound of this database's waits, in seconds (`setBusyTimeout(_:)`).
    public var busyTimeout: Double { core.busyTimeoutSeconds }
}
