// WCDB Swift 2.x's builders of clauses that newer SQLite has and SQLite 3.15.2 lacks. They run where
// the engine has them; elsewhere a statement holding one prints, and preparing it throws a `WCDBError`
// that names the construct and the engine's version. (UPSERT, window functions and frames: `Upsert.swift`,
// `WindowDef.swift`, `FrameSpec.swift`.)

extension StatementAlterTable {
    /// `… RENAME COLUMN a TO b` (SQLite 3.25+); replaces an earlier action. Refused by name on an older engine.
    @discardableResult
    public func rename(column: ColumnConvertible, to newColumn: ColumnConvertible) -> StatementAlterTable {
        action = .renameColumn(column.asColumn().columnName, newColumn.asColumn().columnName)
        return self
    }
}

extension StatementInsert {
    /// `INSERT INTO table AS alias` (SQLite 3.24+, for UPSERT). Refused by name on an older engine.
    @discardableResult
    public func `as`(_ alias: String) -> StatementInsert {
        node.alias = alias
        return self
    }
}

extension QualifiedTable {
    /// Aliases this table `… AS alias`, the name UPDATE's or DELETE's clauses refer to the table by
    /// (newer SQLite), and returns it. Refused by name on an older engine.
    @discardableResult
    public func `as`(_ alias: String) -> QualifiedTable { step { $0.alias = alias } }
}
