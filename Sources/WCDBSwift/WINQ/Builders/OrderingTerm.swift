/// `ASC` / `DESC`.
public enum Order: String, Sendable {
    /// `ASC`: smallest first; NULLs come first (SQLite 3.15 has no `NULLS LAST`).
    case ascending = "ASC"
    /// `DESC`: largest first; NULLs come last.
    case descending = "DESC"
}

/// An `ordering-term` of ORDER BY: `expr [COLLATE name] [ASC|DESC]`.
public struct OrderingTerm: Sendable, CustomStringConvertible, OrderingTermConvertible {
    /// The expression sorted by; its values are printed as literals (an integer `n` names the n-th result column).
    public let expression: Expression
    /// `ASC` or `DESC`; `nil` prints neither (ascending).
    public var order: Order?
    /// The collation, printed `COLLATE name`; `nil` uses the expression's own.
    public var collation: String?

    /// An ordering term on `convertible`, in the default order.
    public init(with convertible: ExpressionConvertible) {
        expression = convertible.asExpression()
    }

    /// A copy sorting by another expression, order and collation kept (a rewriter's replacement).
    func replacingExpression(_ expression: Expression) -> OrderingTerm {
        var copy = OrderingTerm(with: expression)
        copy.order = order
        copy.collation = collation
        return copy
    }

    /// A copy ordered `ASC` or `DESC`; `nil` removes the order.
    public func order(_ order: Order?) -> OrderingTerm {
        var copy = self
        copy.order = order
        return copy
    }

    /// A copy with `COLLATE name`; replaces an earlier collation.
    public func collate(_ collation: String) -> OrderingTerm {
        var copy = self
        copy.collation = collation
        return copy
    }

    /// `expr [COLLATE name] [ASC|DESC]`
    public var description: String { SQLRenderer.inlined { render(into: &$0) } }

    /// Its values printed in, whatever the mode: `ORDER BY 2` names the second result column.
    func render(into renderer: inout SQLRenderer) {
        renderer.renderInlined(expression)
        if let collation {
            renderer.write(" COLLATE ")
            renderer.write(identifier: collation)
        }
        if let order { renderer.write(" " + order.rawValue) }
    }

    /// The ordering term itself.
    public func asOrder() -> OrderingTerm { self }
}
