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

    public init() {}

    @discardableResult
    public func create(table: String, isTemp: Bool = false) -> StatementCreateTable {
        self.table = table
        self.isTemp = isTemp
        return self
    }

    @discardableResult
    public func temp() -> StatementCreateTable {
        isTemp = true
        return self
    }

    @discardableResult
    public func ifNotExists() -> StatementCreateTable {
        isIfNotExists = true
        return self
    }

    @discardableResult
    public func of(schema: String) -> StatementCreateTable {
        self.schema = schema
        return self
    }

    @discardableResult
    public func with(columns: ColumnDef...) -> StatementCreateTable { with(columns: columns) }

    @discardableResult
    public func with(columns: [ColumnDef]) -> StatementCreateTable {
        self.columns += columns
        return self
    }

    @discardableResult
    public func constraint(_ constraints: TableConstraint...) -> StatementCreateTable { constraint(constraints) }

    @discardableResult
    public func constraint(_ constraints: [TableConstraint]) -> StatementCreateTable {
        self.constraints += constraints
        return self
    }

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

    public var description: String {
        var sql = "CREATE " + (isTemp ? "TEMP " : "") + "TABLE " + (isIfNotExists ? "IF NOT EXISTS " : "")
        sql += SQLIdentifier.qualified(table, schema: schema)
        if let select { return sql + " AS " + select }
        sql += "(" + (columns.map(\.description) + constraints.map(\.description)).commaJoined() + ")"
        if isWithoutRowid { sql += " WITHOUT ROWID" }
        return sql
    }
}
