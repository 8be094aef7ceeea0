import Foundation

/// An SQL `expr`: a syntax tree (its operators, columns and functions) and the values it compares with.
///
/// Identifiers are quoted once, when the tree is rendered. Unlike a plain string, it carries its *values* as values: a literal that
/// is the operand of a comparison (`=`, `<`, `IN`, `LIKE`, `BETWEEN`, …) is kept out of the text, where
/// a `?` stands for it, and travels in `values`. Running the expression binds them (so one
/// prepared statement serves every key), while `description` prints them back as literals for people
/// and for schema statements (CREATE TABLE/INDEX/VIEW/TRIGGER, CHECK, DEFAULT, partial-index WHERE),
/// where `LiteralValue` is the one place that escapes them.
///
/// Values inside arithmetic, function calls, CAST and COLLATE stay in the text: they are part of
/// the expression's shape, so an index on `a + 1` or `substr(name, 1, 3)` still matches.
/// `Expression(inlining:)` keeps a compared value in the text too, for the planner (partial indexes).
///
/// Operations print bare, as WCDB 2.x prints them (`1 + 2.0`); an operand that is itself an operation is
/// parenthesised (`(a > 1) AND (b < 2)`), so precedence is
/// always the Swift tree's.
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

    /// The syntax tree, without values: shared by every expression of the same shape (`(id = ?)` for any
    /// key), so that statements are found by it without printing.
    @usableFromInline var node: ExpressionNode { steps?.current.node ?? storedNode }
    /// The values of the tree's value slots, in text order.
    @usableFromInline var boundValues: BoundValues { steps?.current.values ?? storedValues }

    @usableFromInline let storedNode: ExpressionNode
    @usableFromInline let storedValues: BoundValues
    /// The state a WCDB 2.x builder step changes in place (`call.arguments(a)` as a statement), shared by
    /// the copies of this expression as 2.x's reference shares it; nil for every expression but a
    /// function call, IN a function, CAST, LIKE/GLOB/MATCH/REGEXP, FILTER and OVER (see `BuilderSteps`).
    /// The tree never holds it: a statement or an operand takes the expression as it is then.
    let steps: BuilderSteps<ExpressionState>?

    /// The values as an array (see `boundValues` for the per-call paths).
    var values: [FundamentalValue] { boundValues.array }

    var level: Level { node.level }
    /// A bare literal: allowed as a column DEFAULT without parentheses.
    var isLiteral: Bool { node.isLiteral }
    /// The tree holds bind parameters of the caller's own (`?`, `?NNN`, `:name`…), which the caller
    /// numbers: then nothing of a statement holding it is bound for them, it runs as `description` prints.
    @usableFromInline var hasOwnParameters: Bool { node.hasCallerParameters }
    /// Whether the expression carries values to bind.
    var hasBoundValues: Bool { node.valueCount > 0 }

    @usableFromInline
    init(node: ExpressionNode, boundValues: BoundValues = .none) {
        storedNode = node
        storedValues = boundValues
        steps = node.kind.takesBuilderSteps ? BuilderSteps(ExpressionState(node: node, values: boundValues)) : nil
    }

    /// The expression as it is now, without shared step state: what a tree or a value type stores.
    init(frozen state: ExpressionState) {
        storedNode = state.node
        storedValues = state.values
        steps = nil
    }

    /// This expression as it is now, no longer changed by later builder steps on it.
    var frozen: Expression { steps.map { Expression(frozen: $0.current) } ?? self }

    /// A WCDB 2.x builder step: on an expression with step state, `change` is applied to that state in
    /// place and the same expression is returned (2.x's `call.arguments(a)` used as a statement takes
    /// effect); on any other, `change`'s result is returned.
    func step(_ change: (Expression) -> Expression) -> Expression {
        guard let steps else { return change(self) }
        steps.update { state in
            let next = change(Expression(frozen: state))
            return ExpressionState(node: next.node, values: next.boundValues)
        }
        return self
    }

    init(_ kind: ExpressionNode.Kind, level: Level = .primary) {
        self.init(node: ExpressionNode(kind, level: level))
    }

    /// A bare literal value: a `?` bound to it.
    init(literal value: FundamentalValue, level: Level) {
        self.init(node: level == .unary ? .negativeValue : .value, boundValues: .one(value))
    }

    /// The bare literal's value, when this expression is one.
    var literalValue: FundamentalValue? {
        // Spelled out: FundamentalValue is ExpressibleByNilLiteral, so `cond ? value : nil` would be `.null`.
        guard node.isValueSlot, case .one(let value) = boundValues else { return Optional<FundamentalValue>.none }
        return value
    }

    /// The tree with its values printed in as literals: an operand whose values are part of the
    /// expression's shape (arithmetic, function arguments, CAST, COLLATE, CASE).
    var inlinedNode: ExpressionNode { node.inlining(boundValues) }

    /// The SQL with every value printed as a literal: what people read and schema statements store.
    public var description: String { SQLRenderer.inlined { $0.render(self) } }

    /// `value` printed into the SQL text even where a comparison would bind it, so that SQLite's
    /// planner sees it: a partial index (`CREATE INDEX … WHERE flag = 1`) is only chosen on SQLite 3.15
    /// for a query that repeats its condition with the same literal.
    public init(inlining value: LiteralValueConvertible) {
        let literal = value.asLiteralValue()
        self.init(.literal(literal), level: literal.isNegativeNumber ? .unary : .primary)
    }

    /// `Expression(with: 1)`, `Expression(with: "3")`, `Expression(with: data)`,
    /// `Expression(with: Column(named: "identifier"))`, `Expression(with: statementSelect)`.
    public init(with convertible: ExpressionConvertible) {
        self = convertible.asExpression()
    }

    /// The expression as it is now: what a statement, an operand or any other builder takes. A later
    /// WCDB 2.x step on this expression (`call.arguments(b)`) does not change what was taken.
    public func asExpression() -> Expression { frozen }
    /// The expression as an indexed column (an index on an expression), without COLLATE or order.
    public func asIndex() -> IndexedColumn { IndexedColumn(with: self) }

    // MARK: Bind parameters

    /// `?`
    public static let bindParameter = Expression(.parameter("?"))

    /// `?NNN` (1-based).
    public static func bindParameter(_ index: Int) -> Expression {
        precondition(index >= 1, "bind parameter indexes start at 1")
        return Expression(.parameter("?\(index)"))
    }

    /// `:name`. The name is restricted to letters, digits and `_` (it is printed as is).
    public static func bindParameter(named name: String) -> Expression {
        precondition(!name.isEmpty && name.utf8.allSatisfy {
            ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F
        }, "a named bind parameter is [A-Za-z0-9_]+")
        return Expression(.parameter(":" + name))
    }

    /// `count` consecutive `?`, for a row of values.
    public static func bindParameters(_ count: Int) -> [Expression] {
        Array(repeating: bindParameter, count: count)
    }

    // MARK: Special literals

    /// `NULL`, printed as the keyword (never bound); `x == Expression.null` means `x IS NULL`, `!=` `IS NOT NULL`.
    public static let null = LiteralValue.null.asExpression()
    /// `CURRENT_TIME`, printed as the keyword: the current UTC time as `HH:MM:SS`.
    public static let currentTime = LiteralValue.currentTime.asExpression()
    /// `CURRENT_DATE`, printed as the keyword: the current UTC date as `YYYY-MM-DD`.
    public static let currentDate = LiteralValue.currentDate.asExpression()
    /// `CURRENT_TIMESTAMP`, printed as the keyword: the current UTC date and time as `YYYY-MM-DD HH:MM:SS`.
    public static let currentTimestamp = LiteralValue.currentTimestamp.asExpression()

    // MARK: Subqueries

    /// `EXISTS (select)`
    public static func exists(_ select: StatementSelect) -> Expression {
        Expression(.exists(select.node, not: false))
    }

    /// `NOT EXISTS (select)`
    public static func notExists(_ select: StatementSelect) -> Expression {
        Expression(.exists(select.node, not: true))
    }

    /// `RAISE(IGNORE)` / `RAISE(ROLLBACK|ABORT|FAIL, 'message')`, for trigger bodies.
    public static func raise(_ action: RaiseAction, message: String = "") -> Expression {
        Expression(.raise(action, message))
    }

    /// `CAST(expr AS type)`
    public static func cast(_ expression: ExpressionConvertible, as type: ColumnType) -> Expression {
        Expression(.cast(expression.asExpression().inlinedNode, type))
    }

    /// Any function call by name: `name(arg, …)`, `name(DISTINCT arg)`. The name is quoted if needed.
    public static func function(_ name: String, distinct: Bool = false, _ arguments: [ExpressionConvertible]) -> Expression {
        Expression(.function(name, isBuiltin: false, distinct: distinct, arguments.map { $0.asExpression().inlinedNode }))
    }

    /// Any function call by name, arguments listed: `name(arg, …)`; their values are printed into the SQL, the name is quoted if needed.
    public static func function(_ name: String, distinct: Bool = false, _ arguments: ExpressionConvertible...) -> Expression {
        function(name, distinct: distinct, arguments)
    }

    /// A call of a built-in function whose (trusted, bare) name is `sqlName`. Its arguments' values are
    /// printed in: they are part of the call's shape (an index on the call must still match).
    static func call(_ sqlName: String, distinct: Bool = false, _ arguments: [Expression]) -> Expression {
        Expression(.function(sqlName, isBuiltin: true, distinct: distinct, arguments.map(\.inlinedNode)))
    }
}

