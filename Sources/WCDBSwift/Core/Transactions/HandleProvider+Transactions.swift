/// The transaction forms written once for everything that runs statements (`Database`, `Transaction`,
/// `Table`, `Handle`): each target runs `run(embeddedTransaction:)` and `run(controllableTransaction:)`
/// its own way, and these forms are made of them.
extension HandleProvider {
    /// Runs `body` in a transaction: commits when it returns, rolls back and rethrows when it throws.
    /// Inside another transaction (on this thread, or of this `Transaction` object, or this handle's) it
    /// runs as a savepoint of it, as in WCDB 2.x: an error thrown by `body` undoes `body`'s own changes
    /// and is rethrown, and what it did commits or rolls back with the outer transaction. Every operation
    /// on the database from this thread during `body` runs on the transaction's handle.
    /// - Throws: `WCDBError` — the write lock not free within the busy timeout, a failed `COMMIT`; or
    ///   what `body` throws.
    @available(*, noasync, message: "blocks the calling thread; in async code use the async form (try await …), which runs off the cooperative pool and stops when the Task is cancelled")
    public func run(transaction body: () throws -> Void) throws {
        try run(embeddedTransaction: body)
    }

    /// Runs `body` with the transaction's handle (WCDB 2.x), as `run(transaction:)` runs it.
    @available(*, noasync, message: "blocks the calling thread; in async code use the async form (try await …), which runs off the cooperative pool and stops when the Task is cancelled")
    public func run(transaction body: (Handle) throws -> Void) throws {
        try run(embeddedTransaction: { try withHandle(forWriting: true) { handle in try body(handle) } })
    }

    /// Runs `body` with the transaction's handle in a transaction that commits only when `body` returns
    /// true (WCDB 2.x), as `run(controllableTransaction:)` runs it.
    @available(*, noasync, message: "blocks the calling thread; in async code use the async form (try await …), which runs off the cooperative pool and stops when the Task is cancelled")
    public func run(controllableTransaction body: (Handle) throws -> Bool) throws {
        try run(controllableTransaction: { try withHandle(forWriting: true) { handle in try body(handle) } })
    }

    /// Runs `body` with its handle in a transaction, or as a savepoint of the running one (WCDB 2.x), as
    /// `run(embeddedTransaction:)` runs it.
    @available(*, noasync, message: "blocks the calling thread; in async code use the async form (try await …), which runs off the cooperative pool and stops when the Task is cancelled")
    public func run(embeddedTransaction body: (Handle) throws -> Void) throws {
        try run(embeddedTransaction: { try withHandle(forWriting: true) { handle in try body(handle) } })
    }
}
