import CSQLCipher
import Foundation

/// WCDB 2.x's busy tracer: the database's tag and path, the waiting thread (its `pthread_self`), and the
/// SQL of the statement that waits.
public typealias BusyTracer = @Sendable (_ tag: Int, _ path: String, _ tid: UInt64, _ sql: String) -> Void

/// Reports statements that wait on SQLite's file lock (`SQLITE_BUSY`, held by another process or
/// connection) longer than a threshold. While a tracer is set, handles wait with this busy handler
/// instead of `sqlite3_busy_timeout`: the same back-off and the same limit
/// (the database's busy timeout, `Database.setBusyTimeout(_:)`), plus one report per wait once it passes the threshold.
/// Waiting for this library's own write token (two threads of one process) is not SQLite's busy.
enum BusyTrace {
    struct Setting {
        var tracer: BusyTracer?
        var thresholdSeconds: Double = 0
    }

    static let setting = LockedValue(Setting())

    static var isOn: Bool { setting.withLock { $0.tracer != nil } }

    /// SQLite's own back-off for `sqlite3_busy_timeout`, in milliseconds.
    private static let delays: [Int32] = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100]

    /// Installs the tracing busy handler on `db`, or restores the plain timeout.
    static func install(on db: OpaquePointer, handle: Handle, tracing: Bool) {
        if tracing {
            sqlite3_busy_handler(db, busyCallback, Unmanaged.passUnretained(handle).toOpaque())
        } else {
            sqlite3_busy_timeout(db, handle.busyTimeoutMilliseconds)
        }
    }

    /// Milliseconds waited before the `count`-th retry.
    static func waited(beforeRetry count: Int32) -> Int32 {
        let index = Int(min(count, Int32(delays.count)))
        let sum = delays.prefix(index).reduce(0, +)
        return sum + (count > Int32(delays.count) ? (count - Int32(delays.count)) * delays[delays.count - 1] : 0)
    }

    static func busy(handle: Handle, count: Int32) -> Int32 {
        let limit = handle.busyTimeoutMilliseconds
        let waited = waited(beforeRetry: count)
        if waited >= limit { return 0 }
        let delay = min(delays[Int(min(count, Int32(delays.count - 1)))], limit - waited)
        let (tracer, threshold) = setting.withLock { ($0.tracer, Int32($0.thresholdSeconds * 1000)) }
        // Report once per wait: at the first retry whose total wait passes the threshold.
        if let tracer, waited + delay >= threshold, waited < threshold || (count == 0 && threshold <= 0) {
            tracer(handle.tag ?? 0, handle.path, UInt64(currentThreadID()), runningSQL(of: handle) ?? "")
        }
        usleep(UInt32(delay) * 1000)
        return 1
    }

    /// The SQL of a statement of `handle` that is running (the one that met the lock).
    private static func runningSQL(of handle: Handle) -> String? {
        guard let db = handle.rawPointer else { return nil }
        var statement = sqlite3_next_stmt(db, nil)
        while let current = statement {
            if sqlite3_stmt_busy(current) != 0, let sql = sqlite3_sql(current) { return String(cString: sql) }
            statement = sqlite3_next_stmt(db, current)
        }
        return nil
    }
}

private let busyCallback: @convention(c) (UnsafeMutableRawPointer?, Int32) -> Int32 = { context, count in
    guard let context else { return 0 }
    return BusyTrace.busy(handle: Unmanaged<Handle>.fromOpaque(context).takeUnretainedValue(), count: count)
}

extension Database {
    /// Sets (or with nil removes) the process-wide busy tracer (WCDB 2.x): called when a statement has
    /// waited `timeOut` seconds for SQLite's file lock. Off by default.
    public static func globalTraceBusy(_ tracer: BusyTracer?, timeOut: Double) {
        BusyTrace.setting.withLock { $0 = BusyTrace.Setting(tracer: tracer, thresholdSeconds: max(0, timeOut)) }
        updateGlobalTrace { _ in }  // handles re-register at their next use
    }
}
