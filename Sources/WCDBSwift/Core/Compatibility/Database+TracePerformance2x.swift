import CSQLCipher
import Foundation

/// What one statement cost (WCDB 2.x's `PerformanceInfo`).
///
/// SQLite 3.15 counts the pages a connection reads from disk (page-cache misses) and writes, but does
/// not tell table pages from index or overflow pages: the `table…` counts carry every page and the
/// `index…`/`overflow…` counts are 0 (they exist so 2.x code reading them compiles). `pageReadCount` and
/// `pageWriteCount` name the totals plainly.
public struct PerformanceInfo: Sendable, Equatable {
    /// Pages read from the file (cache misses) while the statement ran.
    public var pageReadCount: Int
    /// Pages written to the file (or WAL) while the statement ran.
    public var pageWriteCount: Int
    /// Wall-clock time of the statement in nanoseconds, as SQLite 3.15 measures it: with the VFS clock,
    /// so in whole milliseconds (a fast statement reports 0).
    public var costInNanoseconds: Int64

    /// WCDB 2.x's count of table pages read: here every page read (`pageReadCount`), since SQLite 3.15
    /// does not tell table pages from index or overflow pages.
    public var tablePageReadCount: Int { pageReadCount }
    /// WCDB 2.x's count of table pages written: here every page written (`pageWriteCount`).
    public var tablePageWriteCount: Int { pageWriteCount }
    /// Always 0: SQLite 3.15 does not count index pages apart (`tablePageReadCount` holds them).
    public var indexPageReadCount: Int { 0 }
    /// Always 0: SQLite 3.15 does not count index pages apart (`tablePageWriteCount` holds them).
    public var indexPageWriteCount: Int { 0 }
    /// Always 0: SQLite 3.15 does not count overflow pages apart (`tablePageReadCount` holds them).
    public var overflowPageReadCount: Int { 0 }
    /// Always 0: SQLite 3.15 does not count overflow pages apart (`tablePageWriteCount` holds them).
    public var overflowPageWriteCount: Int { 0 }
}

/// WCDB 2.x's performance tracer, called once per finished statement: the database's tag, its path, the
/// handle's id, the SQL, and what it cost.
public typealias StatementPerformanceTracer = @Sendable (_ tag: Int, _ path: String, _ handleId: UInt64, _ sql: String,
                                                         _ info: PerformanceInfo) -> Void

/// The registered per-statement performance tracers: one global, one per database path. Handles read
/// them when their trace registration is refreshed (registering bumps the global trace generation).
enum StatementPerformance {
    struct Tracers {
        var global: StatementPerformanceTracer?
        var byPath: [String: StatementPerformanceTracer] = [:]
    }

    static let tracers = LockedValue(Tracers())

    static func isOn(forPath path: String) -> Bool {
        tracers.withLock { $0.global != nil || $0.byPath[path] != nil }
    }

    static func set(global tracer: StatementPerformanceTracer?) {
        tracers.withLock { $0.global = tracer }
        updateGlobalTrace { _ in }
    }

    static func set(_ tracer: StatementPerformanceTracer?, forPath path: String) {
        tracers.withLock { $0.byPath[path] = tracer }
        updateGlobalTrace { _ in }
    }

    static func resetPageCounts(of db: OpaquePointer) {
        var current: Int32 = 0
        var highwater: Int32 = 0
        sqlite3_db_status(db, SQLITE_DBSTATUS_CACHE_MISS, &current, &highwater, 1)
        sqlite3_db_status(db, SQLITE_DBSTATUS_CACHE_WRITE, &current, &highwater, 1)
    }

    /// Called from the handle's trace callback when a statement finishes.
    static func report(handle: Handle, statement: OpaquePointer?, nanoseconds: Int64) {
        guard let db = handle.rawPointer else { return }
        let tracer = tracers.withLock { $0.byPath[handle.path] ?? $0.global }
        var reads: Int32 = 0
        var writes: Int32 = 0
        var highwater: Int32 = 0
        sqlite3_db_status(db, SQLITE_DBSTATUS_CACHE_MISS, &reads, &highwater, 1)
        sqlite3_db_status(db, SQLITE_DBSTATUS_CACHE_WRITE, &writes, &highwater, 1)
        guard let tracer, let statement, let sql = sqlite3_sql(statement) else { return }
        let info = PerformanceInfo(pageReadCount: Int(reads), pageWriteCount: Int(writes), costInNanoseconds: nanoseconds)
        tracer(handle.tag ?? 0, handle.path, UInt64(UInt(bitPattern: ObjectIdentifier(handle).hashValue)),
               String(cString: sql), info)
    }
}

extension Database {
    /// Sets the process-wide per-statement performance tracer in WCDB 2.x's shape (tag, path, handle id,
    /// SQL, `PerformanceInfo`); a database's own overrides it. `globalTracePerformance(nil)` removes the
    /// WCDB Swift 1.x-shape tracer; `removeGlobalStatementPerformanceTrace()` this one. Off by default.
    public static func globalTracePerformance(_ tracer: @escaping StatementPerformanceTracer) {
        StatementPerformance.set(global: tracer)
    }

    /// Removes the process-wide 2.x-shape performance tracer.
    public static func removeGlobalStatementPerformanceTrace() {
        StatementPerformance.set(global: nil)
    }

    /// Sets this database's per-statement performance tracer in WCDB 2.x's shape.
    public func tracePerformance(_ tracer: @escaping StatementPerformanceTracer) {
        StatementPerformance.set(tracer, forPath: path)
    }

    /// Removes this database's 2.x-shape performance tracer.
    public func removeStatementPerformanceTrace() {
        StatementPerformance.set(nil, forPath: path)
    }
}
