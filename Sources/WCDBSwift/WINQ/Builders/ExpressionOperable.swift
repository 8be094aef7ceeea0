/// The protocol split behind typed properties.
///
/// - `ExpressionFunctionOperable`: everything that can have WINQ's *methods* called on it
///   (`isNotNull()`, `between`, `in`, `like`, `max()`, `collate`, …). Column, Expression, Property and
///   TypedProperty all conform.
/// - `ExpressionOperable`: additionally gets the *untyped operators* (`>`, `==`, `+`, `&&`, …) taking
///   any `ExpressionConvertible`, WCDB's untyped style. Column, Expression, LiteralValue and Property
///   conform; `TypedProperty` deliberately does NOT, it declares its own typed operators instead,
///   so that `TypedProperty<M, Int>() > "abc"` does not compile.
public protocol ExpressionFunctionOperable: ExpressionConvertible {}

/// What takes WCDB's untyped operators (`>`, `==`, `+`, `&&`, …, any `ExpressionConvertible` on the right): `Column`, `Expression`, `LiteralValue`, `Property`; not `TypedProperty`.
public protocol ExpressionOperable: ExpressionFunctionOperable, ArithmeticOperand {}

/// What a numeric `TypedProperty`'s arithmetic and bitwise operators take on their right: a number of any
/// numeric Swift type, another numeric typed property (of any model and numeric type: `price * quantity`),
/// or an explicit untyped node (`Expression`, `Column`, `Property`, `LiteralValue`). A string or a
/// non-numeric property is none of these, so `title + 1` does not compile.
public protocol ArithmeticOperand: ExpressionConvertible {}

/// The six comparisons, whose nodes a property's expression keeps at hand (`ExpressionNode`).
@usableFromInline
enum ComparisonOperator: Int {
    case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual

    init?(sql: String) {
        switch sql {
        case "=": self = .equal
        case "!=": self = .notEqual
        case "<": self = .less
        case "<=": self = .lessOrEqual
        case ">": self = .greater
        case ">=": self = .greaterOrEqual
        default: return nil
        }
    }

    var sql: String {
        switch self {
        case .equal: return "="
        case .notEqual: return "!="
        case .less: return "<"
        case .lessOrEqual: return "<="
        case .greater: return ">"
        case .greaterOrEqual: return ">="
        }
    }
}

/// Shared building of operator nodes, used by both the untyped and the typed operators.
@usableFromInline
enum Operate {
    /// `(left op right)`. The operands of comparisons and logic keep their values bound; those of
    /// arithmetic, bitwise operators and `||` print them in, since they are part of the expression's
    /// shape (an index on `a + 1`). Comparing with NULL (`x == nil`) means `x IS NULL`: `x = NULL` is
    /// never true.
    static func binary(_ left: Expression, _ op: String, _ right: Expression) -> Expression {
        let binds: Bool
        switch op {
        case "=", "!=":
            if right.isNullLiteral { return postfix(left, op == "=" ? "IS NULL" : "IS NOT NULL") }
            if left.isNullLiteral { return postfix(right, op == "=" ? "IS NULL" : "IS NOT NULL") }
            binds = true
        case "<", "<=", ">", ">=", "AND", "OR": binds = true
        default: binds = false
        }
        // Comparisons and logic keep their operands' values bound: the node comes from the left operand's
        // memory (`property op value`, `a == x && b == y`), so the same node serves every call and no SQL
        // is printed for it.
        if binds {
            if !left.hasBoundValues, left.level != .compound, right.node.isValueSlot {
                return Expression(node: left.node.comparedWithValue(op), boundValues: right.boundValues)
            }
            return Expression(node: left.node.combined(op, with: right.node),
                              boundValues: left.boundValues.followed(by: right.boundValues))
        }
        return Expression(.binary(op, left.inlinedNode, right.inlinedNode))
    }

    /// `(property op value)`, the common condition of the row-by-row verbs: the node comes straight from
    /// the property (one atomic load) and the value is held inline; anything else (nil, an expression, a
    /// column) goes through `binary`.
    @usableFromInline
    static func compare(_ property: Property, _ op: ComparisonOperator, _ right: Expression) -> Expression {
        if right.node.isValueSlot {
            return Expression(node: property.comparisonNode(op), boundValues: right.boundValues)
        }
        return binary(property.asExpression(), op.sql, right)
    }

