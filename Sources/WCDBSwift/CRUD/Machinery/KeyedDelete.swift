/// The row-by-row delete WCDB users write, `delete(fromTable: t, where: Row.Properties.id == k)`:
/// `DELETE FROM t WHERE (id = ?)` and nothing more.
///
/// Its statement is found in the handle's cache by the table and the condition's node (`(id = ?)` is one
/// node for every `k`; a delete has no model, so the key's model is this type), so a loop of calls
/// renders nothing. Functions, not a value built per call (see `KeyedRead`).
@usableFromInline
enum KeyedDelete {
    /// Deletes the rows of `table` matching `condition` (which must hold no bind parameters of the
    /// caller's own) and returns how many went.
    @inlinable
    static func run(table: String, condition: Expression, on handle: Handle) throws -> Int {
        let entry = try handle.frontStatement(model: ObjectIdentifier(KeyedDelete.self), table: table, operation: .deleteWhere,
                                              condition: condition.node, properties: nil)
            ?? preparedEntry(table: table, condition: condition, on: handle)
        try entry.withStatement { statement in
            defer { statement.reset() }
            statement.bind(condition: condition, from: 1)
            _ = try statement.step()
        }
        return handle.changes
    }

    /// The slow half of `run`: the statement found by its key, or prepared, on `handle`.
    @usableFromInline
    static func preparedEntry(table: String, condition: Expression, on handle: Handle) throws -> CachedStatement {
        let key = StatementKey(.deleteWhere, model: ObjectIdentifier(KeyedDelete.self), table: table, condition: condition.node)
        return try handle.modelStatement(for: key, condition: condition.node) {
            ClauseTail(condition: condition, orderBy: nil, limit: nil, offset: nil).delete(from: table)
        }
    }
}
