/// `delete(fromTable:where:orderBy:limit:offset:)` (Swift guide 1.3.2). Our SQLCipher is built with
/// `SQLITE_ENABLE_UPDATE_DELETE_LIMIT`, so ORDER BY and LIMIT work on DELETE and UPDATE.
extension HandleRepresentable {
    public func delete(fromTable table: String, where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                       limit: Limit? = nil, offset: Offset? = nil) throws {
        let statement = StatementDelete().delete(fromTable: table)
        let (tail, arguments) = ClauseTail(condition: condition, orderBy: orderList, limit: limit, offset: offset).liftingLiterals()
        tail.apply(to: statement)
        try withHandle(forWriting: true) { handle in
            try StatementSource.byText(statement.description, arguments: arguments).withStatement(on: handle) { statement in
                _ = try statement.step()
            }
        }
    }
}
