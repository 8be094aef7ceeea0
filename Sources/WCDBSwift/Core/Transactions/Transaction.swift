import CSQLCipher
import Foundation

/// A handle of one database, reserved for this object until it goes away, on which transactions can be
/// begun, run, committed and rolled back from any thread, one call at a time.
///
/// While `run(transaction:)` (or a `begin()` ... `commit()`) is running, operations of the calling thread
/// on any Database of the same path run on this object's handle too.
public final class Transaction: HandleRepresentable, @unchecked Sendable {
    // Sendable because `beganPin`, the call bookkeeping and every use of the handle are guarded by `lock`
    // (a recursive lock, so that `body` may call back into this object); the lease's fields change only
    // under the core's lock.
    let core: DatabaseCore
    private let lock = NSRecursiveLock()
    private let lease: HandleLease
    private var handle: Handle { lease.handle }
    private var beganPin: Pin?
    /// Nesting of calls on this object, and the performance tracer of the outermost one (guarded by `lock`).
    private var callDepth = 0
    private var performanceTracer: PerformanceTracer?

    init(core: DatabaseCore) throws {
        self.core = core
        self.lease = try core.leaseHandle()
    }

    deinit {
        core.beginCall(on: lease)
        if handle.isInTransaction { TransactionRunner.rollbackAfterFailure(handle) }
        if let beganPin { core.leave(beganPin) }
        core.endCall(on: lease)
        core.endLease(lease)
    }

    /// The absolute path of the database file.
    public var path: String { core.path }
    /// The tag of the database, shared by every object of its path.
    public var tag: Int? { core.tag }

    /// Whether a transaction is open on this object's handle.
    public var isInTransaction: Bool {
        lock.lock()
        defer { lock.unlock() }
        core.beginCall(on: lease)  // keeps close() from closing the handle under the read
        defer { core.endCall(on: lease) }
        return handle.isInTransaction
    }

    /// Runs `body` on this object's handle and returns its result. With `forWriting`, the database's
    /// write token is taken first, unless this object's transaction holds it. Calls on one object run one
    /// at a time: a call from another thread waits for the running one; `body` may call this object again.
    /// - Throws: `WCDBError` — `SQLITE_BUSY` when the write token does not free up within the busy
    ///   timeout, `SQLITE_MISUSE` when this thread holds it itself, or what `body` throws.
    public func withHandle<T>(forWriting: Bool, _ body: (Handle) throws -> T) throws -> T {
        try call {
            let pin = try core.enter(forWriting: forWriting, lease: lease)
            defer { core.leave(pin) }
            return try reportingErrors { try body(handle) }
        }
    }

    /// One call on this object. Calls run one at a time (`lock` is recursive, so `body` may call this
    /// object again); the outermost one reports its performance when it ends.
    private func call<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        startOperation()
        defer { endOperation() }
        return try body()
    }

    /// Performance: one report per outermost call, or per transaction (from begin to commit/rollback).
    private func startOperation() {
        core.beginCall(on: lease)
        callDepth += 1
        if callDepth == 1 && !handle.isInTransaction {
            performanceTracer = core.refreshTrace(of: handle)
            if performanceTracer != nil { handle.performanceWindow.open() }
        }
    }

    private func endOperation() {
        defer { core.endCall(on: lease) }
        callDepth -= 1
        if callDepth == 0 { handle.resetUsedStatements() }
        if callDepth == 0 && !handle.isInTransaction, let tracer = performanceTracer {
            performanceTracer = nil
            let (sqls, nanoseconds) = handle.performanceWindow.close()
            if !sqls.isEmpty { tracer(core.tag, sqls, nanoseconds) }
        }
    }

    // MARK: Transactions

    /// Begins a transaction (`BEGIN IMMEDIATE`) on this object's handle, holding the database's write
    /// token until `commit()` or `rollback()`, which may come from any thread. Until then, operations of
    /// the thread that called `begin()` on this database run on this object's handle.
    /// - Throws: `WCDBError` — a transaction already open on this object, `SQLITE_BUSY` when the write
    ///   token or the file lock is not free within the busy timeout, `SQLITE_MISUSE` when this thread
    ///   holds the write token itself (inside another transaction of the same database).
    public func begin() throws {
        try call {
            if handle.isInTransaction { throw TransactionRunner.nestedError(handle, operation: "begin") }
            let pin = try core.enter(forWriting: false, lease: lease)
            do {
                try core.acquireWriteToken(for: lease)
            } catch {
                core.leave(pin)
                throw error
            }
            do {
                try TransactionRunner.begin(handle)
            } catch {
                core.releaseWriteToken(for: lease)
                core.leave(pin)
                throw error
            }
            beganPin = pin
        }
    }

    /// Commits the transaction open on this object and releases the write token, also when it fails.
    /// - Throws: `WCDBError` — no `begin()` on this object (`.interface`); SQLite already rolled the
    ///   transaction back after an error in it (`SQLITE_ABORT`, as `Database.commit()` says it); a failed
    ///   `COMMIT` (the transaction is then rolled back).
    public func commit() throws {
        try call {
            defer { end() }
            guard beganPin != nil || handle.isInTransaction else {
                throw reportError(WCDBError(level: .interface, message: "No transaction to commit", path: path, tag: tag,
                                            operation: "commit"))
            }
            try TransactionRunner.commit(handle)
        }
    }

    /// Rolls back the transaction open on this object, if any, and releases the write token.
    /// - Throws: `WCDBError` when `ROLLBACK` fails.
    public func rollback() throws {
        try call {
            defer { end() }
            try TransactionRunner.rollback(handle)
        }
    }

    private func end() {
        core.releaseWriteToken(for: lease)
        if let pin = beganPin {
            beganPin = nil
            core.leave(pin)
        }
    }

    /// Runs `body` in a transaction on this object's handle: commits when it returns true, rolls back
    /// when it returns false, rolls back and rethrows when it throws. Inside the transaction open on this
    /// object it is a savepoint of it (WCDB 2.x): true keeps its changes for the outer transaction, false
    /// or an error undoes only its own.
    /// - Throws: `WCDBError`, as `run(transaction:)`, or what `body` throws.
    @available(*, noasync, message: "blocks the calling thread; in async code use the async form (try await …), which runs off the cooperative pool and stops when the Task is cancelled")
    public func run(controllableTransaction body: () throws -> Bool) throws {
        try call {  // the body runs inside this object's call: its thread is known to the core
            if handle.isInTransaction {
                return try withHandle(forWriting: true) { handle in
                    try TransactionRunner.run(on: handle, body)
                }
            }
            try begin()
            let shouldCommit: Bool
            do {
                shouldCommit = try body()
            } catch {
                try? rollback()
                throw error
            }
            if shouldCommit { try commit() } else { try rollback() }
        }
    }

    /// Runs `body` as a savepoint of the transaction open on this object, or in a transaction of its
    /// own when none is. A savepoint commits or rolls back with the outer transaction; an error thrown by
    /// `body` undoes `body`'s own changes and is rethrown.
    @available(*, noasync, message: "blocks the calling thread; in async code use the async form (try await …), which runs off the cooperative pool and stops when the Task is cancelled")
    public func run(embeddedTransaction body: () throws -> Void) throws {
        try run(controllableTransaction: {
            try body()
            return true
        })
    }
}
