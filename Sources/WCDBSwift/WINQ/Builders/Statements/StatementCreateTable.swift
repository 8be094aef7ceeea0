/// `CREATE [TEMP] TABLE [IF NOT EXISTS] [schema.]table(column-defs…, table-constraints…)
/// [WITHOUT ROWID]` or `… AS SELECT …`.
public final class StatementCreateTable: Statement {
    private var table = ""
    private var schema: String?
    private var isTemp = false
    private var isIfNotExists = false
    private var columns: [ColumnDef] = []
    private var constraints: [TableConstraint] = []
    private var isWithoutRowid = false
    private var select: String?

    /// An empty statement; name the table with `create(table:isTemp:)`, then add columns or a query.
    public init() {}

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

    /// Appends column definitions from an array.
    @discardableResult
    public func with(columns: [ColumnDef]) -> StatementCreateTable {
        self.columns += columns
        return self
    }

    /// Appends table constraints, printed after the columns.
    @discardableResult
    public func constraint(_ constraints: TableConstraint...) -> StatementCreateTable { constraint(constraints) }

    /// Appends table constraints from an array.
    @discardableResult
    public func constraint(_ constraints: [TableConstraint]) -> StatementCreateTable {
        self.constraints += constraints
        return self
    }

    /// `… WITHOUT ROWID`: the table is stored by its PRIMARY KEY, which it must have.
    @discardableResult
    public func withoutRowid() -> StatementCreateTable {
        isWithoutRowid = true
        return self
    }

    /// `CREATE TABLE t AS SELECT …`
    @discardableResult
    public func `as`(_ select: StatementSelect) -> StatementCreateTable {
        self.select = select.description
        return self
    }

    /// The statement's SQL; CHECK and DEFAULT values are printed as literals.
    /// With `as(_:)` set, columns, constraints and WITHOUT ROWID are left out.
    public var description: String {
        var sql = "CREATE " + (isTemp ? "TEMP " : "") + "TABLE " + (isIfNotExists ? "IF NOT EXISTS " : "")
        sql += SQLIdentifier.qualified(table, schema: schema)
        if let select { return sql + " AS " + select }
        sql += "(" + (columns.map(\.description) + constraints.map(\.description)).commaJoined() + ")"
        if isWithoutRowid { sql += " WITHOUT ROWID" }
        return sql
    }
}
