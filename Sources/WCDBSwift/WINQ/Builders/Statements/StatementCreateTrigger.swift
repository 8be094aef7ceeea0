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

    /// An empty statement; name the trigger with `createTrigger(_:)`, then give event, table and body.
    public init() {}

    /// `CREATE TRIGGER name …`
    @discardableResult
    public func createTrigger(_ name: String) -> StatementCreateTrigger {
        self.name = name
        return self
    }

    /// `CREATE TEMP TRIGGER …`: private to the connection, dropped when it closes; SQLite refuses it with
    /// `of(schema:)`.
    @discardableResult public func temp() -> StatementCreateTrigger { isTemp = true; return self }
    /// `… TRIGGER IF NOT EXISTS …`
    @discardableResult public func ifNotExists() -> StatementCreateTrigger { isIfNotExists = true; return self }
    /// Qualifies the trigger: `schema.name`; the table must be in that schema.
    @discardableResult public func of(schema: String) -> StatementCreateTrigger { self.schema = schema; return self }

    /// `BEFORE`: the body runs before each row changes (the default when no timing is given).
    @discardableResult public func before() -> StatementCreateTrigger { timing = "BEFORE"; return self }
    /// `AFTER`: the body runs after each row changed.
    @discardableResult public func after() -> StatementCreateTrigger { timing = "AFTER"; return self }
    /// `INSTEAD OF`: the body replaces the change; only on a view.
    @discardableResult public func insteadOf() -> StatementCreateTrigger { timing = "INSTEAD OF"; return self }

    /// Fires on `DELETE`; replaces an earlier event.
    @discardableResult public func delete() -> StatementCreateTrigger { event = "DELETE"; return self }
    /// Fires on `INSERT`; replaces an earlier event.
    @discardableResult public func insert() -> StatementCreateTrigger { event = "INSERT"; return self }
    /// Fires on `UPDATE` of any column; replaces an earlier event.
    @discardableResult public func update() -> StatementCreateTrigger { event = "UPDATE"; return self }

    /// `UPDATE OF columns…`
    @discardableResult
    public func updateOf(_ columns: ColumnConvertible...) -> StatementCreateTrigger {
        event = "UPDATE OF " + columns.map { $0.asColumn().nameDescription }.commaJoined()
        return self
    }

    /// `… ON table`; unqualified, as the grammar requires.
    @discardableResult
    public func on(table: String) -> StatementCreateTrigger {
        self.table = table
        return self
    }

    /// `FOR EACH ROW`: SQLite's only kind of trigger, so it changes nothing but the text.
    @discardableResult public func forEachRow() -> StatementCreateTrigger { isForEachRow = true; return self }

    /// `WHEN condition`: the body runs only for rows where it is true (`NEW.x`, `OLD.x` refer to the row).
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

    /// The statement's SQL: `… BEGIN stmt; … END`, values printed as literals.
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
