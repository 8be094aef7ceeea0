/// An `indexed-column`: a column (or, for indexes, an expression) with optional COLLATE and order.
public struct IndexedColumn: Sendable, CustomStringConvertible, IndexedColumnConvertible {
    /// What is indexed: a column, printed by its bare name (index and constraint columns never take a
    /// table name), or an expression.
    enum Target: Sendable {
        case column(ColumnName)
        case expression(Expression)
    }

    let target: Target
    /// The collation, printed `COLLATE name`; `nil` uses the column's own.
    public var collation: String?
    /// `ASC` or `DESC`; `nil` prints neither (ascending).
    public var order: Order?

    /// The column by its bare name (any table qualifier is dropped).
    public init(with column: ColumnConvertible) {
        target = .column(ColumnName(name: column.asColumn().name, isAll: column.asColumn().isAll))
    }

    /// An index on an expression (`CREATE INDEX i ON t(lower(name))`).
    public init(with expression: Expression) {
        target = .expression(expression.frozen)
    }

    /// A copy with `COLLATE name`; replaces an earlier collation.
    public func collate(_ collation: String) -> IndexedColumn {
        var copy = self
        copy.collation = collation
        return copy
    }

    /// A copy ordered `ASC` or `DESC`; `nil` removes the order.
    public func order(_ order: Order?) -> IndexedColumn {
        var copy = self
        copy.order = order
        return copy
    }

    /// `column|expr [COLLATE name] [ASC|DESC]`; an expression's values are printed as literals.
    public var description: String { SQLRenderer.inlined { render(into: &$0) } }

    func render(into renderer: inout SQLRenderer) {
        switch target {
        case .column(let column): renderer.write(names: [column])
        case .expression(let expression): renderer.renderInlined(expression)
        }
        if let collation {
            renderer.write(" COLLATE ")
            renderer.write(identifier: collation)
        }
        if let order { renderer.write(" " + order.rawValue) }
    }

    /// The indexed column itself.
    public func asIndex() -> IndexedColumn { self }
}
