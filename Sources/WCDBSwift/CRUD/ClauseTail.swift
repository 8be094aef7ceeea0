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
/// WCDB 1.x name of a value that can be bound as a column (`update(table:on:with row:)`).
public typealias ColumnEncodableBase = ColumnEncodable
/// The guide's name for the element type of a row of values
/// (`let row: [ColumnCodableBase] = ["row"]` for `update(table:on:with:)`); here an alias of
/// `ColumnEncodable`. In WCDB the protocol of that name only declares `columnType` (`ColumnTyped` here).
public typealias ColumnCodableBase = ColumnEncodable

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

    /// This tail with the values of its WHERE, LIMIT and OFFSET taken out of the text as `?` (the values
    /// `Expression` carries, see there), in the order their `?` appear in the statement: WHERE, then
    /// LIMIT, then OFFSET. ORDER BY is printed with its values: `ORDER BY 2` means the second result
    /// column. A clause with bind parameters of the caller's own runs entirely as printed.
    func liftingLiterals() -> (tail: ClauseTail, values: [FundamentalValue]) {
        let condition = self.condition?.asExpression()
        // SQLite only accepts OFFSET after a LIMIT: an offset alone means "no limit" (-1).
        let limit = self.limit?.asExpression() ?? (offset != nil ? (-1).asExpression() : nil)
        let offset = self.offset?.asExpression()
        if condition?.hasOwnParameters == true || limit?.hasOwnParameters == true || offset?.hasOwnParameters == true {
            return (self, [])
        }
        var tail = self
        var values: [FundamentalValue] = []
        func lift(_ expression: Expression?) -> Expression? {
            guard let expression else { return nil }
            guard expression.hasBoundValues else { return expression }
            values += expression.values
            return Expression(sql: expression.sql, level: expression.level, hasOwnParameters: true)
        }
        tail.condition = lift(condition)
        tail.limit = lift(limit)
        tail.offset = lift(offset)
        return (tail, values)
    }

    /// `head` (a select printed up to its FROM) followed by these clauses, their literals lifted into
    /// bound values: the SQL a one-line read or a chain-call select runs.
    func source(after head: String) -> StatementSource {
        guard !isEmpty else { return .byText(head) }
        let (tail, arguments) = liftingLiterals()
        return .byText(head + tail.sql, arguments: arguments)
    }

    /// ` WHERE … ORDER BY … LIMIT … OFFSET …` exactly as `StatementSelect` prints it after its FROM,
    /// for appending to a select whose head is cached.
    var sql: String {
        var sql = condition.map { " WHERE " + $0.asExpression().description } ?? ""
        var clause = OrderLimitClause()
        clause.orders = orderBy?.map { $0.asOrder() } ?? []
        applyLimit(limit: { clause.limit = $0.asExpression() },
                   limitOffset: { clause.limit = $0.asExpression(); clause.offset = $1.asExpression() })
        sql += clause.suffix
        return sql
    }

    func apply(to statement: StatementDelete) {
        if let condition { statement.where(condition) }
        if let orderBy, !orderBy.isEmpty { statement.order(by: orderBy) }
        applyLimit(limit: { statement.limit($0) }, limitOffset: { statement.limit($0, offset: $1) })
    }

    /// SQLite only accepts OFFSET after a LIMIT: an offset alone means "no limit" (-1).
    private func applyLimit(limit apply: (Limit) -> Void, limitOffset applyBoth: (Limit, Offset) -> Void) {
        switch (limit, offset) {
        case (let limit?, let offset?): applyBoth(limit, offset)
        case (let limit?, nil): apply(limit)
        case (nil, let offset?): applyBoth(-1, offset)
        case (nil, nil): break
        }
    }
}
