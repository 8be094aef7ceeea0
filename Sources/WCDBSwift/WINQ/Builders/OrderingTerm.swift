/// `ASC` / `DESC`.
public enum Order: String, Sendable {
    /// `ASC`: smallest first; NULLs come first (SQLite 3.15 has no `NULLS LAST`).
    case ascending = "ASC"
    /// `DESC`: largest first; NULLs come last.
    case descending = "DESC"
}

/// An `ordering-term` of ORDER BY: `expr [COLLATE name] [ASC|DESC]`.
///
/// As in WCDB 2.x, where a term is a reference, `order(_:)` and `collate(_:)` change this term (and its
/// copies) and return it: `let term = OrderingTerm(with: a); term.order(.descending)` orders `a DESC`.
/// A statement takes the term as it is then.
public struct OrderingTerm: Sendable, CustomStringConvertible, OrderingTermConvertible, SharedStepsBuilder {
    struct Parts: Sendable {
        let expression: Expression
        var order: Order?
        var collation: String?
    }

    let parts: BuilderSteps<Parts>

    init(parts: BuilderSteps<Parts>) { self.parts = parts }

    /// The expression sorted by; its values are printed as literals (an integer `n` names the n-th result column).
    public var expression: Expression { parts.current.expression }
    /// `ASC` or `DESC`; `nil` prints neither (ascending).
    public var order: Order? {
        get { parts.current.order }
        nonmutating set { _ = step { $0.order = newValue } }
    }
    /// The collation, printed `COLLATE name`; `nil` uses the expression's own.
    public var collation: String? {
        get { parts.current.collation }
        nonmutating set { _ = step { $0.collation = newValue } }
    }

    /// An ordering term on `convertible`, in the default order.
    public init(with convertible: ExpressionConvertible) {
        parts = BuilderSteps(Parts(expression: convertible.asExpression()))
    }

    /// A copy sorting by another expression, order and collation kept (a rewriter's replacement).
    func replacingExpression(_ expression: Expression) -> OrderingTerm {
        let current = parts.current
        return OrderingTerm(parts: BuilderSteps(Parts(expression: expression, order: current.order, collation: current.collation)))
    }

    /// Orders this term `ASC` or `DESC` (`nil` removes the order) and returns it.
    @discardableResult
    public func order(_ order: Order?) -> OrderingTerm { step { $0.order = order } }

    /// Gives this term `COLLATE name` (replacing an earlier collation) and returns it.
    @discardableResult
    public func collate(_ collation: String) -> OrderingTerm { step { $0.collation = collation } }

    /// `expr [COLLATE name] [ASC|DESC]`
    public var description: String { SQLRenderer.inlined { render(into: &$0) } }

    /// Its values printed in, whatever the mode: `ORDER BY 2` names the second result column.
    func render(into renderer: inout SQLRenderer) {
        let current = parts.current
        renderer.renderInlined(current.expression)
        if let collation = current.collation {
            renderer.write(" COLLATE ")
            renderer.write(identifier: collation)
        }
        if let order = current.order { renderer.write(" " + order.rawValue) }
    }

    /// The term as it is now: later steps on this one do not change it.
    public func asOrder() -> OrderingTerm { frozen }
}