    /// `(property op value)` for a Swift value: no expression is made for the value, its node comes
    /// from the property and the value is held inline; a keyword (NULL…) goes the general way.
    @inlinable
    static func compare(_ property: Property, _ op: ComparisonOperator, literal: LiteralValue) -> Expression {
        if let value = literal.boundValue {
            return Expression(node: property.comparisonNode(op), boundValues: .one(value))
        }
        return compare(property, op, literal.asExpression())
    }

    /// `(op operand)`; the operand is parenthesised unless it is primary, which also keeps `- -1`
    /// from printing as the comment `--1`. `NOT` keeps its operand's values bound; `-`, `+`, `~` print
    /// them in.
    static func unary(_ op: String, _ operand: Expression) -> Expression {
        if op == "NOT " { return Expression(node: ExpressionNode(.unary(op, operand.node)), boundValues: operand.boundValues) }
        return Expression(.unary(op, operand.inlinedNode))
    }

    /// `operand IS NULL` / `operand IS NOT NULL`: a compound left operand is parenthesised, its values
    /// stay bound.
    static func postfix(_ operand: Expression, _ rest: String) -> Expression {
        Expression(node: ExpressionNode(.postfix(operand.node, rest), level: .compound), boundValues: operand.boundValues)
    }

    /// A compound operation (BETWEEN, IN, LIKE, IS…) of `operands`, whose values stay bound, in text order.
    static func compound(_ kind: ExpressionNode.Kind, values operands: [Expression]) -> Expression {
        var values = BoundValues.none
        for operand in operands { values = values.followed(by: operand.boundValues) }
        return Expression(node: ExpressionNode(kind, level: .compound), boundValues: values)
    }
}

extension Expression {
    /// A bare NULL (also `nil` and an Optional holding nil).
    var isNullLiteral: Bool { node.isNullLiteral }
}

// MARK: Untyped operators (WCDB's style): Self on the left, anything convertible on the right.

