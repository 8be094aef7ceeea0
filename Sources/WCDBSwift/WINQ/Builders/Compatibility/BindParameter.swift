// WCDB Swift 2.x's bind parameter type; 1.x writes `Expression.bindParameter(…)`. Both build the same node.

/// A bind parameter (WCDB 2.x): `BindParameter(1)` is `?1` (also `BindParameter._1` … `._10`),
/// `BindParameter("name")` is `:name` (also `.colon(named:)`, and `.at(named:)` `@name`,
/// `.dollar(named:)` `$name`), `BindParameter.def` is `?`.
public struct BindParameter: ExpressionConvertible, Sendable, CustomStringConvertible {
    private let expression: Expression

    /// `?`
    public static let def = BindParameter(expression: .bindParameter)

    /// `?index` (1-based).
    public init(_ index: Int) { expression = .bindParameter(index) }

    /// `:name` (letters, digits and `_`).
    public init(_ name: String) { expression = .bindParameter(named: name) }

    private init(expression: Expression) { self.expression = expression }

    /// `?1`, `?2`, … `?count`.
    public static func bindParameters(_ count: Int) -> [BindParameter] {
        count < 1 ? [] : (1...count).map { BindParameter($0) }
    }

    /// `:name` (letters, digits and `_`), as `BindParameter(name)`.
    public static func colon(named name: String) -> BindParameter { BindParameter(name) }
    /// `@name` (letters, digits and `_`): SQLite binds it like `:name`.
    public static func at(named name: String) -> BindParameter { BindParameter(prefix: "@", name: name) }
    /// `$name` (letters, digits and `_`): SQLite binds it like `:name`.
    public static func dollar(named name: String) -> BindParameter { BindParameter(prefix: "$", name: name) }

    private init(prefix: String, name: String) {
        precondition(!name.isEmpty && name.utf8.allSatisfy {
            ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F
        }, "a named bind parameter is [A-Za-z0-9_]+")
        expression = Expression(.parameter(prefix + name))
    }

    /// `?1`
    public static let _1 = BindParameter(1)
    /// `?2`
    public static let _2 = BindParameter(2)
    /// `?3`
    public static let _3 = BindParameter(3)
    /// `?4`
    public static let _4 = BindParameter(4)
    /// `?5`
    public static let _5 = BindParameter(5)
    /// `?6`
    public static let _6 = BindParameter(6)
    /// `?7`
    public static let _7 = BindParameter(7)
    /// `?8`
    public static let _8 = BindParameter(8)
    /// `?9`
    public static let _9 = BindParameter(9)
    /// `?10`
    public static let _10 = BindParameter(10)

    /// The parameter as an expression; the caller binds its value when the statement runs.
    public func asExpression() -> Expression { expression }
    /// `?`, `?NNN`, `:name`, `@name` or `$name`.
    public var description: String { expression.description }
}
