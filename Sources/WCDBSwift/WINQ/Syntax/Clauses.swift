/// Clauses shared by several statements.

/// The `ORDER BY … LIMIT … OFFSET …` of a SELECT, UPDATE or DELETE statement, set through the
/// statement's `order(by:)`, `limit(_:)` and `offset(_:)` (see `OrderLimitStatement`).
@_spi(WCDBGenerated) public struct OrderLimitClause: Sendable {
    var orders: [OrderingTerm] = []
    var limit: Expression?
    var offset: Expression?
    /// `LIMIT from, to` as in the guide (`from` is the offset in SQLite's comma form).
    var range: (Expression, Expression)?

    // One rule for every statement and chain call that has these clauses: ORDER BY terms accumulate;
    // LIMIT, OFFSET and the guide's `limit(from:to:)` range each replace what was set before.

    mutating func append(orders terms: [OrderingTermConvertible]) { orders += terms.map { $0.asOrder() } }

    mutating func set(limit: ExpressionConvertible) {
        self.limit = limit.asExpression()
        if let range { offset = range.0 }
        range = nil
    }

    mutating func set(offset: ExpressionConvertible) {
        if let range { self.limit = range.1; self.range = nil }
        self.offset = offset.asExpression()
    }

    mutating func set(rangeFrom from: ExpressionConvertible, to: ExpressionConvertible) {
        range = (from.asExpression(), to.asExpression())
        limit = nil
        offset = nil
    }

    var isEmpty: Bool { orders.isEmpty && limit == nil && offset == nil && range == nil }
}

/// `WITH [RECURSIVE] cte, …` shared by SELECT/INSERT/UPDATE/DELETE.
struct WithClause: Sendable {
    var recursive = false
    var expressions: [CommonTableExpression] = []
}

/// `column = value` or `(a, b) = value` of UPDATE and UPSERT.
struct Assignment: Sendable {
    var columns: [ColumnName]
    var value: Expression
}

extension Array where Element == String {
    func commaJoined() -> String { joined(separator: ", ") }
}
