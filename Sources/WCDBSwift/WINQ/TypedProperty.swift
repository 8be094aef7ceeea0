/// A model property that carries its model type `Root` and its Swift type `Value`.
///
/// The generator emits `static let localID = TypedProperty<Message, Int?>(named: "localID", index: 0)`.
/// It stores only a `Property` (Root and Value are phantom), so it is Sendable whatever they are.
///
/// It has all of WINQ's methods (`isNotNull()`, `max()`, `between`, `in`, `like`, `asOrder(by:)`…)
/// but NOT the untyped operators of `ExpressionOperable`. Its comparison and arithmetic operators
/// accept only:
/// - a `Value` (Optional promotion works: `TypedProperty<M, Int?>() > 1`),
/// - another `TypedProperty` with the same `Value` (of any model), or differing only by Optional
///   for comparisons (`Int` key vs `Int?` foreign key),
/// - an explicit untyped node: `Expression`, `Column`, `Property`,
/// - any numeric Swift value when `Value` is numeric (`identifier >= 3.0` on an `Int?`).
/// Arithmetic and bitwise operators exist only for numeric `Value`s. A custom `Value` type compares
/// with values once it conforms to `LiteralValueConvertible`, and with nodes (bind parameters) always.
/// So `TypedProperty<M, Int>(named: "a", index: 0) > "abc"` does not compile ("binary operator '>'
/// cannot be applied to operands of type 'TypedProperty<M, Int>' and 'String'"). Wrap a value in
/// `Expression(with:)` to opt out deliberately.
public struct TypedProperty<Root, Value>: Sendable, CustomStringConvertible, ExpressionFunctionOperable, PropertyConvertible {
    public let property: Property

    @_spi(WCDBGenerated) public init(named name: String, index: Int) {
        property = Property(named: name, index: index, root: ObjectIdentifier(Root.self),
                            tableDecodableType: Root.self as? any TableDecodable.Type,
                            tableCodableType: Root.self as? any TableCodableBase.Type, isShared: true)
    }

    /// The column of the model property at `keyPath`, its value type inferred from the key path (what
    /// generated code uses, so it never has to spell a type the model's scope names).
    @_spi(WCDBGenerated) public init(_ keyPath: KeyPath<Root, Value>, named name: String, index: Int) {
        self.init(named: name, index: index)
    }

    private init(property: Property) { self.property = property }

    public var name: String { property.name }
    public var propertyIndex: Int { property.propertyIndex }
    public var rootType: ObjectIdentifier? { property.rootType }

    /// A copy qualified by `table` (`table.name`).
    public func `in`(table: String) -> TypedProperty { TypedProperty(property: property.in(table: table)) }
    public func of(schema: String) -> TypedProperty { TypedProperty(property: property.of(schema: schema)) }

    public func asProperty() -> Property { property }
    public func asColumn() -> Column { property.asColumn() }
    public func asExpression() -> Expression { property.asExpression() }
    public func asColumnResult() -> ColumnResult { property.asColumnResult() }
    public var description: String { property.description }
}

// MARK: Logic: SQL's AND/OR are untyped, so any expression is accepted.

extension TypedProperty {
    public static func && <T: ExpressionConvertible>(left: TypedProperty, right: T) -> Expression {
        Operate.binary(left.asExpression(), "AND", right.asExpression())
    }
    public static func || <T: ExpressionConvertible>(left: TypedProperty, right: T) -> Expression {
        Operate.binary(left.asExpression(), "OR", right.asExpression())
    }
}

// MARK: Comparison with nil: IS NULL / IS NOT NULL, for every property

extension TypedProperty {
    /// `property IS NULL`. Also for a property whose Swift type is not optional: its column can still hold
    /// NULL, and without this overload Swift's own `Optional ==` would turn the comparison into the
    /// constant `false`, a condition that silently matches nothing (or everything, with `!=`).
    public static func == (left: TypedProperty, right: _OptionalNilComparisonType) -> Expression { left.isNull() }
    /// `property IS NOT NULL` (see `==`).
    public static func != (left: TypedProperty, right: _OptionalNilComparisonType) -> Expression { left.isNotNull() }
}

// MARK: Comparison with a value of the same type

