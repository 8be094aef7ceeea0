/// `ALTER TABLE [schema.]table RENAME TO new | ADD COLUMN def | RENAME COLUMN a TO b | DROP COLUMN c`.
/// (RENAME COLUMN, SQLite 3.25+, is WCDB 2.x's builder among the compatibility names; it and DROP COLUMN,
/// SQLite 3.35+, are refused by name on an engine without them.)
public final class StatementAlterTable: Statement {
    private var table = ""
    private var schema: String?
    /// What the statement changes.
    enum Action {
        case renameTable(String)
        case addColumn(ColumnDefinition)
        case renameColumn(ColumnName, ColumnName)
        case dropColumn(ColumnName)
    }

    var action: Action?

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
        action = .renameTable(newName)
        return self
    }

    /// `… ADD COLUMN column-def`, the definition as it is now; replaces an earlier action.
    /// SQLite refuses a PRIMARY KEY or UNIQUE column here, and a NOT NULL one without a non-NULL default.
    @discardableResult
    public func addColumn(with columnDef: ColumnDef) -> StatementAlterTable {
        action = .addColumn(columnDef.definition)
        return self
    }

    /// `… DROP COLUMN column` (SQLite 3.35+); replaces an earlier action. SQLite refuses to drop a column
    /// that a key, an index, a view, a trigger or a constraint uses.
    @discardableResult
    public func dropColumn(_ column: ColumnConvertible) -> StatementAlterTable {
        action = .dropColumn(column.asColumn().columnName)
        return self
    }

    /// The statement's SQL.
    public var description: String { SQLRenderer.inlined { render(into: &$0) } }

    /// The table it alters when that is a table of the main database (what rewriters are told of).
    var mainTable: String? { schema == nil || schema?.lowercased() == "main" ? table : nil }
}

extension StatementAlterTable: RenderedStatement {
    func render(into renderer: inout SQLRenderer) {
        renderer.write("ALTER TABLE ")
        renderer.write(table: TableName(name: table, schema: schema))
        switch action {
        case .renameTable(let newName)?:
            renderer.write(" RENAME TO ")
            renderer.write(identifier: newName)
        case .addColumn(let definition)?:
            renderer.write(" ADD COLUMN ")
            definition.render(into: &renderer)
        case .renameColumn(let column, let newColumn)?:
            renderer.note(.renameColumn)
            renderer.write(" RENAME COLUMN ")
            renderer.write(names: [column])
            renderer.write(" TO ")
            renderer.write(names: [newColumn])
        case .dropColumn(let column)?:
            renderer.note(.dropColumn)
            renderer.write(" DROP COLUMN ")
            renderer.write(names: [column])
        case nil: renderer.write(" ")
        }
    }
}
