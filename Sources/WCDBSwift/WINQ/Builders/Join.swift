/// A `join-clause`: `Join(with: "a").leftJoin("b").on(cond)`; `natural` variants and `using(…)`.
///
/// As in WCDB 2.x, where a join is a reference, each step (`join(_:)`, `on(_:)`, `using(_:)`…) adds to
/// this join and returns it: `let join = Join(with: "a"); join.leftJoin("b"); join.on(cond)` builds the
/// same clause as the chain, and copies of a join share its steps. A statement or a parenthesised
/// `TableOrSubquery` takes the join as it is then: a later step does not change it.
public struct Join: Sendable, CustomStringConvertible, TableOrSubqueryConvertible {
    /// One `op table [ON …|USING(…)]` after the first table.
    struct Step: Sendable {
        /// `,` or `JOIN`, `LEFT JOIN`…
        let op: String
        var table: TableOrSubquery
        var on: Expression?
        var using: [ColumnName] = []
    }

    /// The first table and the steps after it: what a step changes, shared by copies (see `BuilderSteps`).
    struct Parts: Sendable {
        var first: TableOrSubquery
        var steps: [Step] = []
    }

    private let parts: BuilderSteps<Parts>

    /// The first table.
    var first: TableOrSubquery { parts.current.first }
    /// The joins after the first table.
    var steps: [Step] { parts.current.steps }

    private init(parts: Parts) { self.parts = BuilderSteps(parts) }

    /// A join clause starting with `table` (a table name, a subquery or a `TableOrSubquery`).
    public init(with table: TableOrSubqueryConvertible) {
        self.init(parts: Parts(first: table.frozenTableOrSubquery))
    }

    /// This join as it is now, no longer changed by later steps on it: what a tree stores.
    var frozen: Join { Join(parts: parts.current) }

    /// Applies `change` to the shared parts and returns this join.
    private func step(_ change: (inout Parts) -> Void) -> Join {
        parts.update { current in
            var next = current
            change(&next)
            return next
        }
        return self
    }

    private func joining(_ op: String, _ table: TableOrSubqueryConvertible) -> Join {
        let table = table.frozenTableOrSubquery
        return step { $0.steps.append(Step(op: op, table: table)) }
    }

    /// A copy with each table item and ON condition replaced by the transforms' results (a rewriter's pass).
    func mapping(tables: (TableOrSubquery) -> TableOrSubquery, conditions: (Expression) -> Expression) -> Join {
        var copy = parts.current
        copy.first = tables(copy.first)
        for index in copy.steps.indices {
            copy.steps[index].table = tables(copy.steps[index].table)
            copy.steps[index].on = copy.steps[index].on.map(conditions)
        }
        return Join(parts: copy)
    }

    /// `a, b` (a cross join written with a comma).
    @discardableResult
    public func with(_ table: TableOrSubqueryConvertible) -> Join { joining(",", table) }
    /// `… JOIN table`; give its condition with `on(_:)` or `using(_:)`.
    @discardableResult
    public func join(_ table: TableOrSubqueryConvertible) -> Join { joining("JOIN", table) }
    /// `… LEFT JOIN table`: unmatched rows of the left side are kept, with NULLs on the right.
    @discardableResult
    public func leftJoin(_ table: TableOrSubqueryConvertible) -> Join { joining("LEFT JOIN", table) }
    /// `… LEFT OUTER JOIN table`, the same as `leftJoin(_:)`.
    @discardableResult
    public func leftOuterJoin(_ table: TableOrSubqueryConvertible) -> Join { joining("LEFT OUTER JOIN", table) }
    /// `… INNER JOIN table`, the same as `join(_:)`.
    @discardableResult
    public func innerJoin(_ table: TableOrSubqueryConvertible) -> Join { joining("INNER JOIN", table) }
    /// `… CROSS JOIN table`: an inner join that SQLite's planner never reorders.
    @discardableResult
    public func crossJoin(_ table: TableOrSubqueryConvertible) -> Join { joining("CROSS JOIN", table) }
    /// `… NATURAL JOIN table`: joined on every column name the two sides share.
    @discardableResult
    public func naturalJoin(_ table: TableOrSubqueryConvertible) -> Join { joining("NATURAL JOIN", table) }
    /// `… NATURAL LEFT JOIN table`
    @discardableResult
    public func naturalLeftJoin(_ table: TableOrSubqueryConvertible) -> Join { joining("NATURAL LEFT JOIN", table) }
    /// `… NATURAL LEFT OUTER JOIN table`
    @discardableResult
    public func naturalLeftOuterJoin(_ table: TableOrSubqueryConvertible) -> Join { joining("NATURAL LEFT OUTER JOIN", table) }
    /// `… NATURAL INNER JOIN table`
    @discardableResult
    public func naturalInnerJoin(_ table: TableOrSubqueryConvertible) -> Join { joining("NATURAL INNER JOIN", table) }
    /// `… NATURAL CROSS JOIN table`
    @discardableResult
    public func naturalCrossJoin(_ table: TableOrSubqueryConvertible) -> Join { joining("NATURAL CROSS JOIN", table) }

    /// `ON condition` for the last join.
    @discardableResult
    public func on(_ condition: ExpressionConvertible) -> Join {
        let condition = condition.asExpression()
        return step { parts in
            if parts.steps.isEmpty { return }
            parts.steps[parts.steps.count - 1].on = condition
        }
    }

    /// `USING(columns…)` for the last join.
    @discardableResult
    public func using(_ columns: ColumnConvertible...) -> Join {
        let names = columns.map { $0.asColumn().columnName }
        return step { parts in
            if parts.steps.isEmpty { return }
            parts.steps[parts.steps.count - 1].using += names
        }
    }

    /// The join clause as SQL; values in `ON` conditions are printed as literals.
    public var description: String { SQLRenderer.inlined { render(into: &$0) } }

    func render(into renderer: inout SQLRenderer) {
        let parts = parts.current
        parts.first.render(into: &renderer)
        for step in parts.steps {
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
    public func asTableOrSubquery() -> TableOrSubquery { TableOrSubquery(.join(frozen, parenthesised: false)) }
}
