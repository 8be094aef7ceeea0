/// `CREATE [UNIQUE] INDEX [IF NOT EXISTS] [schema.]index ON table(indexed-columns…) [WHERE …]`.
public final class StatementCreateIndex: Statement {
    private var index = ""
    private var schema: String?
    private var table = ""
    private var isUnique = false
    private var isIfNotExists = false
    private var columns: [IndexedColumn] = []
    private var condition: Expression?

    public init() {}

    @discardableResult
    public func create(index: String, isUnique: Bool = false) -> StatementCreateIndex {
        self.index = index
        self.isUnique = isUnique
        return self
    }

    @discardableResult
    public func unique() -> StatementCreateIndex {
        isUnique = true
        return self
    }

    @discardableResult
    public func ifNotExists() -> StatementCreateIndex {
        isIfNotExists = true
        return self
    }

    @discardableResult
    public func of(schema: String) -> StatementCreateIndex {
        self.schema = schema
        return self
    }

    @discardableResult
    public func on(table: String) -> StatementCreateIndex {
        self.table = table
        return self
    }

    @discardableResult
    public func indexesBy(_ columns: IndexedColumnConvertible...) -> StatementCreateIndex { indexesBy(columns) }

    @discardableResult
    public func indexesBy(_ columns: [IndexedColumnConvertible]) -> StatementCreateIndex {
        self.columns += columns.map { $0.asIndex() }
        return self
    }

    /// A partial index.
    @discardableResult
    public func `where`(_ condition: ExpressionConvertible) -> StatementCreateIndex {
        self.condition = condition.asExpression()
        return self
    }

    public var description: String {
        var sql = "CREATE " + (isUnique ? "UNIQUE " : "") + "INDEX " + (isIfNotExists ? "IF NOT EXISTS " : "")
        sql += SQLIdentifier.qualified(index, schema: schema) + " ON " + SQLIdentifier.quote(table)
        sql += "(" + columns.map(\.description).commaJoined() + ")"
        if let condition { sql += " WHERE " + condition.description }
        return sql
    }
}
