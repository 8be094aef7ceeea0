/// The core layer with WINQ statements (Swift guide 2.2.5): `exec` and `prepare` take any `Statement`.
extension Database {
    /// Runs a WINQ statement, as `exec(_:)` runs SQL; takes the write token unless it is one `SELECT`
    /// or `EXPLAIN`. It runs as printed: the statement's values are written into the SQL text as
    /// literals (its `description`), not bound.
    /// - Throws: `WCDBError` with SQLite's error, or `SQLITE_BUSY` when the write token is not free in time.
    public func exec(_ statement: Statement) throws { try exec(statement.description) }
    /// Prepares a WINQ statement as a `CoreStatement` that holds a handle of this database (and the
    /// write token, for a statement that writes) until finalized. It is prepared as printed: the
    /// statement's values are written into the SQL text as literals (its `description`), not bound.
    /// To bind values, write `BindParameter` placeholders and use `CoreStatement.bind(_:toIndex:)`.
    /// - Throws: `WCDBError` with SQLite's error (a missing table, a syntax error).
    public func prepare(_ statement: Statement) throws -> CoreStatement { try prepare(statement.description) }
}

extension Transaction {
    /// Runs a WINQ statement on this object's handle, as `exec(_:)` runs SQL. It runs as printed: the
    /// statement's values are written into the SQL text as literals (its `description`), not bound.
    /// - Throws: `WCDBError` with SQLite's error, or the write token's (see `withHandle(forWriting:_:)`).
    public func exec(_ statement: Statement) throws { try exec(statement.description) }
    /// Prepares a WINQ statement on this object's handle as a `CoreStatement` that holds it until
    /// finalized. It is prepared as printed: the statement's values are written into the SQL text as
    /// literals (its `description`), not bound.
    /// - Throws: `WCDBError` with SQLite's error (a missing table, a syntax error).
    public func prepare(_ statement: Statement) throws -> CoreStatement { try prepare(statement.description) }
}
