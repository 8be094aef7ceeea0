/// A `common-table-expression` of WITH: `name(columns…) AS(SELECT …)`, printed as WCDB 2.x prints it.
public struct CommonTableExpression: Sendable, CustomStringConvertible {
    private let name: String
    private var columns: [ColumnName] = []
    private(set) var select = SelectNode()

    /// A common table expression called `name`; give it a query with `as(_:)`.
    public init(named name: String) { self.name = name }

    /// A copy with `columns` appended to the column list `name(columns…)`.
    public func column(_ columns: ColumnConvertible...) -> CommonTableExpression {
        var copy = self
        copy.columns += columns.map { $0.asColumn().columnName }
        return copy
    }

    /// A copy defined by another query (a rewriter's replacement).
    func replacingSelect(_ select: SelectNode) -> CommonTableExpression {
        var copy = self
        copy.select = select
        return copy
    }

    /// The defining query, snapshotted now.
    public func `as`(_ select: StatementSelect) -> CommonTableExpression {
        var copy = self
        copy.select = select.node
        return copy
    }

    /// `name[(columns…)] AS(SELECT …)`
    public var description: String { SQLRenderer.inlined { render(into: &$0) } }

    func render(into renderer: inout SQLRenderer) {
        renderer.write(identifier: name)
        if !columns.isEmpty {
            renderer.write("(")
            renderer.write(names: columns)
            renderer.write(")")
        }
        renderer.write(" AS(")
        select.render(into: &renderer)
        renderer.write(")")
    }
}

