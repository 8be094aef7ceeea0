// WCDB Swift 2.x's RAISE builder; 1.x writes `Expression.raise(_:message:)`. Both build the same node.

/// `RAISE(…)` for trigger bodies (WCDB 2.x): `RaiseFunction().ignore()`, `.rollback(with: "message")`, …
public struct RaiseFunction: ExpressionConvertible, Sendable, CustomStringConvertible {
    private let expression: Expression

    /// `RAISE(IGNORE)`; the methods below choose another action.
    public init() { expression = .raise(.ignore) }
    private init(expression: Expression) { self.expression = expression }

    /// `RAISE(IGNORE)`
    public func ignore() -> RaiseFunction { RaiseFunction(expression: .raise(.ignore)) }
    /// `RAISE(ROLLBACK, message)`
    public func rollback(with message: String) -> RaiseFunction { RaiseFunction(expression: .raise(.rollback, message: message)) }
    /// `RAISE(ABORT, message)`
    public func abort(with message: String) -> RaiseFunction { RaiseFunction(expression: .raise(.abort, message: message)) }
    /// `RAISE(FAIL, message)`
    public func fail(with message: String) -> RaiseFunction { RaiseFunction(expression: .raise(.fail, message: message)) }

    /// The `RAISE(…)` call as an expression; SQLite allows it only inside a trigger body.
    public func asExpression() -> Expression { expression }
    /// `RAISE(IGNORE)` or `RAISE(action, 'message')`.
    public var description: String { expression.description }
}
