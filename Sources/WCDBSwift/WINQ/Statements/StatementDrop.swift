/// `DROP TABLE|INDEX|VIEW|TRIGGER [IF EXISTS] [schema.]name`: one shape, four statements.
public class StatementDropObject: Statement {
    private let kind: String
    var name = ""
    var schema: String?
    var isIfExists = false

    init(kind: String) { self.kind = kind }

    public var description: String {
        "DROP " + kind + " " + (isIfExists ? "IF EXISTS " : "") + SQLIdentifier.qualified(name, schema: schema)
    }
}

public final class StatementDropTable: StatementDropObject {
    public init() { super.init(kind: "TABLE") }
    @discardableResult public func drop(table: String) -> StatementDropTable { name = table; return self }
    @discardableResult public func ifExists() -> StatementDropTable { isIfExists = true; return self }
    @discardableResult public func of(schema: String) -> StatementDropTable { self.schema = schema; return self }
}

public final class StatementDropIndex: StatementDropObject {
    public init() { super.init(kind: "INDEX") }
    @discardableResult public func drop(index: String) -> StatementDropIndex { name = index; return self }
    @discardableResult public func ifExists() -> StatementDropIndex { isIfExists = true; return self }
    @discardableResult public func of(schema: String) -> StatementDropIndex { self.schema = schema; return self }
}

public final class StatementDropView: StatementDropObject {
    public init() { super.init(kind: "VIEW") }
    @discardableResult public func drop(view: String) -> StatementDropView { name = view; return self }
    @discardableResult public func ifExists() -> StatementDropView { isIfExists = true; return self }
    @discardableResult public func of(schema: String) -> StatementDropView { self.schema = schema; return self }
}

public final class StatementDropTrigger: StatementDropObject {
    public init() { super.init(kind: "TRIGGER") }
    @discardableResult public func drop(trigger: String) -> StatementDropTrigger { name = trigger; return self }
    @discardableResult public func ifExists() -> StatementDropTrigger { isIfExists = true; return self }
    @discardableResult public func of(schema: String) -> StatementDropTrigger { self.schema = schema; return self }
}
