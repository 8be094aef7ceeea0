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

    public init() {}

    private func current(_ change: (inout Core) -> Void) -> StatementSelect {
        change(&cores[cores.count - 1])
        return self
    }

    @discardableResult
    public func with(recursive: Bool = false, _ expressions: CommonTableExpression...) -> StatementSelect {
        withClause.recursive = recursive
        withClause.expressions += expressions
        return self
    }

    @discardableResult
    public func select(distinct: Bool = false, _ columns: ColumnResultConvertible...) -> StatementSelect {
        select(distinct: distinct, columns)
    }

    @discardableResult
    public func select(distinct: Bool = false, _ columns: [ColumnResultConvertible]) -> StatementSelect {
        current {
            $0.distinct = distinct
            $0.columns += columns.map { $0.asColumnResult().description }
        }
    }

    @discardableResult
    public func from(_ tables: TableOrSubqueryConvertible...) -> StatementSelect { from(tables) }

    @discardableResult
    public func from(_ tables: [TableOrSubqueryConvertible]) -> StatementSelect {
        current { $0.tables += tables.map { $0.asTableOrSubquery().description } }
    }

    @discardableResult
    public func `where`(_ condition: ExpressionConvertible) -> StatementSelect {
        current { $0.condition = condition.asExpression() }
    }

    @discardableResult
    public func group(by expressions: ExpressionConvertible...) -> StatementSelect { group(by: expressions) }

    @discardableResult
    public func group(by expressions: [ExpressionConvertible]) -> StatementSelect {
        current { $0.groups += expressions.map { $0.asExpression() } }
    }

    @discardableResult
    public func having(_ condition: ExpressionConvertible) -> StatementSelect {
        current { $0.having = condition.asExpression() }
    }

    /// A `VALUES(…)` row as this core (each call adds a row).
    @discardableResult
    public func values(_ row: ExpressionConvertible...) -> StatementSelect {
        current { $0.values.append(row.map { $0.asExpression() }) }
    }

    @discardableResult public func union() -> StatementSelect { compound("UNION") }
    @discardableResult public func unionAll() -> StatementSelect { compound("UNION ALL") }
    @discardableResult public func intersect() -> StatementSelect { compound("INTERSECT") }
    @discardableResult public func except() -> StatementSelect { compound("EXCEPT") }

    private func compound(_ op: String) -> StatementSelect {
        compoundOperators.append(op)
        cores.append(Core())
        return self
    }

    @discardableResult
    public func order(by terms: OrderingTermConvertible...) -> StatementSelect { order(by: terms) }

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
