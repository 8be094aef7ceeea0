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
        let (operand, begin, end) = (asExpression(), begin.asExpression(), end.asExpression())
        return Operate.compound(.between(operand.node, not: not, begin.node, end.node), values: [operand, begin, end])
    }

    /// `x IN (a, b, …)`
    public func `in`(_ list: ExpressionConvertible...) -> Expression { self.in(list) }
    /// `x IN (a, b, …)` from an array; an empty array prints `x IN ()`, which SQLite reads as false.
    public func `in`(_ list: [ExpressionConvertible]) -> Expression { inList(list, not: false) }
    /// `x NOT IN (a, b, …)`
    public func notIn(_ list: ExpressionConvertible...) -> Expression { notIn(list) }
    /// `x NOT IN (a, b, …)` from an array; an empty array prints `x NOT IN ()`, which SQLite reads as true.
    public func notIn(_ list: [ExpressionConvertible]) -> Expression { inList(list, not: true) }
    private func inList(_ list: [ExpressionConvertible], not: Bool) -> Expression {
        let operand = asExpression()
        let items = list.map { $0.asExpression() }
        return Operate.compound(.inList(operand.node, not: not, items.map(\.node)), values: [operand] + items)
    }

    /// `x IN (SELECT …)`
    public func `in`(_ select: StatementSelect) -> Expression {
        let operand = asExpression()
        return Operate.compound(.inSelect(operand.node, not: false, select.node), values: [operand])
    }
    /// `x NOT IN (SELECT …)`
    public func notIn(_ select: StatementSelect) -> Expression {
        let operand = asExpression()
        return Operate.compound(.inSelect(operand.node, not: true, select.node), values: [operand])
    }

    /// `x IN table` (`in(table:)` is taken by Column/Property: it qualifies the column).
    public func inTable(_ table: String, schema: String? = nil) -> Expression {
        let operand = asExpression()
        return Operate.compound(.inTable(operand.node, not: false, TableName(name: table, schema: schema)), values: [operand])
    }
    /// `x NOT IN table`: true when the value is not in the table's single column.
    public func notInTable(_ table: String, schema: String? = nil) -> Expression {
        let operand = asExpression()
        return Operate.compound(.inTable(operand.node, not: true, TableName(name: table, schema: schema)), values: [operand])
    }

    /// `x LIKE pattern [ESCAPE e]`: `%` matches any run of characters, `_` one character.
    /// Case-insensitive for ASCII letters only, unless `PRAGMA case_sensitive_like` is on.
    public func like(_ pattern: ExpressionConvertible, escape: ExpressionConvertible? = nil) -> Expression {
        match("LIKE", pattern, escape)
    }
    /// `x NOT LIKE pattern [ESCAPE e]`
    public func notLike(_ pattern: ExpressionConvertible, escape: ExpressionConvertible? = nil) -> Expression {
        match("NOT LIKE", pattern, escape)
    }
    /// `x GLOB pattern`: case-sensitive, with Unix wildcards `*`, `?` and `[…]`.
    public func glob(_ pattern: ExpressionConvertible) -> Expression { match("GLOB", pattern, nil) }
    /// `x NOT GLOB pattern`
    public func notGlob(_ pattern: ExpressionConvertible) -> Expression { match("NOT GLOB", pattern, nil) }
    /// `x MATCH y` (full-text search).
    public func match(_ pattern: ExpressionConvertible) -> Expression { match("MATCH", pattern, nil) }
    /// `x NOT MATCH y`. An FTS3/4 table refuses it ("unable to use function MATCH in the requested
    /// context"); exclude terms inside the query instead (`'apple -pie'`).
    public func notMatch(_ pattern: ExpressionConvertible) -> Expression { match("NOT MATCH", pattern, nil) }
    /// `x REGEXP y`: SQLite parses it but needs a user `regexp()` function to run it.
    public func regexp(_ pattern: ExpressionConvertible) -> Expression { match("REGEXP", pattern, nil) }
    /// `x NOT REGEXP y`: like `regexp(_:)`, it needs a user `regexp()` function to run.
    public func notRegexp(_ pattern: ExpressionConvertible) -> Expression { match("NOT REGEXP", pattern, nil) }
    private func match(_ op: String, _ pattern: ExpressionConvertible, _ escape: ExpressionConvertible?) -> Expression {
        let (operand, pattern, escape) = (asExpression(), pattern.asExpression(), escape?.asExpression())
        return Operate.compound(.pattern(operand.node, op, pattern.node, escape: escape?.node),
                                values: [operand, pattern] + (escape.map { [$0] } ?? []))
    }

    /// `x IS y`
    public func `is`(_ operand: ExpressionConvertible) -> Expression { isOperation(not: false, operand) }
    /// `x IS NOT y`
    public func isNot(_ operand: ExpressionConvertible) -> Expression { isOperation(not: true, operand) }
    private func isOperation(not: Bool, _ other: ExpressionConvertible) -> Expression {
        let (operand, other) = (asExpression(), other.asExpression())
        return Operate.compound(.is(operand.node, not: not, other.node), values: [operand, other])
    }

    /// `x COLLATE name`. COLLATE binds tighter than every operator, so anything but a primary
    /// operand is parenthesised.
    public func collate(_ collation: String) -> Expression {
        Expression(.collate(asExpression().inlinedNode, collation), level: .unary)
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
