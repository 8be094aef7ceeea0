/// `PRAGMA [schema.]name`, `PRAGMA name = value`, `PRAGMA name(value)`.
public final class StatementPragma: Statement {
    private var pragma = Pragma(named: "")
    private var schema: String?
    /// `= value` or the call form `(value)`.
    private enum Value {
        case assigned(Expression)
        case argument(Expression)
    }

    private var value: Value?

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
        self.value = .assigned(value.asExpression())
        return self
    }

    /// The call form `PRAGMA name(value)` (e.g. `table_info(t)`).
    @discardableResult
    public func with(_ value: ExpressionConvertible) -> StatementPragma {
        self.value = .argument(value.asExpression())
        return self
    }

    /// The statement's SQL, the value printed as a literal.
    public var description: String { SQLRenderer.inlined { render(into: &$0) } }
}

extension StatementPragma: RenderedStatement {
    func render(into renderer: inout SQLRenderer) {
        renderer.write("PRAGMA ")
        if let schema {
            renderer.write(SQLIdentifier.quoteSchema(schema))
            renderer.write(".")
        }
        renderer.write(identifier: pragma.name)
        switch value {
        case .assigned(let value)?:
            renderer.write(" = ")
            renderer.render(value)
        case .argument(let value)?:
            renderer.write("(")
            renderer.render(value)
            renderer.write(")")
        case nil: break
        }
    }
}
