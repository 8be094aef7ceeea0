/// `CREATE [TEMP] TABLE [IF NOT EXISTS] [schema.]table(column-defs…, table-constraints…)
/// [WITHOUT ROWID]` or `… AS SELECT …`.
public final class StatementCreateTable: Statement {
    private var table = ""
    private var schema: String?
    private var isTemp = false
    private var isIfNotExists = false
    private var columns: [ColumnDefinition] = []
    private var constraints: [TableConstraintClause] = []
    private var isWithoutRowid = false
    private var select: SelectNode?

    /// An empty statement; name the table with `create(table:isTemp:)`, then add columns or a query.
    public init() {}

    /// The table it creates when that is a table of the main database (what rewriters are told of).
    var mainTable: String? {
        isTemp || !(schema == nil || schema?.lowercased() == "main") || table.isEmpty ? nil : table
    }

    /// `CREATE [TEMP] TABLE table …`
    @discardableResult
    public func create(table: String, isTemp: Bool = false) -> StatementCreateTable {
        self.table = table
        self.isTemp = isTemp
        return self
    }

    /// `CREATE TEMP TABLE …`: a table private to the connection, dropped when it closes.
    /// SQLite refuses a schema other than `temp` with it.
    @discardableResult
    public func temp() -> StatementCreateTable {
        isTemp = true
        return self
    }

    /// `… TABLE IF NOT EXISTS …`: nothing happens when a table of that name exists, whatever its columns.
    @discardableResult
    public func ifNotExists() -> StatementCreateTable {
        isIfNotExists = true
        return self
    }

    /// Qualifies the table: `schema.table`.
    @discardableResult
    public func of(schema: String) -> StatementCreateTable {
        self.schema = schema
        return self
    }

    /// Appends column definitions.
    @discardableResult
    public func with(columns: ColumnDef...) -> StatementCreateTable { with(columns: columns) }

    /// Appends column definitions from an array, as they are now.
    @discardableResult
    public func with(columns: [ColumnDef]) -> StatementCreateTable {
        self.columns += columns.map(\.definition)
        return self
    }

    /// Appends table constraints, printed after the columns.
    @discardableResult
    public func constraint(_ constraints: TableConstraint...) -> StatementCreateTable { constraint(constraints) }

    /// Appends table constraints from an array, as they are now.
    @discardableResult
    public func constraint(_ constraints: [TableConstraint]) -> StatementCreateTable {
        self.constraints += constraints.map(\.clause)
        return self
    }

    /// `… WITHOUT ROWID`: the table is stored by its PRIMARY KEY, which it must have.
    @discardableResult
    public func withoutRowid() -> StatementCreateTable {
        isWithoutRowid = true
        return self
    }

    /// `CREATE TABLE t AS SELECT …`, the query as it is now.
    @discardableResult
    public func `as`(_ select: StatementSelect) -> StatementCreateTable {
        self.select = select.node
        return self
    }

    /// The statement's SQL; CHECK and DEFAULT values are printed as literals.
    /// With `as(_:)` set, columns, constraints and WITHOUT ROWID are left out.
    public var description: String { SQLRenderer.inlined { render(into: &$0) } }
}

extension StatementCreateTable: RenderedStatement {
    func render(into renderer: inout SQLRenderer) {
        renderer.write("CREATE " + (isTemp ? "TEMP " : "") + "TABLE " + (isIfNotExists ? "IF NOT EXISTS " : ""))
        renderer.write(table: TableName(name: table, schema: schema))
        if let select {
            renderer.write(" AS ")
            return select.render(into: &renderer)
        }
        renderer.write("(")
        for (index, column) in columns.enumerated() {
            if index > 0 { renderer.write(", ") }
            column.render(into: &renderer)
        }
        for (index, constraint) in constraints.enumerated() {
            if index > 0 || !columns.isEmpty { renderer.write(", ") }
            constraint.render(into: &renderer)
        }
        renderer.write(")")
        if isWithoutRowid { renderer.write(" WITHOUT ROWID") }
    }
}
