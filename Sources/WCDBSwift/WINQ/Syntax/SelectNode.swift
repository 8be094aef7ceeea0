/// A SELECT as a tree: WITH, one core per compound part, ORDER BY and LIMIT.
@usableFromInline
struct SelectNode: Sendable {
    var with = WithClause()
    var cores = [SelectCore()]
    /// `UNION`, `UNION ALL`, `INTERSECT`, `EXCEPT`: one between each pair of cores.
    var compoundOperators: [String] = []
    var orderLimit = OrderLimitClause()

    /// Whether the tree holds bind parameters of the caller's own.
    var hasCallerParameters: Bool {
        var renderer = SQLRenderer(mode: .inlined)
        render(into: &renderer)
        return renderer.hasCallerParameters
    }
}

/// One `SELECT … FROM … WHERE … GROUP BY … HAVING …`, or a `VALUES` row list.
struct SelectCore: Sendable {
    var distinct = false
    var columns: [ColumnResult] = []
    var tables: [TableOrSubquery] = []
    var condition: Expression?
    var groups: [Expression] = []
    var having: Expression?
    /// `WINDOW name AS (…), …`: the windows `OVER name` refers to.
    var windows: [(name: String, window: WindowDef)] = []
    var values: [[Expression]] = []
}
