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

public protocol ExpressionOperable: ExpressionFunctionOperable {}

/// Shared printing of operators, used by both the untyped and the typed operators.
enum Operate {
    /// `(left op right)`; a compound operand (BETWEEN, IN, LIKE…) is parenthesised too.
    static func binary(_ left: Expression, _ op: String, _ right: Expression) -> Expression {
        Expression(sql: "(" + left.operand(atMost: .unary) + " " + op + " " + right.operand(atMost: .unary) + ")",
                   level: .primary)
    }

    /// `(op operand)`; the operand is parenthesised unless it is primary, which also keeps `- -1`
    /// from printing as the comment `--1`.
    static func unary(_ op: String, _ operand: Expression) -> Expression {
        Expression(sql: "(" + op + operand.operand(atMost: .primary) + ")", level: .primary)
    }

    /// `operand POSTFIX…` for IN / LIKE / BETWEEN / IS / ISNULL: a compound left operand is parenthesised.
    static func postfix(_ operand: Expression, _ rest: String) -> Expression {
        Expression(sql: operand.operand(atMost: .unary) + " " + rest, level: .compound)
    }
}

// MARK: Untyped operators (WCDB's style): Self on the left, anything convertible on the right.

extension ExpressionOperable {
    public static func || <T: ExpressionConvertible>(left: Self, right: T) -> Expression {
        Operate.binary(left.asExpression(), "OR", right.asExpression())
    }
    public static func && <T: ExpressionConvertible>(left: Self, right: T) -> Expression {
        Operate.binary(left.asExpression(), "AND", right.asExpression())
    }
    public static func * <T: ExpressionConvertible>(left: Self, right: T) -> Expression {
        Operate.binary(left.asExpression(), "*", right.asExpression())
    }
    public static func / <T: ExpressionConvertible>(left: Self, right: T) -> Expression {
        Operate.binary(left.asExpression(), "/", right.asExpression())
    }
    public static func % <T: ExpressionConvertible>(left: Self, right: T) -> Expression {
        Operate.binary(left.asExpression(), "%", right.asExpression())
    }
    public static func + <T: ExpressionConvertible>(left: Self, right: T) -> Expression {
        Operate.binary(left.asExpression(), "+", right.asExpression())
    }
    public static func - <T: ExpressionConvertible>(left: Self, right: T) -> Expression {
        Operate.binary(left.asExpression(), "-", right.asExpression())
    }
    public static func << <T: ExpressionConvertible>(left: Self, right: T) -> Expression {
        Operate.binary(left.asExpression(), "<<", right.asExpression())
    }
    public static func >> <T: ExpressionConvertible>(left: Self, right: T) -> Expression {
        Operate.binary(left.asExpression(), ">>", right.asExpression())
    }
    public static func & <T: ExpressionConvertible>(left: Self, right: T) -> Expression {
        Operate.binary(left.asExpression(), "&", right.asExpression())
    }
    public static func | <T: ExpressionConvertible>(left: Self, right: T) -> Expression {
        Operate.binary(left.asExpression(), "|", right.asExpression())
    }
    public static func < <T: ExpressionConvertible>(left: Self, right: T) -> Expression {
        Operate.binary(left.asExpression(), "<", right.asExpression())
    }
    public static func <= <T: ExpressionConvertible>(left: Self, right: T) -> Expression {
        Operate.binary(left.asExpression(), "<=", right.asExpression())
    }
    public static func > <T: ExpressionConvertible>(left: Self, right: T) -> Expression {
        Operate.binary(left.asExpression(), ">", right.asExpression())
    }
    public static func >= <T: ExpressionConvertible>(left: Self, right: T) -> Expression {
        Operate.binary(left.asExpression(), ">=", right.asExpression())
    }
    public static func == <T: ExpressionConvertible>(left: Self, right: T) -> Expression {
        Operate.binary(left.asExpression(), "=", right.asExpression())
    }
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
