/// A model property that carries its model type `Root` and its Swift type `Value`.
///
/// The generator emits `static let localID = TypedProperty<Message, Int?>(named: "localID", index: 0)`.
/// It stores only a `Property` (Root and Value are phantom), so it is Sendable whatever they are.
///
/// It has all of WINQ's methods (`isNotNull()`, `max()`, `between`, `in`, `like`, `asOrder(by:)`…)
/// but NOT the untyped operators of `ExpressionOperable`. Its comparison operators accept only:
/// - a `Value` (Optional promotion works: `TypedProperty<M, Int?>() > 1`),
/// - another `TypedProperty` with the same `Value` (of any model), or differing only by Optional
///   (`Int` key vs `Int?` foreign key),
/// - an explicit untyped node: `Expression`, `Column`, `Property`, `LiteralValue` (a generic parameter,
///   so that no literal becomes one: `Expression` takes WCDB 2.x's literals),
/// - any numeric Swift value when `Value` is numeric (`identifier >= 3.0` on an `Int?`).
/// Arithmetic and bitwise operators exist only for numeric `Value`s and take an `ArithmeticOperand`:
/// any number, any numeric typed property, or an explicit untyped node. A custom `Value` type compares
/// with values once it conforms to `LiteralValueConvertible`, and with nodes (bind parameters) always.
/// A value of another Swift type compiles too, as in WCDB 2.x, with a deprecation warning naming both
/// types (`TypedProperty<M, Int>(named: "a", index: 0) > "abc"`: "compares a property of Swift type Int
/// with a value of Swift type String…"; see TypedPropertyMismatch2x.swift). Wrap a value in
/// `Expression(with:)` to compare deliberately, without the warning.
public struct TypedProperty<Root, Value>: Sendable, CustomStringConvertible, ExpressionFunctionOperable, PropertyConvertible {
    /// The untyped `Property` behind this one (name, index, model); `Root` and `Value` exist only for the compiler.
    public let property: Property

    @_spi(WCDBGenerated) public init(named name: String, index: Int) {
        property = Property(named: name, index: index, root: ObjectIdentifier(Root.self),
                            modelType: Root.self, isShared: true)
    }

    /// The column of the model property at `keyPath`, its value type inferred from the key path (what
    /// generated code uses, so it never has to spell a type the model's scope names).
    @_spi(WCDBGenerated) public init(_ keyPath: KeyPath<Root, Value>, named name: String, index: Int) {
        self.init(named: name, index: index)
    }

    /// The column `name` of `table` (a projection model's `@Column("name", table: "t")`), its value type
    /// inferred from the key path.
    @_spi(WCDBGenerated) public init(_ keyPath: KeyPath<Root, Value>, named name: String, table: String, index: Int) {
        property = Property(named: name, index: index, root: ObjectIdentifier(Root.self), modelType: Root.self,
                            tableName: table, isShared: true)
    }

    private init(property: Property) { self.property = property }

    /// The column name (unquoted).
    public var name: String { property.name }
    /// The position of the property in its model's binding, in declaration order.
    public var propertyIndex: Int { property.propertyIndex }
    /// The model type the property belongs to: `ObjectIdentifier(Root.self)`.
    public var rootType: ObjectIdentifier? { property.rootType }

    /// A copy qualified by `table` (`table.name`).
    public func `in`(table: String) -> TypedProperty { TypedProperty(property: property.in(table: table)) }
    /// A copy qualified by `schema` too (`schema.table.name`); the schema is printed only with a table, so qualify it with `in(table:)` as well.
    public func of(schema: String) -> TypedProperty { TypedProperty(property: property.of(schema: schema)) }

    /// The untyped `Property`, which takes WCDB's untyped operators.
    public func asProperty() -> Property { property }
    /// The column the property names, with its table and schema when qualified.
    public func asColumn() -> Column { property.asColumn() }
    /// The column as an expression (`name` or `table.name`), with no value to bind.
    public func asExpression() -> Expression { property.asExpression() }
    /// The column as a result column of SELECT.
    public func asColumnResult() -> ColumnResult { property.asColumnResult() }
    /// The column as SQL: `name`, `table.name` or `schema.table.name`.
    public var description: String { property.description }
}

