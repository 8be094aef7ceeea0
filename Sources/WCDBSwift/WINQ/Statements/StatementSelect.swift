/// `SELECT` with compound parts, WITH, ORDER BY and LIMIT.
///
/// Builder methods mutate and return `self`, so both chained and statement-by-statement styles work.
/// `union()` / `unionAll()` / `intersect()` / `except()` start the next core; `select`, `from`,
/// `where`, `group(by:)`, `having` and `values` configure the current core, `order(by:)` and
/// `limit` the whole statement.
public final class StatementSelect: Statement {
    private struct Core {
        var distinct = false
        var columns: [String] = []
        var tables: [String] = []
        var condition: Expression?
        var groups: [Expression] = []
        var having: Expression?
        var values: [[Expression]] = []

        /// The core's SQL, each expression printed by `emit` in text order.
        func render(_ emit: (Expression) -> String) -> String {
            if !values.isEmpty {
                return "VALUES" + values.map { "(" + $0.map(emit).commaJoined() + ")" }.commaJoined()
            }
            var sql = "SELECT " + (distinct ? "DISTINCT " : "") + columns.commaJoined()
            if !tables.isEmpty { sql += " FROM " + tables.commaJoined() }
            if let condition { sql += " WHERE " + emit(condition) }
            if !groups.isEmpty { sql += " GROUP BY " + groups.map(emit).commaJoined() }
            if let having { sql += " HAVING " + emit(having) }
            return sql
        }

        /// Whether text this core holds as printed (result columns, tables) may hold bind parameters.
        var mayHoldParameters: Bool {
            columns.contains(where: BoundValue.mayHoldParameters) || tables.contains(where: BoundValue.mayHoldParameters)
        }
    }

    private var withClause = WithClause()
    private var cores = [Core()]
    private var compoundOperators: [String] = []
    private var tail = OrderLimitClause()

    /// An empty statement; start with `select(distinct:_:)`.
    public init() {}

    private func current(_ change: (inout Core) -> Void) -> StatementSelect {
        change(&cores[cores.count - 1])
        return self
    }

    /// `WITH [RECURSIVE] cte, …` before the SELECT; appends expressions, the last call sets RECURSIVE.
    @discardableResult
    public func with(recursive: Bool = false, _ expressions: CommonTableExpression...) -> StatementSelect {
        withClause.recursive = recursive
        withClause.expressions += expressions
        return self
    }

    /// Appends result columns to the current core; `distinct` prints `SELECT DISTINCT` (the last call's value wins).
    @discardableResult
    public func select(distinct: Bool = false, _ columns: ColumnResultConvertible...) -> StatementSelect {
        select(distinct: distinct, columns)
    }

    /// Appends result columns to the current core from an array; the last call's `distinct` wins.
    @discardableResult
    public func select(distinct: Bool = false, _ columns: [ColumnResultConvertible]) -> StatementSelect {
        current {
            $0.distinct = distinct
            $0.columns += columns.map { $0.asColumnResult().description }
        }
    }

    /// Appends to the current core's `FROM`: tables, subqueries or joins, separated by commas (a cross join).
    @discardableResult
    public func from(_ tables: TableOrSubqueryConvertible...) -> StatementSelect { from(tables) }

    /// Appends to the current core's `FROM` from an array.
    @discardableResult
    public func from(_ tables: [TableOrSubqueryConvertible]) -> StatementSelect {
        current { $0.tables += tables.map { $0.asTableOrSubquery().description } }
    }

    /// `WHERE condition` of the current core; replaces an earlier condition.
    @discardableResult
    public func `where`(_ condition: ExpressionConvertible) -> StatementSelect {
        current { $0.condition = condition.asExpression() }
    }

    /// Appends `GROUP BY` expressions to the current core.
    @discardableResult
    public func group(by expressions: ExpressionConvertible...) -> StatementSelect { group(by: expressions) }

    /// Appends `GROUP BY` expressions to the current core from an array.
    @discardableResult
    public func group(by expressions: [ExpressionConvertible]) -> StatementSelect {
        current { $0.groups += expressions.map { $0.asExpression() } }
    }

    /// `HAVING condition` of the current core, filtering groups; replaces an earlier one.
    @discardableResult
    public func having(_ condition: ExpressionConvertible) -> StatementSelect {
        current { $0.having = condition.asExpression() }
    }

