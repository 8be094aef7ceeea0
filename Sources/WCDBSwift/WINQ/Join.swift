/// A `join-clause`: `Join(with: "a").leftJoin("b").on(cond)`; `natural` variants and `using(…)`.
public struct Join: Sendable, CustomStringConvertible, TableOrSubqueryConvertible {
    private var sql: String

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
    public func join(_ table: TableOrSubqueryConvertible) -> Join { joining("JOIN", table) }
    public func leftJoin(_ table: TableOrSubqueryConvertible) -> Join { joining("LEFT JOIN", table) }
    public func leftOuterJoin(_ table: TableOrSubqueryConvertible) -> Join { joining("LEFT OUTER JOIN", table) }
    public func innerJoin(_ table: TableOrSubqueryConvertible) -> Join { joining("INNER JOIN", table) }
    public func crossJoin(_ table: TableOrSubqueryConvertible) -> Join { joining("CROSS JOIN", table) }
    public func naturalJoin(_ table: TableOrSubqueryConvertible) -> Join { joining("NATURAL JOIN", table) }
    public func naturalLeftJoin(_ table: TableOrSubqueryConvertible) -> Join { joining("NATURAL LEFT JOIN", table) }
    public func naturalLeftOuterJoin(_ table: TableOrSubqueryConvertible) -> Join { joining("NATURAL LEFT OUTER JOIN", table) }
    public func naturalInnerJoin(_ table: TableOrSubqueryConvertible) -> Join { joining("NATURAL INNER JOIN", table) }
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

    public var description: String { sql }

    /// As a FROM item the join is used as is (not parenthesised).
    public func asTableOrSubquery() -> TableOrSubquery { TableOrSubquery(sql: sql) }
}