// MARK: Logic: SQL's AND/OR are untyped, so any expression is accepted.

extension TypedProperty {
    /// `(property AND other)`: logic is untyped in SQL, so any `ExpressionConvertible` goes on the right; a value there is bound.
    public static func && <T: ExpressionConvertible>(left: TypedProperty, right: T) -> Expression {
        Operate.binary(left.asExpression(), "AND", right.asExpression())
    }
    /// `(property OR other)` (string concatenation is `concat(_:)`): any `ExpressionConvertible` goes on the right; a value there is bound.
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
    /// `(property = value)` with a value of the property's own `Value` type (a non-optional one promotes to an optional `Value`), the value bound; nil means `property IS NULL`.
    @inlinable
    public static func == (left: TypedProperty, right: Value) -> Expression {
        Operate.compare(left.property, .equal, right.asExpression())
    }
    /// `(property != value)` with a value of the property's own `Value` type (a non-optional one promotes to an optional `Value`), the value bound; nil means `property IS NOT NULL`.
    @inlinable
    public static func != (left: TypedProperty, right: Value) -> Expression {
        Operate.compare(left.property, .notEqual, right.asExpression())
    }
    /// `(property < value)` with a value of the property's own `Value` type (a non-optional one promotes to an optional `Value`), the value bound; nil prints `NULL`, which matches no row.
    @inlinable
    public static func < (left: TypedProperty, right: Value) -> Expression {
        Operate.compare(left.property, .less, right.asExpression())
    }
    /// `(property <= value)` with a value of the property's own `Value` type (a non-optional one promotes to an optional `Value`), the value bound; nil prints `NULL`, which matches no row.
    @inlinable
    public static func <= (left: TypedProperty, right: Value) -> Expression {
        Operate.compare(left.property, .lessOrEqual, right.asExpression())
    }
    /// `(property > value)` with a value of the property's own `Value` type (a non-optional one promotes to an optional `Value`), the value bound; nil prints `NULL`, which matches no row.
    @inlinable
    public static func > (left: TypedProperty, right: Value) -> Expression {
        Operate.compare(left.property, .greater, right.asExpression())
    }
    /// `(property >= value)` with a value of the property's own `Value` type (a non-optional one promotes to an optional `Value`), the value bound; nil prints `NULL`, which matches no row.
    @inlinable
    public static func >= (left: TypedProperty, right: Value) -> Expression {
        Operate.compare(left.property, .greaterOrEqual, right.asExpression())
    }
}

// MARK: Comparison with a Swift value of the same type (the row-by-row verbs' `id == k`)

/// The same operators as for any `ExpressionConvertible` value, for the values that are plain literals
/// (numbers, strings, data, dates…, and their optionals): the value is bound without an expression
/// being made for it.
extension TypedProperty where Value: LiteralValueConvertible {
    /// `(property = value)` with a value of the property's own `Value` type, the value bound; nil means `property IS NULL`.
    @inlinable
    public static func == (left: TypedProperty, right: Value) -> Expression {
        Operate.compare(left.property, .equal, literal: right.asLiteralValue())
    }
    /// `(property != value)` with a value of the property's own `Value` type, the value bound; nil means `property IS NOT NULL`.
    @inlinable
    public static func != (left: TypedProperty, right: Value) -> Expression {
        Operate.compare(left.property, .notEqual, literal: right.asLiteralValue())
    }
    /// `(property < value)` with a value of the property's own `Value` type, the value bound; nil prints `NULL`, which matches no row.
    @inlinable
    public static func < (left: TypedProperty, right: Value) -> Expression {
        Operate.compare(left.property, .less, literal: right.asLiteralValue())
    }
    /// `(property <= value)` with a value of the property's own `Value` type, the value bound; nil prints `NULL`, which matches no row.
    @inlinable
    public static func <= (left: TypedProperty, right: Value) -> Expression {
        Operate.compare(left.property, .lessOrEqual, literal: right.asLiteralValue())
    }
    /// `(property > value)` with a value of the property's own `Value` type, the value bound; nil prints `NULL`, which matches no row.
    @inlinable
    public static func > (left: TypedProperty, right: Value) -> Expression {
        Operate.compare(left.property, .greater, literal: right.asLiteralValue())
    }
    /// `(property >= value)` with a value of the property's own `Value` type, the value bound; nil prints `NULL`, which matches no row.
    @inlinable
    public static func >= (left: TypedProperty, right: Value) -> Expression {
        Operate.compare(left.property, .greaterOrEqual, literal: right.asLiteralValue())
    }
}

