// WCDB Swift 2.x writes literals straight where a `LiteralValue` (or an `Expression`) is declared
// (`let v: LiteralValue = "text"`, `let e: Expression = 1`, `Expression(nil)`) and calls the keyword
// literals as functions (`LiteralValue.currentDate()`); 1.x writes `LiteralValue("text")`,
// `Expression(with: 1)` and `LiteralValue.currentDate`. Both make the same literal: a value is bound
// where compared and printed where it is part of an expression's shape, a keyword is printed.
//
// `Expression` takes 2.x's integer, float, string and boolean literals. Two things it must not do:
// - let a typed property compare with a value of another Swift type (`Message.Properties.localID >
//   "abc"`): a typed property's operators take an explicit node through a generic parameter
//   (`<Node: ExpressionOperable>`, TypedProperty.swift), from which Swift never infers a literal, so a
//   mismatched literal still reaches the unavailable operators of TypedPropertyMismatch.swift;
// - turn `cond ? expression : nil`, given to a verb's optional condition, limit or offset, into `NULL`
//   (`WHERE NULL` matches no row) instead of no clause. Swift types that `nil` as the other branch's type
//   when it can (`Expression(nilLiteral:)`, then promoted), ahead of `Optional.none`: measured, with a
//   nil-literal `Expression`, `cond ? property > 1 : nil` and `cond ? e : nil` (`e` an `Expression`) ran
//   with a NULL clause, and so did `delete(fromTable:where: nil)`, which then picks the `Expression`
//   overload. No overload ranking reaches inside the ternary, so `Expression`, unlike 2.x's, takes no
//   `nil` literal: write `Expression(nil)` or `Expression.null` (a `LiteralValue` takes `nil`).

extension Expression {
    /// `NULL` (WCDB 2.x's `Expression(nil)`; also `Expression.null`).
    public init(_: Void?) { self = Expression.null }
}

extension Expression: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
    ExpressibleByBooleanLiteral
{
    /// An INTEGER literal (WCDB 2.x's `let e: Expression = 1`; also `Expression(with: 1)`): bound where
    /// compared, printed where part of the expression's shape.
    public init(integerLiteral value: Int64) { self = LiteralValue(value).asExpression() }
    /// A REAL literal (`let e: Expression = 1.5`), printed as the shortest decimal that reads back as
    /// the same `Double` (`1.1`, where 2.x prints `1.1000000000000001`).
    public init(floatLiteral value: Double) { self = LiteralValue(value).asExpression() }
    /// A TEXT literal (`let e: Expression = "text"`), printed quoted (`'text'`).
    public init(stringLiteral value: String) { self = LiteralValue(value).asExpression() }
    /// `1` or `0` (`let e: Expression = false`; SQLite 3.15.2 has no TRUE and FALSE, which 2.x prints).
    public init(booleanLiteral value: Bool) { self = LiteralValue(value).asExpression() }
}

extension LiteralValue: ExpressibleByNilLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral, ExpressibleByBooleanLiteral
{
    /// `NULL` (`let v: LiteralValue = nil`, `LiteralValue(nil)`).
    public init(nilLiteral: ()) { self = .null }
    /// An INTEGER (`let v: LiteralValue = 1`).
    public init(integerLiteral value: Int64) { self.init(value) }
    /// A REAL (`let v: LiteralValue = 1.5`).
    public init(floatLiteral value: Double) { self.init(value) }
    /// A TEXT (`let v: LiteralValue = "text"`).
    public init(stringLiteral value: String) { self.init(value) }
    /// `1` or `0` (SQLite 3.15.2 has no TRUE and FALSE; WCDB 2.x prints them).
    public init(booleanLiteral value: Bool) { self.init(value) }

    /// The literal itself, so that WCDB 2.x's `LiteralValue.currentDate()` (and `currentTime()`,
    /// `currentTimestamp()`) compile beside the constants of the same names (Swift allows no function of
    /// the name of a property).
    public func callAsFunction() -> LiteralValue { self }
}
