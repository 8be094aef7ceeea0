/// The core layer with WINQ statements (Swift guide 2.2.5): `exec` and `prepare` take any `Statement`.
extension Database {
    public func exec(_ statement: Statement) throws { try exec(statement.description) }
    public func prepare(_ statement: Statement) throws -> CoreStatement { try prepare(statement.description) }
}

extension Transaction {
    public func exec(_ statement: Statement) throws { try exec(statement.description) }
    public func prepare(_ statement: Statement) throws -> CoreStatement { try prepare(statement.description) }
}
