/// A table of `Root` objects: a Database with the table name and model fixed (Swift guide 1.4.2).
/// Shares its database's core (tag, state, handles) and is as thread-safe as it.
public final class Table<Root: TableCodable>: HandleRepresentable {
    public let database: Database
    public let name: String

    init(database: Database, name: String) {
        self.database = database
        self.name = name
    }

    // MARK: HandleRepresentable

    public func withHandle<T>(forWriting: Bool, _ body: (Handle) throws -> T) throws -> T {
        try database.withHandle(forWriting: forWriting, body)
    }

    public func run(embeddedTransaction: () throws -> Void) throws { try database.run(embeddedTransaction: embeddedTransaction) }
    public func prepare(_ sql: String) throws -> CoreStatement { try database.prepare(sql) }
    public var tag: Int? { database.tag }
    public var path: String { database.path }

    public func run(transaction: () throws -> Void) throws { try database.run(transaction: transaction) }
    public func run(controllableTransaction: () throws -> Bool) throws { try database.run(controllableTransaction: controllableTransaction) }

    // MARK: Writes

    @inlinable
    public func insert(objects: [Root], on properties: [PropertyConvertible]? = nil) throws {
        try insert(objects: objects, on: properties, intoTable: name)
    }

    @inlinable
    public func insert(objects: Root..., on properties: [PropertyConvertible]? = nil) throws {
        try insert(objects: objects, on: properties, intoTable: name)
    }

    @inlinable
    public func insert(_ object: inout Root, on properties: [PropertyConvertible]? = nil) throws {
        try insert(&object, on: properties, intoTable: name)
    }

    @inlinable
    public func insertOrReplace(objects: [Root], on properties: [PropertyConvertible]? = nil) throws {
        try insertOrReplace(objects: objects, on: properties, intoTable: name)
    }

    @inlinable
    public func insertOrReplace(objects: Root..., on properties: [PropertyConvertible]? = nil) throws {
        try insertOrReplace(objects: objects, on: properties, intoTable: name)
    }

    public func delete(where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                       limit: Limit? = nil, offset: Offset? = nil) throws {
        try delete(fromTable: name, where: condition, orderBy: orderList, limit: limit, offset: offset)
    }

    @inlinable
    public func update(on properties: [PropertyConvertible], with object: Root, where condition: Condition? = nil,
                       orderBy orderList: [OrderBy]? = nil, limit: Limit? = nil, offset: Offset? = nil) throws {
        try update(table: name, on: properties, with: object, where: condition, orderBy: orderList, limit: limit, offset: offset)
    }

    @inlinable
    public func update(on property: PropertyConvertible, _ more: PropertyConvertible..., with object: Root,
                       where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                       limit: Limit? = nil, offset: Offset? = nil) throws {
        try update(table: name, on: [property] + more, with: object, where: condition, orderBy: orderList, limit: limit, offset: offset)
    }

    public func update(on properties: [PropertyConvertible], with row: [ColumnEncodable], where condition: Condition? = nil,
                       orderBy orderList: [OrderBy]? = nil, limit: Limit? = nil, offset: Offset? = nil) throws {
        try update(table: name, on: properties, with: row, where: condition, orderBy: orderList, limit: limit, offset: offset)
    }

    // MARK: Reads

    @inlinable
    public func getObjects(on properties: [PropertyConvertible]? = nil, where condition: Condition? = nil,
                           orderBy orderList: [OrderBy]? = nil, limit: Limit? = nil, offset: Offset? = nil) throws -> [Root] {
        try getObjects(on: properties, fromTable: name, where: condition, orderBy: orderList, limit: limit, offset: offset)
    }

    @inlinable
    public func getObject(on properties: [PropertyConvertible]? = nil, where condition: Condition? = nil,
                          orderBy orderList: [OrderBy]? = nil, offset: Offset? = nil) throws -> Root? {
        try getObject(on: properties, fromTable: name, where: condition, orderBy: orderList, offset: offset)
    }

    public func getRows(on columns: [ColumnResultConvertible] = [Column.all], where condition: Condition? = nil,
                        orderBy orderList: [OrderBy]? = nil, limit: Limit? = nil, offset: Offset? = nil) throws -> FundamentalRowXColumn {
        try getRows(on: columns, fromTable: name, where: condition, orderBy: orderList, limit: limit, offset: offset)
    }

    public func getColumn(on column: ColumnResultConvertible, where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                          limit: Limit? = nil, offset: Offset? = nil) throws -> FundamentalColumn {
        try getColumn(on: column, fromTable: name, where: condition, orderBy: orderList, limit: limit, offset: offset)
    }

    public func getDistinctColumn(on column: ColumnResultConvertible, where condition: Condition? = nil,
                                  orderBy orderList: [OrderBy]? = nil, limit: Limit? = nil, offset: Offset? = nil) throws -> FundamentalColumn {
        try getDistinctColumn(on: column, fromTable: name, where: condition, orderBy: orderList, limit: limit, offset: offset)
    }

    public func getValue(on column: ColumnResultConvertible, where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                         offset: Offset? = nil) throws -> FundamentalValue {
        try getValue(on: column, fromTable: name, where: condition, orderBy: orderList, offset: offset)
    }

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
    public func prepareDelete() throws -> Delete { try prepareDelete(fromTable: name) }
    public func prepareUpdate(on properties: PropertyConvertible...) throws -> Update { try prepareUpdate(table: name, on: properties) }
}

extension Database {
    /// The table `name` of `Root`s. It does not throw and does not look at the file (WCDB 2.x; the
    /// seeds' `try database.getTable(…)` still compiles, with a warning): when the table does not
    /// exist, the first call on it throws SQLite's "no such table" (`SQLITE_ERROR`).
    public func getTable<Root: TableCodable>(named name: String, of type: Root.Type = Root.self) -> Table<Root> {
        Table(database: self, name: name)
    }
}