// MARK: Implicit members for the explicit-node operators

/// The typed operators take a generic `Node` or `Operand` (so that no literal becomes an `Expression` there),
/// which leaves an implicit member (`localID == .bindParameter`, `localID + .bindParameter`) no type to be
/// looked up in: these name `Expression`'s keyword and parameter members for it (SE-0299), so that such a
/// comparison or arithmetic still compiles.
extension ArithmeticOperand where Self == Expression {
    /// `?` (`property == .bindParameter`): `Expression.bindParameter`.
    public static var bindParameter: Expression { Expression.bindParameter }
    /// `?NNN` (`property == .bindParameter(1)`): `Expression.bindParameter(_:)`.
    public static func bindParameter(_ index: Int) -> Expression { Expression.bindParameter(index) }
    /// `:name` (`property == .bindParameter(named: "id")`): `Expression.bindParameter(named:)`.
    public static func bindParameter(named name: String) -> Expression { Expression.bindParameter(named: name) }
    /// `NULL` (`property == .null` means `property IS NULL`): `Expression.null`.
    public static var null: Expression { Expression.null }
    /// `CURRENT_TIME` (`property < .currentTime`): `Expression.currentTime`.
    public static var currentTime: Expression { Expression.currentTime }
    /// `CURRENT_DATE` (`property < .currentDate`): `Expression.currentDate`.
    public static var currentDate: Expression { Expression.currentDate }
    /// `CURRENT_TIMESTAMP` (`property < .currentTimestamp`): `Expression.currentTimestamp`.
    public static var currentTimestamp: Expression { Expression.currentTimestamp }
}

// MARK: Comparison with a same-typed property or an explicit node (any Value, so a custom column type still compares with `Expression.bindParameter`)

