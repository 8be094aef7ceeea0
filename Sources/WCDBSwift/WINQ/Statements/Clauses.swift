/// Clauses shared by several statements.

/// `ORDER BY … LIMIT …` (SELECT; UPDATE and DELETE with SQLITE_ENABLE_UPDATE_DELETE_LIMIT).
struct OrderLimitClause {
    var orders: [OrderingTerm] = []
    var limit: Expression?
    var offset: Expression?
    /// `LIMIT from, to` as in the guide (`from` is the offset in SQLite's comma form).
    var range: (Expression, Expression)?

    var suffix: String {
        var sql = ""
        if !orders.isEmpty { sql += " ORDER BY " + orders.map(\.description).joined(separator: ", ") }
        if let range {
            sql += " LIMIT " + range.0.description + ", " + range.1.description
        } else if let limit {
            sql += " LIMIT " + limit.description
            if let offset { sql += " OFFSET " + offset.description }
        } else if let offset {
            // SQLite takes OFFSET only after a LIMIT; -1 is "no limit" (the offset must not vanish).
            sql += " LIMIT -1 OFFSET " + offset.description
        }
        return sql
    }
}

extension Array where Element == String {
    func commaJoined() -> String { joined(separator: ", ") }
}
