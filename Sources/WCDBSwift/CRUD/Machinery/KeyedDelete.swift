/// The row-by-row delete WCDB users write, `delete(fromTable: t, where: Row.Properties.id == k)`:
/// `DELETE FROM t WHERE (id = ?)` and nothing more.
///
/// The statement is kept in the handle's slot for the last row-by-row call (a delete has no model:
/// the slot's model is this type), found by the table and the condition's node (`(id = ?)` is one node
/// for every `k`), so a loop of calls renders nothing; another call renders the tree once and finds its
/// statement in the handle's text cache. Functions, not a value built per call (see `KeyedRead`).
@usableFromInline
enum KeyedDelete {
    /// Deletes the rows of `table` matching `condition` (which must hold no bind parameters of the
    /// caller's own) and returns how many went.
    @inlinable
    static func run(table: String, condition: Expression, on handle: Handle) throws -> Int {
        let model = ObjectIdentifier(KeyedDelete.self)
        let operation = BindingStatementKey.Operation.deleteWhere.rawValue
        let statement: HandleStatement
        if let slot = handle.keyedStatement(model: model, table: table, operation: operation, shape: condition.node,
                                            propertyIndexes: nil) {
            statement = slot.statement
        } else {
            statement = try prepared(table: table, condition: condition, on: handle)
            handle.lastKeyed = KeyedStatementSlot(model: model, table: table, operation: operation, shape: condition.node,
                                                  propertyIndexes: nil, statement: statement, propertyCount: 0, setIndexes: [])
        }
        defer { statement.reset() }
        statement.bind(condition.boundValues, from: 1)
        _ = try statement.step()
        return handle.changes
    }

    @usableFromInline
    static func prepared(table: String, condition: Expression, on handle: Handle) throws -> HandleStatement {
        let tail = ClauseTail(condition: condition, orderBy: nil, limit: nil, offset: nil)
        let node = tail.delete(from: table)
        return try handle.addingMissingColumns(for: node) { try handle.cachedStatement(for: node).0 }
    }
}