    /// A `VALUES(…)` row as this core (each call adds a row).
    @discardableResult
    public func values(_ row: ExpressionConvertible...) -> StatementSelect {
        current { $0.values.append(row.map { $0.asExpression() }) }
    }

    /// `… UNION …`: starts the next core; rows of both, duplicates removed.
    @discardableResult public func union() -> StatementSelect { compound("UNION") }
    /// `… UNION ALL …`: starts the next core; rows of both, duplicates kept.
    @discardableResult public func unionAll() -> StatementSelect { compound("UNION ALL") }
    /// `… INTERSECT …`: starts the next core; rows found in both.
    @discardableResult public func intersect() -> StatementSelect { compound("INTERSECT") }
    /// `… EXCEPT …`: starts the next core; rows of the left not found in the right.
    @discardableResult public func except() -> StatementSelect { compound("EXCEPT") }

    private func compound(_ op: String) -> StatementSelect {
        compoundOperators.append(op)
        cores.append(Core())
        return self
    }

    /// Appends `ORDER BY` terms of the whole statement (all cores).
    @discardableResult
    public func order(by terms: OrderingTermConvertible...) -> StatementSelect { order(by: terms) }

    /// Appends `ORDER BY` terms of the whole statement from an array.
    @discardableResult
    public func order(by terms: [OrderingTermConvertible]) -> StatementSelect {
        tail.append(orders: terms)
        return self
    }

    /// `LIMIT from, to` (the guide's spelling: SQLite reads it as `LIMIT to OFFSET from`).
    @discardableResult
    public func limit(from: ExpressionConvertible, to: ExpressionConvertible) -> StatementSelect {
        tail.set(rangeFrom: from, to: to)
        return self
    }

    /// `LIMIT n`
    @discardableResult
    public func limit(_ limit: ExpressionConvertible) -> StatementSelect {
        tail.set(limit: limit)
        return self
    }

    /// `LIMIT n OFFSET m`
    @discardableResult
    public func limit(_ limit: ExpressionConvertible, offset: ExpressionConvertible) -> StatementSelect {
        self.limit(limit).offset(offset)
    }

    /// `OFFSET m`; replaces an earlier offset. Without a limit it prints `LIMIT -1 OFFSET m`.
    @discardableResult
    public func offset(_ offset: ExpressionConvertible) -> StatementSelect {
        tail.set(offset: offset)
        return self
    }

    /// `SELECT [DISTINCT] columns FROM table`, exactly as `StatementSelect().select(distinct:columns)
    /// .from(table)` prints it, without building the statement: the one-line CRUD API prints one
    /// per call, and the statement's arrays cost more than the text.
    static func sql(distinct: Bool, columns: [ColumnResultConvertible], table: String) -> String {
        var sql = distinct ? "SELECT DISTINCT " : "SELECT "
        for (index, column) in columns.enumerated() {
            if index > 0 { sql += ", " }
            sql += column.asColumnResult().description
        }
        sql += " FROM "
        sql += SQLIdentifier.quote(table)
        return sql
    }

    /// The statement's SQL, values printed as literals: what `exec(_:)` and `prepare(_:)` run. The chain-call
    /// selects and object reads run it with the compared values bound instead, unless it holds bind
    /// parameters of its own.
    public var description: String { render(\.description) }

    /// The SQL to run with the values its expressions compare with as `?`, and those values in order;
    /// or the printed SQL and no values when the statement holds bind parameters of the caller's own.
    var boundSQL: (sql: String, values: [FundamentalValue]) {
        if BoundValue.mayHoldParameters(withClause.prefix) || cores.contains(where: \.mayHoldParameters) {
            return (description, [])
        }
        var values: [FundamentalValue] = []
        var ownParameters = false
        let sql = render { expression in
            ownParameters = ownParameters || expression.hasOwnParameters
            values += expression.values
            return expression.sql
        }
        return ownParameters ? (description, []) : (sql, values)
    }

    private func render(_ emit: (Expression) -> String) -> String {
        var sql = withClause.prefix + cores[0].render(emit)
        for (op, core) in zip(compoundOperators, cores.dropFirst()) {
            sql += " " + op + " " + core.render(emit)
        }
        return sql + tail.render(emit)
    }
}
