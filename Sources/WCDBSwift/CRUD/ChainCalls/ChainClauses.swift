/// The clauses every chain call takes, written once: `where`, `order(by:)`, `limit` and `offset`.
///
/// `order(by:)` adds terms after those set before; `where`, `limit`, `offset` and `limit(from:to:)`
/// replace what was set before. The values in the clauses are bound when the statement runs. The writes
/// (``Update``, ``Delete``) keep the clauses until they run, as the one-line verbs take them; the selects
/// (``Select``, ``RowSelect``, ``MultiSelect``) write them into their statement (``SelectClauses``).
public class ChainClauses {
    /// The clauses set so far, for the writes (a select keeps them in its statement).
    var clauses = ClauseTail(condition: nil, orderBy: nil, limit: nil, offset: nil)

    init() {}

    /// Takes one clause a setter was given. A select overrides it to write the clause into its statement.
    func apply(_ clause: ChainClause) {
        switch clause {
        case .condition(let condition): clauses.condition = condition
        case .orders(let terms): clauses.append(orders: terms)
        case .limit(let limit): clauses.limit = limit
        case .limitOffset(let limit, let offset): (clauses.limit, clauses.offset) = (limit, offset)
        case .offset(let offset): clauses.offset = offset
        case .range(let begin, let end): (clauses.offset, clauses.limit) = (begin, end)
        }
    }

    /// Sets the condition, replacing one set before.
    @discardableResult public func `where`(_ condition: Condition) -> Self { apply(.condition(condition)); return self }
    /// Adds ordering terms after those set before.
    @discardableResult public func order(by orderList: OrderBy...) -> Self { apply(.orders(orderList)); return self }
    /// Adds ordering terms after those set before.
    @discardableResult public func order(by orderList: [OrderBy]) -> Self { apply(.orders(orderList)); return self }
    /// Takes at most `limit` rows, replacing a limit set before.
    @discardableResult public func limit(_ limit: Limit) -> Self { apply(.limit(limit)); return self }
    /// Skips `offset` rows, then takes at most `limit`, replacing both.
    @discardableResult public func limit(_ limit: Limit, offset: Offset) -> Self { apply(.limitOffset(limit, offset)); return self }
    /// Skips `offset` rows, replacing an offset set before (alone, it runs as `LIMIT -1 OFFSET n`).
    @discardableResult public func offset(_ offset: Offset) -> Self { apply(.offset(offset)); return self }
    /// `LIMIT begin, end` as SQLite reads it: skips `begin` rows, then takes at most `end` (WCDB's spelling).
    @discardableResult public func limit(from begin: Limit, to end: Limit) -> Self { apply(.range(begin, end)); return self }
}

/// One clause given to a chain call's setter.
enum ChainClause {
    case condition(Condition)
    case orders([OrderBy])
    case limit(Limit)
    case limitOffset(Limit, Offset)
    case offset(Offset)
    case range(Limit, Limit)
}

/// The chain-call selects (``Select``, ``RowSelect``, ``MultiSelect``): their clauses go into the select's
/// statement and follow `StatementSelect`'s rules, and they take `group(by:)` and `having` too.
public class SelectClauses: ChainClauses {
    let statement: StatementSelect

    init(statement: StatementSelect) {
        self.statement = statement
        super.init()
    }

    override func apply(_ clause: ChainClause) {
        switch clause {
        case .condition(let condition): statement.where(condition)
        case .orders(let terms): statement.order(by: terms)
        case .limit(let limit): statement.limit(limit)
        case .limitOffset(let limit, let offset): statement.limit(limit, offset: offset)
        case .offset(let offset): statement.offset(offset)
        case .range(let begin, let end): statement.limit(from: begin, to: end)
        }
    }

    /// The SQL of the select with its values written as literals, for people; reading binds them.
    public var description: String { statement.description }

    /// Adds `GROUP BY` terms.
    @discardableResult public func group(by expressions: ExpressionConvertible...) -> Self { statement.group(by: expressions); return self }
    /// Sets the `HAVING` condition that filters the groups, replacing one set before.
    @discardableResult public func having(_ condition: Condition) -> Self { statement.having(condition); return self }
}
