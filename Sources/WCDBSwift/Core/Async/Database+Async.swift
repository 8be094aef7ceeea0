import Foundation

// `async` forms. Each runs its work on a global dispatch queue, so awaiting it never blocks Swift's
// cooperative thread pool, and on one handle pinned to that queue's thread for the length of the work:
// every operation that its closure makes on the same database uses that handle (the transaction's, in
// the transaction forms). Cancelling the awaiting Task stops the statement in progress, rolls back what
// the call began and throws `CancellationError` (see `runCancellable`, Core/Async/CancellableWork.swift).

extension Database {
    // MARK: Read and write closures

    /// Runs `body` with a handle of this database in a read transaction, off Swift's cooperative thread
    /// pool, and returns its result.
    ///
    /// Every read of `body` sees one snapshot of the database (SQLite's WAL isolation: a `BEGIN DEFERRED`
    /// transaction whose first read fixes it), also the reads that `body` makes through this `Database`
    /// rather than `handle`: on the thread that runs `body` they use the same handle. Other readers run
    /// at the same time, and the writer goes on writing. `body` cannot write: a write throws
    /// `SQLITE_READONLY` (the handle is `PRAGMA query_only` while it runs).
    ///
    /// ```swift
    /// let (count, newest) = try await database.read { handle in
    ///     (try handle.scalar("SELECT count(*) FROM message").int64Value,
    ///      try handle.scalar("SELECT max(id) FROM message").int64Value)
    /// }
    /// ```
    ///
    /// Don't keep `handle` after `body` returns.
    /// - Throws: `CancellationError` when the awaiting Task is cancelled (before `body` starts: it does
    ///   not run; while it runs: its statement is interrupted); `WCDBError` — no free handle within the
    ///   busy timeout, SQLite's errors; or what `body` throws.
    public func read<T: Sendable>(_ body: @escaping @Sendable (Handle) throws -> T) async throws -> T {
        try await runCancellable(writes: false) { handle in
            if handle.isInTransaction { throw TransactionRunner.nestedError(handle, operation: "read") }
            try handle.exec("PRAGMA query_only = 1")
            handle.isQueryOnly = true
            defer { handle.ignoringCancellation { Database.endQueryOnly(on: handle) } }
            try TransactionRunner.beginRead(handle)
            let value: T
            do {
                value = try body(handle)
            } catch {
                TransactionRunner.rollbackAfterFailure(handle)
                throw error
            }
            try TransactionRunner.commit(handle)
            return value
        }
    }

    /// Runs `body` with the handle of a write transaction of this database, off Swift's cooperative
    /// thread pool, and returns its result: the transaction commits when `body` returns, and rolls back
    /// when `body` throws or the awaiting Task is cancelled.
    ///
    /// It holds the database's write lock (`BEGIN IMMEDIATE`) from start to end, as
    /// `run(transaction:)` does; every operation that `body` makes through this `Database` runs on
    /// `handle`, inside the transaction.
    ///
    /// ```swift
    /// let id = try await database.write { handle in
    ///     try database.insert(objects: [message], intoTable: "message")
    ///     return handle.lastInsertedRowID
    /// }
    /// ```
    ///
    /// Don't keep `handle` after `body` returns.
    /// - Throws: `CancellationError` when the awaiting Task is cancelled (before `body` starts: it does
    ///   not run; after: its statement is interrupted, nothing is committed); `WCDBError` — the write
    ///   lock not free within the busy timeout, SQLite's errors, a failed `COMMIT`; or what `body` throws.
    public func write<T: Sendable>(_ body: @escaping @Sendable (Handle) throws -> T) async throws -> T {
        try await runCancellable(writes: true) { _ in
            var value: T?
            try self.run(transaction: { (handle: Handle) in value = try body(handle) })
            return value!
        }
    }

    /// Turns `PRAGMA query_only` off again after `read`; a handle that can't have it reset is closed
    /// (the pool opens a new one), so no later write finds it read-only.
    private static func endQueryOnly(on handle: Handle) {
        handle.isQueryOnly = false
        do {
            try handle.exec("PRAGMA query_only = 0")
        } catch {
            handle.close()
        }
    }

    // MARK: Statements

    /// Runs SQL (one or more statements), discarding rows, as `exec(_:)` does, off Swift's cooperative
    /// thread pool. Cancelling the awaiting Task stops the statement in progress; statements of `sql`
    /// that finished before stay (each commits on its own outside a transaction: use `write(_:)` to run
    /// several all or nothing).
    /// - Throws: `CancellationError` when the awaiting Task is cancelled; `WCDBError`, as `exec(_:)`.
    public func exec(_ sql: String) async throws {
        try await runCancellable(writes: !Database.isReadOnlySQL(sql)) { _ in try self.exec(sql) }
    }

