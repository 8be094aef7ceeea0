/// `CREATE [TEMP] TRIGGER [IF NOT EXISTS] [schema.]name [BEFORE|AFTER|INSTEAD OF]
/// DELETE|INSERT|UPDATE [OF columns] ON table [FOR EACH ROW] [WHEN expr] BEGIN stmt; … END`.
///
/// The body's statements are kept as trees (snapshots taken by `execute(_:)`) and printed with their
/// values inlined; one holding a construct the engine lacks makes the trigger refused by name when it is prepared.
public final class StatementCreateTrigger: Statement {
    /// What fires the trigger.
    enum Event {
        case delete, insert
        /// `UPDATE` of any column, or `UPDATE OF columns`.
        case update([ColumnName])
    }

    private var name = ""
    private var schema: String?
    private var isTemp = false
    private var isIfNotExists = false
    private var timing: String?
    private var event: Event?
    private var table = ""
    private var isForEachRow = false
    private var condition: Expression?
    private var body: [StatementNode] = []

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
    @discardableResult public func delete() -> StatementCreateTrigger { event = .delete; return self }
    /// Fires on `INSERT`; replaces an earlier event.
    @discardableResult public func insert() -> StatementCreateTrigger { event = .insert; return self }
    /// Fires on `UPDATE` of any column; replaces an earlier event.
    @discardableResult public func update() -> StatementCreateTrigger { event = .update([]); return self }

    /// `UPDATE OF columns…`: fires on an update of one of `columns`; replaces an earlier event.
    @discardableResult
    public func updateOf(_ columns: ColumnConvertible...) -> StatementCreateTrigger { updateOf(columns) }

    /// `UPDATE OF columns…` from an array.
    @discardableResult
    public func updateOf(_ columns: [ColumnConvertible]) -> StatementCreateTrigger {
        event = .update(columns.map { $0.asColumn().columnName })
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

    /// Adds a statement to the body, as it is now: an INSERT, UPDATE, DELETE or SELECT (the only
    /// statements SQLite runs in a trigger); traps on any other.
    @discardableResult
    public func execute(_ statement: Statement) -> StatementCreateTrigger {
        guard let statement = statement as? SyntaxStatement else {
            preconditionFailure("a trigger's body holds INSERT, UPDATE, DELETE and SELECT statements, not \(statement)")
        }
        body.append(statement.statementNode)
        return self
    }

    /// The statement's SQL: `… BEGIN stmt; … END`, values printed as literals.
    public var description: String { SQLRenderer.inlined { render(into: &$0) } }
}

extension StatementCreateTrigger: RenderedStatement {
    func render(into renderer: inout SQLRenderer) {
        renderer.write("CREATE " + (isTemp ? "TEMP " : "") + "TRIGGER " + (isIfNotExists ? "IF NOT EXISTS " : ""))
        renderer.write(table: TableName(name: name, schema: schema))
        if let timing { renderer.write(" " + timing) }
        switch event {
        case .delete?: renderer.write(" DELETE")
        case .insert?: renderer.write(" INSERT")
        case .update(let columns)?:
            renderer.write(" UPDATE")
            if !columns.isEmpty {
                renderer.write(" OF ")
                renderer.write(names: columns)
            }
        case nil: break
        }
        renderer.write(" ON ")
        renderer.write(identifier: table)
        if isForEachRow { renderer.write(" FOR EACH ROW") }
        if let condition {
            renderer.write(" WHEN ")
            renderer.render(condition)
        }
        renderer.write(" BEGIN ")
        for statement in body {
            statement.render(into: &renderer)
            renderer.write("; ")
        }
        renderer.write("END")
    }
}
