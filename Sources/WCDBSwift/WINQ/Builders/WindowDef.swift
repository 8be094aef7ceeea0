// Window functions (SQLite 3.25+) as WCDB 2.x builds them. They run where the engine has them; on an
// older engine (SQLite 3.15.2) a statement using one prints, and preparing it throws a `WCDBError` that
// names the construct and the engine's version.

/// A window for window functions: `OVER (PARTITION BY … ORDER BY … frame)`, or a window named in the
/// statement's `WINDOW` clause (`StatementSelect.window(_:)`, `Expression.over(_:)` with a name).
/// Engines before SQLite 3.25 refuse `OVER` and `WINDOW` by name.
///
/// As in WCDB 2.x, where it is a reference, `partition(_:)`, `order(_:)` and `frameSpec(_:)` change this
/// window (and its copies) and return it. A window function or a `WINDOW` clause takes the window as it
/// is then.
public struct WindowDef: Sendable, CustomStringConvertible, SharedStepsBuilder {
    struct Parts: Sendable {
        /// A window of the statement's WINDOW clause this one names (`OVER name`) or builds on (`OVER (name …)`).
        var base: String?
        var partitions: [Expression] = []
        var orders: [OrderingTerm] = []
        var frame: FrameSpecClause?
    }

    let parts: BuilderSteps<Parts>

    init(parts: BuilderSteps<Parts>) { self.parts = parts }

    /// An empty window, `()`: the whole result set as one partition.
    public init() { parts = BuilderSteps(Parts()) }

    /// The window named `name` in the statement's WINDOW clause: `OVER name`.
    init(named name: String) { parts = BuilderSteps(Parts(base: name)) }

    func partitioned(by expressions: [ExpressionConvertible]) -> WindowDef {
        let expressions = expressions.map { $0.asExpression() }
        return step { $0.partitions += expressions }
    }

    func ordered(by terms: [OrderingTermConvertible]) -> WindowDef {
        let terms = terms.map { $0.asOrder() }
        return step { $0.orders += terms }
    }

    func framed(_ frame: FrameSpecClause) -> WindowDef { step { $0.frame = frame } }

    /// `(PARTITION BY … ORDER BY … frame)`, the parts that are set; values printed as literals. An empty
    /// window prints nothing here (as WCDB 2.x); after `OVER` it is `()`.
    public var description: String {
        let parts = parts.current
        if parts.base == nil, parts.partitions.isEmpty, parts.orders.isEmpty, parts.frame == nil { return "" }
        return SQLRenderer.inlined { render(into: &$0) }
    }

    func render(into renderer: inout SQLRenderer) {
        let parts = parts.current
        let base = parts.base, partitions = parts.partitions, orders = parts.orders, frame = parts.frame
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
    /// `function OVER (window)`, e.g. `Column(named: "a").sum().over(WindowDef().order(b))`.
    public func over(_ window: WindowDef) -> Expression {
        Expression(.over(asExpression().inlinedNode, window.frozen))
    }

    /// `function OVER name`: the window `name` of the statement's WINDOW clause (`StatementSelect.window(_:)`).
    public func over(_ window: String) -> Expression { over(WindowDef(named: window)) }
}

extension Expression {
    /// `function OVER (window)`. On a call, a WCDB 2.x builder step: the call itself becomes the window
    /// function and is returned, so `call.over(window)` written as a statement takes effect.
    @discardableResult
    public func over(_ window: WindowDef) -> Expression {
        let window = window.frozen
        return step { Expression(.over($0.inlinedNode, window)) }
    }

    /// `function OVER name` (see `over(_:)`): the window `name` of the statement's WINDOW clause.
    @discardableResult
    public func over(_ window: String) -> Expression { over(WindowDef(named: window)) }
}

extension WindowDef {
    /// Appends `expressions` to this window's `PARTITION BY …` and returns it.
    @discardableResult
    public func partition(_ expressions: ExpressionConvertible...) -> WindowDef { partitioned(by: expressions) }
    /// Appends `expressions` to this window's `PARTITION BY …`, from an array, and returns it.
    @discardableResult
    public func partition(_ expressions: [ExpressionConvertible]) -> WindowDef { partitioned(by: expressions) }
    /// Appends `terms` to this window's `ORDER BY …` and returns it.
    @discardableResult
    public func order(_ terms: OrderingTermConvertible...) -> WindowDef { ordered(by: terms) }
    /// Appends `terms` to this window's `ORDER BY …`, from an array, and returns it.
    @discardableResult
    public func order(_ terms: [OrderingTermConvertible]) -> WindowDef { ordered(by: terms) }
    /// Gives this window `frameSpec` (as it is now) as its frame, replacing an earlier one, and returns it.
    @discardableResult
    public func frameSpec(_ frameSpec: FrameSpec) -> WindowDef { framed(frameSpec.clause) }
}

extension StatementSelect {
    /// `WINDOW name AS (…)` of the current core: names a window that `over(_:)` refers to by name
    /// (`OVER name`); give its definition with `as(_:)`. An engine without window functions
    /// refuses the statement by name when it is prepared.
    @discardableResult
    public func window(_ name: String) -> StatementSelect {
        pendingWindow = name
        return self
    }

    /// The definition of the window named by `window(_:)`; traps unless it follows `window(_:)`.
    @discardableResult
    public func `as`(_ window: WindowDef) -> StatementSelect {
        guard let name = pendingWindow else { preconditionFailure("as(_:) must follow window(_:)") }
        pendingWindow = nil
        let window = window.frozen
        return current { $0.windows.append((name, window)) }
    }
}
