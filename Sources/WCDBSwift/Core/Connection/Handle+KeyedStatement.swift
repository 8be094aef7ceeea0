/// The statement of the last row-by-row call on this handle, found again without the model's binding.
///
/// A loop of `getObject(fromTable: t, where: Row.Properties.id == k)` asks each time for the statement of
/// one (model, table, operation, condition shape); this slot answers with a few comparisons, before the
/// binding's locked cache and the handle's cache by id. The shape is held here, so its identity can't be
/// reused by another shape while the slot names it. A handle belongs to one thread at a time, so the slot
/// needs no lock. A class: the slot is read on every call, and reading a reference copies one word.
@usableFromInline
final class KeyedStatementSlot {
    @usableFromInline let model: ObjectIdentifier
    @usableFromInline let table: String
    /// The operation, as the binding cache numbers them (`BindingStatementKey.Operation`).
    @usableFromInline let operation: UInt8
    @usableFromInline let shape: ExpressionNode?
    @usableFromInline let propertyIndexes: PropertyIndexes?
    @usableFromInline let statement: HandleStatement
    /// The model's property count (reads), or the SET properties in parameter order (updates).
    @usableFromInline let propertyCount: Int
    @usableFromInline let setIndexes: [Int]

    @usableFromInline
    init(model: ObjectIdentifier, table: String, operation: UInt8, shape: ExpressionNode?,
         propertyIndexes: PropertyIndexes?, statement: HandleStatement, propertyCount: Int, setIndexes: [Int]) {
        self.model = model
        self.table = table
        self.operation = operation
        self.shape = shape
        self.propertyIndexes = propertyIndexes
        self.statement = statement
        self.propertyCount = propertyCount
        self.setIndexes = setIndexes
    }

    /// Runs `body` on the slot's statement without a retain of its own: the statement is an immutable
    /// field of this slot, which is kept alive for the length of the call.
    @inlinable @inline(__always)
    func withStatement<T>(_ body: (HandleStatement) throws -> T) rethrows -> T {
        try withExtendedLifetime(self) {
            try Unmanaged.passUnretained(statement)._withUnsafeGuaranteedRef(body)
        }
    }

    @inlinable
    func matches(model: ObjectIdentifier, table: String, operation: UInt8, shape: ExpressionNode?,
                 propertyIndexes: PropertyIndexes?) -> Bool {
        self.model == model && self.shape === shape && self.operation == operation && self.table == table
            && self.propertyIndexes == propertyIndexes
    }
}

extension Handle {
    /// The slot's statement, made ready for new bindings, when the slot names this call; nil otherwise
    /// (or when the statement was evicted or finalized since).
    @inlinable
    func keyedStatement(model: ObjectIdentifier, table: String, operation: UInt8,
                        shape: ExpressionNode?, propertyIndexes: PropertyIndexes?) -> KeyedStatementSlot? {
        guard let slot = lastKeyed,
              slot.matches(model: model, table: table, operation: operation, shape: shape, propertyIndexes: propertyIndexes),
              slot.withStatement({ reuseStatement($0) }) else { return nil }
        return slot
    }
}
