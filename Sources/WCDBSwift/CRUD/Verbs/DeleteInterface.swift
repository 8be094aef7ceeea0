/// `delete(fromTable:where:orderBy:limit:offset:)` (Swift guide 1.3.2). Our SQLCipher is built with
/// `SQLITE_ENABLE_UPDATE_DELETE_LIMIT`, so ORDER BY and LIMIT work on DELETE and UPDATE.
extension HandleProvider {
    /// Deletes the rows of `table` that match `condition` (every row when nil), in `orderList` order, at
    /// most `limit` from `offset`. Comparing with nil means IS NULL: `where: x == nil` deletes rows whose x is NULL.
    public func delete(fromTable table: String, where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                       limit: Limit? = nil, offset: Offset? = nil) throws {
        _ = try delete(fromTable: table, ClauseTail(condition: condition, orderBy: orderList, limit: limit, offset: offset))
    }

    /// Deletes the rows of `table` that match a WINQ expression (`where: Row.Properties.id == k`).
    ///
    /// The same delete as the form taking any `Condition`, without ORDER BY, LIMIT or OFFSET: this one
    /// takes the `Expression` that WINQ's operators return as it is, and a loop of calls finds its
    /// prepared statement by the condition's node, rendering no SQL.
    /// - Throws: `WCDBError` — SQLite's error (a missing table, a foreign key), `SQLITE_BUSY` when the
    ///   write token is not free within the busy timeout.
    @inlinable
    public func delete(fromTable table: String, where condition: Expression) throws {
        if condition.hasOwnParameters {
            _ = try delete(fromTable: table, ClauseTail(condition: condition, orderBy: nil, limit: nil, offset: nil))
            return
        }
        _ = try withHandle(forWriting: true) { handle in try KeyedDelete.run(table: table, condition: condition, on: handle) }
    }

    /// The one definition of the delete verb (one-line, Table, chain call): runs with the clauses'
    /// values bound; returns the rows deleted.
    @usableFromInline
    func delete(fromTable table: String, _ clauses: ClauseTail) throws -> Int {
        if clauses.orderBy?.isEmpty ?? true, clauses.limit == nil, clauses.offset == nil,
           let condition = clauses.condition?.asExpression(), !condition.hasOwnParameters {
            return try withHandle(forWriting: true) { handle in try KeyedDelete.run(table: table, condition: condition, on: handle) }
        }
        return try withHandle(forWriting: true) { handle in
            try StatementSource.tree(clauses.delete(from: table)).withStatement(on: handle) { statement in
                _ = try statement.step()
                return handle.changes
            }
        }
    }
}
