/// A window for window functions: `OVER (PARTITION BY … ORDER BY … frame)`, or a window named in the
/// statement's `WINDOW` clause (`StatementSelect.window(_:)`, `Expression.over(_:)` with a name).
/// Modelled for newer engines (SQLite 3.25+); SQLite 3.15.2 rejects `OVER` and `WINDOW`.
public struct WindowDef: Sendable, CustomStringConvertible {
    /// A window of the statement's WINDOW clause this one names (`OVER name`) or builds on (`OVER (name …)`).
    private var base: String?
    private var partitions: [Expression] = []
    private var orders: [OrderingTerm] = []
    private var frame: FrameSpecClause?

    /// An empty window, `()`: the whole result set as one partition.
    /// SQLite 3.15.2 has no window functions: preparing a statement that uses one throws a `WCDBError` saying so.
    public init() {}

    /// The window named `name` in the statement's WINDOW clause: `OVER name`.
    init(named name: String) { base = name }

    /// A copy with `expressions` appended to `PARTITION BY …`.
    public func partition(by expressions: ExpressionConvertible...) -> WindowDef { partitioned(by: expressions) }

    func partitioned(by expressions: [ExpressionConvertible]) -> WindowDef {
        var copy = self
        copy.partitions += expressions.map { $0.asExpression() }
        return copy
    }

    /// A copy with `terms` appended to the window's `ORDER BY …`.
    public func order(by terms: OrderingTermConvertible...) -> WindowDef { ordered(by: terms) }

    func ordered(by terms: [OrderingTermConvertible]) -> WindowDef {
        var copy = self
        copy.orders += terms.map { $0.asOrder() }
        return copy
    }

    /// A frame spec; only the fixed keyword forms (`FrameSpec` builds any other).
    public enum Frame: String, Sendable {
        /// `ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW`: from the partition's first row to this row.
        case rowsUnboundedPrecedingToCurrentRow = "ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW"
        /// `RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW`: from the first row to this row and its peers.
        case rangeUnboundedPrecedingToCurrentRow = "RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW"
        /// `ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING`: the whole partition.
        case rowsUnboundedPrecedingToUnboundedFollowing = "ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING"

        var clause: FrameSpecClause {
            switch self {
            case .rowsUnboundedPrecedingToCurrentRow:
                return FrameSpecClause(unit: "ROWS", start: .unboundedPreceding, isBetween: true, end: .currentRow)
            case .rangeUnboundedPrecedingToCurrentRow:
                return FrameSpecClause(unit: "RANGE", start: .unboundedPreceding, isBetween: true, end: .currentRow)
            case .rowsUnboundedPrecedingToUnboundedFollowing:
                return FrameSpecClause(unit: "ROWS", start: .unboundedPreceding, isBetween: true, end: .unboundedFollowing)
            }
        }
    }

    /// A copy with the frame spec set, printed last; replaces an earlier one.
    public func frame(_ frame: Frame) -> WindowDef { framed(frame.clause) }

    func framed(_ frame: FrameSpecClause) -> WindowDef {
        var copy = self
        copy.frame = frame
        return copy
    }

    /// `(PARTITION BY … ORDER BY … frame)`, the parts that are set; values printed as literals. An empty
    /// window prints nothing here (as WCDB 2.x); after `OVER` it is `()`.
    public var description: String {
        if base == nil, partitions.isEmpty, orders.isEmpty, frame == nil { return "" }
        return SQLRenderer.inlined { render(into: &$0) }
    }

    func render(into renderer: inout SQLRenderer) {
        if let base, partitions.isEmpty, orders.isEmpty, frame == nil { return renderer.write(identifier: base) }
        renderer.write("(")
        var separator = ""
        if let base {
            renderer.write(identifier: base)
            separator = " "
        }
        if !partitions.isEmpty {
            renderer.write(separator + "PARTITION BY ")
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
        if let frame {
            renderer.write(separator)
            frame.render(into: &renderer)
        }
        renderer.write(")")
    }
}

extension ExpressionFunctionOperable {
    /// `function OVER (window)`, e.g. `Column(named: "a").sum().over(WindowDef().order(by: b))`.
    public func over(_ window: WindowDef) -> Expression {
        Expression(.over(asExpression().inlinedNode, window))
    }

    /// `function OVER name`: the window `name` of the statement's WINDOW clause (`StatementSelect.window(_:)`).
    public func over(_ window: String) -> Expression { over(WindowDef(named: window)) }
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
