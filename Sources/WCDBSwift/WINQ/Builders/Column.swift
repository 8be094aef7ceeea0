/// A column name, optionally qualified by table and schema: `Column(named: "a").in(table: "t")`
/// prints `t.a`. `Column.all` is `*`.
public struct Column: Sendable, CustomStringConvertible, ExpressionOperable, ColumnConvertible {
    /// The column's name, unquoted (`*` for `Column.all`).
    public let name: String
    /// The table that qualifies the column, set by `in(table:)`.
    public private(set) var tableName: String?
    /// The schema that qualifies the table, set by `of(schema:)`; printed only with a table name.
    public private(set) var schemaName: String?
    /// `*` is not a name: it must never be quoted.
    let isAll: Bool
    /// The model whose binding declares the column (a model property's column; see `ColumnName.model`).
    var model: Any.Type?

    /// The column `name`, printed bare when it is a plain word and not a keyword, quoted otherwise.
    public init(named name: String) {
        self.name = name
        self.isAll = false
    }

    private init(all: ()) {
        name = "*"
        isAll = true
    }

    /// `*`, as in `SELECT *` and `count(*)`.
    public static let all = Column(all: ())
    /// `rowid`, the implicit integer key of a rowid table (a column declared `rowid` shadows it).
    public static let rowid = Column(named: "rowid")

    /// This column qualified by a table: `table.column`.
    public func `in`(table: String) -> Column {
        var copy = self
        copy.tableName = table
        return copy
    }

    /// This column qualified by a schema too: `schema.table.column`. The schema is printed only with a
    /// table (`in(table:)`): a column alone cannot name a schema.
    public func of(schema: String) -> Column {
        var copy = self
        copy.schemaName = schema
        return copy
    }

    /// The bare name, as in column lists (INSERT, UPDATE SET, column definitions).
    var nameDescription: String { isAll ? "*" : SQLIdentifier.quote(name) }

    /// The column as the syntax tree holds it.
    var columnName: ColumnName {
        isAll ? ColumnName(name: "*", table: tableName, schema: schemaName, isAll: true)
            : ColumnName(name: name, table: tableName, schema: schemaName, model: model)
    }

    /// The column as SQL: `name`, `table.name` or `schema.table.name`, each part quoted if needed.
    public var description: String { SQLRenderer.inlined { $0.write(column: columnName) } }

    /// The column itself.
    public func asColumn() -> Column { self }
    /// The column as an expression: its (qualified) name.
    public func asExpression() -> Expression { Expression(.column(columnName)) }
}
