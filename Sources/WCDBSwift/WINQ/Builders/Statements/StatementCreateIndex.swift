/// `CREATE [UNIQUE] INDEX [IF NOT EXISTS] [schema.]index ON table(indexed-columns…) [WHERE …]`.
public final class StatementCreateIndex: Statement {
    private var index = ""
    private var schema: String?
    private var table = ""
    private var isUnique = false
    private var isIfNotExists = false
    private var columns: [IndexedColumn] = []
    private var condition: Expression?

    /// An empty statement; name the index with `create(index:isUnique:)`, then give table and columns.
    public init() {}

    /// `CREATE [UNIQUE] INDEX index …`
    @discardableResult
    public func create(index: String, isUnique: Bool = false) -> StatementCreateIndex {
        self.index = index
        self.isUnique = isUnique
        return self
    }

    /// `CREATE UNIQUE INDEX …`: no two rows may share the indexed values (NULLs are all distinct).
    @discardableResult
    public func unique() -> StatementCreateIndex {
        isUnique = true
        return self
    }

    /// `… INDEX IF NOT EXISTS …`: nothing happens when an index of that name exists, whatever its definition.
    @discardableResult
    public func ifNotExists() -> StatementCreateIndex {
        isIfNotExists = true
        return self
    }

    /// Qualifies the index: `schema.index`; the table must be in that schema.
    @discardableResult
    public func of(schema: String) -> StatementCreateIndex {
        self.schema = schema
        return self
    }

    /// `… ON table(…)`; unqualified, as the grammar requires.
    @discardableResult
    public func on(table: String) -> StatementCreateIndex {
        self.table = table
        return self
    }

    /// Appends indexed columns or expressions, each with optional COLLATE and order.
    @discardableResult
    public func indexesBy(_ columns: IndexedColumnConvertible...) -> StatementCreateIndex { indexesBy(columns) }

    /// Appends indexed columns or expressions from an array.
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

    /// The statement's SQL; the values of expressions and of the WHERE condition are printed as literals.
    public var description: String {
        var sql = "CREATE " + (isUnique ? "UNIQUE " : "") + "INDEX " + (isIfNotExists ? "IF NOT EXISTS " : "")
        sql += SQLIdentifier.qualified(index, schema: schema) + " ON " + SQLIdentifier.quote(table)
        sql += "(" + columns.map(\.description).commaJoined() + ")"
        if let condition { sql += " WHERE " + condition.description }
        return sql
    }
}
