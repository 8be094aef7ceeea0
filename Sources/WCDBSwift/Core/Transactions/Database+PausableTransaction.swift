// WCDB 2.x's pausable transaction: a long write split into segments that yield to other writers.

/// The body of a pausable transaction: the transaction's handle, a flag to set when the work is done,
/// and whether this call opens a new transaction (the previous one committed to let others write).
public typealias PausableTransactionBody = (_ handle: Handle, _ stop: inout Bool, _ isNewTransaction: Bool) throws -> Void

extension DatabaseCore {
    /// Whether another thread is waiting for the write token.
    var hasWaitingWriters: Bool {
        state.withLock { $0.writeToken.hasWaiters }
    }
}

extension Database {
    /// Calls `body` again and again in a transaction until it sets `stop` (WCDB 2.x). When another thread
    /// waits to write, the transaction commits after the current call, that writer goes, and a new
    /// transaction starts (`isNewTransaction` is then true). A thrown error rolls back the current
    /// segment only; the segments committed before it stay. It does not nest: inside another
    /// transaction of this thread it throws (its commits would be the outer transaction's).
    @available(*, noasync, message: "blocks the calling thread; in async code use the async form (try await …), which runs off the cooperative pool and stops when the Task is cancelled")
    public func run(pausableTransaction body: PausableTransactionBody) throws {
        if isInTransaction {
            throw reportError(WCDBError(level: .interface, message:
                "A transaction is already running on this thread; a pausable transaction commits as it goes, so it can't nest",
                path: path, tag: tag, operation: "pausable transaction"))
        }
        var stop = false
        while !stop {
            var isNewTransaction = true
            try run(transaction: { (handle: Handle) in
                repeat {
                    try body(handle, &stop, isNewTransaction)
                    isNewTransaction = false
                } while !stop && !core.hasWaitingWriters
            })
        }
    }
}
