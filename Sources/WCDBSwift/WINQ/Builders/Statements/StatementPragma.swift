/// `PRAGMA [schema.]name`, `PRAGMA name = value`, `PRAGMA name(value)`.
public final class StatementPragma: Statement {
    private var pragma = Pragma(named: "")
    private var schema: String?
    private var value: String?

    /// An empty statement; name the pragma with `pragma(_:)`.
    public init() {}

    /// `PRAGMA name`: reads the pragma's value (or runs it, for pragmas that act).
    @discardableResult
    public func pragma(_ pragma: Pragma) -> StatementPragma {
        self.pragma = pragma
        return self
    }

    /// `PRAGMA schema.name`: the pragma of one attached database.
    @discardableResult
    public func of(schema: String) -> StatementPragma {
        self.schema = schema
        return self
    }

    /// `PRAGMA name = value`
    @discardableResult
    public func to(_ value: ExpressionConvertible) -> StatementPragma {
        self.value = " = " + value.asExpression().description
        return self
    }

    /// The call form `PRAGMA name(value)` (e.g. `table_info(t)`).
    @discardableResult
    public func with(_ value: ExpressionConvertible) -> StatementPragma {
        self.value = "(" + value.asExpression().description + ")"
        return self
    }

    /// The statement's SQL, the value printed as a literal.
    public var description: String {
        "PRAGMA " + (schema.map { SQLIdentifier.quote($0) + "." } ?? "") + pragma.description + (value ?? "")
    }
}
