// WCDB 2.0's per-database tracer spellings, `trace(ofSQL:)`, `trace(ofPerformance:)`, `trace(ofError:)`,
// which 2.x's tests call with a trailing closure (`database.trace { path, handleId, sql in … }`); the
// closure's arity picks the tracer. Each forwards to the one implementation of its kind.

/// WCDB 2.0's SQL tracer shape: the database's path, the handle's id and the SQL.
public typealias PathSQLTracer = @Sendable (_ path: String, _ handleId: UInt64, _ sql: String) -> Void

extension Database {
    /// Sets this database's SQL tracer in WCDB 2.0's shape (path, handle id, SQL); `traceSQL(nil)`
    /// removes it. Like every tracer it may be called on any thread.
    public func trace(ofSQL tracer: @escaping PathSQLTracer) {
        traceSQL { _, path, handleId, sql, _ in tracer(path, handleId, sql) }
    }

    /// Sets this database's per-statement performance tracer (WCDB 2.x's `trace(ofPerformance:)`,
    /// the same as `tracePerformance(_:)`).
    public func trace(ofPerformance tracer: @escaping StatementPerformanceTracer) {
        tracePerformance(tracer)
    }

    /// Sets (or with nil removes) this database's error reporter (WCDB 2.x's `trace(ofError:)`, the same
    /// as `traceError(_:)`).
    public func trace(ofError tracer: ErrorTracer?) {
        traceError(tracer)
    }
}
