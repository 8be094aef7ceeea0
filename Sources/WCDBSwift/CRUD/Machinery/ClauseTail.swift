/// WCDB's names for the clause arguments of the convenience API: any expression can be a condition,
/// a limit or an offset; any ordering term can order.
public typealias Condition = ExpressionConvertible
/// An ordering term of the convenience API's `orderBy:` and `order(by:)` (WCDB's name): a property,
/// an expression, or an `OrderingTerm` (`Sample.Properties.identifier.asOrder(by: .descending)`).
public typealias OrderBy = OrderingTermConvertible
/// A `LIMIT` of the convenience API (WCDB's name): any expression, usually an integer.
public typealias Limit = ExpressionConvertible
/// An `OFFSET` of the convenience API (WCDB's name): any expression, usually an integer.
public typealias Offset = ExpressionConvertible

/// The optional `WHERE … ORDER BY … LIMIT … OFFSET …` tail shared by select, update and delete.
@usableFromInline
struct ClauseTail {
    @usableFromInline var condition: Condition?
    @usableFromInline var orderBy: [OrderBy]?
    @usableFromInline var limit: Limit?
    @usableFromInline var offset: Offset?

    @inlinable
    init(condition: Condition?, orderBy: [OrderBy]?, limit: Limit?, offset: Offset?) {
        self.condition = condition
        self.orderBy = orderBy
        self.limit = limit
        self.offset = offset
    }

    /// ORDER BY terms accumulate (the rule of every statement and chain call).
    mutating func append(orders terms: [OrderBy]) { orderBy = (orderBy ?? []) + terms }

    @inlinable
    var isEmpty: Bool { condition == nil && (orderBy?.isEmpty ?? true) && limit == nil && offset == nil }

    /// The tail's ORDER BY, LIMIT and OFFSET as a statement's clause (an offset alone prints
    /// `LIMIT -1 OFFSET n`: SQLite takes OFFSET only after a LIMIT).
    var orderLimit: OrderLimitClause {
        var clause = OrderLimitClause()
        clause.orders = orderBy?.map { $0.asOrder() } ?? []
        clause.limit = limit?.asExpression()
        clause.offset = offset?.asExpression()
        return clause
    }

    /// `SELECT [DISTINCT] columns FROM table` with these clauses.
    func select(_ columns: [ColumnResultConvertible], distinct: Bool = false, from table: String) -> StatementNode {
        var core = SelectCore()
        core.distinct = distinct
        core.columns = columns.map { $0.asColumnResult() }
        core.tables = [TableOrSubquery(fixed: .table(TableName(name: table)))]
        core.condition = condition?.asExpression()
        var select = SelectNode()
        select.cores = [core]
        select.orderLimit = orderLimit
        return .select(select)
    }

    /// `UPDATE table SET p1 = ?, … ` with these clauses: the first `properties.count` value slots are the
    /// properties' (placeholders here: the caller binds an object's or a row's values to them).
    func update(table: String, setting properties: [Property]) -> StatementNode {
        var update = UpdateNode()
        update.table = TableName(name: table)
        update.assignments = properties.map { Assignment(columns: [$0.asColumn().columnName], value: .placeholder) }
        update.condition = condition?.asExpression()
        update.orderLimit = orderLimit
        return .update(update)
    }

    /// `DELETE FROM table` with these clauses.
    func delete(from table: String) -> StatementNode {
        var delete = DeleteNode()
        delete.table = TableName(name: table)
        delete.condition = condition?.asExpression()
        delete.orderLimit = orderLimit
        return .delete(delete)
    }
}

extension Expression {
    /// A value slot whose value the caller binds (an object's property): renders as `?`.
    static let placeholder = Expression(literal: .null, level: .primary)
}
