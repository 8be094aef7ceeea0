/// The Convertible protocols: a node of the grammar is accepted wherever a compatible node is
/// expected (a Column where an Expression is, an Expression where a result column is…), so builder
/// methods take `XxxConvertible` and call `asXxx()`.

/// Anything that can stand where an `expr` is expected.
public protocol ExpressionConvertible: ColumnResultConvertible, OrderingTermConvertible {
    func asExpression() -> Expression
}

/// A `result-column` of SELECT.
public protocol ColumnResultConvertible {
    func asColumnResult() -> ColumnResult
}

/// An `ordering-term` of ORDER BY.
public protocol OrderingTermConvertible {
    func asOrder() -> OrderingTerm
}

/// A `column-name`.
public protocol ColumnConvertible: IndexedColumnConvertible {
    func asColumn() -> Column
}

/// An `indexed-column` (index definitions, PRIMARY KEY / UNIQUE table constraints).
public protocol IndexedColumnConvertible {
    func asIndex() -> IndexedColumn
}

/// A `table-or-subquery` of FROM. A String is a table name.
public protocol TableOrSubqueryConvertible {
    func asTableOrSubquery() -> TableOrSubquery
}

/// A literal value.
public protocol LiteralValueConvertible: ExpressionConvertible {
    func asLiteralValue() -> LiteralValue
}

/// A model property: a column bound to a field of a model type.
public protocol PropertyConvertible: ColumnConvertible, ExpressionConvertible {
    func asProperty() -> Property
    /// The property's position in its model's binding (what `asProperty().propertyIndex` says), read
    /// without copying the Property: the CRUD layer reads it on every call.
    var propertyIndex: Int { get }
    /// The model type the property belongs to (nil for a property not made from a model).
    var rootType: ObjectIdentifier? { get }
}

extension PropertyConvertible {
    public var propertyIndex: Int { asProperty().propertyIndex }
    public var rootType: ObjectIdentifier? { asProperty().rootType }
}

/// A complete, executable SQL statement; `description` is its SQL.
public protocol Statement: CustomStringConvertible {}

// MARK: Defaults that chain the conversions.

extension ExpressionConvertible {
    public func asColumnResult() -> ColumnResult { ColumnResult(with: self) }
    public func asOrder() -> OrderingTerm { OrderingTerm(with: self) }
}

extension LiteralValueConvertible {
    public func asExpression() -> Expression { asLiteralValue().asExpression() }
}

extension OrderingTermConvertible {
    /// `term ASC` / `term DESC`; `nil` leaves the engine's default.
    public func asOrder(by order: Order?) -> OrderingTerm {
        var term = asOrder()
        term.order = order
        return term
    }
}

extension IndexedColumnConvertible {
    public func asIndex(orderBy order: Order?) -> IndexedColumn {
        var index = asIndex()
        index.order = order
        return index
    }
}

extension ColumnConvertible {
    public func asIndex() -> IndexedColumn { IndexedColumn(with: self) }
}

extension String: TableOrSubqueryConvertible {
    public func asTableOrSubquery() -> TableOrSubquery { TableOrSubquery(table: self) }
}
