import CSQLCipher
import Foundation

/// Transaction primitives over one handle, shared by Database and Transaction.
enum TransactionRunner {
    static func nestedError(_ handle: Handle, operation: String) -> WCDBError {
        reportError(WCDBError(level: .interface, message:
            "A transaction is already running on this handle; nest with run(embeddedTransaction:) instead",
            path: handle.path, tag: handle.tag, operation: operation))
    }

    static func begin(_ handle: Handle) throws {
        try handle.exec("BEGIN IMMEDIATE")
    }

    static func commit(_ handle: Handle) throws {
        guard handle.isInTransaction else {
            // SQLite ends a transaction by itself after some errors (SQLITE_FULL, IOERR, NOMEM, BUSY and
            // INTERRUPT of a write): the work is gone, and COMMIT would only say "no transaction is active".
            throw reportError(WCDBError(level: .core, code: SQLITE_ABORT, extendedCode: SQLITE_ABORT, message:
                "SQLite rolled the transaction back after an earlier error in it; nothing was committed",
                sql: "COMMIT", path: handle.path, tag: handle.tag, operation: "commit"))
        }
        do {
            try handle.exec("COMMIT")
        } catch {
            rollbackAfterFailure(handle)
            throw error
        }
    }

    /// Begins a read transaction (`BEGIN DEFERRED`): its first read fixes the snapshot every later read
    /// of it sees, and it takes no write lock.
    static func beginRead(_ handle: Handle) throws {
        try handle.exec("BEGIN DEFERRED")
    }

    /// Rolls back the running transaction, if any; a failure is thrown (and reported). It runs also after
    /// a cancellation signal attached to the handle fired (that is what undoes the cancelled work).
    static func rollback(_ handle: Handle) throws {
        if handle.isInTransaction {
            try handle.ignoringCancellation { try handle.exec("ROLLBACK") }
        }
    }

    /// Rolls back after an error that the caller goes on to throw: a failing ROLLBACK is reported to the
    /// error tracers (`Handle.exec` reports every failure) rather than hiding the first error.
    static func rollbackAfterFailure(_ handle: Handle) {
        do {
            try rollback(handle)
        } catch {
            // Already reported by `exec`; the original error is the one the caller throws.
        }
    }

    /// Runs `body` in a transaction: commits when it returns true, rolls back when it returns false or
    /// throws. Inside a running transaction it is a savepoint of it (as WCDB 2.x nests a controllable
    /// transaction): true keeps its changes for the outer transaction, false or an error undoes only its own.
    static func run(on handle: Handle, _ body: () throws -> Bool) throws {
        if handle.isInTransaction { return try runSavepoint(on: handle, body) }
        try begin(handle)
        let shouldCommit: Bool
        do {
            shouldCommit = try body()
        } catch {
            rollbackAfterFailure(handle)
            throw error
        }
        if shouldCommit {
            try commit(handle)
        } else {
            try rollback(handle)
        }
    }

    /// Runs `body` as a savepoint of the running transaction, or as a transaction of its own.
    static func runEmbedded(on handle: Handle, _ body: () throws -> Void) throws {
        try run(on: handle) {
            try body()
            return true
        }
    }

    private static func runSavepoint(on handle: Handle, _ body: () throws -> Bool) throws {
        let savepoint = SavepointLevel(entering: handle)
        try handle.exec("SAVEPOINT \(savepoint.name)")
        let keep: Bool
        do {
            keep = try body()
        } catch {
            undoSavepoint(savepoint.name, on: handle)
            throw error
        }
        if keep {
            try releaseSavepoint(savepoint.name, on: handle)
        } else {
            undoSavepoint(savepoint.name, on: handle)
        }
    }

    /// Keeps a savepoint's changes in the running transaction.
    static func releaseSavepoint(_ name: String, on handle: Handle) throws {
        try handle.exec("RELEASE \(name)")
    }

    /// Undoes a savepoint's changes and ends it; the outer transaction goes on. Nothing to undo when
    /// SQLite already ended the whole transaction after an error.
    static func undoSavepoint(_ name: String, on handle: Handle) {
        guard handle.isInTransaction else { return }
        handle.ignoringCancellation {
            try? handle.exec("ROLLBACK TO \(name)")
            try? handle.exec("RELEASE \(name)")
        }
    }
}

extension Database {
    /// Runs `body` in a transaction that commits only when `body` returns true, rolls back when it
    /// returns false or throws. Inside another transaction of this thread it is a savepoint of it, as in
    /// WCDB 2.x: true keeps its changes for the outer transaction, false or an error undoes only its own.
    @available(*, noasync, message: "blocks the calling thread; in async code use the async form (try await …), which runs off the cooperative pool and stops when the Task is cancelled")
    public func run(controllableTransaction body: () throws -> Bool) throws {
        try core.withPin(forWriting: true) { pin in
            try TransactionRunner.run(on: pin.handle, body)
        }
    }

    /// Runs `body` in a transaction, or when one is already running on this thread, inside it (as a
    /// savepoint): it then commits or rolls back with the outer transaction; an error thrown by `body`
    /// undoes `body`'s own changes and is rethrown.
    @available(*, noasync, message: "blocks the calling thread; in async code use the async form (try await …), which runs off the cooperative pool and stops when the Task is cancelled")
    public func run(embeddedTransaction body: () throws -> Void) throws {
        try core.withPin(forWriting: true) { pin in
            try TransactionRunner.runEmbedded(on: pin.handle, body)
        }
    }

    /// Begins a transaction pinned to the calling thread; end it on the same thread with `commit()` or
    /// `rollback()`. Inside another transaction of this thread (a `run(transaction:)` closure or an
    /// earlier `begin()`) it begins a savepoint of it instead, as in WCDB 2.x: the matching `commit()`
    /// keeps its changes for the outer transaction, `rollback()` undoes only them.
    public func begin() throws {
        let pin = try core.enter(forWriting: true)
        do {
            try pin.handle.begin()
        } catch {
            core.leave(pin)
            throw error
        }
        pin.explicitBegins += 1
    }

    /// Commits the transaction (or keeps the savepoint) the last `begin()` of this thread opened.
    public func commit() throws {
        let pin = try explicitPin(operation: "commit")
        pin.explicitBegins -= 1
        defer { core.leave(pin) }
        try pin.handle.commit()
    }

    /// Rolls back the transaction (or undoes the savepoint) the last `begin()` of this thread opened.
    public func rollback() throws {
        let pin = try explicitPin(operation: "rollback")
        pin.explicitBegins -= 1
        defer { core.leave(pin) }
        try pin.handle.rollback()
    }

    private func explicitPin(operation: String) throws -> Pin {
        guard let pin = core.currentPin(), pin.explicitBegins > 0 else {
            throw reportError(WCDBError(level: .interface, message: "No transaction begun with begin() on this thread",
                                        path: path, tag: tag, operation: operation))
        }
        return pin
    }

    /// Whether a transaction of this database is running on the calling thread.
    public var isInTransaction: Bool {
        core.currentPin()?.handle.isInTransaction ?? false
    }

    /// A Transaction object holding its own handle, usable from any thread (one call at a time).
    public func getTransaction() throws -> Transaction {
        try Transaction(core: core)
    }
}
