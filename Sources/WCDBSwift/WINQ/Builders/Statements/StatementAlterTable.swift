/// `ALTER TABLE [schema.]table RENAME TO new | ADD COLUMN def | RENAME COLUMN a TO b`.
/// (RENAME COLUMN is SQLite 3.25+: modelled, rejected by our 3.15.2 engine.)
public final class StatementAlterTable: Statement {
    private var table = ""
    private var schema: String?
    private var action = ""

    /// An empty statement; name the table with `alter(table:)`, then choose one action.
    public init() {}

    /// `ALTER TABLE table …`
    @discardableResult
    public func alter(table: String) -> StatementAlterTable {
        self.table = table
        return self
    }

    /// Qualifies the table: `ALTER TABLE schema.table …`.
    @discardableResult public func of(schema: String) -> StatementAlterTable { self.schema = schema; return self }

    /// `… RENAME TO newName`; replaces an earlier action.
    @discardableResult
    public func rename(to newName: String) -> StatementAlterTable {
        action = "RENAME TO " + SQLIdentifier.quote(newName)
        return self
    }

    /// `… ADD COLUMN column-def`; replaces an earlier action.
    /// SQLite refuses a PRIMARY KEY or UNIQUE column here, and a NOT NULL one without a non-NULL default.
    @discardableResult
    public func addColumn(with columnDef: ColumnDef) -> StatementAlterTable {
        action = "ADD COLUMN " + columnDef.description
        return self
    }

    /// `… RENAME COLUMN a TO b`; replaces an earlier action. SQLite 3.15.2 rejects it (3.25+).
    @discardableResult
    public func rename(column: ColumnConvertible, to newColumn: ColumnConvertible) -> StatementAlterTable {
        action = "RENAME COLUMN " + column.asColumn().nameDescription + " TO " + newColumn.asColumn().nameDescription
        return self
    }

    /// The statement's SQL.
    public var description: String {
        "ALTER TABLE " + SQLIdentifier.qualified(table, schema: schema) + " " + action
    }
}
