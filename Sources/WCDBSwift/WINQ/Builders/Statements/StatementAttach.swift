/// `ATTACH path AS schema [KEY key]` (KEY is SQLCipher's: the attached file's password), and
/// `DETACH schema`. Printed without the optional `DATABASE` keyword, as WCDB (1.x and 2.x) prints them.
public final class StatementAttach: Statement {
    private var path = Expression.null
    private var schema = ""
    private var key: Expression?

    /// An empty statement; give the file with `attach(_:)` and the schema name with `as(_:)`.
    public init() {}

    /// `ATTACH path …`: the file name as an expression (a String prints `'path'`; `':memory:'` works).
    @discardableResult
    public func attach(_ path: ExpressionConvertible) -> StatementAttach {
        self.path = path.asExpression()
        return self
    }

    /// `… AS schema`: the name the attached database goes by in SQL.
    @discardableResult
    public func `as`(_ schema: String) -> StatementAttach {
        self.schema = schema
        return self
    }

    /// SQLCipher's `KEY 'password'` (a string; an empty string attaches a plaintext database). Without it,
    /// SQLCipher opens the file with the main database's key material, which fits only a file sharing it.
    @discardableResult
    public func key(_ key: ExpressionConvertible) -> StatementAttach {
        self.key = key.asExpression()
        return self
    }

    /// The statement's SQL, the path and key printed as literals.
    public var description: String {
        "ATTACH " + path.description + " AS " + SQLIdentifier.quote(schema) + (key.map { " KEY " + $0.description } ?? "")
    }
}

/// `DETACH schema`
public final class StatementDetach: Statement {
    private var schema = ""

    /// An empty statement; name the schema with `detach(_:)`.
    public init() {}

    /// `DETACH schema`; SQLite refuses it inside a transaction and for `main` and `temp`.
    @discardableResult
    public func detach(_ schema: String) -> StatementDetach {
        self.schema = schema
        return self
    }

    /// The statement's SQL.
    public var description: String { "DETACH " + SQLIdentifier.quote(schema) }
}
