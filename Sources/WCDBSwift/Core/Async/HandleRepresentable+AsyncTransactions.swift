/// The `async` transaction forms, written once for `Database`, `Transaction` and `Table`. Each runs the
/// blocking form off Swift's cooperative thread pool: it commits when `body` returns, rolls back and
/// rethrows when `body` throws, and rolls back and throws `CancellationError` when the awaiting Task is
/// cancelled (the statement in progress stops). The queue's thread is inside no transaction of the
/// caller's, so each runs in a transaction of its own (a `Transaction` object's: inside the one open on
/// it, as a savepoint).
extension HandleRepresentable {
    /// Runs `body` in a transaction, as `run(transaction:)` does, off Swift's cooperative thread pool.
    /// - Throws: `CancellationError`; `WCDBError`, as `run(transaction:)`; or what `body` throws.
    public func run(transaction body: @escaping @Sendable () throws -> Void) async throws {
        try await runCancellable(writes: true) { _ in try self.run(embeddedTransaction: body) }
    }

    /// Runs `body` with the transaction's handle (WCDB 2.x's form), off Swift's cooperative thread pool.
    /// `Database.write(_:)` is the same with a result.
    /// - Throws: `CancellationError`; `WCDBError`, as `run(transaction:)`; or what `body` throws.
    public func run(transaction body: @escaping @Sendable (Handle) throws -> Void) async throws {
        try await runCancellable(writes: true) { _ in try self.run(transaction: { (handle: Handle) in try body(handle) }) }
    }

    /// Runs `body` in a transaction that commits only when `body` returns true, as
    /// `run(controllableTransaction:)` does, off Swift's cooperative thread pool.
    /// - Throws: `CancellationError`; `WCDBError`, as `run(controllableTransaction:)`; or what `body` throws.
    public func run(controllableTransaction body: @escaping @Sendable () throws -> Bool) async throws {
        try await runCancellable(writes: true) { _ in try self.run(controllableTransaction: body) }
    }

    /// Runs `body` with the transaction's handle in a transaction that commits only when `body` returns
    /// true (WCDB 2.x's form), off Swift's cooperative thread pool.
    /// - Throws: `CancellationError`; `WCDBError`, as `run(controllableTransaction:)`; or what `body` throws.
    public func run(controllableTransaction body: @escaping @Sendable (Handle) throws -> Bool) async throws {
        try await runCancellable(writes: true) { _ in try self.run(controllableTransaction: { (handle: Handle) in try body(handle) }) }
    }

    /// Runs `body` as `run(embeddedTransaction:)` does, off Swift's cooperative thread pool.
    /// - Throws: `CancellationError`; `WCDBError`, as `run(embeddedTransaction:)`; or what `body` throws.
    public func run(embeddedTransaction body: @escaping @Sendable () throws -> Void) async throws {
        try await runCancellable(writes: true) { _ in try self.run(embeddedTransaction: body) }
    }

    /// Runs `body` with its handle as `run(embeddedTransaction:)` does (WCDB 2.x's form), off Swift's
    /// cooperative thread pool.
    /// - Throws: `CancellationError`; `WCDBError`, as `run(embeddedTransaction:)`; or what `body` throws.
    public func run(embeddedTransaction body: @escaping @Sendable (Handle) throws -> Void) async throws {
        try await runCancellable(writes: true) { _ in try self.run(embeddedTransaction: { (handle: Handle) in try body(handle) }) }
    }
}
