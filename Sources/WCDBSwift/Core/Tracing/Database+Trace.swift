import Synchronization
import Foundation

/// Receives every SQL statement as it starts executing, on the thread that runs it.
public typealias SQLTracer = @Sendable (_ sql: String) -> Void
/// Receives one report per operation (or per whole transaction): the database's tag, each SQL statement
/// with the number of times it ran, and the wall-clock cost in nanoseconds.
public typealias PerformanceTracer = @Sendable (_ tag: Int?, _ sqls: [String: Int], _ cost: UInt64) -> Void
/// Receives every error the runtime raises, before it is thrown.
public typealias ErrorTracer = @Sendable (_ error: WCDBError) -> Void

/// Process-wide tracers. `generation` changes whenever one of them does, so handles re-register lazily.
struct GlobalTraceState {
    var sql: SQLTracer?
    var performance: PerformanceTracer?
    var error: ErrorTracer?
    var generation = 0
}

let globalTraceState = LockedValue(GlobalTraceState())

/// `globalTraceState.generation`, readable without a lock: every checkout compares it with its handle's,
/// and a lock there would be one more point all threads meet on.
let globalTraceGeneration = Atomic<Int>(0)

/// Changes the process-wide tracers and moves the generation, so handles re-register at their next use.
func updateGlobalTrace(_ change: (inout GlobalTraceState) -> Void) {
    globalTraceState.withLock { state in
        change(&state)
        state.generation += 1
        globalTraceGeneration.store(state.generation, ordering: .relaxed)
    }
}

/// The one path every error takes to the tracers: hands `error` to the global error tracer and to its
/// database's tracer (found by path), marks it reported, and returns it, for `throw reportError(...)`.
/// An error already reported passes through unchanged, so layers that rethrow never report twice.
@usableFromInline @discardableResult
func reportError(_ error: WCDBError) -> WCDBError {
    if error.isReported { return error }
    var error = error
    error.isReported = true
    if let tracer = globalTraceState.withLock({ $0.error }) {
        tracer(error)
    }
    if let path = error.path, let tracer = DatabaseRegistry.shared.existingCore(forPath: path)?.errorTracer {
        tracer(error)
    }
    CorruptionWatch.shared.observe(error)  // repair: setNotification(whenCorrupted:), isAlreadyCorrupted()
    return error
}

extension HandleProvider {
    /// Runs `body`, reporting any error it throws that has not reached the tracers yet (the ORM's and
    /// the generated code's own errors: decoding, misuse), located at this database. Every verb's work
    /// runs inside `withHandle`, which goes through here, so no error leaves unreported.
    @inlinable @inline(__always)
    func reportingErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw reporting(error)
        }
    }

    /// `reportingErrors`' catch, out of line (the inlined verbs stay small enough to inline their
    /// handle's closure): a `WCDBError` not reported yet is reported, anything else comes back as it is.
    @usableFromInline
    func reporting(_ error: any Error) -> any Error {
        guard let error = error as? WCDBError, !error.isReported else { return error }
        return reportedError(error)
    }

    /// Reports `error` located at this database (path and tag filled in when missing); for
    /// `throw reportedError(...)` where a verb refuses its arguments before it touches a handle.
    @usableFromInline
    func reportedError(_ error: WCDBError) -> WCDBError {
        var error = error
        if error.path == nil { error.path = path }
        if error.tag == nil { error.tag = tag }
        return reportError(error)
    }
}

extension Database {
    /// Sets (or with nil removes) the process-wide error reporter. Off by default.
    public static func globalTraceError(_ tracer: ErrorTracer?) {
        updateGlobalTrace { $0.error = tracer }
    }

    /// Sets (or with nil removes) the process-wide SQL tracer. Off by default; costs nothing when off.
    public static func globalTraceSQL(_ tracer: SQLTracer?) {
        updateGlobalTrace { $0.sql = tracer }
    }

    /// Sets (or with nil removes) the process-wide performance tracer. A database's own tracer overrides it.
    /// `nil` also removes the per-statement tracer of WCDB 2.x's shape, as in 2.x.
    public static func globalTracePerformance(_ tracer: PerformanceTracer?) {
        if tracer == nil { removeGlobalStatementPerformanceTrace() }
        updateGlobalTrace { $0.performance = tracer }
    }

    /// Sets (or with nil removes) this database's SQL tracer, which overrides the global one.
    public func traceSQL(_ tracer: SQLTracer?) {
        core.setSQLTracer(tracer)
    }

    /// Sets (or with nil removes) this database's error reporter. It receives the errors raised on this
    /// path, in addition to the global reporter.
    public func traceError(_ tracer: ErrorTracer?) {
        core.errorTracer = tracer
    }

    /// Sets (or with nil removes) this database's performance tracer, which overrides the global one.
    /// `nil` also removes this database's per-statement tracer of WCDB 2.x's shape.
    public func tracePerformance(_ tracer: PerformanceTracer?) {
        if tracer == nil { removeStatementPerformanceTrace() }
        core.setPerformanceTracer(tracer)
    }
}
