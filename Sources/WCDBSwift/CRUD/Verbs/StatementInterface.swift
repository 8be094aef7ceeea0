/// The core layer with WINQ statements (Swift guide 2.2.5): `exec` and `prepare` take any `Statement`.
extension HandleProvider {
    /// Runs a WINQ statement, as `exec(_:)` runs SQL; takes the write token unless it is a `SELECT`. Its
    /// values are bound, not printed into the SQL (`description` prints them, for people).
    /// - Throws: `WCDBError` with SQLite's error, `SQLITE_BUSY` when the write token is not free in time, or
    ///   a construct the running engine cannot run, named with its version.
    public func exec(_ statement: Statement) throws {
        try withHandle(forWriting: !Database.isReadOnly(statement)) { handle in
            try handle.addingMissingColumns(for: statement) { try handle.execRendered(statement) }
        }
    }
}

extension Database {
    /// Prepares a WINQ statement as a `CoreStatement` that holds a handle of this database (and the
    /// write token, for a statement that writes) until finalized. Its values are bound; a statement that
    /// holds `BindParameter` placeholders of your own is prepared with its values printed in instead, and
    /// you bind yours with `CoreStatement.bind(_:toIndex:)`.
    /// - Throws: `WCDBError` with SQLite's error (a missing table, a syntax error), or a construct this
    ///   engine cannot run, named.
    public func prepare(_ statement: Statement) throws -> CoreStatement { try CoreStatement(core: core, addingColumnsTo: statement) }
}

extension Transaction {
    /// Prepares a WINQ statement on this object's handle as a `CoreStatement` that holds it until
    /// finalized; its values are bound (see `Database.prepare(_:)`).
    /// - Throws: `WCDBError` with SQLite's error (a missing table, a syntax error).
    public func prepare(_ statement: Statement) throws -> CoreStatement {
        try withHandle(forWriting: false) { _ in try CoreStatement(core: core, addingColumnsTo: statement) }
    }
}
