/// An `indexed-column`: a column (or, for indexes, an expression) with optional COLLATE and order.
public struct IndexedColumn: Sendable, CustomStringConvertible, IndexedColumnConvertible {
    /// Printed unqualified: index and constraint columns never take a table name.
    let target: String
    /// The collation, printed `COLLATE name`; `nil` uses the column's own.
    public var collation: String?
    /// `ASC` or `DESC`; `nil` prints neither (ascending).
    public var order: Order?

    /// The column by its bare name (any table qualifier is dropped).
    public init(with column: ColumnConvertible) {
        target = column.asColumn().nameDescription
    }

    /// An index on an expression (`CREATE INDEX i ON t(lower(name))`).
    public init(with expression: Expression) {
        target = expression.description
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
    public var description: String {
        var sql = target
        if let collation { sql += " COLLATE " + SQLIdentifier.quote(collation) }
        if let order { sql += " " + order.rawValue }
        return sql
    }

    /// The indexed column itself.
    public func asIndex() -> IndexedColumn { self }
}
