/// `UPDATE [OR action] table SET col = value, … [WHERE …] [ORDER BY …] [LIMIT …]`.
///
/// `set(a).to(1)` (WCDB 2.x) and `set(a, to: 1)` both add an assignment; `set(a, b).to(x)` is a
/// row-value assignment `(a, b) = x`.
public final class StatementUpdate: Statement, OrderLimitStatement {
    /// The statement's syntax tree, which the builder methods below change.
    private(set) var node = UpdateNode()
    private var pendingColumns: [ColumnName] = []

    /// An empty statement; name the table with `update(table:onConflict:)`.
    public init() {}

    /// `WITH [RECURSIVE] cte, …` before the UPDATE; appends expressions (each as it is now), the last call sets RECURSIVE.
    @discardableResult
    public func with(recursive: Bool = false, _ expressions: CommonTableExpression...) -> StatementUpdate {
        node.with.recursive = recursive
        node.with.expressions += expressions.map(\.frozen)
        return self
    }

    /// `UPDATE [OR action] table`; `nil` prints no conflict action.
    @discardableResult
    public func update(table: String, onConflict conflict: ConflictAction? = nil) -> StatementUpdate {
        node.table.name = table
        node.conflict = conflict
        return self
    }

    /// Qualifies the table: `schema.table`.
    @discardableResult
    public func of(schema: String) -> StatementUpdate {
        node.table.schema = schema
        return self
    }

    /// The table, its schema, alias and index hint from a `QualifiedTable`, as they are now.
    func setTable(_ table: QualifiedTable) -> StatementUpdate {
        let table = table.parts.current
        node.table = table.table
        node.tableAlias = table.alias
        node.indexHint = table.indexHint
        return self
    }

    /// `UPDATE OR action …`; `nil` removes it.
    @discardableResult
    public func onConflict(_ action: ConflictAction?) -> StatementUpdate {
        node.conflict = action
        return self
    }

    /// Starts an assignment to `columns` (one column, or a row value `(a, b)`); finish it with `to(_:)`.
    @discardableResult
    public func set(_ columns: ColumnConvertible...) -> StatementUpdate { set(columns) }

    /// Starts an assignment to the columns of an array; finish it with `to(_:)`.
    @discardableResult
    public func set(_ columns: [ColumnConvertible]) -> StatementUpdate {
        pendingColumns = columns.map { $0.asColumn().columnName }
        return self
    }

    /// Finishes the assignment started by `set(_:)`: `column = value` (or `(a, b) = value`).
    /// Traps unless it follows `set(_:)`.
    @discardableResult
    public func to(_ value: ExpressionConvertible) -> StatementUpdate {
        precondition(!pendingColumns.isEmpty, "to(_:) must follow set(_:)")
        node.assignments.append(Assignment(columns: pendingColumns, value: value.asExpression()))
        pendingColumns = []
        return self
    }

    /// Adds the assignment `column = value`.
    @discardableResult
    public func set(_ column: ColumnConvertible, to value: ExpressionConvertible) -> StatementUpdate {
        set([column]).to(value)
    }

    /// `WHERE condition`; replaces an earlier condition. Without one, every row is updated.
    @discardableResult
    public func `where`(_ condition: ExpressionConvertible) -> StatementUpdate {
        node.condition = condition.asExpression()
        return self
    }

    /// `RETURNING columns` (SQLite 3.35+): the statement yields a row per row it writes, read with
    /// `getRows(from:)` and the other reads of a statement. Appends to earlier columns. An engine without
    /// RETURNING refuses the statement by name when it is prepared; so does a table that compression or
    /// data migration rewrites.
    @discardableResult
    public func returning(_ columns: ColumnResultConvertible...) -> StatementUpdate {
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

extension StatementUpdate: SyntaxStatement {
    var statementNode: StatementNode { .update(node) }
}
