import Foundation

// Values of the ORM's column types as SQL literals, written exactly as the column stores them, so a
// typed property compares with a value of its own type: `Message.Properties.createTime > date`,
// `Message.Properties.direction == .outgoing`.

extension Date: LiteralValueConvertible {
    /// The stored form: seconds since 1970, as WCDB stores it (see `Date`'s `ColumnEncodable` conformance).
    public func asLiteralValue() -> LiteralValue { LiteralValue(timeIntervalSince1970) }
}

extension URL: LiteralValueConvertible {
    public func asLiteralValue() -> LiteralValue { LiteralValue(absoluteString) }
}

// Enums are stored by raw value, so they compare by raw value.
extension TypedProperty where Value: RawRepresentable, Value.RawValue: ExpressionConvertible {
    public static func == (left: TypedProperty, right: Value) -> Expression { left.asExpression() == right.rawValue.asExpression() }
    public static func != (left: TypedProperty, right: Value) -> Expression { left.asExpression() != right.rawValue.asExpression() }
    public static func < (left: TypedProperty, right: Value) -> Expression { left.asExpression() < right.rawValue.asExpression() }
    public static func <= (left: TypedProperty, right: Value) -> Expression { left.asExpression() <= right.rawValue.asExpression() }
    public static func > (left: TypedProperty, right: Value) -> Expression { left.asExpression() > right.rawValue.asExpression() }
    public static func >= (left: TypedProperty, right: Value) -> Expression { left.asExpression() >= right.rawValue.asExpression() }
}

extension TypedProperty {
    public static func == <Wrapped: RawRepresentable>(left: TypedProperty, right: Wrapped) -> Expression
    where Value == Wrapped?, Wrapped.RawValue: ExpressionConvertible {
        left.asExpression() == right.rawValue.asExpression()
    }

    public static func != <Wrapped: RawRepresentable>(left: TypedProperty, right: Wrapped) -> Expression
    where Value == Wrapped?, Wrapped.RawValue: ExpressionConvertible {
        left.asExpression() != right.rawValue.asExpression()
    }
}
