/// An `indexed-column`: a column (or, for indexes, an expression) with optional COLLATE and order.
///
/// As in WCDB 2.x, where it is a reference, `collate(_:)` and `order(_:)` change this column (and its
/// copies) and return it. A statement takes it as it is then.
public struct IndexedColumn: Sendable, CustomStringConvertible, IndexedColumnConvertible, SharedStepsBuilder {
    /// What is indexed: a column, printed by its bare name (index and constraint columns never take a
    /// table name), or an expression.
    enum Target: Sendable {
        case column(ColumnName)
        case expression(Expression)
    }

    struct Parts: Sendable {
        let target: Target
        var collation: String?
        var order: Order?
    }

    let parts: BuilderSteps<Parts>

    init(parts: BuilderSteps<Parts>) { self.parts = parts }

    var target: Target { parts.current.target }
    /// The collation, printed `COLLATE name`; `nil` uses the column's own.
    public var collation: String? {
        get { parts.current.collation }
        nonmutating set { _ = step { $0.collation = newValue } }
    }
    /// `ASC` or `DESC`; `nil` prints neither (ascending).
    public var order: Order? {
        get { parts.current.order }
        nonmutating set { _ = step { $0.order = newValue } }
    }

    /// The column by its bare name (any table qualifier is dropped).
    public init(with column: ColumnConvertible) {
        let column = column.asColumn()
        parts = BuilderSteps(Parts(target: .column(ColumnName(name: column.name, isAll: column.isAll))))
    }

    /// An index on an expression (`CREATE INDEX i ON t(lower(name))`).
    public init(with expression: Expression) {
        parts = BuilderSteps(Parts(target: .expression(expression.frozen)))
    }

    /// Gives this column `COLLATE name` (replacing an earlier collation) and returns it.
    @discardableResult
    public func collate(_ collation: String) -> IndexedColumn { step { $0.collation = collation } }

    /// Orders this column `ASC` or `DESC` (`nil` removes the order) and returns it.
    @discardableResult
    public func order(_ order: Order?) -> IndexedColumn { step { $0.order = order } }

    /// `column|expr [COLLATE name] [ASC|DESC]`; an expression's values are printed as literals.
    public var description: String { SQLRenderer.inlined { render(into: &$0) } }

    func render(into renderer: inout SQLRenderer) {
        let current = parts.current
        switch current.target {
        case .column(let column): renderer.write(names: [column])
        case .expression(let expression): renderer.renderInlined(expression)
        }
        if let collation = current.collation {
            renderer.write(" COLLATE ")
            renderer.write(identifier: collation)
        }
        if let order = current.order { renderer.write(" " + order.rawValue) }
    }

    /// The column as it is now: later steps on this one do not change it.
    public func asIndex() -> IndexedColumn { frozen }
}
