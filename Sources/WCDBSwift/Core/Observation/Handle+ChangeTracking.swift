import CSQLCipher

extension Handle {
    /// Installs the change hooks on this handle's connection, just opened.
    func trackChanges() {
        guard let db = rawPointer else { return }
        let tracker = changeTracker ?? ChangeTracker()
        changeTracker = tracker
        tracker.install(on: db)
    }

    /// Puts the change tracker's authorizer back after a feature that set its own (none when the handle
    /// does not track changes).
    func restoreAuthorizer() {
        guard let db = rawPointer else { return }
        if let changeTracker {
            changeTracker.installAuthorizer(on: db)
        } else {
            sqlite3_set_authorizer(db, nil, nil)
        }
    }

    /// Publishes what this handle outside the pool committed (see `publishesOwnCommits`).
    @usableFromInline
    func publishOwnCommits() {
        core?.publishCommits(of: self)
    }

    /// The SQL of the statements the running operation used (each once), for an observed fetch's region.
    func statementsUsedInOperation() -> [String] {
        statements.usedSQL()
    }
}

extension DatabaseCore {
    /// Tells the observations what `handle` committed, once the operation that holds it ends outside a
    /// transaction: the commit is then visible to every reader.
    func publishCommits(of handle: Handle) {
        guard let tracker = handle.changeTracker, tracker.hasCommitted, !handle.isInTransaction else { return }
        if observations.isObserved {
            observations.publish(tables: tracker.committed, changedRows: tracker.committedRows,
                                 changedSchema: tracker.committedSchema)
        }
        tracker.clearCommitted()
    }
}
