/// WCDB Swift 2.x's transaction interface: the separate `begin()`/`commit()`/`rollback()` calls, and
/// the closure types of `run(transaction:)`, `run(controllableTransaction:)` and
/// `run(pausableTransaction:)` (`TransactionInterface.PausableTransactionClosure`). `Database`,
/// `Transaction` and `Handle` conform.
public protocol TransactionInterface {
    /// The body of `run(transaction:)`: it receives the transaction's handle.
    typealias TransactionClosure = (Handle) throws -> Void
    /// The body of `run(controllableTransaction:)`: true commits, false rolls back.
    typealias ControlableTransactionClosure = (Handle) throws -> Bool
    /// The body of `run(pausableTransaction:)`: the handle, a flag to set when done, and whether this
    /// call starts a new transaction.
    typealias PausableTransactionClosure = (Handle, inout Bool, Bool) throws -> Void

    /// Begins a transaction on the calling thread.
    func begin() throws
    /// Commits the transaction the calling thread began.
    func commit() throws
    /// Rolls back the transaction the calling thread began.
    func rollback() throws
    /// Whether the calling thread is inside a transaction of this database.
    var isInTransaction: Bool { get }
}

extension Database: TransactionInterface {}
extension Transaction: TransactionInterface {}
extension Handle: TransactionInterface {}
