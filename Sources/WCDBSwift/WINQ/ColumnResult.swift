/// A `result-column` of SELECT: an expression with an optional alias, or `*`.
public struct ColumnResult: Sendable, CustomStringConvertible, ColumnResultConvertible {
    public let expression: Expression
    public private(set) var alias: String?

    public init(with convertible: ExpressionConvertible) {
        expression = convertible.asExpression()
    }

    /// `expr AS alias`
    public func `as`(_ alias: String) -> ColumnResult {
        var copy = self
        copy.alias = alias
        return copy
    }

    public var description: String {
        guard let alias else { return expression.description }
        return expression.description + " AS " + SQLIdentifier.quote(alias)
    }

    public func asColumnResult() -> ColumnResult { self }
}
