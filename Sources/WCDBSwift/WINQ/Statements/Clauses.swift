/// Clauses shared by several statements.

/// `ORDER BY … LIMIT …` (SELECT; UPDATE and DELETE with SQLITE_ENABLE_UPDATE_DELETE_LIMIT).
struct OrderLimitClause {
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

    var suffix: String { render(\.description) }

    /// The clauses' SQL, the LIMIT/OFFSET expressions printed by `emit` in text order. ORDER BY terms
    /// always print their values: `ORDER BY 2` names the second result column.
    func render(_ emit: (Expression) -> String) -> String {
        var sql = ""
        if !orders.isEmpty { sql += " ORDER BY " + orders.map(\.description).joined(separator: ", ") }
        if let range {
            sql += " LIMIT " + emit(range.0) + ", " + emit(range.1)
        } else if let limit {
            sql += " LIMIT " + emit(limit)
            if let offset { sql += " OFFSET " + emit(offset) }
        } else if let offset {
            // SQLite takes OFFSET only after a LIMIT; -1 is "no limit" (the offset must not vanish).
            sql += " LIMIT -1 OFFSET " + emit(offset)
        }
        return sql
    }
}

extension Array where Element == String {
    func commaJoined() -> String { joined(separator: ", ") }
}
