/// A `join-clause`: `Join(with: "a").leftJoin("b").on(cond)`; `natural` variants and `using(…)`.
public struct Join: Sendable, CustomStringConvertible, TableOrSubqueryConvertible {
    private var sql: String

    /// A join clause starting with `table` (a table name, a subquery or a `TableOrSubquery`).
    public init(with table: TableOrSubqueryConvertible) {
        sql = table.asTableOrSubquery().description
    }

    private func joining(_ op: String, _ table: TableOrSubqueryConvertible) -> Join {
        var copy = self
        copy.sql += (op == "," ? ", " : " " + op + " ") + table.asTableOrSubquery().description
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
        copy.sql += " ON " + condition.asExpression().description
        return copy
    }

    /// `USING(columns…)` for the last join.
    public func using(_ columns: ColumnConvertible...) -> Join {
        var copy = self
        copy.sql += " USING(" + columns.map { $0.asColumn().nameDescription }.joined(separator: ", ") + ")"
        return copy
    }

    /// The join clause as SQL; values in `ON` conditions are printed as literals.
    public var description: String { sql }

    /// As a FROM item the join is used as is (not parenthesised).
    public func asTableOrSubquery() -> TableOrSubquery { TableOrSubquery(sql: sql) }
}
