/// `delete(fromTable:where:orderBy:limit:offset:)` (Swift guide 1.3.2). Our SQLCipher is built with
/// `SQLITE_ENABLE_UPDATE_DELETE_LIMIT`, so ORDER BY and LIMIT work on DELETE and UPDATE.
extension HandleRepresentable {
    /// Deletes the rows of `table` that match `condition` (every row when nil), in `orderList` order, at
    /// most `limit` from `offset`. Comparing with nil means IS NULL: `where: x == nil` deletes rows whose x is NULL.
    public func delete(fromTable table: String, where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                       limit: Limit? = nil, offset: Offset? = nil) throws {
        _ = try delete(fromTable: table, ClauseTail(condition: condition, orderBy: orderList, limit: limit, offset: offset))
    }

    /// The one definition of the delete verb (one-line, Table, chain call): runs with the clauses'
    /// values bound; returns the rows deleted.
    func delete(fromTable table: String, _ clauses: ClauseTail) throws -> Int {
        try withHandle(forWriting: true) { handle in
            try StatementSource.tree(clauses.delete(from: table)).withStatement(on: handle) { statement in
                _ = try statement.step()
                return handle.changes
            }
        }
    }
}
