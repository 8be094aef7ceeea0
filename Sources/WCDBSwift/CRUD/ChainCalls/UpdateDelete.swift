/// A chain-call update: `prepareUpdate(table:on:)`, clauses, then `execute(with:)` an object or a row.
public final class Update {
    let database: HandleRepresentable
    let table: String
    let properties: [Property]
    var condition: Condition?
    var orderList: [OrderBy]?
    var limitValue: Limit?
    var offsetValue: Offset?
    public private(set) var changes = 0

    init(database: HandleRepresentable, table: String, properties: [PropertyConvertible]) {
        self.database = database
        self.table = table
        self.properties = properties.map { $0.asProperty() }
    }

    @discardableResult public func `where`(_ condition: Condition) -> Update { self.condition = condition; return self }
    /// Appends ordering terms (as every statement and chain call does).
    @discardableResult public func order(by orderList: OrderBy...) -> Update { order(by: orderList) }
    @discardableResult public func order(by orderList: [OrderBy]) -> Update { self.orderList = (self.orderList ?? []) + orderList; return self }
    @discardableResult public func limit(_ limit: Limit) -> Update { limitValue = limit; return self }
    @discardableResult public func limit(_ limit: Limit, offset: Offset) -> Update { limitValue = limit; offsetValue = offset; return self }
    @discardableResult public func offset(_ offset: Offset) -> Update { offsetValue = offset; return self }

    public func execute<Object: TableEncodable>(with object: Object) throws {
        try properties.map { $0 as PropertyConvertible }.checkBelong(to: Object.self, operation: "update")
        let builder = UpdateStatementBuilder(table: table, properties: properties, tail: tail)
        changes = try database.withHandle(forWriting: true) { handle in
            try builder.source.withStatement(on: handle) { statement in
                for (offset, property) in properties.enumerated() {
                    Object.bind(object, propertyIndex: property.propertyIndex, to: statement, atIndex: Int32(offset + 1))
                }
                _ = try statement.step()
                return handle.changes
            }
        }
    }

    public func execute(with row: [ColumnEncodable]) throws {
        let builder = UpdateStatementBuilder(table: table, properties: properties, tail: tail)
        changes = try database.withHandle(forWriting: true) { handle in
            try builder.source.withStatement(on: handle) { statement in
                for (offset, value) in row.enumerated() { value.bindColumn(to: statement, atIndex: Int32(offset + 1)) }
                _ = try statement.step()
                return handle.changes
            }
        }
    }

    private var tail: ClauseTail { ClauseTail(condition: condition, orderBy: orderList, limit: limitValue, offset: offsetValue) }
}

/// A chain-call delete: `prepareDelete(fromTable:)`, clauses, then `execute()`. Runs like the
/// one-line `delete(fromTable:where:…)`: its literal values are bound, so repeating it with other
/// values reuses one prepared statement.
public final class Delete {
    let database: HandleRepresentable
    let table: String
    private var clauses = ClauseTail(condition: nil, orderBy: nil, limit: nil, offset: nil)
    public private(set) var changes = 0

    init(database: HandleRepresentable, table: String) {
        self.database = database
        self.table = table
    }

    /// The SQL with its values written out (what `execute()` runs, before the values are lifted).
    public var description: String {
        let statement = StatementDelete().delete(fromTable: table)
        clauses.apply(to: statement)
        return statement.description
    }

    @discardableResult public func `where`(_ condition: Condition) -> Delete { clauses.condition = condition; return self }
    @discardableResult public func order(by orderList: OrderBy...) -> Delete { order(by: orderList) }
    @discardableResult public func order(by orderList: [OrderBy]) -> Delete { clauses.orderBy = (clauses.orderBy ?? []) + orderList; return self }
    @discardableResult public func limit(_ limit: Limit) -> Delete { clauses.limit = limit; return self }
    @discardableResult public func limit(_ limit: Limit, offset: Offset) -> Delete { clauses.limit = limit; clauses.offset = offset; return self }
    @discardableResult public func offset(_ offset: Offset) -> Delete { clauses.offset = offset; return self }

    public func execute() throws {
        changes = try database.delete(fromTable: table, clauses)
    }
}

extension HandleRepresentable {
    public func prepareUpdate(table: String, on properties: PropertyConvertible...) throws -> Update {
        Update(database: self, table: table, properties: properties)
    }

    public func prepareUpdate(table: String, on properties: [PropertyConvertible]) throws -> Update {
        Update(database: self, table: table, properties: properties)
    }

    public func prepareDelete(fromTable table: String) throws -> Delete {
        Delete(database: self, table: table)
    }
}
