// WCDB Swift 2.x writes an ordering term as `property.order(.ascending)` (or `expression.order(…)`); 1.x (the seeds) writes
// `property.asOrder(by: .ascending)`. Both print the same term.

extension Property {
    /// `self ASC` / `self DESC` (2.x spelling of `asOrder(by:)`).
    public func order(_ order: Order?) -> OrderingTerm { asOrder(by: order) }
}

extension TypedProperty {
    /// `self ASC` / `self DESC` (2.x spelling of `asOrder(by:)`).
    public func order(_ order: Order?) -> OrderingTerm { asOrder(by: order) }
}

extension Column {
    /// `self ASC` / `self DESC` (2.x spelling of `asOrder(by:)`).
    public func order(_ order: Order?) -> OrderingTerm { asOrder(by: order) }
}

extension Expression {
    /// `self ASC` / `self DESC` (2.x spelling of `asOrder(by:)`).
    public func order(_ order: Order?) -> OrderingTerm { asOrder(by: order) }
}
