import Foundation

// Values of the ORM's column types as SQL literals, written exactly as the column stores them, so a
// typed property compares with a value of its own type: `Message.Properties.createTime > date`,
// `Message.Properties.direction == .outgoing`.

extension Date: LiteralValueConvertible {
    /// The stored form: seconds since 1970, as WCDB stores it (see `Date`'s `ColumnEncodable` conformance).
    public func asLiteralValue() -> LiteralValue { LiteralValue(timeIntervalSince1970) }
}

extension URL: LiteralValueConvertible {
    /// The stored form: the URL's `absoluteString` as a text literal.
    public func asLiteralValue() -> LiteralValue { LiteralValue(absoluteString) }
}

// Enums are stored by raw value, so they compare by raw value.
extension TypedProperty where Value: RawRepresentable, Value.RawValue: ExpressionConvertible {
    /// `property == .someCase`: the column equals the case's raw value, as the column stores it.
    public static func == (left: TypedProperty, right: Value) -> Expression { left.asExpression() == right.rawValue.asExpression() }
    /// `property != .someCase`: the column differs from the case's raw value.
    public static func != (left: TypedProperty, right: Value) -> Expression { left.asExpression() != right.rawValue.asExpression() }
    /// The column is less than the case's raw value (raw values order, not declaration order).
    public static func < (left: TypedProperty, right: Value) -> Expression { left.asExpression() < right.rawValue.asExpression() }
    /// The column is at most the case's raw value (raw values order, not declaration order).
    public static func <= (left: TypedProperty, right: Value) -> Expression { left.asExpression() <= right.rawValue.asExpression() }
    /// The column is greater than the case's raw value (raw values order, not declaration order).
    public static func > (left: TypedProperty, right: Value) -> Expression { left.asExpression() > right.rawValue.asExpression() }
    /// The column is at least the case's raw value (raw values order, not declaration order).
    public static func >= (left: TypedProperty, right: Value) -> Expression { left.asExpression() >= right.rawValue.asExpression() }
}

extension TypedProperty {
    /// `property == .someCase` for an optional enum property: the column equals the case's raw value.
    public static func == <Wrapped: RawRepresentable>(left: TypedProperty, right: Wrapped) -> Expression
    where Value == Wrapped?, Wrapped.RawValue: ExpressionConvertible {
        left.asExpression() == right.rawValue.asExpression()
    }

    /// `property != .someCase` for an optional enum property: the column differs from the case's raw
    /// value (SQL's `!=`, so rows whose column is NULL do not match).
    public static func != <Wrapped: RawRepresentable>(left: TypedProperty, right: Wrapped) -> Expression
    where Value == Wrapped?, Wrapped.RawValue: ExpressionConvertible {
        left.asExpression() != right.rawValue.asExpression()
    }
}
