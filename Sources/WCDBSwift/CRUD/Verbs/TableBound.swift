/// A target bound to one table of one model: what runs its statements (`HandleRepresentable`), the
/// table's `name` and its model, `Root`. `Table` is one. Every table form of the verbs is written here
/// once, as the target's verb with `name` for the table: `table.insert(objects:)` is
/// `insert(objects:intoTable: table.name)`, run by the target.
public protocol TableBound: HandleRepresentable {
    /// The model of the table's rows.
    associatedtype Root: TableCodable
    /// The table's name.
    var name: String { get }
}

extension TableBound {
    // MARK: Writes

    /// Inserts `objects` into this table in one embedded transaction with one prepared statement;
    /// `properties` names the columns to write (nil: every column).
    /// - Throws: `WCDBError` — a constraint failure (the whole call is rolled back), a property of another model.
    @inlinable
    public func insert(objects: [Root], on properties: [PropertyConvertible]? = nil) throws {
        try insert(objects: objects, on: properties, intoTable: name)
    }

    /// Inserts the listed objects into this table; see `insert(objects:on:)` with an array.
    @inlinable
    public func insert(objects: Root..., on properties: [PropertyConvertible]? = nil) throws {
        try insert(objects: objects, on: properties, intoTable: name)
    }

    /// Inserts `object` into this table. When it gets a new rowid (`isAutoIncrement`, or a nil optional
    /// integer key), the rowid is written back into its key and `lastInsertedRowID`.
    /// - Throws: `WCDBError` — a constraint failure, a property of another model.
    @inlinable
    public func insert(_ object: inout Root, on properties: [PropertyConvertible]? = nil) throws {
        try insert(&object, on: properties, intoTable: name)
    }

    /// Inserts `objects` into this table, replacing each row that conflicts with one on a primary key or
    /// unique column (`INSERT OR REPLACE`), in one embedded transaction.
    @inlinable
    public func insertOrReplace(objects: [Root], on properties: [PropertyConvertible]? = nil) throws {
        try insertOrReplace(objects: objects, on: properties, intoTable: name)
    }

    /// Inserts or replaces the listed objects; see `insertOrReplace(objects:on:)` with an array.
    @inlinable
    public func insertOrReplace(objects: Root..., on properties: [PropertyConvertible]? = nil) throws {
        try insertOrReplace(objects: objects, on: properties, intoTable: name)
    }

    /// Deletes the rows that match `condition` (every row when nil), in `orderList` order, at most
    /// `limit` from `offset`; the clauses' values are bound. Comparing with nil means `IS NULL`.
    public func delete(where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                       limit: Limit? = nil, offset: Offset? = nil) throws {
        try delete(fromTable: name, where: condition, orderBy: orderList, limit: limit, offset: offset)
    }

    /// Sets `properties` of the rows that match `condition` to `object`'s values.
    /// - Throws: `WCDBError` — a property of another model, a constraint failure.
    @inlinable
    public func update(on properties: [PropertyConvertible], with object: Root, where condition: Condition? = nil,
                       orderBy orderList: [OrderBy]? = nil, limit: Limit? = nil, offset: Offset? = nil) throws {
        try update(table: name, on: properties, with: object, where: condition, orderBy: orderList, limit: limit, offset: offset)
    }

    /// Sets the listed properties of the rows that match `condition` to `object`'s values.
    @inlinable
    public func update(on property: PropertyConvertible, _ more: PropertyConvertible..., with object: Root,
                       where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                       limit: Limit? = nil, offset: Offset? = nil) throws {
        try update(table: name, on: [property] + more, with: object, where: condition, orderBy: orderList, limit: limit, offset: offset)
    }

    /// Sets `properties` of the rows that match `condition` to `row`'s values, one value per property.
    /// - Throws: `WCDBError` — `row` and `properties` differ in count, a constraint failure.
    public func update(on properties: [PropertyConvertible], with row: [ColumnEncodable], where condition: Condition? = nil,
                       orderBy orderList: [OrderBy]? = nil, limit: Limit? = nil, offset: Offset? = nil) throws {
        try update(table: name, on: properties, with: row, where: condition, orderBy: orderList, limit: limit, offset: offset)
    }

    // MARK: Reads

