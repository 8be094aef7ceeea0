import Foundation

// `async` variants: the blocking work runs on a global dispatch queue, so awaiting them never blocks
// Swift's cooperative thread pool. Their closures run on that queue's thread; a transaction's closure runs
// entirely on one thread, so the handle stays pinned to it.

extension Database {
    /// Runs SQL (one or more statements), discarding rows, as `exec(_:)` does.
    /// Runs on a global dispatch queue, so awaiting it never blocks Swift's cooperative thread pool.
    /// - Throws: `WCDBError`, as `exec(_:)`.
    public func exec(_ sql: String) async throws {
        try await runOffPool { try self.exec(sql) }
    }

    /// Runs `body` on a handle of this database, as `withHandle(forWriting:_:)` does, and returns its result.
    /// Runs on a global dispatch queue, so awaiting it never blocks Swift's cooperative thread pool. `body`
    /// runs on that queue's thread; don't keep the handle after it returns.
    public func withHandle<T: Sendable>(forWriting: Bool,
                                        _ body: @escaping @Sendable (Handle) throws -> T) async throws -> T {
        try await runOffPool { try self.withHandle(forWriting: forWriting, body) }
    }

    /// Runs `body` in a transaction, as `run(transaction:)` does: commits when it returns, rolls back and
    /// rethrows when it throws. Runs on a global dispatch queue, so awaiting it never blocks Swift's
    /// cooperative thread pool.
    public func run(transaction body: @escaping @Sendable () throws -> Void) async throws {
        try await runOffPool { try self.run(transaction: body) }
    }

    /// Runs `body` in a transaction that commits only when `body` returns true, as
    /// `run(controllableTransaction:)` does. Runs on a global dispatch queue, so awaiting it never blocks
    /// Swift's cooperative thread pool.
    public func run(controllableTransaction body: @escaping @Sendable () throws -> Bool) async throws {
        try await runOffPool { try self.run(controllableTransaction: body) }
    }

    /// Runs `body` as `run(embeddedTransaction:)` does. Runs on a global dispatch queue, so awaiting it never
    /// blocks Swift's cooperative thread pool. That queue's thread is normally inside no transaction of this
    /// database, so `body` runs in a transaction of its own rather than as a savepoint of the caller's.
    public func run(embeddedTransaction body: @escaping @Sendable () throws -> Void) async throws {
        try await runOffPool { try self.run(embeddedTransaction: body) }
    }

    /// Every row of `sql` with `values` bound to its parameters 1, 2, …, as `getRows(_:values:)` reads
    /// them. Runs on a global dispatch queue, so awaiting it never blocks Swift's cooperative thread pool.
    public func getRows(_ sql: String, values: [FundamentalValue] = []) async throws -> FundamentalRowXColumn {
        try await runOffPool { try self.getRows(sql, values: values) }
    }

    /// Closes the database and runs `onClosed` while it is closed, as `close(onClosed:)` does, returning
    /// its result. Runs on a global dispatch queue, so awaiting it never blocks Swift's cooperative thread pool.
    /// - Throws: `WCDBError` with `SQLITE_BUSY` when operations still run after the busy timeout (nothing
    ///   is closed), or what `onClosed` throws.
    public func close<T: Sendable>(onClosed: @escaping @Sendable () throws -> T) async throws -> T {
        try await runOffPool { try self.close(onClosed: onClosed) }
    }

    /// Closes the database, as `close()` does: a refusal is not thrown but reaches the error tracers.
    /// Runs on a global dispatch queue, so awaiting it never blocks Swift's cooperative thread pool.
    public func close() async {
        _ = try? await runOffPool { self.close() }
    }

    /// A `Transaction` object with a handle of its own, as `getTransaction()` makes it. Runs on a global
    /// dispatch queue, so awaiting it never blocks Swift's cooperative thread pool.
    public func getTransaction() async throws -> Transaction {
        try await runOffPool { try self.getTransaction() }
    }

    /// Closes the database and deletes its files, as `removeFiles()` does. Runs on a global dispatch queue, so
    /// awaiting it never blocks Swift's cooperative thread pool.
    public func removeFiles() async throws {
        try await runOffPool { try self.removeFiles() }
    }

    /// Closes the database and moves its files into `directory`, as `moveFiles(toDirectory:)` does.
    /// Runs on a global dispatch queue, so awaiting it never blocks Swift's cooperative thread pool.
    public func moveFiles(toDirectory directory: String) async throws {
        try await runOffPool { try self.moveFiles(toDirectory: directory) }
    }
}

extension Transaction {
    /// Runs `body` in a transaction on this object's handle, as `run(transaction:)` does. Runs on a global
    /// dispatch queue, so awaiting it never blocks Swift's cooperative thread pool.
    public func run(transaction body: @escaping @Sendable () throws -> Void) async throws {
        try await runOffPool { try self.run(transaction: body) }
    }

    /// Runs `body` in a transaction on this object's handle that commits only when `body` returns true, as
    /// `run(controllableTransaction:)` does. Runs on a global dispatch queue, so awaiting it never blocks
    /// Swift's cooperative thread pool.
    public func run(controllableTransaction body: @escaping @Sendable () throws -> Bool) async throws {
        try await runOffPool { try self.run(controllableTransaction: body) }
    }

    /// Runs `body` on this object's handle, as `withHandle(forWriting:_:)` does, and returns its result.
    /// Runs on a global dispatch queue, so awaiting it never blocks Swift's cooperative thread pool.
    public func withHandle<T: Sendable>(forWriting: Bool,
                                        _ body: @escaping @Sendable (Handle) throws -> T) async throws -> T {
        try await runOffPool { try self.withHandle(forWriting: forWriting, body) }
    }
}
