/// A statement with `ORDER BY`, `LIMIT` and `OFFSET` clauses: `StatementSelect`, `StatementUpdate`
/// and `StatementDelete`. Its clause methods are written once, here, with one rule: ORDER BY terms
/// accumulate; `limit`, `offset` and `limit(from:to:)` each replace what was set before.
///
/// On a SELECT they order and cut the whole statement (every core of a compound). On UPDATE and
/// DELETE they pick the rows the statement changes; SQLite accepts them there because this engine is
/// built with `SQLITE_ENABLE_UPDATE_DELETE_LIMIT`.
public protocol OrderLimitStatement: AnyObject {
    /// The statement's clauses, which the methods of this protocol set (the library's, not users').
    @_spi(WCDBGenerated) var _orderLimit: OrderLimitClause { get set }
}

extension OrderLimitStatement {
    /// Appends `ORDER BY` terms.
    @discardableResult
    public func order(by terms: OrderingTermConvertible...) -> Self { order(by: terms) }

    /// Appends `ORDER BY` terms from an array.
    @discardableResult
    public func order(by terms: [OrderingTermConvertible]) -> Self {
        _orderLimit.append(orders: terms)
        return self
    }

    /// `LIMIT from, to`, the guide's spelling: SQLite reads it as `LIMIT to OFFSET from` (`to` is a row
    /// count). Replaces an earlier limit and offset.
    @discardableResult
    public func limit(from: ExpressionConvertible, to: ExpressionConvertible) -> Self {
        _orderLimit.set(rangeFrom: from, to: to)
        return self
    }

    /// `LIMIT n`; replaces an earlier limit.
    @discardableResult
    public func limit(_ limit: ExpressionConvertible) -> Self {
        _orderLimit.set(limit: limit)
        return self
    }

    /// `LIMIT n OFFSET m`; replaces an earlier limit and offset.
    @discardableResult
    public func limit(_ limit: ExpressionConvertible, offset: ExpressionConvertible) -> Self {
        _orderLimit.set(limit: limit)
        _orderLimit.set(offset: offset)
        return self
    }

    /// `OFFSET m`; replaces an earlier offset. Without a limit it prints `LIMIT -1 OFFSET m`.
    @discardableResult
    public func offset(_ offset: ExpressionConvertible) -> Self {
        _orderLimit.set(offset: offset)
        return self
    }
}
