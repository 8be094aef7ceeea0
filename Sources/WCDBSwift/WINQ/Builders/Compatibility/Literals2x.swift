// WCDB Swift 2.x writes literals straight where a `LiteralValue` (or an `Expression`) is declared
// (`let v: LiteralValue = "text"`, `let e: Expression = 1`, `Expression(nil)`) and calls the keyword
// literals as functions (`LiteralValue.currentDate()`); 1.x writes `LiteralValue("text")`,
// `Expression(with: 1)` and `LiteralValue.currentDate`. Both make the same literal: a value is bound
// where compared and printed where it is part of an expression's shape, a keyword is printed.
//
// Deliberately unlike 2.x, `Expression` takes no literal (`let e: Expression = 1` does not compile;
// write `Expression(with: 1)`, or a `LiteralValue`): a typed property compares with an explicit
// `Expression` on purpose, and a literal `Expression` would let `Message.Properties.localID > "abc"`
// compile again; and the CRUD verbs' optional conditions and limits are `Expression`-like, where
// `cond ? expression : nil` would silently become `NULL` (a `LIMIT NULL`) instead of no clause.

extension Expression {
    /// `NULL` (WCDB 2.x's `Expression(nil)`; also `Expression.null`).
    public init(_: Void?) { self = Expression.null }
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
