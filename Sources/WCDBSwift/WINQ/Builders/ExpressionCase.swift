/// `CASE [base] WHEN w THEN t … [ELSE e] END`, built as
/// `Expression.case(base).when(a).then(b).else(c)`.
public struct CaseExpression: Sendable, CustomStringConvertible, ExpressionOperable {
    private var base: Expression?
    private var pairs: [(when: Expression, then: Expression?)] = []
    private var elseValue: Expression?

    init(base: Expression?) { self.base = base }

    /// Adds `WHEN condition`; follow it with `then(_:)`.
    /// With a base, each WHEN value is compared with the base (`base = value`); without, it is a condition.
    public func when(_ condition: ExpressionConvertible) -> CaseExpression {
        var copy = self
        copy.pairs.append((condition.asExpression(), nil))
        return copy
    }

    /// `THEN value` for the last `when(_:)`; traps unless it follows a `when(_:)`.
    /// A WHEN without a THEN prints `THEN NULL`.
    public func then(_ value: ExpressionConvertible) -> CaseExpression {
        precondition(pairs.last.map { $0.then == nil } ?? false, "then(_:) must follow when(_:)")
        var copy = self
        copy.pairs[copy.pairs.count - 1].then = value.asExpression()
        return copy
    }

    /// `ELSE value`, the result when no WHEN matches (NULL without it); replaces an earlier one.
    public func `else`(_ value: ExpressionConvertible) -> CaseExpression {
        var copy = self
        copy.elseValue = value.asExpression()
        return copy
    }

    /// `CASE [base] WHEN … THEN … [ELSE …] END`, values printed as literals.
    public var description: String { asExpression().description }

    /// The CASE expression as an `expr`; its values are printed into the SQL, not bound.
    public func asExpression() -> Expression {
        Expression(.caseWhen(base: base?.inlinedNode, pairs.map { ($0.when.inlinedNode, $0.then?.inlinedNode) },
                             else: elseValue?.inlinedNode))
    }
}

extension Expression {
    /// Starts a CASE expression; pass a base to compare it with each WHEN value.
    public static func `case`(_ base: ExpressionConvertible? = nil) -> CaseExpression {
        CaseExpression(base: base?.asExpression())
    }
}
