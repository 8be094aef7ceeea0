// WCDB Swift 2.x's expression builders beside 1.x's: a function call built step by step
// (`Expression.function("f").invoke().arguments(1)`), window functions with FILTER and named windows,
// IN a table-valued function, `escape(_:)` after LIKE, `Expression.cast(x).as(.integer64)`,
// `Expression.case(x, (when:then:)…, else:)`, and the aggregates' `isDistinct:` labels. Each builds the
// node the 1.x spelling builds, where there is one.

extension Expression {
    // MARK: Functions built step by step

    /// `name(…)`: a window function by name (2.x); give its arguments with `arguments(_:)`, then
    /// `filter(_:)` and `over(_:)`. Engines before SQLite 3.25 have no window functions.
    public static func windowFunction(_ name: String) -> Expression { function(name, []) }

    /// The call itself: a call here always prints its parentheses (2.x marks a function invoked with it).
    @discardableResult
    public func invoke() -> Expression { self }

    /// `name(*)`: this call with `*` as its argument (`count(*)`).
    @discardableResult
    public func invokeAll() -> Expression {
        step { $0.changingCall { name, isBuiltin, distinct, _ in .function(name, isBuiltin: isBuiltin, distinct: distinct, [ExpressionNode(.column(.all))]) } }
    }

    /// `name(DISTINCT …)`: this call over distinct values (an aggregate's).
    @discardableResult
    public func distinct() -> Expression {
        step { $0.changingCall { name, isBuiltin, _, arguments in .function(name, isBuiltin: isBuiltin, distinct: true, arguments) } }
    }

    /// This call (`function(_:)`, `windowFunction(_:)`, `in(function:)`) with `arguments` appended; their
    /// values are printed in, as a call's are. Traps on any other expression.
    @discardableResult
    public func arguments(_ arguments: ExpressionConvertible...) -> Expression { self.arguments(arguments) }

    /// This call with `arguments` appended, from an array (see `arguments(_:)`).
    @discardableResult
    public func arguments(_ arguments: [ExpressionConvertible]) -> Expression {
        let more = arguments.map { $0.asExpression().inlinedNode }
        return step { $0.appendingArguments(more) }
    }

    private func appendingArguments(_ more: [ExpressionNode]) -> Expression {
        if case .inFunction(let operand, let not, let function, let existing) = node.kind {
            return Expression(node: ExpressionNode(.inFunction(operand, not: not, function, existing + more), level: node.level),
                              boundValues: boundValues)
        }
        return changingCall { name, isBuiltin, distinct, existing in .function(name, isBuiltin: isBuiltin, distinct: distinct, existing + more) }
    }

    /// Qualifies the table or function of `in(function:)`, `notIn(function:)`, `inTable(_:)` or
    /// `notInTable(_:)` with a schema: `x IN schema.name`. Traps on any other expression (SQLite has no
    /// schema-qualified scalar functions).
    @discardableResult
    public func schema(_ schema: SchemaConvertible) -> Expression {
        let schema = schema.asSchema().name
        return step { $0.qualifying(schema: schema) }
    }

    private func qualifying(schema: String) -> Expression {
        switch node.kind {
        case .inTable(let operand, let not, var table):
            table.schema = schema
            return Expression(node: ExpressionNode(.inTable(operand, not: not, table), level: node.level), boundValues: boundValues)
        case .inFunction(let operand, let not, var function, let arguments):
            function.schema = schema
            return Expression(node: ExpressionNode(.inFunction(operand, not: not, function, arguments), level: node.level),
                              boundValues: boundValues)
        default:
            preconditionFailure("schema(_:) qualifies the table or function of IN; \(description) has none")
        }
    }

    /// `aggregate FILTER(WHERE condition)`: the aggregate over the rows where `condition` holds; values
    /// printed in. Engines before SQLite 3.30 lack it: there a statement holding it is refused by name when it is prepared.
    @discardableResult
    public func filter(_ condition: ExpressionConvertible) -> Expression {
        let condition = condition.asExpression().inlinedNode
        return step { Expression(.filter($0.inlinedNode, condition)) }
    }

    private func changingCall(_ change: (String, Bool, Bool, [ExpressionNode]) -> ExpressionNode.Kind) -> Expression {
        guard case .function(let name, let isBuiltin, let distinct, let arguments) = node.kind else {
            preconditionFailure("only a function call takes arguments, DISTINCT or *; \(description) is not one")
        }
        return Expression(node: ExpressionNode(change(name, isBuiltin, distinct, arguments), level: node.level))
    }

    // MARK: ESCAPE, CAST, CASE

    /// `x LIKE|GLOB|MATCH|REGEXP pattern ESCAPE escape`: the escape character of the pattern this
    /// expression matches (`like(_:escape:)` gives it in one call); replaces an earlier one. Traps on any
    /// other expression. SQLite takes ESCAPE only with LIKE: the other functions refuse a third argument.
    @discardableResult
    public func escape(_ escape: ExpressionConvertible) -> Expression {
        let escape = escape.asExpression().frozen
        return step { $0.escaping(escape) }
    }

