/// `DELETE FROM table [WHERE …] [ORDER BY …] [LIMIT …]`.
public final class StatementDelete: Statement {
    private var withClause = WithClause()
    private var table = ""
    private var schema: String?
    private var condition: Expression?
    private var tail = OrderLimitClause()

    public init() {}

    @discardableResult
    public func with(recursive: Bool = false, _ expressions: CommonTableExpression...) -> StatementDelete {
        withClause.recursive = recursive
        withClause.expressions += expressions
        return self
    }

    @discardableResult
    public func delete(fromTable table: String) -> StatementDelete {
        self.table = table
        return self
    }

    @discardableResult
    public func of(schema: String) -> StatementDelete {
        self.schema = schema
        return self
    }

    @discardableResult
    public func `where`(_ condition: ExpressionConvertible) -> StatementDelete {
        self.condition = condition.asExpression()
        return self
    }

    @discardableResult
    public func order(by terms: OrderingTermConvertible...) -> StatementDelete { order(by: terms) }

    @discardableResult
    public func order(by terms: [OrderingTermConvertible]) -> StatementDelete {
        tail.append(orders: terms)
        return self
    }

    @discardableResult
    public func limit(from: ExpressionConvertible, to: ExpressionConvertible) -> StatementDelete {
        tail.set(rangeFrom: from, to: to)
        return self
    }

    @discardableResult
    public func limit(_ limit: ExpressionConvertible) -> StatementDelete {
        tail.set(limit: limit)
        return self
    }

    @discardableResult
    public func limit(_ limit: ExpressionConvertible, offset: ExpressionConvertible) -> StatementDelete {
        tail.set(limit: limit)
        tail.set(offset: offset)
        return self
    }

    @discardableResult
    public func offset(_ offset: ExpressionConvertible) -> StatementDelete {
        tail.set(offset: offset)
        return self
    }

    public var description: String {
        var sql = withClause.prefix + "DELETE FROM " + SQLIdentifier.qualified(table, schema: schema)
        if let condition { sql += " WHERE " + condition.description }
        return sql + tail.suffix
    }
}
