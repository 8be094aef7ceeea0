/// A `common-table-expression` of WITH: `name(columns…) AS(SELECT …)`, printed as WCDB 2.x prints it.
///
/// As in WCDB 2.x, where it is a reference, `column(_:)` and `as(_:)` change this expression (and its
/// copies) and return it. A statement's WITH takes it as it is then.
public struct CommonTableExpression: Sendable, CustomStringConvertible, SharedStepsBuilder {
    struct Parts: Sendable {
        let name: String
        var columns: [ColumnName] = []
        var select = SelectNode()
    }

    let parts: BuilderSteps<Parts>

    init(parts: BuilderSteps<Parts>) { self.parts = parts }

    /// The defining query.
    var select: SelectNode { parts.current.select }

    /// A common table expression called `name`; give it a query with `as(_:)`.
    public init(named name: String) { parts = BuilderSteps(Parts(name: name)) }

    /// Appends `columns` to the column list `name(columns…)` and returns the expression.
    @discardableResult
    public func column(_ columns: ColumnConvertible...) -> CommonTableExpression {
        let names = columns.map { $0.asColumn().columnName }
        return step { $0.columns += names }
    }

    /// A copy defined by another query (a rewriter's replacement).
    func replacingSelect(_ select: SelectNode) -> CommonTableExpression {
        var copy = parts.current
        copy.select = select
        return CommonTableExpression(parts: BuilderSteps(copy))
    }

    /// Defines the expression by `select`, snapshotted now, and returns it.
    @discardableResult
    public func `as`(_ select: StatementSelect) -> CommonTableExpression {
        let node = select.node
        return step { $0.select = node }
    }

    /// `name[(columns…)] AS(SELECT …)`
    public var description: String { SQLRenderer.inlined { render(into: &$0) } }

    func render(into renderer: inout SQLRenderer) {
        let parts = parts.current
        renderer.write(identifier: parts.name)
        if !parts.columns.isEmpty {
            renderer.write("(")
            renderer.write(names: parts.columns)
            renderer.write(")")
        }
        renderer.write(" AS(")
        parts.select.render(into: &renderer)
        renderer.write(")")
    }
}