    private func escaping(_ escape: Expression) -> Expression {
        guard case .pattern(let operand, let op, let pattern, _) = node.kind else {
            preconditionFailure("escape(_:) follows like, glob, match or regexp; \(description) is none of them")
        }
        return Expression(node: ExpressionNode(.pattern(operand, op, pattern, escape: escape.node), level: node.level),
                          boundValues: boundValues.followed(by: escape.boundValues))
    }

    /// `CAST(expression AS …)`, its type given next with `as(_:)`: `Expression.cast(x).as(.integer64)`.
    /// Until then it prints `CAST(x AS NONE)` (no affinity change but NUMERIC's).
    public static func cast(_ expression: ExpressionConvertible) -> Expression { cast(expression, as: .null) }

    /// `CAST(… AS type)`: the type of `Expression.cast(_:)`; on any other expression, `CAST(self AS type)`.
    @discardableResult
    public func `as`(_ type: ColumnType) -> Expression {
        guard case .cast = node.kind else { return Expression.cast(self, as: type) }
        return step { current in
            guard case .cast(let operand, _) = current.node.kind else { return Expression.cast(current, as: type) }
            return Expression(.cast(operand, type))
        }
    }

    /// `CASE base WHEN w THEN t … ELSE e END` in one call; values printed in.
    public static func `case`(_ base: ExpressionConvertible,
                              _ flows: (when: ExpressionConvertible, then: ExpressionConvertible)...,
                              else otherwise: ExpressionConvertible) -> Expression {
        `case`(base, flows, else: otherwise)
    }

    /// `CASE base WHEN w THEN t … ELSE e END` from an array of WHEN/THEN pairs.
    public static func `case`(_ base: ExpressionConvertible,
                              _ flows: [(when: ExpressionConvertible, then: ExpressionConvertible)],
                              else otherwise: ExpressionConvertible) -> Expression {
        var expression = CaseExpression(base: base.asExpression())
        for flow in flows { expression = expression.when(flow.when).then(flow.then) }
        return expression.else(otherwise).asExpression()
    }
}

extension ExpressionFunctionOperable {
    // MARK: IN a table-valued function

    /// `x IN name()`: membership in the rows of a table-valued function; give its arguments with
    /// `arguments(_:)` and its schema with `schema(_:)`. This engine has no built-in table-valued
    /// functions (see `TableOrSubquery.function(_:_:)`).
    public func `in`(function name: String) -> Expression { inFunction(name, not: false) }
    /// `x NOT IN name()` (see `in(function:)`).
    public func notIn(function name: String) -> Expression { inFunction(name, not: true) }

    private func inFunction(_ name: String, not: Bool) -> Expression {
        let operand = asExpression()
        return Operate.compound(.inFunction(operand.node, not: not, TableName(name: name), []), values: [operand])
    }

    // MARK: Aggregates with WCDB 2.x's labels (the 1.x spellings take `distinct:`)

    /// `COUNT(x)` / `COUNT(DISTINCT x)`.
    public func count(isDistinct: Bool) -> Expression { count(distinct: isDistinct) }
    /// `AVG(x)` / `AVG(DISTINCT x)`.
    public func avg(isDistinct: Bool) -> Expression { avg(distinct: isDistinct) }
    /// `SUM(x)` / `SUM(DISTINCT x)`.
    public func sum(isDistinct: Bool) -> Expression { sum(distinct: isDistinct) }
    /// `TOTAL(x)` / `TOTAL(DISTINCT x)`.
    public func total(isDistinct: Bool) -> Expression { total(distinct: isDistinct) }
    /// The aggregate `MAX(x)` / `MAX(DISTINCT x)` (the same value either way).
    public func max(isDistinct: Bool) -> Expression { Expression.call("MAX", distinct: isDistinct, [asExpression()]) }
    /// The aggregate `MIN(x)` / `MIN(DISTINCT x)` (the same value either way).
    public func min(isDistinct: Bool) -> Expression { Expression.call("MIN", distinct: isDistinct, [asExpression()]) }
    /// `GROUP_CONCAT(x)` / `GROUP_CONCAT(DISTINCT x)`.
    public func groupConcat(isDistinct: Bool) -> Expression { groupConcat(distinct: isDistinct) }
    /// `GROUP_CONCAT([DISTINCT] x, separator)`. SQLite refuses DISTINCT with a separator ("DISTINCT
    /// aggregates must have exactly one argument"): it prints, as in WCDB 2.x, but only runs without it.
    public func groupConcat(isDistinct: Bool = false, separateBy separator: String) -> Expression {
        Expression.call("GROUP_CONCAT", distinct: isDistinct, [asExpression(), separator.asExpression()])
    }

    // MARK: FTS5 auxiliary functions

    /// `bm25(table)`: FTS5's relevance of a row (smaller is better). Where the engine has no FTS5, a
    /// statement calling it is refused when it is prepared.
    public func bm25() -> Expression { Expression.call("bm25", [asExpression()]) }
    /// `highlight(table, …)`: FTS5's matched text with markers; give the column and markers with
    /// `arguments(_:)`. Where the engine has no FTS5, a statement calling it is refused when it is prepared.
    public func highlight() -> Expression { Expression.call("highlight", [asExpression()]) }
}
