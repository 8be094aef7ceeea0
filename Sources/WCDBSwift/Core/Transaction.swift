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

    public var path: String { core.path }
    public var tag: Int? { core.tag }

    /// Whether a transaction is open on this object's handle.
    public var isInTransaction: Bool {
        lock.lock()
        defer { lock.unlock() }
        core.beginCall(on: lease)  // keeps close() from closing the handle under the read
        defer { core.endCall(on: lease) }
        return handle.isInTransaction
    }

    public func withHandle<T>(forWriting: Bool, _ body: (Handle) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        startOperation()
        defer { endOperation() }
        let pin = try core.enter(forWriting: forWriting, lease: lease)
        defer { core.leave(pin) }
        return try reportingErrors { try body(handle) }
    }

    /// Performance: one report per outermost call, or per transaction (from begin to commit/rollback).
    private func startOperation() {
        core.beginCall(on: lease)
        callDepth += 1
        if callDepth == 1 && !handle.isInTransaction {
            performanceTracer = core.refreshTrace(of: handle)
            if performanceTracer != nil {
                handle.performanceSQLs.removeAll(keepingCapacity: true)
                handle.performanceStart = monotonicNanoseconds()
            }
        }
    }

    private func endOperation() {
        defer { core.endCall(on: lease) }
        callDepth -= 1
        if callDepth == 0 { handle.resetUsedStatements() }
        if callDepth == 0 && !handle.isInTransaction, let tracer = performanceTracer {
            performanceTracer = nil
            let sqls = handle.performanceSQLs
            handle.performanceSQLs.removeAll(keepingCapacity: true)
            if !sqls.isEmpty {
                tracer(core.tag, sqls, monotonicNanoseconds() &- handle.performanceStart)
            }
        }
    }

    public func exec(_ sql: String) throws {
        try withHandle(forWriting: !Database.isReadOnlySQL(sql)) { try $0.exec(sql) }
    }

    // MARK: Transactions

    public func begin() throws {
        lock.lock()
        defer { lock.unlock() }
        startOperation()
        defer { endOperation() }
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

    public func commit() throws {
        lock.lock()
        defer { lock.unlock() }
        startOperation()
        defer { endOperation() }
        defer { end() }
        guard handle.isInTransaction else {
            throw reportError(WCDBError(level: .interface, message: "No transaction to commit", path: path, tag: tag,
                                        operation: "commit"))
        }
        try TransactionRunner.commit(handle)
    }

    public func rollback() throws {
        lock.lock()
        defer { lock.unlock() }
        startOperation()
        defer { endOperation() }
        defer { end() }
        try TransactionRunner.rollback(handle)
    }

    private func end() {
        core.releaseWriteToken(for: lease)
        if let pin = beganPin {
            beganPin = nil
            core.leave(pin)
        }
    }

    public func run(transaction body: () throws -> Void) throws {
        try run(controllableTransaction: {
            try body()
            return true
        })
    }

    public func run(controllableTransaction body: () throws -> Bool) throws {
        lock.lock()
        defer { lock.unlock() }
        startOperation()  // the body runs inside this object's call: its thread is known to the core
        defer { endOperation() }
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

    public func run(embeddedTransaction body: () throws -> Void) throws {
        lock.lock()
        defer { lock.unlock() }
        startOperation()
        defer { endOperation() }
        if handle.isInTransaction {
            try withHandle(forWriting: true) { handle in
                try TransactionRunner.runEmbedded(on: handle, body)
            }
        } else {
            try run(transaction: body)
        }
    }
}