    /// Every row of `sql` with `values` bound to its parameters 1, 2, …, as `getRows(_:values:)` reads
    /// them, off Swift's cooperative thread pool.
    /// - Throws: `CancellationError` when the awaiting Task is cancelled (the query stops); `WCDBError`,
    ///   as `getRows(_:values:)`.
    public func getRows(_ sql: String, values: [FundamentalValue] = []) async throws -> FundamentalRowXColumn {
        try await runCancellable(writes: false) { _ in try self.getRows(sql, values: values) }
    }

    /// Runs `body` on a handle of this database, as `withHandle(forWriting:_:)` does, and returns its
    /// result, off Swift's cooperative thread pool. `body` runs on a dispatch queue's thread; don't keep
    /// the handle after it returns. Cancelling the awaiting Task stops the statement in progress and
    /// rolls back a transaction `body` left open; statements that finished outside a transaction stay.
    /// - Throws: `CancellationError` when the awaiting Task is cancelled; `WCDBError`, as
    ///   `withHandle(forWriting:_:)`; or what `body` throws.
    public func withHandle<T: Sendable>(forWriting: Bool,
                                        _ body: @escaping @Sendable (Handle) throws -> T) async throws -> T {
        try await runCancellable(writes: forWriting) { _ in try self.withHandle(forWriting: forWriting, body) }
    }

    // MARK: Transactions

    /// Calls `body` again and again in a transaction until it sets `stop`, as `run(pausableTransaction:)`
    /// does (WCDB 2.x), off Swift's cooperative thread pool. Cancelling the awaiting Task stops the
    /// statement in progress, rolls back the current segment and throws `CancellationError`; the segments
    /// committed before it (to let another writer go) stay.
    /// - Throws: `CancellationError`; `WCDBError`, as `run(pausableTransaction:)`; or what `body` throws.
    public func run(pausableTransaction body: @escaping @Sendable (_ handle: Handle, _ stop: inout Bool,
                                                                     _ isNewTransaction: Bool) throws -> Void) async throws {
        try await runCancellable(writes: true) { _ in try self.run(pausableTransaction: body) }
    }

    // MARK: Closing, files, Transaction objects

    /// Closes the database and runs `onClosed` while it is closed, as `close(onClosed:)` does, returning
    /// its result, off Swift's cooperative thread pool. A cancelled Task's call does not start (it throws
    /// `CancellationError`); once started it runs to its end.
    /// - Throws: `CancellationError`; `WCDBError` with `SQLITE_BUSY` when operations still run after the
    ///   busy timeout (nothing is closed), or what `onClosed` throws.
    public func close<T: Sendable>(onClosed: @escaping @Sendable () throws -> T) async throws -> T {
        try await runOffPoolUnlessCancelled { _ in try self.close(onClosed: onClosed) }
    }

    /// Closes the database, as `close()` does: a refusal is not thrown but reaches the error tracers.
    /// Runs off Swift's cooperative thread pool, also for a cancelled Task (it has no way to say so).
    public func close() async {
        _ = try? await runOffPool { self.close() }
    }

    /// A `Transaction` object with a handle of its own, as `getTransaction()` makes it, off Swift's
    /// cooperative thread pool. A cancelled Task's call does not start.
    /// - Throws: `CancellationError`; `WCDBError`, as `getTransaction()`.
    public func getTransaction() async throws -> Transaction {
        try await runOffPoolUnlessCancelled { _ in try self.getTransaction() }
    }

    /// Closes the database and deletes its files, as `removeFiles()` does, off Swift's cooperative thread
    /// pool. A cancelled Task's call does not start; once started it runs to its end.
    /// - Throws: `CancellationError`; `WCDBError`, as `removeFiles()`.
    public func removeFiles() async throws {
        try await runOffPoolUnlessCancelled { _ in try self.removeFiles() }
    }

    /// Closes the database and moves its files into `directory`, as `moveFiles(toDirectory:)` does, off
    /// Swift's cooperative thread pool. A cancelled Task's call does not start; once started it runs to
    /// its end.
    /// - Throws: `CancellationError`; `WCDBError`, as `moveFiles(toDirectory:)`.
    public func moveFiles(toDirectory directory: String) async throws {
        try await runOffPoolUnlessCancelled { _ in try self.moveFiles(toDirectory: directory) }
    }
}

extension Transaction {
    /// Runs `body` on this object's handle, as `withHandle(forWriting:_:)` does, and returns its result,
    /// off Swift's cooperative thread pool; cancelling the awaiting Task stops the statement in progress.
    /// - Throws: `CancellationError`; `WCDBError`, as `withHandle(forWriting:_:)`; or what `body` throws.
    public func withHandle<T: Sendable>(forWriting: Bool,
                                        _ body: @escaping @Sendable (Handle) throws -> T) async throws -> T {
        try await runCancellable(writes: forWriting) { _ in try self.withHandle(forWriting: forWriting, body) }
    }
}
