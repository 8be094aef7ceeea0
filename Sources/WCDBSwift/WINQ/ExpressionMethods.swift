/// WINQ's method forms of SQL operators: null tests, BETWEEN, IN, LIKE/GLOB/MATCH/REGEXP, IS,
/// COLLATE, string concatenation, aliasing.
extension ExpressionFunctionOperable {
    /// `x ISNULL` is printed as `x IS NULL`.
    public func isNull() -> Expression { Operate.postfix(asExpression(), "IS NULL") }
    /// `x IS NOT NULL` (the guide's `NOT NULL`/`NOTNULL`).
    public func isNotNull() -> Expression { Operate.postfix(asExpression(), "IS NOT NULL") }

    /// `x BETWEEN a AND b`
    public func between(_ begin: ExpressionConvertible, _ end: ExpressionConvertible) -> Expression {
        between(begin, end, not: false)
    }
    /// `x NOT BETWEEN a AND b`
    public func notBetween(_ begin: ExpressionConvertible, _ end: ExpressionConvertible) -> Expression {
        between(begin, end, not: true)
    }
    private func between(_ begin: ExpressionConvertible, _ end: ExpressionConvertible, not: Bool) -> Expression {
        Operate.postfix(asExpression(), (not ? "NOT BETWEEN " : "BETWEEN ")
            + begin.asExpression().operand(atMost: .unary) + " AND " + end.asExpression().operand(atMost: .unary))
    }

    /// `x IN (a, b, …)`
    public func `in`(_ list: ExpressionConvertible...) -> Expression { self.in(list) }
    public func `in`(_ list: [ExpressionConvertible]) -> Expression { inList(list, not: false) }
    /// `x NOT IN (a, b, …)`
    public func notIn(_ list: ExpressionConvertible...) -> Expression { notIn(list) }
    public func notIn(_ list: [ExpressionConvertible]) -> Expression { inList(list, not: true) }
    private func inList(_ list: [ExpressionConvertible], not: Bool) -> Expression {
        let items = list.map { $0.asExpression().description }.joined(separator: ", ")
        return Operate.postfix(asExpression(), (not ? "NOT IN (" : "IN (") + items + ")")
    }

    /// `x IN (SELECT …)`
    public func `in`(_ select: StatementSelect) -> Expression {
        Operate.postfix(asExpression(), "IN (" + select.description + ")")
    }
    /// `x NOT IN (SELECT …)`
    public func notIn(_ select: StatementSelect) -> Expression {
        Operate.postfix(asExpression(), "NOT IN (" + select.description + ")")
    }

    /// `x IN table` (`in(table:)` is taken by Column/Property: it qualifies the column).
    public func inTable(_ table: String, schema: String? = nil) -> Expression {
        Operate.postfix(asExpression(), "IN " + SQLIdentifier.qualified(table, schema: schema))
    }
    public func notInTable(_ table: String, schema: String? = nil) -> Expression {
        Operate.postfix(asExpression(), "NOT IN " + SQLIdentifier.qualified(table, schema: schema))
    }

    public func like(_ pattern: ExpressionConvertible, escape: ExpressionConvertible? = nil) -> Expression {
        match("LIKE", pattern, escape)
    }
    public func notLike(_ pattern: ExpressionConvertible, escape: ExpressionConvertible? = nil) -> Expression {
        match("NOT LIKE", pattern, escape)
    }
    public func glob(_ pattern: ExpressionConvertible) -> Expression { match("GLOB", pattern, nil) }
    public func notGlob(_ pattern: ExpressionConvertible) -> Expression { match("NOT GLOB", pattern, nil) }
    /// `x MATCH y` (full-text search).
    public func match(_ pattern: ExpressionConvertible) -> Expression { match("MATCH", pattern, nil) }
    public func notMatch(_ pattern: ExpressionConvertible) -> Expression { match("NOT MATCH", pattern, nil) }
    /// `x REGEXP y`: SQLite parses it but needs a user `regexp()` function to run it.
    public func regexp(_ pattern: ExpressionConvertible) -> Expression { match("REGEXP", pattern, nil) }
    public func notRegexp(_ pattern: ExpressionConvertible) -> Expression { match("NOT REGEXP", pattern, nil) }
    private func match(_ op: String, _ pattern: ExpressionConvertible, _ escape: ExpressionConvertible?) -> Expression {
        var rest = op + " " + pattern.asExpression().operand(atMost: .unary)
        if let escape { rest += " ESCAPE " + escape.asExpression().operand(atMost: .unary) }
        return Operate.postfix(asExpression(), rest)
    }

    /// `x IS y`
    public func `is`(_ operand: ExpressionConvertible) -> Expression {
        Operate.postfix(asExpression(), "IS " + operand.asExpression().operand(atMost: .unary))
    }
    /// `x IS NOT y`
    public func isNot(_ operand: ExpressionConvertible) -> Expression {
        Operate.postfix(asExpression(), "IS NOT " + operand.asExpression().operand(atMost: .unary))
    }

    /// `x COLLATE name`. COLLATE binds tighter than every operator, so anything but a primary
    /// operand is parenthesised.
    public func collate(_ collation: String) -> Expression {
        Expression(sql: asExpression().operand(atMost: .primary) + " COLLATE " + SQLIdentifier.quote(collation),
                   level: .unary)
    }

    /// SQL's string concatenation `(x || y)` (Swift's `||` is OR).
    public func concat(_ operand: ExpressionConvertible) -> Expression {
        Operate.binary(asExpression(), "||", operand.asExpression())
    }

    /// `expr AS alias`, as a result column.
    public func `as`(_ alias: String) -> ColumnResult { ColumnResult(with: self).as(alias) }

    /// WCDB's as-redirect: select this expression into `property` (`max(identifier) AS identifier`).
    public func `as`(_ property: PropertyConvertible) -> Property {
        property.asProperty().redirected(to: asExpression())
    }
}