extension TypedProperty {
    /// `(property = other)` with a property of any model whose `Value` is the same type; nothing bound.
    public static func == <OtherRoot>(left: TypedProperty, right: TypedProperty<OtherRoot, Value>) -> Expression {
        Operate.binary(left.asExpression(), "=", right.asExpression())
    }
    /// `(property = node)`, an explicit untyped node (`Expression`, `Column`, `Property`, `LiteralValue`) whatever `Value` is (`Expression.bindParameter` for a custom type); generic, so that a literal of another Swift type never becomes one; its values stay bound, and `Expression.null` means `property IS NULL`.
    public static func == <Node: ExpressionOperable>(left: TypedProperty, right: Node) -> Expression {
        Operate.binary(left.asExpression(), "=", right.asExpression())
    }
    /// `(property != other)` with a property of any model whose `Value` is the same type; nothing bound.
    public static func != <OtherRoot>(left: TypedProperty, right: TypedProperty<OtherRoot, Value>) -> Expression {
        Operate.binary(left.asExpression(), "!=", right.asExpression())
    }
    /// `(property != node)`, an explicit untyped node (`Expression`, `Column`, `Property`, `LiteralValue`) whatever `Value` is (`Expression.bindParameter` for a custom type); generic, so that a literal of another Swift type never becomes one; its values stay bound, and `Expression.null` means `property IS NOT NULL`.
    public static func != <Node: ExpressionOperable>(left: TypedProperty, right: Node) -> Expression {
        Operate.binary(left.asExpression(), "!=", right.asExpression())
    }
    /// `(property < other)` with a property of any model whose `Value` is the same type; nothing bound.
    public static func < <OtherRoot>(left: TypedProperty, right: TypedProperty<OtherRoot, Value>) -> Expression {
        Operate.binary(left.asExpression(), "<", right.asExpression())
    }
    /// `(property < node)`, an explicit untyped node (`Expression`, `Column`, `Property`, `LiteralValue`) whatever `Value` is (`Expression.bindParameter` for a custom type); generic, so that a literal of another Swift type never becomes one; its values stay bound.
    public static func < <Node: ExpressionOperable>(left: TypedProperty, right: Node) -> Expression {
        Operate.binary(left.asExpression(), "<", right.asExpression())
    }
    /// `(property <= other)` with a property of any model whose `Value` is the same type; nothing bound.
    public static func <= <OtherRoot>(left: TypedProperty, right: TypedProperty<OtherRoot, Value>) -> Expression {
        Operate.binary(left.asExpression(), "<=", right.asExpression())
    }
    /// `(property <= node)`, an explicit untyped node (`Expression`, `Column`, `Property`, `LiteralValue`) whatever `Value` is (`Expression.bindParameter` for a custom type); generic, so that a literal of another Swift type never becomes one; its values stay bound.
    public static func <= <Node: ExpressionOperable>(left: TypedProperty, right: Node) -> Expression {
        Operate.binary(left.asExpression(), "<=", right.asExpression())
    }
    /// `(property > other)` with a property of any model whose `Value` is the same type; nothing bound.
    public static func > <OtherRoot>(left: TypedProperty, right: TypedProperty<OtherRoot, Value>) -> Expression {
        Operate.binary(left.asExpression(), ">", right.asExpression())
    }
    /// `(property > node)`, an explicit untyped node (`Expression`, `Column`, `Property`, `LiteralValue`) whatever `Value` is (`Expression.bindParameter` for a custom type); generic, so that a literal of another Swift type never becomes one; its values stay bound.
    public static func > <Node: ExpressionOperable>(left: TypedProperty, right: Node) -> Expression {
        Operate.binary(left.asExpression(), ">", right.asExpression())
    }
    /// `(property >= other)` with a property of any model whose `Value` is the same type; nothing bound.
    public static func >= <OtherRoot>(left: TypedProperty, right: TypedProperty<OtherRoot, Value>) -> Expression {
        Operate.binary(left.asExpression(), ">=", right.asExpression())
    }
    /// `(property >= node)`, an explicit untyped node (`Expression`, `Column`, `Property`, `LiteralValue`) whatever `Value` is (`Expression.bindParameter` for a custom type); generic, so that a literal of another Swift type never becomes one; its values stay bound.
    public static func >= <Node: ExpressionOperable>(left: TypedProperty, right: Node) -> Expression {
        Operate.binary(left.asExpression(), ">=", right.asExpression())
    }
}

// MARK: Comparison of a numeric property with any number

extension TypedProperty where Value: NumericLiteralConvertible {
    /// `(property = number)`, the number bound: a numeric property takes any numeric Swift type (`identifier == 3.0` on an `Int`), and nil means `property IS NULL`.
    @inlinable
    public static func == <N: NumericLiteralConvertible>(left: TypedProperty, right: N) -> Expression {
        Operate.compare(left.property, .equal, right.asExpression())
    }
    /// `(property != number)`, the number bound: a numeric property takes any numeric Swift type (`identifier != 3.0` on an `Int`), and nil means `property IS NOT NULL`.
    @inlinable
    public static func != <N: NumericLiteralConvertible>(left: TypedProperty, right: N) -> Expression {
        Operate.compare(left.property, .notEqual, right.asExpression())
    }
    /// `(property < number)`, the number bound: a numeric property takes any numeric Swift type (`identifier < 3.0` on an `Int`), and nil prints `NULL`, which matches no row.
    @inlinable
    public static func < <N: NumericLiteralConvertible>(left: TypedProperty, right: N) -> Expression {
        Operate.compare(left.property, .less, right.asExpression())
    }
    /// `(property <= number)`, the number bound: a numeric property takes any numeric Swift type (`identifier <= 3.0` on an `Int`), and nil prints `NULL`, which matches no row.
    @inlinable
    public static func <= <N: NumericLiteralConvertible>(left: TypedProperty, right: N) -> Expression {
        Operate.compare(left.property, .lessOrEqual, right.asExpression())
    }
    /// `(property > number)`, the number bound: a numeric property takes any numeric Swift type (`identifier > 3.0` on an `Int`), and nil prints `NULL`, which matches no row.
    @inlinable
    public static func > <N: NumericLiteralConvertible>(left: TypedProperty, right: N) -> Expression {
        Operate.compare(left.property, .greater, right.asExpression())
    }
    /// `(property >= number)`, the number bound: a numeric property takes any numeric Swift type (`identifier >= 3.0` on an `Int`), and nil prints `NULL`, which matches no row.
    @inlinable
    public static func >= <N: NumericLiteralConvertible>(left: TypedProperty, right: N) -> Expression {
        Operate.compare(left.property, .greaterOrEqual, right.asExpression())
    }
}

