/// The Convertible protocols: a node of the grammar is accepted wherever a compatible node is
/// expected (a Column where an Expression is, an Expression where a result column is…), so builder
/// methods take `XxxConvertible` and call `asXxx()`.

/// Anything that can stand where an `expr` is expected.
public protocol ExpressionConvertible: ColumnResultConvertible, OrderingTermConvertible {
    /// This value as an `expr`.
    func asExpression() -> Expression
}

/// A `result-column` of SELECT.
public protocol ColumnResultConvertible {
    /// This value as a result column.
    func asColumnResult() -> ColumnResult
}

/// An `ordering-term` of ORDER BY.
public protocol OrderingTermConvertible {
    /// This value as an ordering term, in the engine's default order.
    func asOrder() -> OrderingTerm
}

/// A `column-name`.
public protocol ColumnConvertible: IndexedColumnConvertible {
    /// This value as a column name.
    func asColumn() -> Column
}

/// An `indexed-column` (index definitions, PRIMARY KEY / UNIQUE table constraints).
public protocol IndexedColumnConvertible {
    /// This value as an indexed column, without COLLATE or order.
    func asIndex() -> IndexedColumn
}

/// A `table-or-subquery` of FROM. A String is a table name.
public protocol TableOrSubqueryConvertible {
    /// This value as an item of FROM.
    func asTableOrSubquery() -> TableOrSubquery
}

/// A literal value.
public protocol LiteralValueConvertible: ExpressionConvertible {
    /// This value as a literal.
    func asLiteralValue() -> LiteralValue
}

/// A model property: a column bound to a field of a model type.
public protocol PropertyConvertible: ColumnConvertible, ExpressionConvertible {
    /// This value as an untyped model property.
    func asProperty() -> Property
    /// The property's position in its model's binding (what `asProperty().propertyIndex` says), read
    /// without copying the Property: the CRUD layer reads it on every call.
    var propertyIndex: Int { get }
    /// The model type the property belongs to (nil for a property not made from a model).
    var rootType: ObjectIdentifier? { get }
}

extension PropertyConvertible {
    /// The property's position in its model's binding (read through `asProperty()`).
    public var propertyIndex: Int { asProperty().propertyIndex }
    /// The model type the property belongs to (read through `asProperty()`).
    public var rootType: ObjectIdentifier? { asProperty().rootType }
}

/// A complete, executable SQL statement; `description` is its SQL.
public protocol Statement: CustomStringConvertible {}

// MARK: Defaults that chain the conversions.

extension ExpressionConvertible {
    /// The expression as a result column, without an alias.
    public func asColumnResult() -> ColumnResult { ColumnResult(with: self) }
    /// The expression as an ordering term, in the engine's default order (ascending).
    public func asOrder() -> OrderingTerm { OrderingTerm(with: self) }
}

extension LiteralValueConvertible {
    /// The literal as an expression. A value is bound where it is compared and printed where it is part
    /// of the expression's shape (arithmetic, function arguments); a keyword (`NULL`, `CURRENT_TIME`…) is printed.
    public func asExpression() -> Expression { asLiteralValue().asExpression() }
}

extension OrderingTermConvertible {
    /// `term ASC` / `term DESC`; `nil` leaves the engine's default.
    public func asOrder(by order: Order?) -> OrderingTerm { asOrder().order(order) }
}

extension IndexedColumnConvertible {
    /// This value as an indexed column ordered `ASC` or `DESC`; `nil` leaves the engine's default.
    public func asIndex(orderBy order: Order?) -> IndexedColumn { asIndex().order(order) }
}

extension ColumnConvertible {
    /// The column as an indexed column (its bare name), without COLLATE or order.
    public func asIndex() -> IndexedColumn { IndexedColumn(with: self) }
}

extension String: TableOrSubqueryConvertible {
    /// The string as a table name, quoted if needed.
    public func asTableOrSubquery() -> TableOrSubquery { TableOrSubquery(table: self) }
}
