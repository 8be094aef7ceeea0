/// A `table-or-subquery` of FROM: a (schema-qualified, aliased, INDEXED BY) table, a subquery,
/// a table-valued function, or a parenthesised join.
public struct TableOrSubquery: Sendable, CustomStringConvertible, TableOrSubqueryConvertible {
    private let body: String
    private var alias: String?
    private var indexHint: String?

    init(sql: String) { body = sql }

    /// A table: `TableOrSubquery(table: "t", schema: "main")`.
    public init(table: String, schema: String? = nil) {
        body = SQLIdentifier.qualified(table, schema: schema)
    }

    /// A subquery `(SELECT …)`.
    public init(with select: StatementSelect) { body = "(" + select.description + ")" }

    /// A join in parentheses.
    public init(with join: Join) { body = "(" + join.description + ")" }

    /// A table-valued function `name(args…)` (an eponymous virtual table's, SQLite 3.9+). This engine has
    /// none built in: `pragma_table_info` and the other pragma functions come with SQLite 3.16, `json_each`
    /// with JSON1, which it lacks.
    public static func function(_ name: String, _ arguments: ExpressionConvertible...) -> TableOrSubquery {
        TableOrSubquery(sql: Expression.function(name, arguments).description)
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
        copy.indexHint = "INDEXED BY " + SQLIdentifier.quote(index)
        return copy
    }

    /// `NOT INDEXED`
    public func notIndexed() -> TableOrSubquery {
        var copy = self
        copy.indexHint = "NOT INDEXED"
        return copy
    }

    /// `body [AS alias] [INDEXED BY index | NOT INDEXED]`
    public var description: String {
        var sql = body
        if let alias { sql += " AS " + SQLIdentifier.quote(alias) }
        if let indexHint { sql += " " + indexHint }
        return sql
    }

    /// The item itself.
    public func asTableOrSubquery() -> TableOrSubquery { self }
}

extension StatementSelect: TableOrSubqueryConvertible {
    /// The statement as a subquery `(SELECT …)`, snapshotted now.
    public func asTableOrSubquery() -> TableOrSubquery { TableOrSubquery(with: self) }
}
