/// `CREATE [TEMP] TRIGGER [IF NOT EXISTS] [schema.]name [BEFORE|AFTER|INSTEAD OF]
/// DELETE|INSERT|UPDATE [OF columns] ON table [FOR EACH ROW] [WHEN expr] BEGIN stmt; … END`.
public final class StatementCreateTrigger: Statement {
    private var name = ""
    private var schema: String?
    private var isTemp = false
    private var isIfNotExists = false
    private var timing: String?
    private var event = ""
    private var table = ""
    private var isForEachRow = false
    private var condition: Expression?
    private var body: [String] = []

    public init() {}

    @discardableResult
    public func createTrigger(_ name: String) -> StatementCreateTrigger {
        self.name = name
        return self
    }

    @discardableResult public func temp() -> StatementCreateTrigger { isTemp = true; return self }
    @discardableResult public func ifNotExists() -> StatementCreateTrigger { isIfNotExists = true; return self }
    @discardableResult public func of(schema: String) -> StatementCreateTrigger { self.schema = schema; return self }

    @discardableResult public func before() -> StatementCreateTrigger { timing = "BEFORE"; return self }
    @discardableResult public func after() -> StatementCreateTrigger { timing = "AFTER"; return self }
    @discardableResult public func insteadOf() -> StatementCreateTrigger { timing = "INSTEAD OF"; return self }

    @discardableResult public func delete() -> StatementCreateTrigger { event = "DELETE"; return self }
    @discardableResult public func insert() -> StatementCreateTrigger { event = "INSERT"; return self }
    @discardableResult public func update() -> StatementCreateTrigger { event = "UPDATE"; return self }

    /// `UPDATE OF columns…`
    @discardableResult
    public func updateOf(_ columns: ColumnConvertible...) -> StatementCreateTrigger {
        event = "UPDATE OF " + columns.map { $0.asColumn().nameDescription }.commaJoined()
        return self
    }

    @discardableResult
    public func on(table: String) -> StatementCreateTrigger {
        self.table = table
        return self
    }

    @discardableResult public func forEachRow() -> StatementCreateTrigger { isForEachRow = true; return self }

    @discardableResult
    public func when(_ condition: ExpressionConvertible) -> StatementCreateTrigger {
        self.condition = condition.asExpression()
        return self
    }

    /// Adds a statement (INSERT, UPDATE, DELETE or SELECT) to the body, snapshotted now.
    @discardableResult
    public func execute(_ statement: Statement) -> StatementCreateTrigger {
        body.append(statement.description)
        return self
    }

    public var description: String {
        var sql = "CREATE " + (isTemp ? "TEMP " : "") + "TRIGGER " + (isIfNotExists ? "IF NOT EXISTS " : "")
        sql += SQLIdentifier.qualified(name, schema: schema)
        if let timing { sql += " " + timing }
        sql += " " + event + " ON " + SQLIdentifier.quote(table)
        if isForEachRow { sql += " FOR EACH ROW" }
        if let condition { sql += " WHEN " + condition.description }
        return sql + " BEGIN " + body.map { $0 + "; " }.joined() + "END"
    }
}
