/// `CREATE [TEMP] VIEW [IF NOT EXISTS] [schema.]view[(columns)] AS SELECT …`.
public final class StatementCreateView: Statement {
    private var view = ""
    private var schema: String?
    private var isTemp = false
    private var isIfNotExists = false
    private var columns: [ColumnName] = []
    private var select = SelectNode()

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
        self.columns += columns.map { $0.asColumn().columnName }
        return self
    }

    /// `… AS SELECT …`: the view's query, snapshotted now, values printed as literals.
    @discardableResult
    public func `as`(_ select: StatementSelect) -> StatementCreateView {
        self.select = select.node
        return self
    }

    /// The statement's SQL.
    public var description: String { SQLRenderer.inlined { render(into: &$0) } }
}

extension StatementCreateView: RenderedStatement {
    func render(into renderer: inout SQLRenderer) {
        renderer.write("CREATE " + (isTemp ? "TEMP " : "") + "VIEW " + (isIfNotExists ? "IF NOT EXISTS " : ""))
        renderer.write(table: TableName(name: view, schema: schema))
        if !columns.isEmpty {
            renderer.write("(")
            renderer.write(names: columns)
            renderer.write(")")
        }
        renderer.write(" AS ")
        select.render(into: &renderer)
    }
}
