/// A chain-call update: `prepareUpdate(table:on:)`, clauses, then `execute(with:)` an object or a row.
public final class Update {
    let database: HandleRepresentable
    let table: String
    let properties: [Property]
    private var clauses = ClauseTail(condition: nil, orderBy: nil, limit: nil, offset: nil)
    public private(set) var changes = 0

    init(database: HandleRepresentable, table: String, properties: [PropertyConvertible]) {
        self.database = database
        self.table = table
        self.properties = properties.map { $0.asProperty() }
    }

    // The clauses follow ClauseTail's rules, shared with Delete and the one-line verbs: `order(by:)`
    // adds terms, `where`, `limit` and `offset` replace.
    @discardableResult public func `where`(_ condition: Condition) -> Update { clauses.condition = condition; return self }
    @discardableResult public func order(by orderList: OrderBy...) -> Update { order(by: orderList) }
    @discardableResult public func order(by orderList: [OrderBy]) -> Update { clauses.append(orders: orderList); return self }
    @discardableResult public func limit(_ limit: Limit) -> Update { clauses.limit = limit; return self }
    @discardableResult public func limit(_ limit: Limit, offset: Offset) -> Update { clauses.limit = limit; clauses.offset = offset; return self }
    @discardableResult public func offset(_ offset: Offset) -> Update { clauses.offset = offset; return self }
    /// `LIMIT begin, end` as SQLite reads it: skips `begin` rows, then takes at most `end` (WCDB's
    /// spelling, as `Select.limit(from:to:)`).
    @discardableResult public func limit(from begin: Limit, to end: Limit) -> Update {
        clauses.offset = begin
        clauses.limit = end
        return self
    }

    /// Updates the rows the clauses select with `object`'s values of the properties.
    public func execute<Object: TableEncodable>(with object: Object) throws {
        changes = try database.update(table: table, on: properties, with: object, clauses)
    }

    /// Updates the rows the clauses select with `row`'s values, one per property.
    public func execute(with row: [ColumnEncodable]) throws {
        changes = try database.update(table: table, on: properties, with: row, clauses)
    }
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
    @discardableResult public func order(by orderList: [OrderBy]) -> Delete { clauses.append(orders: orderList); return self }
    @discardableResult public func limit(_ limit: Limit) -> Delete { clauses.limit = limit; return self }
    @discardableResult public func limit(_ limit: Limit, offset: Offset) -> Delete { clauses.limit = limit; clauses.offset = offset; return self }
    @discardableResult public func offset(_ offset: Offset) -> Delete { clauses.offset = offset; return self }
    /// `LIMIT begin, end` as SQLite reads it: skips `begin` rows, then takes at most `end` (WCDB's
    /// spelling, as `Select.limit(from:to:)`).
    @discardableResult public func limit(from begin: Limit, to end: Limit) -> Delete {
        clauses.offset = begin
        clauses.limit = end
        return self
    }

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
