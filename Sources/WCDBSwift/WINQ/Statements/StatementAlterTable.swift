/// `ALTER TABLE [schema.]table RENAME TO new | ADD COLUMN def | RENAME COLUMN a TO b`.
/// (RENAME COLUMN is SQLite 3.25+: modelled, rejected by our 3.15.2 engine.)
public final class StatementAlterTable: Statement {
    private var table = ""
    private var schema: String?
    private var action = ""

    public init() {}

    @discardableResult
    public func alter(table: String) -> StatementAlterTable {
        self.table = table
        return self
    }

    @discardableResult public func of(schema: String) -> StatementAlterTable { self.schema = schema; return self }

    @discardableResult
    public func rename(to newName: String) -> StatementAlterTable {
        action = "RENAME TO " + SQLIdentifier.quote(newName)
        return self
    }

    @discardableResult
    public func addColumn(with columnDef: ColumnDef) -> StatementAlterTable {
        action = "ADD COLUMN " + columnDef.description
        return self
    }

    @discardableResult
    public func rename(column: ColumnConvertible, to newColumn: ColumnConvertible) -> StatementAlterTable {
        action = "RENAME COLUMN " + column.asColumn().nameDescription + " TO " + newColumn.asColumn().nameDescription
        return self
    }

    public var description: String {
        "ALTER TABLE " + SQLIdentifier.qualified(table, schema: schema) + " " + action
    }
}
