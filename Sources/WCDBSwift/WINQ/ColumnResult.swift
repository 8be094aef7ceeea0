/// A `result-column` of SELECT: an expression with an optional alias, or `*`.
public struct ColumnResult: Sendable, CustomStringConvertible, ColumnResultConvertible {
    /// The selected expression.
    public let expression: Expression
    /// The name given by `as(_:)`, if any.
    public private(set) var alias: String?

    /// A result column selecting `convertible`, without an alias.
    public init(with convertible: ExpressionConvertible) {
        expression = convertible.asExpression()
    }

    /// `expr AS alias`
    public func `as`(_ alias: String) -> ColumnResult {
        var copy = self
        copy.alias = alias
        return copy
    }

    /// `expr` or `expr AS alias`.
    public var description: String {
        guard let alias else { return expression.description }
        return expression.description + " AS " + SQLIdentifier.quote(alias)
    }

    /// The result column itself.
    public func asColumnResult() -> ColumnResult { self }
}
