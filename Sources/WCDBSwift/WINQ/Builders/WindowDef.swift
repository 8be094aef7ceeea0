/// A window for window functions: `OVER (PARTITION BY … ORDER BY … frame)`.
/// Modelled for newer engines (SQLite 3.25+); SQLite 3.15.2 rejects `OVER`.
public struct WindowDef: Sendable, CustomStringConvertible {
    private var partitions: [Expression] = []
    private var orders: [OrderingTerm] = []
    private var frame: String?

    /// An empty window, `()`: the whole result set as one partition.
    /// SQLite 3.15.2 has no window functions: preparing a statement that uses one throws a `WCDBError` saying so.
    public init() {}

    /// A copy with `expressions` appended to `PARTITION BY …`.
    public func partition(by expressions: ExpressionConvertible...) -> WindowDef {
        var copy = self
        copy.partitions += expressions.map { $0.asExpression() }
        return copy
    }

    /// A copy with `terms` appended to the window's `ORDER BY …`.
    public func order(by terms: OrderingTermConvertible...) -> WindowDef {
        var copy = self
        copy.orders += terms.map { $0.asOrder() }
        return copy
    }

    /// A frame spec; only the fixed keyword forms, so no free text reaches the SQL.
    public enum Frame: String, Sendable {
        /// `ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW`: from the partition's first row to this row.
        case rowsUnboundedPrecedingToCurrentRow = "ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW"
        /// `RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW`: from the first row to this row and its peers.
        case rangeUnboundedPrecedingToCurrentRow = "RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW"
        /// `ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING`: the whole partition.
        case rowsUnboundedPrecedingToUnboundedFollowing = "ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING"
    }

    /// A copy with the frame spec set, printed last; replaces an earlier one.
    public func frame(_ frame: Frame) -> WindowDef {
        var copy = self
        copy.frame = frame.rawValue
        return copy
    }

    /// `(PARTITION BY … ORDER BY … frame)`, the parts that are set; values printed as literals.
    public var description: String { SQLRenderer.inlined { render(into: &$0) } }

    func render(into renderer: inout SQLRenderer) {
        renderer.write("(")
        var separator = ""
        if !partitions.isEmpty {
            renderer.write("PARTITION BY ")
            for (index, partition) in partitions.enumerated() {
                if index > 0 { renderer.write(", ") }
                renderer.renderInlined(partition)
            }
            separator = " "
        }
        if !orders.isEmpty {
            renderer.write(separator + "ORDER BY ")
            for (index, order) in orders.enumerated() {
                if index > 0 { renderer.write(", ") }
                order.render(into: &renderer)
            }
            separator = " "
        }
        if let frame { renderer.write(separator + frame) }
        renderer.write(")")
    }
}

extension ExpressionFunctionOperable {
    /// `function OVER (window)`, e.g. `Column(named: "a").sum().over(WindowDef().order(by: b))`.
    public func over(_ window: WindowDef) -> Expression {
        Expression(.over(asExpression().inlinedNode, window))
    }
}

extension Expression {
    /// `row_number()`: the row's number in its partition, from 1; valid only with `over(_:)`, which
    /// SQLite 3.15.2 rejects.
    public static func rowNumber() -> Expression { call("row_number", []) }
    /// `rank()`: the row's rank with gaps for ties; valid only with `over(_:)`, which SQLite 3.15.2 rejects.
    public static func rank() -> Expression { call("rank", []) }
    /// `dense_rank()`: the row's rank without gaps; valid only with `over(_:)`, which SQLite 3.15.2 rejects.
    public static func denseRank() -> Expression { call("dense_rank", []) }
}
