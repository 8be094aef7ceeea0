/// A `table-or-subquery` of FROM: a (schema-qualified, aliased, INDEXED BY) table, a subquery,
/// a table-valued function, or a join.
///
/// As in WCDB 2.x, where it is a reference, `as(_:)`, `of(schema:)`, `indexed(by:)`, `notIndexed()`
/// and `arguments(_:)` change this item (and its copies) and return it:
/// `let table = TableOrSubquery(withTable: "t"); table.as("x")` aliases `t`. A statement, a join or
/// another item takes it as it is then: a later step does not change them.
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

    /// What a step changes.
    struct Parts: Sendable {
        var body: Body
        var alias: String?
        var indexHint: IndexHint?
    }

    /// Inline in a tree's item; shared by the copies of a user's (see `BuilderParts`).
    private let parts: BuilderParts<Parts>

    var body: Body { parts.current.body }
    var alias: String? { parts.current.alias }

    private init(parts: BuilderParts<Parts>) { self.parts = parts }

    /// A user's item, which steps change in place.
    init(_ body: Body) { parts = .shared(Parts(body: body)) }

    /// A tree's item, held inline: building it allocates nothing for the item.
    init(fixed body: Body) { parts = .fixed(Parts(body: body)) }

    /// This item as it is now, no longer changed by later steps on it: what a tree stores.
    var frozen: TableOrSubquery { TableOrSubquery(parts: parts.frozen) }

    private func step(_ change: (inout Parts) -> Void) -> TableOrSubquery {
        TableOrSubquery(parts: parts.applying(change))
    }

    /// A table: `TableOrSubquery(table: "t", schema: "main")`.
    public init(table: String, schema: String? = nil) {
        self.init(.table(TableName(name: table, schema: schema)))
    }

    /// A subquery `(SELECT …)`, snapshotted now.
    public init(with select: StatementSelect) { self.init(.subquery(select.node)) }

    /// A join in parentheses, as the join is now.
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
        let join = Join(with: tables.first ?? TableOrSubquery(fixed: .table(TableName(name: ""))))
        for table in tables.dropFirst() { join.with(table) }
        self.init(.join(join.frozen, parenthesised: true))
    }

    /// `sqlite_master`: the schema table, a row per table, index, view and trigger (`type`, `name`,
    /// `tbl_name`, `rootpage`, `sql`).
    public static func master() -> TableOrSubquery { TableOrSubquery(table: "sqlite_master") }

    /// Qualifies this item by a schema (`schema.table`, or `schema.function(…)` for a table-valued
    /// function) and returns it. Traps for a subquery or a join, which have no schema.
    @discardableResult
    public func of(schema: SchemaConvertible) -> TableOrSubquery {
        let schema = schema.asSchema().name
        switch body {
        case .table, .function: break
        case .subquery, .join: preconditionFailure("of(schema:) qualifies a table or a table-valued function, not \(description)")
        }
        return step { parts in
            switch parts.body {
            case .table(var table):
                table.schema = schema
                parts.body = .table(table)
            case .function(let call, _): parts.body = .function(call, schema: schema)
            case .subquery, .join: break
            }
        }
    }

    /// Appends `arguments` to this table-valued function call (their values printed in) and returns it.
    /// Traps for anything but `function(_:_:)`.
    @discardableResult
    public func arguments(_ arguments: ExpressionConvertible...) -> TableOrSubquery { self.arguments(arguments) }

    /// Appends `arguments` to this table-valued function call, from an array, and returns it.
    @discardableResult
    public func arguments(_ arguments: [ExpressionConvertible]) -> TableOrSubquery {
        guard case .function = body else {
            preconditionFailure("arguments(_:) follows TableOrSubquery.function(_:); \(description) is not a call")
        }
        let arguments = arguments.map { $0.asExpression() }  // converted before the lock is taken
        return step { parts in
            guard case .function(let call, let schema) = parts.body else { return }
            parts.body = .function(call.frozen.arguments(arguments).frozen, schema: schema)
        }
    }

    /// A copy naming another table, alias and hints kept (a rewriter's replacement): a tree's item.
    func replacingBody(_ body: Body) -> TableOrSubquery {
        var copy = parts.current
        copy.body = body
        return TableOrSubquery(parts: .fixed(copy))
    }

    /// Aliases this item `… AS alias` (replacing an earlier alias) and returns it.
    @discardableResult
    public func `as`(_ alias: String) -> TableOrSubquery { step { $0.alias = alias } }

    /// Gives this item `INDEXED BY index` and returns it.
    @discardableResult
    public func indexed(by index: String) -> TableOrSubquery { step { $0.indexHint = .indexed(by: index) } }

    /// Gives this item `NOT INDEXED` and returns it.
    @discardableResult
    public func notIndexed() -> TableOrSubquery { step { $0.indexHint = .notIndexed } }

    /// `body [AS alias] [INDEXED BY index | NOT INDEXED]`
    public var description: String { SQLRenderer.inlined { render(into: &$0) } }

    func render(into renderer: inout SQLRenderer) {
        let parts = parts.current
        switch parts.body {
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
        Self.render(alias: parts.alias, indexHint: parts.indexHint, into: &renderer)
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

    /// The item itself, as in 2.x: a step on the result changes this item too.
    public func asTableOrSubquery() -> TableOrSubquery { self }
}

extension TableOrSubqueryConvertible {
    /// This item as a tree stores it: as it is now, no later step changing it. A table name (the
    /// convenience API's FROM) is held inline, allocating nothing.
    var frozenTableOrSubquery: TableOrSubquery {
        if let name = self as? String { return TableOrSubquery(fixed: .table(TableName(name: name))) }
        return asTableOrSubquery().frozen
    }
}

extension StatementSelect: TableOrSubqueryConvertible {
    /// The statement as a subquery `(SELECT …)`, snapshotted now.
    public func asTableOrSubquery() -> TableOrSubquery { TableOrSubquery(with: self) }
}
