/// `INSERT [OR action] INTO table(columns) VALUES(…), (…) | SELECT … | DEFAULT VALUES [upsert]`.
public final class StatementInsert: Statement {
    /// The statement's syntax tree, which the builder methods below change.
    var node = InsertNode()

    /// An empty statement; name the table with `insert(orReplace:intoTable:with:)` or `replace(intoTable:with:)`.
    public init() {}

    /// `WITH [RECURSIVE] cte, …` before the INSERT; appends expressions (each as it is now), the last call sets RECURSIVE.
    @discardableResult
    public func with(recursive: Bool = false, _ expressions: CommonTableExpression...) -> StatementInsert {
        node.with.recursive = recursive
        node.with.expressions += expressions.map(\.frozen)
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
        node.table.name = table
        if orReplace { node.conflict = .replace }
        return self.columns(columns)
    }

    /// `REPLACE INTO …` (SQLite's alias of INSERT OR REPLACE).
    @discardableResult
    public func replace(intoTable table: String, with columns: ColumnConvertible...) -> StatementInsert {
        node.isReplace = true
        node.table.name = table
        return self.columns(columns)
    }

    /// Qualifies the table: `schema.table`.
    @discardableResult
    public func of(schema: String) -> StatementInsert {
        node.table.schema = schema
        return self
    }

    /// `INSERT OR action`
    @discardableResult
    public func onConflict(_ action: ConflictAction?) -> StatementInsert {
        node.conflict = action
        return self
    }

    /// Appends to the column list `table(columns…)`; without one, a row gives every column in order.
    @discardableResult
    public func columns(_ columns: ColumnConvertible...) -> StatementInsert { self.columns(columns) }

    /// Appends to the column list `table(columns…)` from an array.
    @discardableResult
    public func columns(_ columns: [ColumnConvertible]) -> StatementInsert {
        node.columns += columns.map { $0.asColumn().columnName }
        return self
    }

    /// One row of values; call again (or pass `values(rows:)`) for several rows.
    @discardableResult
    public func values(_ row: ExpressionConvertible...) -> StatementInsert { values(row) }

    /// Adds one row `(a, b, …)` to `VALUES` from an array; values are printed as literals.
    @discardableResult
    public func values(_ row: [ExpressionConvertible]) -> StatementInsert {
        node.rows.append(row.map { $0.asExpression() })
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
        node.select = select.node
        return self
    }

    /// `RETURNING columns` (SQLite 3.35+): the statement yields a row per row it writes, read with
    /// `getRows(from:)` and the other reads of a statement. Appends to earlier columns. An engine without
    /// RETURNING refuses the statement by name when it is prepared; so does a table that compression or
    /// data migration rewrites.
    @discardableResult
    public func returning(_ columns: ColumnResultConvertible...) -> StatementInsert {
        node.returning += columns.map { $0.asColumnResult() }
        return self
    }

    /// `DEFAULT VALUES`: one row of every column's default; takes the place of VALUES rows (a query wins).
    @discardableResult
    public func defaultValues() -> StatementInsert {
        node.isDefaultValues = true
        return self
    }

    /// The statement's SQL, values printed as literals (see `Statement`).
    public var description: String { SQLRenderer.inlined { node.render(into: &$0) } }
}

extension StatementInsert: SyntaxStatement {
    var statementNode: StatementNode { .insert(node) }
}
