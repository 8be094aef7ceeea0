// A typed property compares only with values of its own Swift type. Where the expected type of a
// condition is `Condition` (`getObjects(fromTable:where:)`), a mismatch would otherwise be reported as
// "requires that 'TypedProperty<…>' conform to 'ExpressionOperable'", which names no value type: these
// unavailable operators catch a Swift value of another type and say what is wrong. A value of the
// property's type always picks the real operator (a more specific overload).

private let mismatch = "the value's Swift type is not the property's: compare with a value of the property's type, or wrap it in Expression(with:) to compare anyway"

extension TypedProperty {
    /// Unavailable: the value's Swift type is not the property's.
    @available(*, unavailable, message: "the value's Swift type is not the property's: compare with a value of the property's type, or wrap it in Expression(with:) to compare anyway")
    public static func == <Other: LiteralValueConvertible>(left: TypedProperty, right: Other) -> Expression { fatalError(mismatch) }
    /// Unavailable: the value's Swift type is not the property's.
    @available(*, unavailable, message: "the value's Swift type is not the property's: compare with a value of the property's type, or wrap it in Expression(with:) to compare anyway")
    public static func != <Other: LiteralValueConvertible>(left: TypedProperty, right: Other) -> Expression { fatalError(mismatch) }
    /// Unavailable: the value's Swift type is not the property's.
    @available(*, unavailable, message: "the value's Swift type is not the property's: compare with a value of the property's type, or wrap it in Expression(with:) to compare anyway")
    public static func < <Other: LiteralValueConvertible>(left: TypedProperty, right: Other) -> Expression { fatalError(mismatch) }
    /// Unavailable: the value's Swift type is not the property's.
    @available(*, unavailable, message: "the value's Swift type is not the property's: compare with a value of the property's type, or wrap it in Expression(with:) to compare anyway")
    public static func <= <Other: LiteralValueConvertible>(left: TypedProperty, right: Other) -> Expression { fatalError(mismatch) }
    /// Unavailable: the value's Swift type is not the property's.
    @available(*, unavailable, message: "the value's Swift type is not the property's: compare with a value of the property's type, or wrap it in Expression(with:) to compare anyway")
    public static func > <Other: LiteralValueConvertible>(left: TypedProperty, right: Other) -> Expression { fatalError(mismatch) }
    /// Unavailable: the value's Swift type is not the property's.
    @available(*, unavailable, message: "the value's Swift type is not the property's: compare with a value of the property's type, or wrap it in Expression(with:) to compare anyway")
    public static func >= <Other: LiteralValueConvertible>(left: TypedProperty, right: Other) -> Expression { fatalError(mismatch) }
}
