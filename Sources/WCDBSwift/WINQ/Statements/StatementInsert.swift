/// `INSERT [OR action] INTO table(columns) VALUES(…), (…) | SELECT … | DEFAULT VALUES [upsert]`.
public final class StatementInsert: Statement {
    private var withClause = WithClause()
    private var conflict: ConflictAction?
    private var isReplace = false
    private var table = ""
    private var schema: String?
    private var alias: String?
    private var columns: [String] = []
    private var rows: [[Expression]] = []
    private var select: String?
    private var isDefaultValues = false
    private var upsertClause: Upsert?
    private var returningColumns: [String] = []

    /// An empty statement; name the table with `insert(orReplace:intoTable:with:)` or `replace(intoTable:with:)`.
    public init() {}

    /// `WITH [RECURSIVE] cte, …` before the INSERT; appends expressions, the last call sets RECURSIVE.
    @discardableResult
    public func with(recursive: Bool = false, _ expressions: CommonTableExpression...) -> StatementInsert {
        withClause.recursive = recursive
        withClause.expressions += expressions
        return self
    }

    /// `INSERT INTO table(columns…)`; `orReplace` prints `INSERT OR REPLACE`.
    @discardableResult
    public func insert(orReplace: Bool = false, intoTable table: String, with columns: ColumnConvertible...) -> StatementInsert {
        insert(orReplace: orReplace, intoTable: table, with: columns)
    }

    /// `INSERT [OR REPLACE] INTO table(columns…)` from an array of columns.
    @discardableResult
    public func insert(orReplace: Bool = false, intoTable table: String, with columns: [ColumnConvertible]) -> StatementInsert {
        self.table = table
        if orReplace { conflict = .replace }
        return self.columns(columns)
    }

    /// `REPLACE INTO …` (SQLite's alias of INSERT OR REPLACE).
    @discardableResult
    public func replace(intoTable table: String, with columns: ColumnConvertible...) -> StatementInsert {
        isReplace = true
        self.table = table
        return self.columns(columns)
    }

    /// Qualifies the table: `schema.table`.
    @discardableResult
    public func of(schema: String) -> StatementInsert {
        self.schema = schema
        return self
    }

    /// `INSERT INTO table AS alias` (SQLite 3.24+, for UPSERT).
    @discardableResult
    public func `as`(_ alias: String) -> StatementInsert {
        self.alias = alias
        return self
    }

    /// `INSERT OR action`
    @discardableResult
    public func onConflict(_ action: ConflictAction?) -> StatementInsert {
        conflict = action
        return self
    }

    /// Appends to the column list `table(columns…)`; without one, a row gives every column in order.
    @discardableResult
    public func columns(_ columns: ColumnConvertible...) -> StatementInsert { self.columns(columns) }

    /// Appends to the column list `table(columns…)` from an array.
    @discardableResult
    public func columns(_ columns: [ColumnConvertible]) -> StatementInsert {
        self.columns += columns.map { $0.asColumn().nameDescription }
        return self
    }

    /// One row of values; call again (or pass `values(rows:)`) for several rows.
    @discardableResult
    public func values(_ row: ExpressionConvertible...) -> StatementInsert { values(row) }

    /// Adds one row `(a, b, …)` to `VALUES` from an array; values are printed as literals.
    @discardableResult
    public func values(_ row: [ExpressionConvertible]) -> StatementInsert {
        rows.append(row.map { $0.asExpression() })
        return self
    }

    /// Adds several rows to `VALUES`: `VALUES (…), (…)`.
    @discardableResult
    public func values(rows: [[ExpressionConvertible]]) -> StatementInsert {
        for row in rows { values(row) }
        return self
    }

    /// `INSERT … SELECT …`
    @discardableResult
    public func values(_ select: StatementSelect) -> StatementInsert {
        self.select = select.description
        return self
    }

    /// `DEFAULT VALUES`: one row of every column's default; takes the place of VALUES rows (a query wins).
    @discardableResult
    public func defaultValues() -> StatementInsert {
        isDefaultValues = true
        return self
    }

    /// `ON CONFLICT … DO …` (SQLite 3.24+; our 3.15.2 engine rejects it).
    @discardableResult
    public func upsert(_ upsert: Upsert) -> StatementInsert {
        upsertClause = upsert
        return self
    }

    /// `RETURNING …` (SQLite 3.35+; our 3.15.2 engine rejects it).
    @discardableResult
    public func returning(_ columns: ColumnResultConvertible...) -> StatementInsert {
        returningColumns += columns.map { $0.asColumnResult().description }
        return self
    }

    /// The statement's SQL, values printed as literals.
    public var description: String {
        var sql = withClause.prefix
        if isReplace {
            sql += "REPLACE"
        } else {
            sql += "INSERT" + (conflict.map { " OR " + $0.rawValue } ?? "")
        }
        sql += " INTO " + SQLIdentifier.qualified(table, schema: schema)
        if let alias { sql += " AS " + SQLIdentifier.quote(alias) }
        if !columns.isEmpty { sql += "(" + columns.commaJoined() + ")" }
        if let select {
            sql += " " + select
        } else if isDefaultValues {
            sql += " DEFAULT VALUES"
        } else {
            sql += " VALUES" + rows.map { "(" + $0.map(\.description).commaJoined() + ")" }.commaJoined()
        }
        if let upsertClause { sql += " " + upsertClause.description }
        if !returningColumns.isEmpty { sql += " RETURNING " + returningColumns.commaJoined() }
        return sql
    }
}
