/// `CASE [base] WHEN w THEN t … [ELSE e] END`, built as
/// `Expression.case(base).when(a).then(b).else(c)`.
public struct CaseExpression: Sendable, CustomStringConvertible, ExpressionOperable {
    /// The parts of a CASE.
    struct Parts: Sendable {
        var base: Expression?
        var pairs: [(when: Expression, then: Expression?)] = []
        var elseValue: Expression?
    }

    /// Shared by the copies, as 2.x's reference is: `let c = Expression.case(x); c.when(1)` as a
    /// statement adds the WHEN (see `BuilderSteps`).
    private let parts: BuilderSteps<Parts>

    init(base: Expression?) { parts = BuilderSteps(Parts(base: base?.frozen)) }

    /// Adds `WHEN condition` and returns this CASE; follow it with `then(_:)`.
    /// With a base, each WHEN value is compared with the base (`base = value`); without, it is a condition.
    @discardableResult
    public func when(_ condition: ExpressionConvertible) -> CaseExpression {
        let condition = condition.asExpression().frozen
        parts.update { parts in
            var parts = parts
            parts.pairs.append((condition, nil))
            return parts
        }
        return self
    }

    /// Sets `THEN value` for the last `when(_:)` and returns this CASE; traps unless it follows a
    /// `when(_:)`. A WHEN without a THEN prints `THEN NULL`.
    @discardableResult
    public func then(_ value: ExpressionConvertible) -> CaseExpression {
        let value = value.asExpression().frozen
        parts.update { parts in
            precondition(parts.pairs.last.map { $0.then == nil } ?? false, "then(_:) must follow when(_:)")
            var parts = parts
            parts.pairs[parts.pairs.count - 1].then = value
            return parts
        }
        return self
    }

    /// Sets `ELSE value`, the result when no WHEN matches (NULL without it), and returns this CASE;
    /// replaces an earlier one.
    @discardableResult
    public func `else`(_ value: ExpressionConvertible) -> CaseExpression {
        let value = value.asExpression().frozen
        parts.update { parts in
            var parts = parts
            parts.elseValue = value
            return parts
        }
        return self
    }

    /// `CASE [base] WHEN … THEN … [ELSE …] END`, values printed as literals.
    public var description: String { asExpression().description }

    /// The CASE expression as an `expr`, as it is now; its values are printed into the SQL, not bound.
    public func asExpression() -> Expression {
        let parts = parts.current
        return Expression(.caseWhen(base: parts.base?.inlinedNode,
                                    parts.pairs.map { ($0.when.inlinedNode, $0.then?.inlinedNode) },
                                    else: parts.elseValue?.inlinedNode))
    }
}

extension Expression {
    /// Starts a CASE expression; pass a base to compare it with each WHEN value.
    public static func `case`(_ base: ExpressionConvertible? = nil) -> CaseExpression {
        CaseExpression(base: base?.asExpression())
    }
}