extension TypedProperty where Value: ExpressionConvertible {
    public static func == (left: TypedProperty, right: Value) -> Expression {
        Operate.binary(left.asExpression(), "=", right.asExpression())
    }
    public static func != (left: TypedProperty, right: Value) -> Expression {
        Operate.binary(left.asExpression(), "!=", right.asExpression())
    }
    public static func < (left: TypedProperty, right: Value) -> Expression {
        Operate.binary(left.asExpression(), "<", right.asExpression())
    }
    public static func <= (left: TypedProperty, right: Value) -> Expression {
        Operate.binary(left.asExpression(), "<=", right.asExpression())
    }
    public static func > (left: TypedProperty, right: Value) -> Expression {
        Operate.binary(left.asExpression(), ">", right.asExpression())
    }
    public static func >= (left: TypedProperty, right: Value) -> Expression {
        Operate.binary(left.asExpression(), ">=", right.asExpression())
    }
}

// MARK: Comparison with a same-typed property or an explicit node (any Value, so a custom column type still compares with `Expression.bindParameter`)

extension TypedProperty {
    public static func == <OtherRoot>(left: TypedProperty, right: TypedProperty<OtherRoot, Value>) -> Expression {
        Operate.binary(left.asExpression(), "=", right.asExpression())
    }
    public static func == (left: TypedProperty, right: Expression) -> Expression {
        Operate.binary(left.asExpression(), "=", right)
    }
    public static func == (left: TypedProperty, right: Column) -> Expression {
        Operate.binary(left.asExpression(), "=", right.asExpression())
    }
    public static func == (left: TypedProperty, right: Property) -> Expression {
        Operate.binary(left.asExpression(), "=", right.asExpression())
    }
    public static func != <OtherRoot>(left: TypedProperty, right: TypedProperty<OtherRoot, Value>) -> Expression {
        Operate.binary(left.asExpression(), "!=", right.asExpression())
    }
    public static func != (left: TypedProperty, right: Expression) -> Expression {
        Operate.binary(left.asExpression(), "!=", right)
    }
    public static func != (left: TypedProperty, right: Column) -> Expression {
        Operate.binary(left.asExpression(), "!=", right.asExpression())
    }
    public static func != (left: TypedProperty, right: Property) -> Expression {
        Operate.binary(left.asExpression(), "!=", right.asExpression())
    }
    public static func < <OtherRoot>(left: TypedProperty, right: TypedProperty<OtherRoot, Value>) -> Expression {
        Operate.binary(left.asExpression(), "<", right.asExpression())
    }
    public static func < (left: TypedProperty, right: Expression) -> Expression {
        Operate.binary(left.asExpression(), "<", right)
    }
    public static func < (left: TypedProperty, right: Column) -> Expression {
        Operate.binary(left.asExpression(), "<", right.asExpression())
    }
    public static func < (left: TypedProperty, right: Property) -> Expression {
        Operate.binary(left.asExpression(), "<", right.asExpression())
    }
    public static func <= <OtherRoot>(left: TypedProperty, right: TypedProperty<OtherRoot, Value>) -> Expression {
        Operate.binary(left.asExpression(), "<=", right.asExpression())
    }
    public static func <= (left: TypedProperty, right: Expression) -> Expression {
        Operate.binary(left.asExpression(), "<=", right)
    }
    public static func <= (left: TypedProperty, right: Column) -> Expression {
        Operate.binary(left.asExpression(), "<=", right.asExpression())
    }
    public static func <= (left: TypedProperty, right: Property) -> Expression {
        Operate.binary(left.asExpression(), "<=", right.asExpression())
    }
    public static func > <OtherRoot>(left: TypedProperty, right: TypedProperty<OtherRoot, Value>) -> Expression {
        Operate.binary(left.asExpression(), ">", right.asExpression())
    }
    public static func > (left: TypedProperty, right: Expression) -> Expression {
        Operate.binary(left.asExpression(), ">", right)
    }
    public static func > (left: TypedProperty, right: Column) -> Expression {
        Operate.binary(left.asExpression(), ">", right.asExpression())
    }
    public static func > (left: TypedProperty, right: Property) -> Expression {
        Operate.binary(left.asExpression(), ">", right.asExpression())
    }
    public static func >= <OtherRoot>(left: TypedProperty, right: TypedProperty<OtherRoot, Value>) -> Expression {
        Operate.binary(left.asExpression(), ">=", right.asExpression())
    }
    public static func >= (left: TypedProperty, right: Expression) -> Expression {
        Operate.binary(left.asExpression(), ">=", right)
    }
    public static func >= (left: TypedProperty, right: Column) -> Expression {
        Operate.binary(left.asExpression(), ">=", right.asExpression())
    }
    public static func >= (left: TypedProperty, right: Property) -> Expression {
        Operate.binary(left.asExpression(), ">=", right.asExpression())
    }
}

