/// `ASC` / `DESC`.
public enum Order: String, Sendable {
    case ascending = "ASC"
    case descending = "DESC"
}

/// An `ordering-term` of ORDER BY: `expr [COLLATE name] [ASC|DESC]`.
public struct OrderingTerm: Sendable, CustomStringConvertible, OrderingTermConvertible {
    public let expression: Expression
    public var order: Order?
    public var collation: String?

    public init(with convertible: ExpressionConvertible) {
        expression = convertible.asExpression()
    }

    public func order(_ order: Order?) -> OrderingTerm {
        var copy = self
        copy.order = order
        return copy
    }

    public func collate(_ collation: String) -> OrderingTerm {
        var copy = self
        copy.collation = collation
        return copy
    }

    public var description: String {
        var sql = expression.description
        if let collation { sql += " COLLATE " + SQLIdentifier.quote(collation) }
        if let order { sql += " " + order.rawValue }
        return sql
    }

    public func asOrder() -> OrderingTerm { self }
}
