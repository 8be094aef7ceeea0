import Foundation

// How every `async` form runs its work: on a global dispatch queue (never on Swift's cooperative pool,
// which blocking SQLite calls would starve), on one handle that a Task cancellation can stop.
//
// The work pins a handle to the queue's thread, as any operation does, and attaches a
// `Handle.CancellationSignal` to it for the length of the work. Cancelling the awaiting Task cancels the
// signal (`withTaskCancellationHandler`): the running statement stops at its next progress-handler look
// (every 64 SQLite VM steps), no further statement is prepared or `exec`ed (so no COMMIT), the
// transaction the work began rolls back (ROLLBACK ignores the signal), the signal is detached, the handle
// goes back to the pool as after any failed operation, and the caller gets `CancellationError`.
// This is GRDB's rule (`SerializedDatabase.execute`, `Database.cancel`): once the Task is cancelled,
// the access throws `CancellationError` and its transaction is rolled back.

extension HandleRepresentable {
    /// Runs `work` off the cooperative pool on a handle of this target (a pooled one pinned to the
    /// queue's thread, or a `Transaction` object's own), so that every operation `work` makes on this
    /// database from that thread uses the same handle; cancelling the awaiting Task interrupts it.
    ///
    /// The handle is checked out for reading (`work`'s writes take the write token nested, when they
    /// start); `writes` says whether `work` writes, so that a pooled checkout waits for a writer's turn
    /// first, as a blocking write does (`WriterSlots`).
    ///
    /// - Throws: `CancellationError` when the Task was cancelled before the work started (it does not
    ///   run) or while it ran (its statement is interrupted and what it began is rolled back), whatever
    ///   error the interruption caused on the way; else what `work` throws.
    func runCancellable<T: Sendable>(writes: Bool, _ work: @escaping @Sendable (Handle) throws -> T) async throws -> T {
        try await runOffPoolUnlessCancelled { signal in
            // A wait for a writer's turn, a handle or the write lock, here or in `work`, ends when the Task
            // is cancelled.
            let outerSignal = Handle.CancellationSignal.current
            Handle.CancellationSignal.current = signal
            defer { Handle.CancellationSignal.current = outerSignal }
            do {
                return try self.withWorkHandle(writes: writes) { handle in
                    let attachment = SignalAttachment(signal, to: handle)
                    defer { _ = attachment }  // the outer signal comes back when the scope ends
                    // Cancelled while waiting for the handle: nothing of the work runs.
                    guard !signal.isCancelled else { throw CancellationError() }
                    return try work(handle)
                }
            } catch where signal.isCancelled {
                throw CancellationError()
            }
        }
    }
}

/// A target whose work checks a handle out of its database's pool (a Transaction object has a handle of
/// its own): its async write forms count among the writers (`runCancellable(writes:_:)`).
protocol PooledHandleProvider {
    var pooledDatabase: Database { get }
}

extension Database: PooledHandleProvider {
    var pooledDatabase: Database { self }
}

extension HandleRepresentable {
    /// `withHandle(forWriting: false, body)`, the pooled checkout of work that `writes` counted as a
    /// top-level write.
    fileprivate func withWorkHandle<T>(writes: Bool, _ body: (Handle) throws -> T) throws -> T {
        guard writes, let database = (self as? any PooledHandleProvider)?.pooledDatabase else {
            return try withHandle(forWriting: false, body)
        }
        let core = database.core
        let pin = try core.enter(forWriting: false, countedAsWriter: true)
        defer { core.leave(pin) }
        return try database.reportingErrors { try body(pin.handle) }
    }
}

/// Runs `work` on a global dispatch queue unless the awaiting Task is cancelled before it starts
/// (`CancellationError`, and `work` does not run); the signal it receives is cancelled when the Task is.
/// Work that attaches the signal to no handle runs to its end once started.
func runOffPoolUnlessCancelled<T: Sendable>(
    _ work: @escaping @Sendable (Handle.CancellationSignal) throws -> T
) async throws -> T {
    try Task.checkCancellation()
    let signal = Handle.CancellationSignal(interruptsQuietly: true)
    return try await withTaskCancellationHandler {
        try await runOffPool {
            guard !signal.isCancelled else { throw CancellationError() }
            return try work(signal)
        }
    } onCancel: {
        signal.cancel()
    }
}
