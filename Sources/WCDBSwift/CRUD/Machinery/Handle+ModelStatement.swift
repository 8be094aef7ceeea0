extension Handle {
    /// The statement of a model's verb, found by its structure: the entry cached under `key`, else
    /// `node()` rendered through the database's rewriters, prepared (adding the columns the table misses)
    /// and cached. Its value slots are left for the caller, which binds every one per call.
    ///
    /// `condition` is the call's condition node (found again by identity, see `CachedStatement`);
    /// `propertyCount` and `setIndexes` are kept with the entry for the verb that reads them.
    @usableFromInline
    func modelStatement(for key: StatementKey, condition: ExpressionNode? = nil, propertyCount: Int = 0,
                        setIndexes: [Int] = [], node: () -> StatementNode) throws -> CachedStatement {
        if let entry = cachedStatement(for: key) { return entry }
        let tree = node()
        let statement = try addingMissingColumns(for: tree) { try prepareStatement(try rendering(of: tree)) }
        return cache(statement, as: key, condition: condition, propertyCount: propertyCount, setIndexes: setIndexes)
    }
}
