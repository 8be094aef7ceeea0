// WCDB Swift 2.x's WINQ builder names beside the 1.x ones; each builds the same node.

/// A bind parameter (WCDB 2.x): `BindParameter(1)` is `?1`, `BindParameter("name")` is `:name`,
/// `BindParameter.def` is `?`.
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

    /// The parameter as an expression; the caller binds its value when the statement runs.
    public func asExpression() -> Expression { expression }
    /// `?`, `?NNN` or `:name`.
    public var description: String { expression.description }
}

/// `RAISE(…)` for trigger bodies (WCDB 2.x): `RaiseFunction().ignore()`, `.rollback(with: "message")`, …
public struct RaiseFunction: ExpressionConvertible, Sendable, CustomStringConvertible {
    private let expression: Expression

    /// `RAISE(IGNORE)`; the methods below choose another action.
    public init() { expression = .raise(.ignore) }
    private init(expression: Expression) { self.expression = expression }

    /// `RAISE(IGNORE)`
    public func ignore() -> RaiseFunction { RaiseFunction(expression: .raise(.ignore)) }
    /// `RAISE(ROLLBACK, message)`
    public func rollback(with message: String) -> RaiseFunction { RaiseFunction(expression: .raise(.rollback, message: message)) }
    /// `RAISE(ABORT, message)`
    public func abort(with message: String) -> RaiseFunction { RaiseFunction(expression: .raise(.abort, message: message)) }
    /// `RAISE(FAIL, message)`
    public func fail(with message: String) -> RaiseFunction { RaiseFunction(expression: .raise(.fail, message: message)) }

    /// The `RAISE(…)` call as an expression; SQLite allows it only inside a trigger body.
    public func asExpression() -> Expression { expression }
    /// `RAISE(IGNORE)` or `RAISE(action, 'message')`.
    public var description: String { expression.description }
}

extension Column {
    /// A column definition of this column (WCDB 2.x spelling of `ColumnDef(with:and:)`).
    public func asDef(with type: ColumnType? = nil) -> ColumnDef { ColumnDef(with: self, and: type) }
}

extension Property {
    /// A column definition of this property's column (WCDB 2.x).
    public func asDef(with type: ColumnType? = nil) -> ColumnDef { ColumnDef(with: self, and: type) }
}

extension TypedProperty {
    /// A column definition of this property's column (WCDB 2.x).
    public func asDef(with type: ColumnType? = nil) -> ColumnDef { ColumnDef(with: self, and: type) }
}

extension ColumnDef {
    /// Adds `constraint` (WCDB 2.x spelling of `addConstraint(_:)`).
    public func constraint(_ constraint: ColumnConstraint) -> ColumnDef { addConstraint(constraint) }
}

extension Column {
    /// The column itself, so WCDB 2.x's `Column.all()` compiles beside the `Column.all` constant (Swift
    /// allows no function of the same name as a property).
    public func callAsFunction() -> Column { self }
}
