import CSQLCipher
import Foundation

/// WCDB 2.x's SQL tracer: the database's tag, its path, the id of the handle (connection) running the
/// statement, the SQL, and execution info: the SQL with its bound values inlined when full-SQL tracing
/// is on (`setFullSQLTrace(enable:)`), else "".
public typealias SQLExecutionTracer = @Sendable (_ tag: Int, _ path: String, _ handleId: UInt64, _ sql: String,
                                                 _ info: String) -> Void

/// The handle whose statement is being traced on this thread, set only while a SQL tracer runs, so
/// that a tracer in 2.x's shape can name the handle and expand the statement's bound values.
enum TracingHandle {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// What the tracer may ask about; read only on the tracing thread, while the tracer runs.
    struct Current {
        unowned let handle: Handle
        let statement: OpaquePointer?
    }

    static func withCurrent(_ handle: Handle, statement: OpaquePointer?, _ body: () -> Void) {
        var current = Current(handle: handle, statement: statement)
        let previous = pthread_getspecific(key)
        withUnsafeMutablePointer(to: &current) { pointer in
            pthread_setspecific(key, pointer)
            body()
        }
        pthread_setspecific(key, previous)
    }

    /// The traced handle's context, valid only inside `withCurrent`'s body on this thread.
    static func current<T>(_ read: (Current) -> T) -> T? {
        guard let pointer = pthread_getspecific(key) else { return nil }
        return read(pointer.assumingMemoryBound(to: Current.self).pointee)
    }

    /// The statement's SQL with its bound values (`sqlite3_expanded_sql`), or "".
    static func expandedSQL(of statement: OpaquePointer?) -> String {
        guard let statement, let expanded = sqlite3_expanded_sql(statement) else { return "" }
        defer { sqlite3_free(expanded) }
        return String(cString: expanded)
    }
}

/// Databases (by path) whose SQL trace carries the SQL with its bound values.
let fullSQLTracePaths = LockedValue(Set<String>())

extension DatabaseCore {
    var fullSQLTrace: Bool { fullSQLTracePaths.withLock { $0.contains(path) } }
}

extension Database {
    /// Sets the process-wide SQL tracer in WCDB 2.x's shape (tag, path, handle id, SQL, info); a
    /// database's own tracer overrides it. `globalTraceSQL(nil)` turns tracing off. Off by default.
    public static func globalTraceSQL(_ tracer: @escaping SQLExecutionTracer) {
        globalTraceSQL(sqlTracer(adapting: tracer))
    }

    /// Sets this database's SQL tracer in WCDB 2.x's shape; `traceSQL(nil)` removes it.
    public func traceSQL(_ tracer: @escaping SQLExecutionTracer) {
        traceSQL(Database.sqlTracer(adapting: tracer))
    }

    /// With `enable`, the `info` of this database's 2.x-shaped SQL trace is the SQL with its bound values
    /// inlined (costs a copy of the SQL per statement, and shows the values in logs: off by default).
    public func setFullSQLTrace(enable: Bool) {
        let path = self.path
        fullSQLTracePaths.withLock { if enable { $0.insert(path) } else { $0.remove(path) } }
    }

    private static func sqlTracer(adapting tracer: @escaping SQLExecutionTracer) -> SQLTracer {
        { sql in
            // Looked up only for a tracer of this shape: a WCDB Swift 1.x tracer pays two thread-local writes.
            let context = TracingHandle.current { current in
                let handle = current.handle
                let fullSQL = handle.core?.fullSQLTrace ?? false
                return (handle.tag ?? 0, handle.path, UInt64(UInt(bitPattern: ObjectIdentifier(handle).hashValue)),
                        fullSQL ? TracingHandle.expandedSQL(of: current.statement) : "")
            }
            guard let (tag, path, handleID, info) = context else { return tracer(0, "", 0, sql, "") }
            tracer(tag, path, handleID, sql, info)
        }
    }
}