// MARK: Comparison of a numeric property with any number

extension TypedProperty where Value: NumericLiteralConvertible {
    public static func == <N: NumericLiteralConvertible>(left: TypedProperty, right: N) -> Expression {
        Operate.binary(left.asExpression(), "=", right.asExpression())
    }
    public static func != <N: NumericLiteralConvertible>(left: TypedProperty, right: N) -> Expression {
        Operate.binary(left.asExpression(), "!=", right.asExpression())
    }
    public static func < <N: NumericLiteralConvertible>(left: TypedProperty, right: N) -> Expression {
        Operate.binary(left.asExpression(), "<", right.asExpression())
    }
    public static func <= <N: NumericLiteralConvertible>(left: TypedProperty, right: N) -> Expression {
        Operate.binary(left.asExpression(), "<=", right.asExpression())
    }
    public static func > <N: NumericLiteralConvertible>(left: TypedProperty, right: N) -> Expression {
        Operate.binary(left.asExpression(), ">", right.asExpression())
    }
    public static func >= <N: NumericLiteralConvertible>(left: TypedProperty, right: N) -> Expression {
        Operate.binary(left.asExpression(), ">=", right.asExpression())
    }
}

// MARK: Arithmetic and bitwise operators, numeric properties only

extension TypedProperty where Value: NumericLiteralConvertible {
    public static func + (left: TypedProperty, right: Value) -> Expression {
        Operate.binary(left.asExpression(), "+", right.asExpression())
    }
    public static func - (left: TypedProperty, right: Value) -> Expression {
        Operate.binary(left.asExpression(), "-", right.asExpression())
    }
    public static func * (left: TypedProperty, right: Value) -> Expression {
        Operate.binary(left.asExpression(), "*", right.asExpression())
    }
    public static func / (left: TypedProperty, right: Value) -> Expression {
        Operate.binary(left.asExpression(), "/", right.asExpression())
    }
    public static func % (left: TypedProperty, right: Value) -> Expression {
        Operate.binary(left.asExpression(), "%", right.asExpression())
    }
    public static func & (left: TypedProperty, right: Value) -> Expression {
        Operate.binary(left.asExpression(), "&", right.asExpression())
    }
    public static func | (left: TypedProperty, right: Value) -> Expression {
        Operate.binary(left.asExpression(), "|", right.asExpression())
    }
    public static func << (left: TypedProperty, right: Value) -> Expression {
        Operate.binary(left.asExpression(), "<<", right.asExpression())
    }
    public static func >> (left: TypedProperty, right: Value) -> Expression {
        Operate.binary(left.asExpression(), ">>", right.asExpression())
    }
}

// MARK: Arithmetic with a same-typed property or an explicit node

