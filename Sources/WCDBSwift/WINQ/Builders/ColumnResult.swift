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

    /// A copy selecting another expression under the same alias (a rewriter's replacement).
    func replacingExpression(_ expression: Expression) -> ColumnResult {
        var copy = ColumnResult(with: expression)
        copy.alias = alias
        return copy
    }

    /// `expr AS alias`
    public func `as`(_ alias: String) -> ColumnResult {
        var copy = self
        copy.alias = alias
        return copy
    }

    /// `expr` or `expr AS alias`.
    public var description: String { SQLRenderer.inlined { render(into: &$0) } }

    func render(into renderer: inout SQLRenderer) {
        renderer.render(expression)
        if let alias {
            renderer.write(" AS ")
            renderer.write(identifier: alias)
        }
    }

    /// The result column itself.
    public func asColumnResult() -> ColumnResult { self }
}
