/// `DELETE FROM table [WHERE …] [ORDER BY …] [LIMIT …]`.
public final class StatementDelete: Statement, OrderLimitStatement {
    /// The statement's syntax tree, which the builder methods below change.
    private(set) var node = DeleteNode()

    /// An empty statement; name the table with `delete(fromTable:)`.
    public init() {}

    /// `WITH [RECURSIVE] cte, …` before the DELETE; appends expressions (each as it is now), the last call sets RECURSIVE.
    @discardableResult
    public func with(recursive: Bool = false, _ expressions: CommonTableExpression...) -> StatementDelete {
        node.with.recursive = recursive
        node.with.expressions += expressions.map(\.frozen)
        return self
    }

    /// `DELETE FROM table`
    @discardableResult
    public func delete(fromTable table: String) -> StatementDelete {
        node.table.name = table
        return self
    }

    /// Qualifies the table: `schema.table`.
    @discardableResult
    public func of(schema: String) -> StatementDelete {
        node.table.schema = schema
        return self
    }

    /// The table, its schema, alias and index hint from a `QualifiedTable`, as they are now.
    func setTable(_ table: QualifiedTable) -> StatementDelete {
        let table = table.parts.current
        node.table = table.table
        node.tableAlias = table.alias
        node.indexHint = table.indexHint
        return self
    }

    /// `WHERE condition`; replaces an earlier condition. Without one, every row is deleted.
    @discardableResult
    public func `where`(_ condition: ExpressionConvertible) -> StatementDelete {
        node.condition = condition.asExpression()
        return self
    }

    /// `RETURNING columns` (SQLite 3.35+): the statement yields a row per row it writes, read with
    /// `getRows(from:)` and the other reads of a statement. Appends to earlier columns. An engine without
    /// RETURNING refuses the statement by name when it is prepared; so does a table that compression or
    /// data migration rewrites.
    @discardableResult
    public func returning(_ columns: ColumnResultConvertible...) -> StatementDelete {
        node.returning += columns.map { $0.asColumnResult() }
        return self
    }

    /// The statement's ORDER BY, LIMIT and OFFSET, which `OrderLimitStatement`'s methods set.
    @_spi(WCDBGenerated) public var _orderLimit: OrderLimitClause {
        get { node.orderLimit }
        set { node.orderLimit = newValue }
        _modify { yield &node.orderLimit }
    }

    /// The statement's SQL, values printed as literals (see `Statement`).
    public var description: String { SQLRenderer.inlined { node.render(into: &$0) } }
}

extension StatementDelete: SyntaxStatement {
    var statementNode: StatementNode { .delete(node) }
}