    /// The objects of this table that match `condition`, in `orderList` order, at most `limit` from
    /// `offset`. `properties` reads only those properties (a partial select); a left-out non-optional
    /// property makes the read throw.
    /// - Throws: `WCDBError` — a missing table, a column that does not decode, a property of another model.
    @inlinable
    public func getObjects(on properties: [PropertyConvertible]? = nil, where condition: Condition? = nil,
                           orderBy orderList: [OrderBy]? = nil, limit: Limit? = nil, offset: Offset? = nil) throws -> [Root] {
        try getObjects(on: properties, fromTable: name, where: condition, orderBy: orderList, limit: limit, offset: offset)
    }

    /// The first object of this table that matches `condition` (in `orderList` order), or nil when none does.
    @inlinable
    public func getObject(on properties: [PropertyConvertible]? = nil, where condition: Condition? = nil,
                          orderBy orderList: [OrderBy]? = nil, offset: Offset? = nil) throws -> Root? {
        try getObject(on: properties, fromTable: name, where: condition, orderBy: orderList, offset: offset)
    }

    /// The rows of `columns` (every column by default) that match `condition`, as values.
    public func getRows(on columns: [ColumnResultConvertible] = [Column.all], where condition: Condition? = nil,
                        orderBy orderList: [OrderBy]? = nil, limit: Limit? = nil, offset: Offset? = nil) throws -> FundamentalRowXColumn {
        try getRows(on: columns, fromTable: name, where: condition, orderBy: orderList, limit: limit, offset: offset)
    }

    /// The values of `column` in the rows that match `condition`.
    public func getColumn(on column: ColumnResultConvertible, where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                          limit: Limit? = nil, offset: Offset? = nil) throws -> FundamentalColumn {
        try getColumn(on: column, fromTable: name, where: condition, orderBy: orderList, limit: limit, offset: offset)
    }

    /// The distinct values of `column` in the rows that match `condition` (`SELECT DISTINCT`).
    public func getDistinctColumn(on column: ColumnResultConvertible, where condition: Condition? = nil,
                                  orderBy orderList: [OrderBy]? = nil, limit: Limit? = nil, offset: Offset? = nil) throws -> FundamentalColumn {
        try getDistinctColumn(on: column, fromTable: name, where: condition, orderBy: orderList, limit: limit, offset: offset)
    }

    /// The value of `column` in the first row that matches `condition`, or NULL when none does:
    /// `getValue(on: Sample.Properties.identifier.max())` runs `SELECT max(identifier) FROM` this table.
    /// `limit` is WCDB 2.x's parameter, which its `getValue` takes and ignores: one row is read whatever it is.
    public func getValue(on column: ColumnResultConvertible, where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                         limit: Limit? = nil, offset: Offset? = nil) throws -> FundamentalValue {
        try getValue(on: column, fromTable: name, where: condition, orderBy: orderList, offset: offset)
    }

    /// The first of the distinct values of `column` in the rows that match `condition`, or NULL.
    public func getDistinctValue(on column: ColumnResultConvertible, where condition: Condition? = nil,
                                 orderBy orderList: [OrderBy]? = nil, offset: Offset? = nil) throws -> FundamentalValue {
        try getDistinctValue(on: column, fromTable: name, where: condition, orderBy: orderList, offset: offset)
    }

    // MARK: Chain calls

    /// A chain-call select of this table's objects.
    public func prepareSelect(isDistinct: Bool = false) throws -> TypedSelect<Root> {
        try prepareSelect(of: Root.self, fromTable: name, isDistinct: isDistinct)
    }

    /// A chain-call select of this table's rows as `Object`s (WCDB 2.x).
    public func prepareSelect<Object: TableDecodable>(of type: Object.Type, isDistinct: Bool = false) throws -> TypedSelect<Object> {
        try prepareSelect(of: Object.self, fromTable: name, isDistinct: isDistinct)
    }

    /// A chain-call select of some of this table's properties (WCDB 2.x).
    public func prepareSelect(on properties: PropertyConvertible..., isDistinct: Bool = false) throws -> TypedSelect<Root> {
        try reportingErrors { try properties.checkBelong(to: Root.self, operation: "select") }
        return TypedSelect(database: self, properties: properties, table: name, isDistinct: isDistinct)
    }

    /// A chain-call insert into this table.
    public func prepareInsert() throws -> TypedInsert<Root> { try prepareInsert(of: Root.self, intoTable: name) }
    /// A chain-call delete from this table: set clauses, then `execute()`.
    public func prepareDelete() throws -> Delete { try prepareDelete(fromTable: name) }
    /// A chain-call update of the listed properties of this table: set clauses, then `execute(with:)`.
    public func prepareUpdate(on properties: PropertyConvertible...) throws -> Update { try prepareUpdate(table: name, on: properties) }
}