extension TypedProperty where Value: NumericLiteralConvertible {
    public static func + <OtherRoot>(left: TypedProperty, right: TypedProperty<OtherRoot, Value>) -> Expression {
        Operate.binary(left.asExpression(), "+", right.asExpression())
    }
    public static func + (left: TypedProperty, right: Expression) -> Expression {
        Operate.binary(left.asExpression(), "+", right)
    }
    public static func + (left: TypedProperty, right: Column) -> Expression {
        Operate.binary(left.asExpression(), "+", right.asExpression())
    }
    public static func + (left: TypedProperty, right: Property) -> Expression {
        Operate.binary(left.asExpression(), "+", right.asExpression())
    }
    public static func - <OtherRoot>(left: TypedProperty, right: TypedProperty<OtherRoot, Value>) -> Expression {
        Operate.binary(left.asExpression(), "-", right.asExpression())
    }
    public static func - (left: TypedProperty, right: Expression) -> Expression {
        Operate.binary(left.asExpression(), "-", right)
    }
    public static func - (left: TypedProperty, right: Column) -> Expression {
        Operate.binary(left.asExpression(), "-", right.asExpression())
    }
    public static func - (left: TypedProperty, right: Property) -> Expression {
        Operate.binary(left.asExpression(), "-", right.asExpression())
    }
    public static func * <OtherRoot>(left: TypedProperty, right: TypedProperty<OtherRoot, Value>) -> Expression {
        Operate.binary(left.asExpression(), "*", right.asExpression())
    }
    public static func * (left: TypedProperty, right: Expression) -> Expression {
        Operate.binary(left.asExpression(), "*", right)
    }
    public static func * (left: TypedProperty, right: Column) -> Expression {
        Operate.binary(left.asExpression(), "*", right.asExpression())
    }
    public static func * (left: TypedProperty, right: Property) -> Expression {
        Operate.binary(left.asExpression(), "*", right.asExpression())
    }
    public static func / <OtherRoot>(left: TypedProperty, right: TypedProperty<OtherRoot, Value>) -> Expression {
        Operate.binary(left.asExpression(), "/", right.asExpression())
    }
    public static func / (left: TypedProperty, right: Expression) -> Expression {
        Operate.binary(left.asExpression(), "/", right)
    }
    public static func / (left: TypedProperty, right: Column) -> Expression {
        Operate.binary(left.asExpression(), "/", right.asExpression())
    }
    public static func / (left: TypedProperty, right: Property) -> Expression {
        Operate.binary(left.asExpression(), "/", right.asExpression())
    }
    public static func % <OtherRoot>(left: TypedProperty, right: TypedProperty<OtherRoot, Value>) -> Expression {
        Operate.binary(left.asExpression(), "%", right.asExpression())
    }
    public static func % (left: TypedProperty, right: Expression) -> Expression {
        Operate.binary(left.asExpression(), "%", right)
    }
    public static func % (left: TypedProperty, right: Column) -> Expression {
        Operate.binary(left.asExpression(), "%", right.asExpression())
    }
    public static func % (left: TypedProperty, right: Property) -> Expression {
        Operate.binary(left.asExpression(), "%", right.asExpression())
    }
    public static func & <OtherRoot>(left: TypedProperty, right: TypedProperty<OtherRoot, Value>) -> Expression {
        Operate.binary(left.asExpression(), "&", right.asExpression())
    }
    public static func & (left: TypedProperty, right: Expression) -> Expression {
        Operate.binary(left.asExpression(), "&", right)
    }
    public static func & (left: TypedProperty, right: Column) -> Expression {
        Operate.binary(left.asExpression(), "&", right.asExpression())
    }
    public static func & (left: TypedProperty, right: Property) -> Expression {
        Operate.binary(left.asExpression(), "&", right.asExpression())
    }
    public static func | <OtherRoot>(left: TypedProperty, right: TypedProperty<OtherRoot, Value>) -> Expression {
        Operate.binary(left.asExpression(), "|", right.asExpression())
    }
    public static func | (left: TypedProperty, right: Expression) -> Expression {
        Operate.binary(left.asExpression(), "|", right)
    }
    public static func | (left: TypedProperty, right: Column) -> Expression {
        Operate.binary(left.asExpression(), "|", right.asExpression())
    }
    public static func | (left: TypedProperty, right: Property) -> Expression {
        Operate.binary(left.asExpression(), "|", right.asExpression())
    }
    public static func << <OtherRoot>(left: TypedProperty, right: TypedProperty<OtherRoot, Value>) -> Expression {
        Operate.binary(left.asExpression(), "<<", right.asExpression())
    }
    public static func << (left: TypedProperty, right: Expression) -> Expression {
        Operate.binary(left.asExpression(), "<<", right)
    }
    public static func << (left: TypedProperty, right: Column) -> Expression {
        Operate.binary(left.asExpression(), "<<", right.asExpression())
    }
    public static func << (left: TypedProperty, right: Property) -> Expression {
        Operate.binary(left.asExpression(), "<<", right.asExpression())
    }
    public static func >> <OtherRoot>(left: TypedProperty, right: TypedProperty<OtherRoot, Value>) -> Expression {
        Operate.binary(left.asExpression(), ">>", right.asExpression())
    }
    public static func >> (left: TypedProperty, right: Expression) -> Expression {
        Operate.binary(left.asExpression(), ">>", right)
    }
    public static func >> (left: TypedProperty, right: Column) -> Expression {
        Operate.binary(left.asExpression(), ">>", right.asExpression())
    }
    public static func >> (left: TypedProperty, right: Property) -> Expression {
        Operate.binary(left.asExpression(), ">>", right.asExpression())
    }
}

// MARK: Arithmetic of a numeric property with any number

