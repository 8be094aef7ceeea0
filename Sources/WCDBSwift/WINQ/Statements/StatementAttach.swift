/// `ATTACH DATABASE path AS schema [KEY key]` (KEY is SQLCipher's: the attached file's password),
/// and `DETACH DATABASE schema`.
public final class StatementAttach: Statement {
    private var path = Expression.null
    private var schema = ""
    private var key: Expression?

    public init() {}

    @discardableResult
    public func attach(_ path: ExpressionConvertible) -> StatementAttach {
        self.path = path.asExpression()
        return self
    }

    @discardableResult
    public func `as`(_ schema: String) -> StatementAttach {
        self.schema = schema
        return self
    }

    /// SQLCipher's `KEY 'password'` (a string; an empty string attaches a plaintext database).
    @discardableResult
    public func key(_ key: ExpressionConvertible) -> StatementAttach {
        self.key = key.asExpression()
        return self
    }

    public var description: String {
        "ATTACH DATABASE " + path.description + " AS " + SQLIdentifier.quote(schema) + (key.map { " KEY " + $0.description } ?? "")
    }
}

public final class StatementDetach: Statement {
    private var schema = ""

    public init() {}

    @discardableResult
    public func detach(_ schema: String) -> StatementDetach {
        self.schema = schema
        return self
    }

    public var description: String { "DETACH DATABASE " + SQLIdentifier.quote(schema) }
}