/// The action of `RAISE`.
public enum RaiseAction: String, Sendable {
    /// `RAISE(IGNORE)`: silently abandon the trigger and the rest of the current row's work (a BEFORE trigger skips the row); no message.
    case ignore = "IGNORE"
    /// `RAISE(ROLLBACK, message)`: fail the statement and roll back the whole transaction.
    case rollback = "ROLLBACK"
    /// `RAISE(ABORT, message)`: fail the statement and undo its changes; the transaction stays open.
    case abort = "ABORT"
    /// `RAISE(FAIL, message)`: fail the statement, keeping the changes it already made.
    case fail = "FAIL"
}

/// The tree and values of an expression built step by step (`Expression.steps`).
struct ExpressionState: Sendable {
    let node: ExpressionNode
    let values: BoundValues
}

extension ExpressionNode.Kind {
    /// The kinds WCDB 2.x builds further in place: a call takes `arguments`, `distinct()`, `filter`,
    /// `over`; IN a function its arguments and schema, IN a table its schema; CAST its type; a pattern its ESCAPE.
    var takesBuilderSteps: Bool {
        switch self {
        case .function, .inFunction, .inTable, .cast, .pattern, .filter, .over: return true
        default: return false
        }
    }
}

extension StatementSelect: ExpressionConvertible {
    /// A scalar subquery `(SELECT …)`, snapshotted at the time of conversion.
    public func asExpression() -> Expression {
        Expression(.subquery(node))
    }
}
