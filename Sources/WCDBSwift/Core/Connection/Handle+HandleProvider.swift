/// A handle runs the one-line verbs on itself (WCDB 2.x: `handle.insert`, `handle.getObjects`,
/// `handle.getRows`…): inside `run(transaction: { handle in … })` or `withHandle`, they take part in
/// whatever the handle is doing, and their statements stay in its cache.
extension Handle: HandleProvider {
    /// Runs `body` on this handle (`forWriting` changes nothing: the handle writes when its operation
    /// may, and SQLite says so when it may not).
    public func withHandle<T>(forWriting: Bool, _ body: (Handle) throws -> T) throws -> T {
        try body(self)
    }

    /// Runs `body` as a savepoint of the transaction this handle is in, or as a transaction of its own.
    public func run(embeddedTransaction body: () throws -> Void) throws {
        try TransactionRunner.runEmbedded(on: self, body)
    }

    /// Runs `body` in a transaction on this handle that commits only when `body` returns true; inside a
    /// transaction of this handle, as a savepoint of it (true keeps its changes for the outer
    /// transaction, false or an error undoes only its own).
    /// - Throws: `WCDBError`, or what `body` throws.
    public func run(controllableTransaction body: () throws -> Bool) throws {
        try TransactionRunner.run(on: self, body)
    }
}
