/// `delete(fromTable:where:orderBy:limit:offset:)` (Swift guide 1.3.2). Our SQLCipher is built with
/// `SQLITE_ENABLE_UPDATE_DELETE_LIMIT`, so ORDER BY and LIMIT work on DELETE and UPDATE.
extension HandleRepresentable {
    public func delete(fromTable table: String, where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                       limit: Limit? = nil, offset: Offset? = nil) throws {
        _ = try delete(fromTable: table, ClauseTail(condition: condition, orderBy: orderList, limit: limit, offset: offset))
    }

    /// Runs the delete with the clauses' literals lifted into bound values; returns the rows deleted.
    func delete(fromTable table: String, _ clauses: ClauseTail) throws -> Int {
        let statement = StatementDelete().delete(fromTable: table)
        let (tail, arguments) = clauses.liftingLiterals()
        tail.apply(to: statement)
        return try withHandle(forWriting: true) { handle in
            try StatementSource.byText(statement.description, arguments: arguments).withStatement(on: handle) { statement in
                _ = try statement.step()
                return handle.changes
            }
        }
    }
}
