/// A `table-or-subquery` of FROM: a (schema-qualified, aliased, INDEXED BY) table, a subquery,
/// a table-valued function, or a join.
public struct TableOrSubquery: Sendable, CustomStringConvertible, TableOrSubqueryConvertible {
    indirect enum Body: Sendable {
        case table(TableName)
        case subquery(SelectNode)
        /// A join, in parentheses or (as a FROM item of its own) not.
        case join(Join, parenthesised: Bool)
        /// A table-valued function call, qualified by a schema when given.
        case function(Expression, schema: String?)
    }

    enum IndexHint: Sendable {
        case indexed(by: String)
        case notIndexed
    }

    private(set) var body: Body
    private(set) var alias: String?
    private var indexHint: IndexHint?

    init(_ body: Body) { self.body = body }

    /// A table: `TableOrSubquery(table: "t", schema: "main")`.
    public init(table: String, schema: String? = nil) {
        self.init(.table(TableName(name: table, schema: schema)))
    }

    /// A subquery `(SELECT …)`, snapshotted now.
    public init(with select: StatementSelect) { self.init(.subquery(select.node)) }

    /// A join in parentheses.
    public init(with join: Join) { self.init(.join(join.frozen, parenthesised: true)) }

    /// A table-valued function `name(args…)` (an eponymous virtual table's, SQLite 3.9+). This engine has
    /// none built in: `pragma_table_info` and the other pragma functions come with SQLite 3.16, `json_each`
    /// with JSON1, which it lacks.
    public static func function(_ name: String, _ arguments: ExpressionConvertible...) -> TableOrSubquery {
        TableOrSubquery(.function(Expression.function(name, arguments).frozen, schema: nil))
    }

    /// `(a, b, …)`: items of FROM in parentheses, joined by commas (a cross join).
    public init(with tables: TableOrSubqueryConvertible...) { self.init(with: tables) }

    /// `(a, b, …)` from an array.
    public init(with tables: [TableOrSubqueryConvertible]) {
        let join = Join(with: tables.first?.asTableOrSubquery() ?? TableOrSubquery(table: ""))
        for table in tables.dropFirst() { join.with(table) }
        self.init(.join(join, parenthesised: true))
    }

    /// `sqlite_master`: the schema table, a row per table, index, view and trigger (`type`, `name`,
    /// `tbl_name`, `rootpage`, `sql`).
    public static func master() -> TableOrSubquery { TableOrSubquery(table: "sqlite_master") }

    /// A copy qualified by a schema: `schema.table`, or `schema.function(…)` for a table-valued function.
    /// Traps for a subquery or a join, which have no schema.
    public func of(schema: SchemaConvertible) -> TableOrSubquery {
        let schema = schema.asSchema().name
        switch body {
        case .table(var table):
            table.schema = schema
            return replacingBody(.table(table))
        case .function(let call, _): return replacingBody(.function(call, schema: schema))
        case .subquery, .join: preconditionFailure("of(schema:) qualifies a table or a table-valued function, not \(description)")
        }
    }

    /// A copy of this table-valued function call with `arguments` appended (their values printed in).
    /// Traps for anything but `function(_:_:)`.
    public func arguments(_ arguments: ExpressionConvertible...) -> TableOrSubquery { self.arguments(arguments) }

    /// A copy of this table-valued function call with `arguments` appended, from an array.
    public func arguments(_ arguments: [ExpressionConvertible]) -> TableOrSubquery {
        guard case .function(let call, let schema) = body else {
            preconditionFailure("arguments(_:) follows TableOrSubquery.function(_:); \(description) is not a call")
        }
        return replacingBody(.function(call.frozen.arguments(arguments).frozen, schema: schema))
    }

    /// A copy naming another table, alias and hints kept (a rewriter's replacement).
    func replacingBody(_ body: Body) -> TableOrSubquery {
        var copy = self
        copy.body = body
        return copy
    }

    /// A copy aliased `… AS alias`; replaces an earlier alias.
    public func `as`(_ alias: String) -> TableOrSubquery {
        var copy = self
        copy.alias = alias
        return copy
    }

    /// `INDEXED BY index`
    public func indexed(by index: String) -> TableOrSubquery {
        var copy = self
        copy.indexHint = .indexed(by: index)
        return copy
    }

    /// `NOT INDEXED`
    public func notIndexed() -> TableOrSubquery {
        var copy = self
        copy.indexHint = .notIndexed
        return copy
    }

    /// `body [AS alias] [INDEXED BY index | NOT INDEXED]`
    public var description: String { SQLRenderer.inlined { render(into: &$0) } }

    func render(into renderer: inout SQLRenderer) {
        switch body {
        case .table(let table): renderer.write(table: table)
        case .subquery(let select):
            renderer.write("(")
            select.render(into: &renderer)
            renderer.write(")")
        case .join(let join, let parenthesised):
            if parenthesised { renderer.write("(") }
            join.render(into: &renderer)
            if parenthesised { renderer.write(")") }
        case .function(let call, let schema):
            if let schema {
                renderer.write(SQLIdentifier.quoteSchema(schema))
                renderer.write(".")
            }
            renderer.render(call)
        }
        Self.render(alias: alias, indexHint: indexHint, into: &renderer)
    }

    /// ` AS alias`, ` INDEXED BY index`, ` NOT INDEXED`: what follows a table in FROM, UPDATE and DELETE.
    static func render(alias: String?, indexHint: IndexHint?, into renderer: inout SQLRenderer) {
        if let alias {
            renderer.write(" AS ")
            renderer.write(identifier: alias)
        }
        switch indexHint {
        case .indexed(let index):
            renderer.write(" INDEXED BY ")
            renderer.write(identifier: index)
        case .notIndexed: renderer.write(" NOT INDEXED")
        case nil: break
        }
    }

    /// The item itself.
    public func asTableOrSubquery() -> TableOrSubquery { self }
}

extension StatementSelect: TableOrSubqueryConvertible {
    /// The statement as a subquery `(SELECT …)`, snapshotted now.
    public func asTableOrSubquery() -> TableOrSubquery { TableOrSubquery(with: self) }
}