// MARK: Arithmetic and bitwise operators, numeric properties only

/// A numeric property's arithmetic takes any `ArithmeticOperand` on its right: a number of any numeric Swift
/// type, another numeric property (of any model and numeric type), or an explicit untyped node. The right side
/// is printed into the SQL, as part of the expression's shape, so that an index on the expression still matches.
extension TypedProperty where Value: NumericLiteralConvertible {
    /// `(property + operand)` (addition).
    public static func + <Operand: ArithmeticOperand>(left: TypedProperty, right: Operand) -> Expression {
        Operate.binary(left.asExpression(), "+", right.asExpression())
    }
    /// `(property - operand)` (subtraction).
    public static func - <Operand: ArithmeticOperand>(left: TypedProperty, right: Operand) -> Expression {
        Operate.binary(left.asExpression(), "-", right.asExpression())
    }
    /// `(property * operand)` (multiplication).
    public static func * <Operand: ArithmeticOperand>(left: TypedProperty, right: Operand) -> Expression {
        Operate.binary(left.asExpression(), "*", right.asExpression())
    }
    /// `(property / operand)` (division; two integers divide as integers).
    public static func / <Operand: ArithmeticOperand>(left: TypedProperty, right: Operand) -> Expression {
        Operate.binary(left.asExpression(), "/", right.asExpression())
    }
    /// `(property % operand)` (remainder of both operands cast to integers).
    public static func % <Operand: ArithmeticOperand>(left: TypedProperty, right: Operand) -> Expression {
        Operate.binary(left.asExpression(), "%", right.asExpression())
    }
    /// `(property & operand)` (bitwise AND).
    public static func & <Operand: ArithmeticOperand>(left: TypedProperty, right: Operand) -> Expression {
        Operate.binary(left.asExpression(), "&", right.asExpression())
    }
    /// `(property | operand)` (bitwise OR).
    public static func | <Operand: ArithmeticOperand>(left: TypedProperty, right: Operand) -> Expression {
        Operate.binary(left.asExpression(), "|", right.asExpression())
    }
    /// `(property << operand)` (left shift).
    public static func << <Operand: ArithmeticOperand>(left: TypedProperty, right: Operand) -> Expression {
        Operate.binary(left.asExpression(), "<<", right.asExpression())
    }
    /// `(property >> operand)` (right shift).
    public static func >> <Operand: ArithmeticOperand>(left: TypedProperty, right: Operand) -> Expression {
        Operate.binary(left.asExpression(), ">>", right.asExpression())
    }
}

/// A numeric property is an operand of another numeric property's arithmetic, whatever their types.
extension TypedProperty: ArithmeticOperand where Value: NumericLiteralConvertible {}

// MARK: Comparison across optionality (a key `Int` against a foreign key `Int?`)

