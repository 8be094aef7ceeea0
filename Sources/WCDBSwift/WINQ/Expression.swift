import Foundation

/// An SQL `expr`, kept as its printed SQL plus how tightly it binds.
///
/// Like WCDB Swift, an Expression is a value holding its SQL text: every composite is built from the
/// already-printed operands, so escaping and quoting happen once, in `LiteralValue` and
/// `SQLIdentifier`, and never again. Binary operations print wrapped in parentheses (as the guide
/// shows: `(1 + 2.0)`), so precedence is always the Swift tree's.
public struct Expression: Sendable, CustomStringConvertible, ExpressionOperable, IndexedColumnConvertible {
    /// How an expression binds, to decide whether it needs parentheses as an operand.
    enum Level: Int, Sendable {
        /// Literal, column, function call, parenthesised or CASE/CAST/subquery: never needs parentheses.
        case primary
        /// Starts with a prefix operator (a negative literal): fine as an operand of a binary
        /// operator, but not under COLLATE (which binds tighter than unary minus).
        case unary
        /// `x BETWEEN a AND b`, `x IN (…)`, `x LIKE y`, `x IS y`, `x ISNULL`: parenthesised when used
        /// as an operand.
        case compound
    }

    public let description: String
    let level: Level
    /// A bare literal: allowed as a column DEFAULT without parentheses.
    let isLiteral: Bool

    init(sql: String, level: Level, isLiteral: Bool = false) {
        self.description = sql
        self.level = level
        self.isLiteral = isLiteral
    }

    /// `Expression(with: 1)`, `Expression(with: "3")`, `Expression(with: data)`,
    /// `Expression(with: Column(named: "identifier"))`, `Expression(with: statementSelect)`.
    public init(with convertible: ExpressionConvertible) {
        self = convertible.asExpression()
    }

    public func asExpression() -> Expression { self }
    public func asIndex() -> IndexedColumn { IndexedColumn(with: self) }

    /// The SQL as an operand: parenthesised when it binds looser than `level`.
    func operand(atMost level: Level) -> String {
        self.level.rawValue > level.rawValue ? "(" + description + ")" : description
    }

    // MARK: Bind parameters

    /// `?`
    public static let bindParameter = Expression(sql: "?", level: .primary)

    /// `?NNN` (1-based).
    public static func bindParameter(_ index: Int) -> Expression {
        precondition(index >= 1, "bind parameter indexes start at 1")
        return Expression(sql: "?\(index)", level: .primary)
    }

    /// `:name`. The name is restricted to letters, digits and `_` (it is printed as is).
    public static func bindParameter(named name: String) -> Expression {
        precondition(!name.isEmpty && name.utf8.allSatisfy {
            ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F
        }, "a named bind parameter is [A-Za-z0-9_]+")
        return Expression(sql: ":" + name, level: .primary)
    }

    /// `count` consecutive `?`, for a row of values.
    public static func bindParameters(_ count: Int) -> [Expression] {
        Array(repeating: bindParameter, count: count)
    }

    // MARK: Special literals

    public static let null = LiteralValue.null.asExpression()
    public static let currentTime = LiteralValue.currentTime.asExpression()
    public static let currentDate = LiteralValue.currentDate.asExpression()
    public static let currentTimestamp = LiteralValue.currentTimestamp.asExpression()

    // MARK: Subqueries

    /// `EXISTS (select)`
    public static func exists(_ select: StatementSelect) -> Expression {
        Expression(sql: "EXISTS (\(select.description))", level: .primary)
    }

    /// `NOT EXISTS (select)`
    public static func notExists(_ select: StatementSelect) -> Expression {
        Expression(sql: "(NOT EXISTS (\(select.description)))", level: .primary)
    }

    /// `RAISE(IGNORE)` / `RAISE(ROLLBACK|ABORT|FAIL, 'message')`, for trigger bodies.
    public static func raise(_ action: RaiseAction, message: String = "") -> Expression {
        switch action {
        case .ignore: return Expression(sql: "RAISE(IGNORE)", level: .primary)
        default: return Expression(sql: "RAISE(\(action.rawValue), \(LiteralValue(message)))", level: .primary)
        }
    }

    /// `CAST(expr AS type)`
    public static func cast(_ expression: ExpressionConvertible, as type: ColumnType) -> Expression {
        let typeName = type.sqlName.isEmpty ? "NONE" : type.sqlName
        return Expression(sql: "CAST(\(expression.asExpression().description) AS \(typeName))", level: .primary)
    }

    /// Any function call by name: `name(arg, …)`, `name(DISTINCT arg)`. The name is quoted if needed.
    public static func function(_ name: String, distinct: Bool = false, _ arguments: [ExpressionConvertible]) -> Expression {
        call(SQLIdentifier.quote(name), distinct: distinct, arguments.map { $0.asExpression() })
    }

    public static func function(_ name: String, distinct: Bool = false, _ arguments: ExpressionConvertible...) -> Expression {
        function(name, distinct: distinct, arguments)
    }

    /// A call of a built-in function whose (trusted, bare) name is `sqlName`.
    static func call(_ sqlName: String, distinct: Bool = false, _ arguments: [Expression]) -> Expression {
        let args = arguments.count == 1 ? arguments[0].description : arguments.map(\.description).joined(separator: ", ")
        return Expression(sql: sqlName + "(" + (distinct ? "DISTINCT " : "") + args + ")", level: .primary)
    }
}

/// The action of `RAISE`.
public enum RaiseAction: String, Sendable {
    case ignore = "IGNORE"
    case rollback = "ROLLBACK"
    case abort = "ABORT"
    case fail = "FAIL"
}

extension StatementSelect: ExpressionConvertible {
    /// A scalar subquery `(SELECT …)`, snapshotted at the time of conversion.
    public func asExpression() -> Expression {
        Expression(sql: "(" + description + ")", level: .primary)
    }
}
