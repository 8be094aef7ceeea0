/// `CREATE [TEMP] VIEW [IF NOT EXISTS] [schema.]view[(columns)] AS SELECT …`.
public final class StatementCreateView: Statement {
    private var view = ""
    private var schema: String?
    private var isTemp = false
    private var isIfNotExists = false
    private var columns: [String] = []
    private var select = ""

    /// An empty statement; name the view with `create(view:isTemp:)` and give its query with `as(_:)`.
    public init() {}

    /// `CREATE [TEMP] VIEW view …`
    @discardableResult
    public func create(view: String, isTemp: Bool = false) -> StatementCreateView {
        self.view = view
        self.isTemp = isTemp
        return self
    }

    /// `CREATE TEMP VIEW …`: private to the connection, dropped when it closes.
    @discardableResult public func temp() -> StatementCreateView { isTemp = true; return self }
    /// `… VIEW IF NOT EXISTS …`
    @discardableResult public func ifNotExists() -> StatementCreateView { isIfNotExists = true; return self }
    /// Qualifies the view: `schema.view`.
    @discardableResult public func of(schema: String) -> StatementCreateView { self.schema = schema; return self }

    /// Column names of the view (SQLite 3.9+).
    @discardableResult
    public func with(columns: ColumnConvertible...) -> StatementCreateView {
        self.columns += columns.map { $0.asColumn().nameDescription }
        return self
    }

    /// `… AS SELECT …`: the view's query, snapshotted now, values printed as literals.
    @discardableResult
    public func `as`(_ select: StatementSelect) -> StatementCreateView {
        self.select = select.description
        return self
    }

    /// The statement's SQL.
    public var description: String {
        var sql = "CREATE " + (isTemp ? "TEMP " : "") + "VIEW " + (isIfNotExists ? "IF NOT EXISTS " : "")
        sql += SQLIdentifier.qualified(view, schema: schema)
        if !columns.isEmpty { sql += "(" + columns.commaJoined() + ")" }
        return sql + " AS " + select
    }
}
