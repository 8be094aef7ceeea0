/// A `join-clause`: `Join(with: "a").leftJoin("b").on(cond)`; `natural` variants and `using(…)`.
public struct Join: Sendable, CustomStringConvertible, TableOrSubqueryConvertible {
    /// One `op table [ON …|USING(…)]` after the first table.
    struct Step: Sendable {
        /// `,` or `JOIN`, `LEFT JOIN`…
        let op: String
        var table: TableOrSubquery
        var on: Expression?
        var using: [ColumnName] = []
    }

    private(set) var first: TableOrSubquery
    private(set) var steps: [Step] = []

    /// A join clause starting with `table` (a table name, a subquery or a `TableOrSubquery`).
    public init(with table: TableOrSubqueryConvertible) {
        first = table.asTableOrSubquery()
    }

    private func joining(_ op: String, _ table: TableOrSubqueryConvertible) -> Join {
        var copy = self
        copy.steps.append(Step(op: op, table: table.asTableOrSubquery()))
        return copy
    }

    /// A copy with each table item and ON condition replaced by the transforms' results (a rewriter's pass).
    func mapping(tables: (TableOrSubquery) -> TableOrSubquery, conditions: (Expression) -> Expression) -> Join {
        var copy = self
        copy.first = tables(first)
        for index in copy.steps.indices {
            copy.steps[index].table = tables(copy.steps[index].table)
            copy.steps[index].on = copy.steps[index].on.map(conditions)
        }
        return copy
    }

    /// `a, b` (a cross join written with a comma).
    public func with(_ table: TableOrSubqueryConvertible) -> Join { joining(",", table) }
    /// `… JOIN table`; give its condition with `on(_:)` or `using(_:)`.
    public func join(_ table: TableOrSubqueryConvertible) -> Join { joining("JOIN", table) }
    /// `… LEFT JOIN table`: unmatched rows of the left side are kept, with NULLs on the right.
    public func leftJoin(_ table: TableOrSubqueryConvertible) -> Join { joining("LEFT JOIN", table) }
    /// `… LEFT OUTER JOIN table`, the same as `leftJoin(_:)`.
    public func leftOuterJoin(_ table: TableOrSubqueryConvertible) -> Join { joining("LEFT OUTER JOIN", table) }
    /// `… INNER JOIN table`, the same as `join(_:)`.
    public func innerJoin(_ table: TableOrSubqueryConvertible) -> Join { joining("INNER JOIN", table) }
    /// `… CROSS JOIN table`: an inner join that SQLite's planner never reorders.
    public func crossJoin(_ table: TableOrSubqueryConvertible) -> Join { joining("CROSS JOIN", table) }
    /// `… NATURAL JOIN table`: joined on every column name the two sides share.
    public func naturalJoin(_ table: TableOrSubqueryConvertible) -> Join { joining("NATURAL JOIN", table) }
    /// `… NATURAL LEFT JOIN table`
    public func naturalLeftJoin(_ table: TableOrSubqueryConvertible) -> Join { joining("NATURAL LEFT JOIN", table) }
    /// `… NATURAL LEFT OUTER JOIN table`
    public func naturalLeftOuterJoin(_ table: TableOrSubqueryConvertible) -> Join { joining("NATURAL LEFT OUTER JOIN", table) }
    /// `… NATURAL INNER JOIN table`
    public func naturalInnerJoin(_ table: TableOrSubqueryConvertible) -> Join { joining("NATURAL INNER JOIN", table) }
    /// `… NATURAL CROSS JOIN table`
    public func naturalCrossJoin(_ table: TableOrSubqueryConvertible) -> Join { joining("NATURAL CROSS JOIN", table) }

    /// `ON condition` for the last join.
    public func on(_ condition: ExpressionConvertible) -> Join {
        var copy = self
        if copy.steps.isEmpty { return copy }
        copy.steps[copy.steps.count - 1].on = condition.asExpression()
        return copy
    }

    /// `USING(columns…)` for the last join.
    public func using(_ columns: ColumnConvertible...) -> Join {
        var copy = self
        if copy.steps.isEmpty { return copy }
        copy.steps[copy.steps.count - 1].using += columns.map { $0.asColumn().columnName }
        return copy
    }

    /// The join clause as SQL; values in `ON` conditions are printed as literals.
    public var description: String { SQLRenderer.inlined { render(into: &$0) } }

    func render(into renderer: inout SQLRenderer) {
        first.render(into: &renderer)
        for step in steps {
            renderer.write(step.op == "," ? ", " : " " + step.op + " ")
            step.table.render(into: &renderer)
            if let on = step.on {
                renderer.write(" ON ")
                renderer.render(on)
            }
            if !step.using.isEmpty {
                renderer.write(" USING(")
                renderer.write(names: step.using)
                renderer.write(")")
            }
        }
    }

    /// As a FROM item the join is used as is (not parenthesised).
    public func asTableOrSubquery() -> TableOrSubquery { TableOrSubquery(.join(self, parenthesised: false)) }
}
