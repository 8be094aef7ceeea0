// WCDB Swift 2.x's spellings of FROM items and common table expressions beside 1.x's:
// `TableOrSubquery(withTable:)`, `as(alias:)`, `CommonTableExpression("name")`. Each builds the same item.

extension TableOrSubquery {
    /// The table `table` (2.x spelling of `init(table:)`).
    public init(withTable table: String) { self.init(table: table) }

    /// Aliases this item `… AS alias` and returns it (2.x spelling of `as(_:)`).
    @discardableResult
    public func `as`(alias: String) -> TableOrSubquery { self.as(alias) }
}

extension CommonTableExpression {
    /// A common table expression called `table` (2.x spelling of `init(named:)`).
    public init(_ table: String) { self.init(named: table) }
}
