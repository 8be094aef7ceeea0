// WCDB Swift 2.x's names for result values: `Value` for `FundamentalValue` (with its `Value()` and
// `Value(nil)`), `OneRowValue`, `OneColumnValue` and `MultiRowsValue` for rows and columns of them.

/// One value of a result (WCDB 2.x's name for `FundamentalValue`).
public typealias Value = FundamentalValue

/// One row of values (WCDB 2.x's name).
public typealias OneRowValue = FundamentalRow
/// One column of values (WCDB 2.x's name).
public typealias OneColumnValue = FundamentalColumn
/// Rows of values (WCDB 2.x's name).
public typealias MultiRowsValue = FundamentalRowXColumn

extension FundamentalValue {
    /// NULL (WCDB 2.x's `Value()` and `Value(nil)`).
    public init(_: Void? = nil) { self = .null }
}
