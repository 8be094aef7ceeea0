/// WCDB 2.x's separate transaction calls on a handle (`handle.begin()`, `commit()`, `rollback()`), which
/// `Database`'s own forward to: a `begin()` inside a running transaction opens a savepoint of it, and
/// each `commit()` or `rollback()` ends the innermost `begin()`.
extension Handle {
    /// Begins a transaction (`BEGIN IMMEDIATE`) on this handle, or, inside a running one, a savepoint
    /// of it.
    /// - Throws: `WCDBError` — `SQLITE_BUSY` when the write lock does not free up within the busy timeout.
    public func begin() throws {
        if isInTransaction {
            let name = "wcdb_begin_\(explicitLevels.count + 1)"
            try exec("SAVEPOINT \(name)")
            explicitLevels.append(.savepoint(name))
        } else {
            // Levels of a transaction that ended another way (SQLite's own rollback after an error, a
            // closure's commit) no longer exist.
            explicitLevels.removeAll()
            try TransactionRunner.begin(self)
            explicitLevels.append(.transaction)
        }
    }

    /// Commits the transaction the innermost `begin()` opened, or keeps its savepoint's changes for the
    /// outer transaction.
    /// - Throws: `WCDBError` — no `begin()` to end (`.interface`), SQLite already rolled the transaction
    ///   back after an error in it (`SQLITE_ABORT`), a failed `COMMIT` (then rolled back).
    public func commit() throws {
        switch try popExplicitLevel(operation: "commit") {
        case .transaction: try TransactionRunner.commit(self)
        case .savepoint(let name): try TransactionRunner.releaseSavepoint(name, on: self)
        }
    }

    /// Rolls back the transaction the innermost `begin()` opened, or undoes only its savepoint's changes.
    /// - Throws: `WCDBError` — no `begin()` to end (`.interface`), a failed `ROLLBACK`.
    public func rollback() throws {
        switch try popExplicitLevel(operation: "rollback") {
        case .transaction: try TransactionRunner.rollback(self)
        case .savepoint(let name): TransactionRunner.undoSavepoint(name, on: self)
        }
    }

    private func popExplicitLevel(operation: String) throws -> ExplicitTransactionLevel {
        guard let level = explicitLevels.popLast() else {
            throw reportError(WCDBError(level: .interface, message: "No transaction begun with begin() to \(operation)",
                                        path: path, tag: tag, operation: operation))
        }
        return level
    }
}
