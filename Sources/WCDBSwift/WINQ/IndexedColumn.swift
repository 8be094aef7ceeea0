/// An `indexed-column`: a column (or, for indexes, an expression) with optional COLLATE and order.
public struct IndexedColumn: Sendable, CustomStringConvertible, IndexedColumnConvertible {
    /// Printed unqualified: index and constraint columns never take a table name.
    let target: String
    public var collation: String?
    public var order: Order?

    public init(with column: ColumnConvertible) {
        target = column.asColumn().nameDescription
    }

    /// An index on an expression (`CREATE INDEX i ON t(lower(name))`).
    public init(with expression: Expression) {
        target = expression.description
    }

    public func collate(_ collation: String) -> IndexedColumn {
        var copy = self
        copy.collation = collation
        return copy
    }

    public func order(_ order: Order?) -> IndexedColumn {
        var copy = self
        copy.order = order
        return copy
    }

    public var description: String {
        var sql = target
        if let collation { sql += " COLLATE " + SQLIdentifier.quote(collation) }
        if let order { sql += " " + order.rawValue }
        return sql
    }

    public func asIndex() -> IndexedColumn { self }
}