extension TypedProperty {
    /// `(property = other)`, `other` (of any model) holding the optional form of `Value` (an `Int` key against an `Int?` foreign key); nothing bound.
    public static func == <OtherRoot>(left: TypedProperty, right: TypedProperty<OtherRoot, Value?>) -> Expression {
        Operate.binary(left.asExpression(), "=", right.asExpression())
    }
    /// `(property = other)`, this property's `Value` being the optional form of `other`'s (an `Int?` foreign key against an `Int` key); nothing bound.
    public static func == <OtherRoot, Wrapped>(left: TypedProperty, right: TypedProperty<OtherRoot, Wrapped>) -> Expression
    where Value == Wrapped? {
        Operate.binary(left.asExpression(), "=", right.asExpression())
    }
    /// `(property != other)`, `other` (of any model) holding the optional form of `Value` (an `Int` key against an `Int?` foreign key); nothing bound.
    public static func != <OtherRoot>(left: TypedProperty, right: TypedProperty<OtherRoot, Value?>) -> Expression {
        Operate.binary(left.asExpression(), "!=", right.asExpression())
    }
    /// `(property != other)`, this property's `Value` being the optional form of `other`'s (an `Int?` foreign key against an `Int` key); nothing bound.
    public static func != <OtherRoot, Wrapped>(left: TypedProperty, right: TypedProperty<OtherRoot, Wrapped>) -> Expression
    where Value == Wrapped? {
        Operate.binary(left.asExpression(), "!=", right.asExpression())
    }
    /// `(property < other)`, `other` (of any model) holding the optional form of `Value` (an `Int` key against an `Int?` foreign key); nothing bound.
    public static func < <OtherRoot>(left: TypedProperty, right: TypedProperty<OtherRoot, Value?>) -> Expression {
        Operate.binary(left.asExpression(), "<", right.asExpression())
    }
    /// `(property < other)`, this property's `Value` being the optional form of `other`'s (an `Int?` foreign key against an `Int` key); nothing bound.
    public static func < <OtherRoot, Wrapped>(left: TypedProperty, right: TypedProperty<OtherRoot, Wrapped>) -> Expression
    where Value == Wrapped? {
        Operate.binary(left.asExpression(), "<", right.asExpression())
    }
    /// `(property <= other)`, `other` (of any model) holding the optional form of `Value` (an `Int` key against an `Int?` foreign key); nothing bound.
    public static func <= <OtherRoot>(left: TypedProperty, right: TypedProperty<OtherRoot, Value?>) -> Expression {
        Operate.binary(left.asExpression(), "<=", right.asExpression())
    }
    /// `(property <= other)`, this property's `Value` being the optional form of `other`'s (an `Int?` foreign key against an `Int` key); nothing bound.
    public static func <= <OtherRoot, Wrapped>(left: TypedProperty, right: TypedProperty<OtherRoot, Wrapped>) -> Expression
    where Value == Wrapped? {
        Operate.binary(left.asExpression(), "<=", right.asExpression())
    }
    /// `(property > other)`, `other` (of any model) holding the optional form of `Value` (an `Int` key against an `Int?` foreign key); nothing bound.
    public static func > <OtherRoot>(left: TypedProperty, right: TypedProperty<OtherRoot, Value?>) -> Expression {
        Operate.binary(left.asExpression(), ">", right.asExpression())
    }
    /// `(property > other)`, this property's `Value` being the optional form of `other`'s (an `Int?` foreign key against an `Int` key); nothing bound.
    public static func > <OtherRoot, Wrapped>(left: TypedProperty, right: TypedProperty<OtherRoot, Wrapped>) -> Expression
    where Value == Wrapped? {
        Operate.binary(left.asExpression(), ">", right.asExpression())
    }
    /// `(property >= other)`, `other` (of any model) holding the optional form of `Value` (an `Int` key against an `Int?` foreign key); nothing bound.
    public static func >= <OtherRoot>(left: TypedProperty, right: TypedProperty<OtherRoot, Value?>) -> Expression {
        Operate.binary(left.asExpression(), ">=", right.asExpression())
    }
    /// `(property >= other)`, this property's `Value` being the optional form of `other`'s (an `Int?` foreign key against an `Int` key); nothing bound.
    public static func >= <OtherRoot, Wrapped>(left: TypedProperty, right: TypedProperty<OtherRoot, Wrapped>) -> Expression
    where Value == Wrapped? {
        Operate.binary(left.asExpression(), ">=", right.asExpression())
    }
}
