/// `SELECT` with compound parts, WITH, ORDER BY and LIMIT.
///
/// Builder methods mutate and return `self`, so both chained and statement-by-statement styles work.
/// `union()` / `unionAll()` / `intersect()` / `except()` start the next core; `select`, `from`,
/// `where`, `group(by:)`, `having` and `values` configure the current core, `order(by:)` and
/// `limit` the whole statement.
public final class StatementSelect: Statement, OrderLimitStatement {
    /// The statement's syntax tree, which the builder methods below change.
    private(set) var node = SelectNode()
    /// The name given by `window(_:)`, waiting for its definition from `as(_:)`.
    var pendingWindow: String?

    init(node: SelectNode) { self.node = node }

    func current(_ change: (inout SelectCore) -> Void) -> StatementSelect {
        change(&node.cores[node.cores.count - 1])
        return self
    }

    /// An empty statement; start with `select(distinct:_:)`.
    public init() {}

    /// `WITH [RECURSIVE] cte, …` before the SELECT; appends expressions (each as it is now), the last call sets RECURSIVE.
    @discardableResult
    public func with(recursive: Bool = false, _ expressions: CommonTableExpression...) -> StatementSelect {
        node.with.recursive = recursive
        node.with.expressions += expressions.map(\.frozen)
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
            $0.columns += columns.map { $0.asColumnResult() }
        }
    }

    /// Appends to the current core's `FROM`: tables, subqueries or joins, separated by commas (a cross join), each as it is now.
    @discardableResult
    public func from(_ tables: TableOrSubqueryConvertible...) -> StatementSelect { from(tables) }

    /// Appends to the current core's `FROM` from an array.
    @discardableResult
    public func from(_ tables: [TableOrSubqueryConvertible]) -> StatementSelect {
        current { $0.tables += tables.map { $0.frozenTableOrSubquery } }
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
    public func values(_ row: ExpressionConvertible...) -> StatementSelect { values(row) }

    /// A `VALUES(…)` row as this core from an array (each call adds a row).
    @discardableResult
    public func values(_ row: [ExpressionConvertible]) -> StatementSelect {
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
        node.compoundOperators.append(op)
        node.cores.append(SelectCore())
        return self
    }

    /// The statement's ORDER BY, LIMIT and OFFSET, which `OrderLimitStatement`'s methods set.
    @_spi(WCDBGenerated) public var _orderLimit: OrderLimitClause {
        get { node.orderLimit }
        set { node.orderLimit = newValue }
        _modify { yield &node.orderLimit }
    }

    /// The statement's SQL, values printed as literals (see `Statement`).
    public var description: String { SQLRenderer.inlined { node.render(into: &$0) } }
}

extension StatementSelect: SyntaxStatement {
    var statementNode: StatementNode { .select(node) }
}
