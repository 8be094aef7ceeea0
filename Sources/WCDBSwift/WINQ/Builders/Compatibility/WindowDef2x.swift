// WCDB Swift 2.x spells a window's parts without labels (`WindowDef().partition(a).order(b)`) and builds
// its frame with `FrameSpec`; 1.x-style code here writes `partition(by:)`, `order(by:)` and `frame(_:)`.
// Both build the same window.

extension WindowDef {
    /// A copy with `expressions` appended to `PARTITION BY …` (2.x spelling of `partition(by:)`).
    public func partition(_ expressions: ExpressionConvertible...) -> WindowDef { partitioned(by: expressions) }
    /// A copy with `expressions` appended to `PARTITION BY …`, from an array.
    public func partition(_ expressions: [ExpressionConvertible]) -> WindowDef { partitioned(by: expressions) }
    /// A copy with `terms` appended to the window's `ORDER BY …` (2.x spelling of `order(by:)`).
    public func order(_ terms: OrderingTermConvertible...) -> WindowDef { ordered(by: terms) }
    /// A copy with `terms` appended to the window's `ORDER BY …`, from an array.
    public func order(_ terms: [OrderingTermConvertible]) -> WindowDef { ordered(by: terms) }
    /// A copy with `frameSpec` as its frame; replaces an earlier one.
    public func frameSpec(_ frameSpec: FrameSpec) -> WindowDef { framed(frameSpec.clause) }
}
