/// An INSERT as a tree.
@usableFromInline
struct InsertNode: Sendable {
    var with = WithClause()
    var conflict: ConflictAction?
    /// `REPLACE INTO` rather than `INSERT OR REPLACE INTO`.
    var isReplace = false
    var table = TableName(name: "")
    var alias: String?
    var columns: [ColumnName] = []
    var rows: [[Expression]] = []
    var select: SelectNode?
    var isDefaultValues = false
    var upsert: Upsert?
    var returning: [ColumnResult] = []
}

/// An UPDATE as a tree.
@usableFromInline
struct UpdateNode: Sendable {
    var with = WithClause()
    var conflict: ConflictAction?
    var table = TableName(name: "")
    /// `AS alias`, `INDEXED BY`/`NOT INDEXED` of the table (a `QualifiedTable`'s).
    var tableAlias: String?
    var indexHint: TableOrSubquery.IndexHint?
    var assignments: [Assignment] = []
    var condition: Expression?
    var returning: [ColumnResult] = []
    var orderLimit = OrderLimitClause()
}

/// A DELETE as a tree.
@usableFromInline
struct DeleteNode: Sendable {
    var with = WithClause()
    var table = TableName(name: "")
    /// `AS alias`, `INDEXED BY`/`NOT INDEXED` of the table (a `QualifiedTable`'s).
    var tableAlias: String?
    var indexHint: TableOrSubquery.IndexHint?
    var condition: Expression?
    var returning: [ColumnResult] = []
    var orderLimit = OrderLimitClause()
}

/// The statements that read and write rows, as trees: what the rewrite pass sees (see `StatementRewriter`).
@usableFromInline
enum StatementNode: Sendable {
    case select(SelectNode)
    case insert(InsertNode)
    case update(UpdateNode)
    case delete(DeleteNode)

    func render(into renderer: inout SQLRenderer) {
        switch self {
        case .select(let node): node.render(into: &renderer)
        case .insert(let node): node.render(into: &renderer)
        case .update(let node): node.render(into: &renderer)
        case .delete(let node): node.render(into: &renderer)
        }
    }

    /// The SQL to run and its values (see `SQLRenderer.bound`).
    var rendering: SQLRendering { SQLRenderer.bound { render(into: &$0) } }

    /// Whether the statement returns rows of a write (`RETURNING`).
    var hasReturning: Bool {
        switch self {
        case .select: return false
        case .insert(let node): return !node.returning.isEmpty
        case .update(let node): return !node.returning.isEmpty
        case .delete(let node): return !node.returning.isEmpty
        }
    }
}

/// A WINQ statement that holds a syntax tree the runtime renders, binds and may rewrite.
protocol SyntaxStatement: Statement {
    var statementNode: StatementNode { get }
}

/// A WINQ statement without a row tree (schema, trigger and control statements) that the renderer
/// prints: the rewrite pass does not see it, but running it notes the constructs this engine lacks.
protocol RenderedStatement: Statement {
    func render(into renderer: inout SQLRenderer)
}

extension RenderedStatement {
    /// The statement's SQL to run, with what in it this engine cannot run.
    var rendering: SQLRendering { SQLRenderer.inlinedRendering { render(into: &$0) } }
}
