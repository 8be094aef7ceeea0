/// `DROP TABLE|INDEX|VIEW|TRIGGER [IF EXISTS] [schema.]name`: one shape, four statements.
public class StatementDropObject: Statement {
    private let kind: String
    var name = ""
    var schema: String?
    var isIfExists = false

    init(kind: String) { self.kind = kind }

    /// `DROP … IF EXISTS …`: no error when there is no such table, index, view or trigger.
    @discardableResult public func ifExists() -> Self { isIfExists = true; return self }
    /// Qualifies the name: `schema.name`.
    @discardableResult public func of(schema: String) -> Self { self.schema = schema; return self }

    /// The statement's SQL.
    public var description: String {
        "DROP " + kind + " " + (isIfExists ? "IF EXISTS " : "") + SQLIdentifier.qualified(name, schema: schema)
    }
}

/// `DROP TABLE [IF EXISTS] [schema.]table`: the table with its indexes and triggers.
public final class StatementDropTable: StatementDropObject {
    /// An empty statement; name the table with `drop(table:)`.
    public init() { super.init(kind: "TABLE") }
    /// `DROP TABLE table`
    @discardableResult public func drop(table: String) -> StatementDropTable { name = table; return self }

    /// The table it drops when that is a table of the main database (what rewriters are told of).
    var mainTable: String? { schema == nil || schema?.lowercased() == "main" ? name : nil }
}

/// `DROP INDEX [IF EXISTS] [schema.]index`
public final class StatementDropIndex: StatementDropObject {
    /// An empty statement; name the index with `drop(index:)`.
    public init() { super.init(kind: "INDEX") }
    /// `DROP INDEX index`
    @discardableResult public func drop(index: String) -> StatementDropIndex { name = index; return self }
}

/// `DROP VIEW [IF EXISTS] [schema.]view`
public final class StatementDropView: StatementDropObject {
    /// An empty statement; name the view with `drop(view:)`.
    public init() { super.init(kind: "VIEW") }
    /// `DROP VIEW view`
    @discardableResult public func drop(view: String) -> StatementDropView { name = view; return self }
}

/// `DROP TRIGGER [IF EXISTS] [schema.]trigger`
public final class StatementDropTrigger: StatementDropObject {
    /// An empty statement; name the trigger with `drop(trigger:)`.
    public init() { super.init(kind: "TRIGGER") }
    /// `DROP TRIGGER trigger`
    @discardableResult public func drop(trigger: String) -> StatementDropTrigger { name = trigger; return self }
}