extension ExpressionOperable {
    /// `x IS NULL`: comparing with `nil` tests for NULL (`x = NULL` is never true, and Swift's own
    /// `Optional ==` would make the condition the constant `false`).
    public static func == (left: Self, right: _OptionalNilComparisonType) -> Expression { left.asExpression().isNull() }
    /// `x IS NOT NULL` (see `==`).
    public static func != (left: Self, right: _OptionalNilComparisonType) -> Expression { left.asExpression().isNotNull() }
    /// `(self OR other)` (string concatenation is `concat(_:)`), any `ExpressionConvertible` on the right; a value there is bound.
    public static func || <T: ExpressionConvertible>(left: Self, right: T) -> Expression {
        Operate.binary(left.asExpression(), "OR", right.asExpression())
    }
    /// `(self AND other)`, any `ExpressionConvertible` on the right; a value there is bound.
    public static func && <T: ExpressionConvertible>(left: Self, right: T) -> Expression {
        Operate.binary(left.asExpression(), "AND", right.asExpression())
    }
    /// `(self * other)` (multiplication), any `ExpressionConvertible` on the right, unchecked; a value there is printed into the SQL (part of the expression's shape, so an index on it still matches).
    public static func * <T: ExpressionConvertible>(left: Self, right: T) -> Expression {
        Operate.binary(left.asExpression(), "*", right.asExpression())
    }
    /// `(self / other)` (division; two integers divide as integers), any `ExpressionConvertible` on the right, unchecked; a value there is printed into the SQL (part of the expression's shape, so an index on it still matches).
    public static func / <T: ExpressionConvertible>(left: Self, right: T) -> Expression {
        Operate.binary(left.asExpression(), "/", right.asExpression())
    }
    /// `(self % other)` (remainder of both operands cast to integers), any `ExpressionConvertible` on the right, unchecked; a value there is printed into the SQL (part of the expression's shape, so an index on it still matches).
    public static func % <T: ExpressionConvertible>(left: Self, right: T) -> Expression {
        Operate.binary(left.asExpression(), "%", right.asExpression())
    }
    /// `(self + other)` (addition), any `ExpressionConvertible` on the right, unchecked; a value there is printed into the SQL (part of the expression's shape, so an index on it still matches).
    public static func + <T: ExpressionConvertible>(left: Self, right: T) -> Expression {
        Operate.binary(left.asExpression(), "+", right.asExpression())
    }
    /// `(self - other)` (subtraction), any `ExpressionConvertible` on the right, unchecked; a value there is printed into the SQL (part of the expression's shape, so an index on it still matches).
    public static func - <T: ExpressionConvertible>(left: Self, right: T) -> Expression {
        Operate.binary(left.asExpression(), "-", right.asExpression())
    }
    /// `(self << other)` (left shift), any `ExpressionConvertible` on the right, unchecked; a value there is printed into the SQL (part of the expression's shape, so an index on it still matches).
    public static func << <T: ExpressionConvertible>(left: Self, right: T) -> Expression {
        Operate.binary(left.asExpression(), "<<", right.asExpression())
    }
    /// `(self >> other)` (right shift), any `ExpressionConvertible` on the right, unchecked; a value there is printed into the SQL (part of the expression's shape, so an index on it still matches).
    public static func >> <T: ExpressionConvertible>(left: Self, right: T) -> Expression {
        Operate.binary(left.asExpression(), ">>", right.asExpression())
    }
    /// `(self & other)` (bitwise AND), any `ExpressionConvertible` on the right, unchecked; a value there is printed into the SQL (part of the expression's shape, so an index on it still matches).
    public static func & <T: ExpressionConvertible>(left: Self, right: T) -> Expression {
        Operate.binary(left.asExpression(), "&", right.asExpression())
    }
    /// `(self | other)` (bitwise OR), any `ExpressionConvertible` on the right, unchecked; a value there is printed into the SQL (part of the expression's shape, so an index on it still matches).
    public static func | <T: ExpressionConvertible>(left: Self, right: T) -> Expression {
        Operate.binary(left.asExpression(), "|", right.asExpression())
    }
    /// `(self < other)`, any `ExpressionConvertible` on the right, unchecked; a value there is bound, and nil prints `NULL`, which matches no row.
    public static func < <T: ExpressionConvertible>(left: Self, right: T) -> Expression {
        Operate.binary(left.asExpression(), "<", right.asExpression())
    }
    /// `(self <= other)`, any `ExpressionConvertible` on the right, unchecked; a value there is bound, and nil prints `NULL`, which matches no row.
    public static func <= <T: ExpressionConvertible>(left: Self, right: T) -> Expression {
        Operate.binary(left.asExpression(), "<=", right.asExpression())
    }
    /// `(self > other)`, any `ExpressionConvertible` on the right, unchecked; a value there is bound, and nil prints `NULL`, which matches no row.
    public static func > <T: ExpressionConvertible>(left: Self, right: T) -> Expression {
        Operate.binary(left.asExpression(), ">", right.asExpression())
    }
    /// `(self >= other)`, any `ExpressionConvertible` on the right, unchecked; a value there is bound, and nil prints `NULL`, which matches no row.
    public static func >= <T: ExpressionConvertible>(left: Self, right: T) -> Expression {
        Operate.binary(left.asExpression(), ">=", right.asExpression())
    }
    /// `(self = other)`, any `ExpressionConvertible` on the right, unchecked; a value there is bound, and nil (or `Expression.null`) means `self IS NULL`.
    public static func == <T: ExpressionConvertible>(left: Self, right: T) -> Expression {
        Operate.binary(left.asExpression(), "=", right.asExpression())
    }
    /// `(self != other)`, any `ExpressionConvertible` on the right, unchecked; a value there is bound, and nil (or `Expression.null`) means `self IS NOT NULL`.
    public static func != <T: ExpressionConvertible>(left: Self, right: T) -> Expression {
        Operate.binary(left.asExpression(), "!=", right.asExpression())
    }
}

// MARK: Prefix operators and logic: meaningful for any operand, typed or not.

extension ExpressionFunctionOperable {
    /// `(NOT x)`
    public static prefix func ! (operand: Self) -> Expression { Operate.unary("NOT ", operand.asExpression()) }
    /// `(-x)`
    public static prefix func - (operand: Self) -> Expression { Operate.unary("-", operand.asExpression()) }
    /// `(+x)`
    public static prefix func + (operand: Self) -> Expression { Operate.unary("+", operand.asExpression()) }
    /// `(~x)`
    public static prefix func ~ (operand: Self) -> Expression { Operate.unary("~", operand.asExpression()) }
}