extension TypedProperty where Value: NumericLiteralConvertible {
    public static func + <N: NumericLiteralConvertible>(left: TypedProperty, right: N) -> Expression {
        Operate.binary(left.asExpression(), "+", right.asExpression())
    }
    public static func - <N: NumericLiteralConvertible>(left: TypedProperty, right: N) -> Expression {
        Operate.binary(left.asExpression(), "-", right.asExpression())
    }
    public static func * <N: NumericLiteralConvertible>(left: TypedProperty, right: N) -> Expression {
        Operate.binary(left.asExpression(), "*", right.asExpression())
    }
    public static func / <N: NumericLiteralConvertible>(left: TypedProperty, right: N) -> Expression {
        Operate.binary(left.asExpression(), "/", right.asExpression())
    }
    public static func % <N: NumericLiteralConvertible>(left: TypedProperty, right: N) -> Expression {
        Operate.binary(left.asExpression(), "%", right.asExpression())
    }
    public static func & <N: NumericLiteralConvertible>(left: TypedProperty, right: N) -> Expression {
        Operate.binary(left.asExpression(), "&", right.asExpression())
    }
    public static func | <N: NumericLiteralConvertible>(left: TypedProperty, right: N) -> Expression {
        Operate.binary(left.asExpression(), "|", right.asExpression())
    }
    public static func << <N: NumericLiteralConvertible>(left: TypedProperty, right: N) -> Expression {
        Operate.binary(left.asExpression(), "<<", right.asExpression())
    }
    public static func >> <N: NumericLiteralConvertible>(left: TypedProperty, right: N) -> Expression {
        Operate.binary(left.asExpression(), ">>", right.asExpression())
    }
}

// MARK: Comparison across optionality (a key `Int` against a foreign key `Int?`)

extension TypedProperty {
    public static func == <OtherRoot>(left: TypedProperty, right: TypedProperty<OtherRoot, Value?>) -> Expression {
        Operate.binary(left.asExpression(), "=", right.asExpression())
    }
    public static func == <OtherRoot, Wrapped>(left: TypedProperty, right: TypedProperty<OtherRoot, Wrapped>) -> Expression
    where Value == Wrapped? {
        Operate.binary(left.asExpression(), "=", right.asExpression())
    }
    public static func != <OtherRoot>(left: TypedProperty, right: TypedProperty<OtherRoot, Value?>) -> Expression {
        Operate.binary(left.asExpression(), "!=", right.asExpression())
    }
    public static func != <OtherRoot, Wrapped>(left: TypedProperty, right: TypedProperty<OtherRoot, Wrapped>) -> Expression
    where Value == Wrapped? {
        Operate.binary(left.asExpression(), "!=", right.asExpression())
    }
    public static func < <OtherRoot>(left: TypedProperty, right: TypedProperty<OtherRoot, Value?>) -> Expression {
        Operate.binary(left.asExpression(), "<", right.asExpression())
    }
    public static func < <OtherRoot, Wrapped>(left: TypedProperty, right: TypedProperty<OtherRoot, Wrapped>) -> Expression
    where Value == Wrapped? {
        Operate.binary(left.asExpression(), "<", right.asExpression())
    }
    public static func <= <OtherRoot>(left: TypedProperty, right: TypedProperty<OtherRoot, Value?>) -> Expression {
        Operate.binary(left.asExpression(), "<=", right.asExpression())
    }
    public static func <= <OtherRoot, Wrapped>(left: TypedProperty, right: TypedProperty<OtherRoot, Wrapped>) -> Expression
    where Value == Wrapped? {
        Operate.binary(left.asExpression(), "<=", right.asExpression())
    }
    public static func > <OtherRoot>(left: TypedProperty, right: TypedProperty<OtherRoot, Value?>) -> Expression {
        Operate.binary(left.asExpression(), ">", right.asExpression())
    }
    public static func > <OtherRoot, Wrapped>(left: TypedProperty, right: TypedProperty<OtherRoot, Wrapped>) -> Expression
    where Value == Wrapped? {
        Operate.binary(left.asExpression(), ">", right.asExpression())
    }
    public static func >= <OtherRoot>(left: TypedProperty, right: TypedProperty<OtherRoot, Value?>) -> Expression {
        Operate.binary(left.asExpression(), ">=", right.asExpression())
    }
    public static func >= <OtherRoot, Wrapped>(left: TypedProperty, right: TypedProperty<OtherRoot, Wrapped>) -> Expression
    where Value == Wrapped? {
        Operate.binary(left.asExpression(), ">=", right.asExpression())
    }
}
