/// `DELETE FROM table [WHERE …] [ORDER BY …] [LIMIT …]`.
public final class StatementDelete: Statement {
    /// The statement's syntax tree, which the builder methods below change.
    private(set) var node = DeleteNode()

    /// An empty statement; name the table with `delete(fromTable:)`.
    public init() {}

    /// `WITH [RECURSIVE] cte, …` before the DELETE; appends expressions, the last call sets RECURSIVE.
    @discardableResult
    public func with(recursive: Bool = false, _ expressions: CommonTableExpression...) -> StatementDelete {
        node.with.recursive = recursive
        node.with.expressions += expressions
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

    /// The table, its schema, alias and index hint from a `QualifiedTable`.
    func setTable(_ table: QualifiedTable) -> StatementDelete {
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

    /// Appends `ORDER BY` terms, which pick the rows a LIMIT deletes.
    /// SQLite accepts ORDER BY and LIMIT here because this engine is built with `SQLITE_ENABLE_UPDATE_DELETE_LIMIT`.
    @discardableResult
    public func order(by terms: OrderingTermConvertible...) -> StatementDelete { order(by: terms) }

    /// Appends `ORDER BY` terms from an array.
    @discardableResult
    public func order(by terms: [OrderingTermConvertible]) -> StatementDelete {
        node.orderLimit.append(orders: terms)
        return self
    }

    /// `LIMIT from, to`: SQLite reads it as `LIMIT to OFFSET from` (`to` is a row count).
    /// Replaces an earlier limit and offset.
    @discardableResult
    public func limit(from: ExpressionConvertible, to: ExpressionConvertible) -> StatementDelete {
        node.orderLimit.set(rangeFrom: from, to: to)
        return self
    }

    /// `LIMIT n`; replaces an earlier limit.
    @discardableResult
    public func limit(_ limit: ExpressionConvertible) -> StatementDelete {
        node.orderLimit.set(limit: limit)
        return self
    }

    /// `LIMIT n OFFSET m`; replaces an earlier limit and offset.
    @discardableResult
    public func limit(_ limit: ExpressionConvertible, offset: ExpressionConvertible) -> StatementDelete {
        node.orderLimit.set(limit: limit)
        node.orderLimit.set(offset: offset)
        return self
    }

    /// `OFFSET m`; replaces an earlier offset. Without a limit it prints `LIMIT -1 OFFSET m`.
    @discardableResult
    public func offset(_ offset: ExpressionConvertible) -> StatementDelete {
        node.orderLimit.set(offset: offset)
        return self
    }

    /// The statement's SQL, values printed as literals (see `Statement`).
    public var description: String { SQLRenderer.inlined { node.render(into: &$0) } }
}

extension StatementDelete: SyntaxStatement {
    var statementNode: StatementNode { .delete(node) }
}
