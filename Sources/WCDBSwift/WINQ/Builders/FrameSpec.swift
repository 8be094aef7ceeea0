/// A window's `frame-spec`: which rows around the current one a window function sees, as
/// `RANGE|ROWS UNBOUNDED PRECEDING`, `… n PRECEDING`, `… CURRENT ROW` or
/// `RANGE|ROWS BETWEEN bound AND bound`. Built as WCDB 2.x chains it:
/// `FrameSpec().rows().betweenPreceding(1).andFollowing(1)`; given to `WindowDef.frameSpec(_:)`.
///
/// As in WCDB 2.x, where it is a reference, each method changes this frame spec (and its copies) and
/// returns it: `let frame = FrameSpec(); frame.rows(); frame.currentRow()` is `ROWS CURRENT ROW`. A window
/// takes the frame as it is then. Values are printed into the SQL. An engine without window functions
/// refuses a statement with a window by name.
public struct FrameSpec: Sendable, CustomStringConvertible, SharedStepsBuilder {
    let parts: BuilderSteps<FrameSpecClause>

    init(parts: BuilderSteps<FrameSpecClause>) { self.parts = parts }

    /// The frame's parts as they are now.
    var clause: FrameSpecClause { parts.current }

    /// An empty frame spec; choose `range()` or `rows()`, then the bounds.
    public init() { parts = BuilderSteps(FrameSpecClause()) }

    private func setting(_ bound: FrameSpecClause.Bound, between: Bool = false) -> FrameSpec {
        step {
            $0.start = bound
            $0.isBetween = between
        }
    }

    /// `RANGE …`: the frame is counted in values of the window's ORDER BY term (rows with the same
    /// value are peers, in the frame together).
    @discardableResult
    public func range() -> FrameSpec { step { $0.unit = "RANGE" } }
    /// `ROWS …`: the frame is counted in rows.
    @discardableResult
    public func rows() -> FrameSpec { step { $0.unit = "ROWS" } }

    /// `… UNBOUNDED PRECEDING`: from the partition's first row to the current one.
    @discardableResult
    public func unboundedPreceding() -> FrameSpec { setting(.unboundedPreceding) }
    /// `… n PRECEDING`: from `n` rows (or values) before the current one to it.
    @discardableResult
    public func preceding(_ offset: ExpressionConvertible) -> FrameSpec { setting(.preceding(offset.asExpression())) }
    /// `… CURRENT ROW`: the current row (and, for RANGE, its peers) alone.
    @discardableResult
    public func currentRow() -> FrameSpec { setting(.currentRow) }

    /// `… BETWEEN UNBOUNDED PRECEDING AND …`; give the end with an `and…` method.
    @discardableResult
    public func betweenUnboundedPreceding() -> FrameSpec { setting(.unboundedPreceding, between: true) }
    /// `… BETWEEN n PRECEDING AND …`; give the end with an `and…` method.
    @discardableResult
    public func betweenPreceding(_ offset: ExpressionConvertible) -> FrameSpec { setting(.preceding(offset.asExpression()), between: true) }
    /// `… BETWEEN CURRENT ROW AND …`; give the end with an `and…` method.
    @discardableResult
    public func betweenCurrentRow() -> FrameSpec { setting(.currentRow, between: true) }
    /// `… BETWEEN n FOLLOWING AND …`; give the end with an `and…` method.
    @discardableResult
    public func betweenFollowing(_ offset: ExpressionConvertible) -> FrameSpec { setting(.following(offset.asExpression()), between: true) }

    /// `… AND CURRENT ROW`, the end of a BETWEEN frame.
    @discardableResult
    public func andCurrentRow() -> FrameSpec { step { $0.end = .currentRow } }
    /// `… AND n PRECEDING`, the end of a BETWEEN frame.
    @discardableResult
    public func andPreceding(_ offset: ExpressionConvertible) -> FrameSpec {
        let offset = offset.asExpression()
        return step { $0.end = .preceding(offset) }
    }
    /// `… AND UNBOUNDED FOLLOWING`, the end of a BETWEEN frame: up to the partition's last row.
    @discardableResult
    public func andUnboundedFollowing() -> FrameSpec { step { $0.end = .unboundedFollowing } }
    /// `… AND n FOLLOWING`, the end of a BETWEEN frame.
    @discardableResult
    public func andFollowing(_ offset: ExpressionConvertible) -> FrameSpec {
        let offset = offset.asExpression()
        return step { $0.end = .following(offset) }
    }

    /// `RANGE|ROWS …`; values printed as literals.
    public var description: String { parts.current.description }
}

/// A frame spec as a window holds it.
struct FrameSpecClause: Sendable, CustomStringConvertible {
    enum Bound: Sendable {
        case unboundedPreceding
        case preceding(Expression)
        case currentRow
        case following(Expression)
        case unboundedFollowing
    }

    /// `RANGE` or `ROWS` (empty until chosen).
    var unit = ""
    /// The only bound, or the first of BETWEEN.
    var start: Bound?
    var isBetween = false
    /// The second bound of BETWEEN.
    var end: Bound?

    var description: String { SQLRenderer.inlined { render(into: &$0) } }

    func render(into renderer: inout SQLRenderer) {
        renderer.write(unit)
        guard let start else { return }
        renderer.write(unit.isEmpty ? (isBetween ? "BETWEEN " : "") : (isBetween ? " BETWEEN " : " "))
        Self.render(start, into: &renderer)
        if isBetween, let end {
            renderer.write(" AND ")
            Self.render(end, into: &renderer)
        }
    }

    private static func render(_ bound: Bound, into renderer: inout SQLRenderer) {
        switch bound {
        case .unboundedPreceding: renderer.write("UNBOUNDED PRECEDING")
        case .preceding(let offset):
            renderer.inlined { $0.render(offset, atMost: .unary) }
            renderer.write(" PRECEDING")
        case .currentRow: renderer.write("CURRENT ROW")
        case .following(let offset):
            renderer.inlined { $0.render(offset, atMost: .unary) }
            renderer.write(" FOLLOWING")
        case .unboundedFollowing: renderer.write("UNBOUNDED FOLLOWING")
        }
    }
}
