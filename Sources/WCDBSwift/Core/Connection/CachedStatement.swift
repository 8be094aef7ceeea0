/// One statement of a handle's `StatementCache`, with its key and what its callers bind by.
///
/// A class: the cache's front entry is read on every row-by-row call, and reading a reference copies one
/// word. Immutable, so a caller holding it for a call reads its fields without the cache.
@usableFromInline
final class CachedStatement {
    @usableFromInline let key: StatementKey
    @usableFromInline let statement: HandleStatement
    /// The condition node of the call that prepared it, held so its identity can't be reused: a loop that
    /// passes the same node again (`id == k` is one node for every `k`) is found by identity, even a node
    /// that isn't shared.
    @usableFromInline let condition: ExpressionNode?
    /// For a model read, its property count (rows map to properties one to one); for a one-object insert,
    /// the parameter of its auto-increment key (0: none).
    @usableFromInline let propertyCount: Int
    /// For an update, the SET properties in parameter order.
    @usableFromInline let setIndexes: [Int]

    init(key: StatementKey, statement: HandleStatement, condition: ExpressionNode? = nil, propertyCount: Int = 0,
         setIndexes: [Int] = []) {
        self.key = key
        self.statement = statement
        self.condition = condition
        self.propertyCount = propertyCount
        self.setIndexes = setIndexes
    }

    /// Runs `body` on the statement without a retain of its own: the statement is an immutable field of
    /// this entry, which the caller keeps alive for the length of the call.
    @inlinable @inline(__always)
    func withStatement<T>(_ body: (HandleStatement) throws -> T) rethrows -> T {
        try withExtendedLifetime(self) {
            try Unmanaged.passUnretained(statement)._withUnsafeGuaranteedRef(body)
        }
    }

    /// Whether this is the statement of a model's call with these parts, compared in place (no key is
    /// built, nothing is hashed): the check a loop of row-by-row calls makes first.
    @inlinable
    func matches(model: ObjectIdentifier, table: String, operation: StatementKey.Operation, condition: ExpressionNode?,
                 properties: PropertyIndexes?) -> Bool {
        key.model == model && self.condition === condition && key.operation == operation && key.table == table
            && key.properties == properties
    }
}

extension Handle {
    /// The cache's front entry, made ready for new bindings, when it is this call's statement; nil
    /// otherwise (then `cachedStatement(for:)` looks the key up).
    @inlinable
    func frontStatement(model: ObjectIdentifier, table: String, operation: StatementKey.Operation,
                        condition: ExpressionNode?, properties: PropertyIndexes?) -> CachedStatement? {
        guard let entry = statements.front,
              entry.matches(model: model, table: table, operation: operation, condition: condition, properties: properties),
              entry.withStatement({ reuseStatement($0) }) else { return nil }
        return entry
    }
}
