/// A `common-table-expression` of WITH: `name(columns…) AS (SELECT …)`.
public struct CommonTableExpression: Sendable, CustomStringConvertible {
    private let name: String
    private var columns: [String] = []
    private var select: String = ""

    /// A common table expression called `name`; give it a query with `as(_:)`.
    public init(named name: String) { self.name = name }

    /// A copy with `columns` appended to the column list `name(columns…)`.
    public func column(_ columns: ColumnConvertible...) -> CommonTableExpression {
        var copy = self
        copy.columns += columns.map { $0.asColumn().nameDescription }
        return copy
    }

    /// The defining query, snapshotted now.
    public func `as`(_ select: StatementSelect) -> CommonTableExpression {
        var copy = self
        copy.select = select.description
        return copy
    }

    /// `name[(columns…)] AS (SELECT …)`
    public var description: String {
        var sql = SQLIdentifier.quote(name)
        if !columns.isEmpty { sql += "(" + columns.joined(separator: ", ") + ")" }
        return sql + " AS (" + select + ")"
    }
}

/// `WITH [RECURSIVE] cte, …` shared by SELECT/INSERT/UPDATE/DELETE.
struct WithClause {
    var recursive = false
    var expressions: [CommonTableExpression] = []

    var prefix: String {
        guard !expressions.isEmpty else { return "" }
        return "WITH " + (recursive ? "RECURSIVE " : "") + expressions.map(\.description).joined(separator: ", ") + " "
    }
}
