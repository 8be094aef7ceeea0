/// The clauses of the chain-call selects (``Select``, ``RowSelect``, ``MultiSelect``), written once.
///
/// They live in the select's statement and follow `StatementSelect`'s rules: `order(by:)` and
/// `group(by:)` add terms; `where`, `having`, `limit`, `offset` and `limit(from:to:)` replace what was
/// set before. Their values are bound when the select runs.
public class SelectClauses {
    let statement: StatementSelect

    init(statement: StatementSelect) { self.statement = statement }

    /// The SQL of the select with its values written as literals, for people; reading binds them.
    public var description: String { statement.description }

    /// Sets the condition, replacing one set before.
    @discardableResult public func `where`(_ condition: Condition) -> Self { statement.where(condition); return self }
    /// Adds ordering terms after those set before.
    @discardableResult public func order(by orderList: OrderBy...) -> Self { order(by: orderList) }
    /// Adds ordering terms after those set before.
    @discardableResult public func order(by orderList: [OrderBy]) -> Self { statement.order(by: orderList); return self }
    /// `LIMIT begin, end` as SQLite reads it: skips `begin` rows, then takes at most `end` (WCDB's spelling).
    @discardableResult public func limit(from begin: Limit, to end: Limit) -> Self { statement.limit(from: begin, to: end); return self }
    /// Takes at most `limit` rows, replacing a limit set before.
    @discardableResult public func limit(_ limit: Limit) -> Self { statement.limit(limit); return self }
    /// Skips `offset` rows, then takes at most `limit`, replacing both.
    @discardableResult public func limit(_ limit: Limit, offset: Offset) -> Self { statement.limit(limit, offset: offset); return self }
    /// Skips `offset` rows, replacing an offset set before (alone, it runs as `LIMIT -1 OFFSET n`).
    @discardableResult public func offset(_ offset: Offset) -> Self { statement.offset(offset); return self }
    /// Adds `GROUP BY` terms.
    @discardableResult public func group(by expressions: ExpressionConvertible...) -> Self { statement.group(by: expressions); return self }
    /// Sets the `HAVING` condition that filters the groups, replacing one set before.
    @discardableResult public func having(_ condition: Condition) -> Self { statement.having(condition); return self }
}

/// The clauses of the chain-call writes (``Update``, ``Delete``), written once. They follow the rules of
/// the one-line verbs: `order(by:)` adds terms; `where`, `limit`, `offset` and `limit(from:to:)` replace.
/// Their values are bound when the statement runs.
public class WriteClauses {
    var clauses = ClauseTail(condition: nil, orderBy: nil, limit: nil, offset: nil)

    init() {}

    /// Sets the condition, replacing one set before.
    @discardableResult public func `where`(_ condition: Condition) -> Self { clauses.condition = condition; return self }
    /// Adds ordering terms after those set before.
    @discardableResult public func order(by orderList: OrderBy...) -> Self { order(by: orderList) }
    /// Adds ordering terms after those set before.
    @discardableResult public func order(by orderList: [OrderBy]) -> Self { clauses.append(orders: orderList); return self }
    /// Takes at most `limit` rows, replacing a limit set before.
    @discardableResult public func limit(_ limit: Limit) -> Self { clauses.limit = limit; return self }
    /// Skips `offset` rows, then takes at most `limit`, replacing both.
    @discardableResult public func limit(_ limit: Limit, offset: Offset) -> Self {
        clauses.limit = limit
        clauses.offset = offset
        return self
    }
    /// Skips `offset` rows, replacing an offset set before (alone, it runs as `LIMIT -1 OFFSET n`).
    @discardableResult public func offset(_ offset: Offset) -> Self { clauses.offset = offset; return self }
    /// `LIMIT begin, end` as SQLite reads it: skips `begin` rows, then takes at most `end` (WCDB's spelling).
    @discardableResult public func limit(from begin: Limit, to end: Limit) -> Self {
        clauses.offset = begin
        clauses.limit = end
        return self
    }
}
