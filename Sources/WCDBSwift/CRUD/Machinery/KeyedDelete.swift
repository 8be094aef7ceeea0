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
        let slot = try handle.keyedStatement(model: ObjectIdentifier(KeyedDelete.self), table: table,
                                             operation: BindingStatementKey.Operation.deleteWhere.rawValue,
                                             shape: condition.node, propertyIndexes: nil)
            ?? preparedSlot(table: table, condition: condition, on: handle)
        try slot.withStatement { statement in
            defer { statement.reset() }
            statement.bind(condition: condition, from: 1)
            _ = try statement.step()
        }
        return handle.changes
    }

    /// The slow half of `run`: the rendered statement from the handle's text cache, in the handle's slot.
    @usableFromInline
    static func preparedSlot(table: String, condition: Expression, on handle: Handle) throws -> KeyedStatementSlot {
        let tail = ClauseTail(condition: condition, orderBy: nil, limit: nil, offset: nil)
        let node = tail.delete(from: table)
        let statement = try handle.addingMissingColumns(for: node) { try handle.cachedStatement(for: node).0 }
        let slot = KeyedStatementSlot(model: ObjectIdentifier(KeyedDelete.self), table: table,
                                      operation: BindingStatementKey.Operation.deleteWhere.rawValue, shape: condition.node,
                                      propertyIndexes: nil, statement: statement, propertyCount: 0, setIndexes: [])
        handle.lastKeyed = slot
        return slot
    }
}
