/// `CREATE VIRTUAL TABLE [IF NOT EXISTS] [schema.]table USING module(arguments…)`.
///
/// Module arguments are free-form text to SQLite (`tokenize=porter`, column names…): they are
/// printed as given, so pass only trusted text (column names can be built with `Column`).
public final class StatementCreateVirtualTable: Statement {
    private var table = ""
    private var schema: String?
    private var isIfNotExists = false
    private var module = ""
    private var arguments: [String] = []

    public init() {}

    @discardableResult
    public func create(virtualTable table: String) -> StatementCreateVirtualTable {
        self.table = table
        return self
    }

    @discardableResult public func ifNotExists() -> StatementCreateVirtualTable { isIfNotExists = true; return self }
    @discardableResult public func of(schema: String) -> StatementCreateVirtualTable { self.schema = schema; return self }

    @discardableResult
    public func using(module: String) -> StatementCreateVirtualTable {
        self.module = module
        return self
    }

    @discardableResult
    public func arguments(_ arguments: String...) -> StatementCreateVirtualTable {
        self.arguments += arguments
        return self
    }

    /// Column definitions as module arguments (names quoted as usual).
    @discardableResult
    public func arguments(_ columns: [ColumnDef]) -> StatementCreateVirtualTable {
        arguments += columns.map(\.description)
        return self
    }

    public var description: String {
        var sql = "CREATE VIRTUAL TABLE " + (isIfNotExists ? "IF NOT EXISTS " : "")
        sql += SQLIdentifier.qualified(table, schema: schema) + " USING " + SQLIdentifier.quote(module)
        if !arguments.isEmpty { sql += "(" + arguments.commaJoined() + ")" }
        return sql
    }
}
