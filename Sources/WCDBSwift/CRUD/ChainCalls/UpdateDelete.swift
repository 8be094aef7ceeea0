/// A chain-call update: `prepareUpdate(table:on:)`, clauses, then `execute(with:)` an object or a row.
public final class Update {
    let database: HandleProvider
    let table: String
    let properties: [Property]
    private var clauses = ClauseTail(condition: nil, orderBy: nil, limit: nil, offset: nil)
    /// The number of rows the last `execute(with:)` changed (0 before the first).
    public private(set) var changes = 0

    init(database: HandleProvider, table: String, properties: [PropertyConvertible]) {
        self.database = database
        self.table = table
        self.properties = properties.map { $0.asProperty() }
    }

    // The clauses follow ClauseTail's rules, shared with Delete and the one-line verbs: `order(by:)`
    // adds terms, `where`, `limit` and `offset` replace.
    /// Sets the condition, replacing one set before; its values are bound when the statement runs.
    @discardableResult public func `where`(_ condition: Condition) -> Update { clauses.condition = condition; return self }
    /// Adds ordering terms after those set before.
    @discardableResult public func order(by orderList: OrderBy...) -> Update { order(by: orderList) }
    /// Adds ordering terms after those set before.
    @discardableResult public func order(by orderList: [OrderBy]) -> Update { clauses.append(orders: orderList); return self }
    /// Takes at most `limit` rows, replacing a limit set before.
    @discardableResult public func limit(_ limit: Limit) -> Update { clauses.limit = limit; return self }
    /// Skips `offset` rows, then takes at most `limit`, replacing both.
    @discardableResult public func limit(_ limit: Limit, offset: Offset) -> Update { clauses.limit = limit; clauses.offset = offset; return self }
    /// Skips `offset` rows, replacing an offset set before (alone, it runs as `LIMIT -1 OFFSET n`).
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
/// one-line `delete(fromTable:where:…)`: the values in its clauses are bound, so repeating it with other
/// values reuses one prepared statement.
public final class Delete {
    let database: HandleProvider
    let table: String
    private var clauses = ClauseTail(condition: nil, orderBy: nil, limit: nil, offset: nil)
    /// The number of rows the last `execute()` deleted (0 before the first).
    public private(set) var changes = 0

    init(database: HandleProvider, table: String) {
        self.database = database
        self.table = table
    }

    /// The statement `execute()` runs, with its values printed as literals for people (logs, debugging);
    /// `execute()` binds them as parameters instead.
    public var description: String {
        SQLRenderer.inlined { clauses.delete(from: table).render(into: &$0) }
    }

    /// Sets the condition, replacing one set before; its values are bound when the statement runs. Without one,
    /// `execute()` deletes every row.
    @discardableResult public func `where`(_ condition: Condition) -> Delete { clauses.condition = condition; return self }
    /// Adds ordering terms after those set before.
    @discardableResult public func order(by orderList: OrderBy...) -> Delete { order(by: orderList) }
    /// Adds ordering terms after those set before.
    @discardableResult public func order(by orderList: [OrderBy]) -> Delete { clauses.append(orders: orderList); return self }
    /// Takes at most `limit` rows, replacing a limit set before.
    @discardableResult public func limit(_ limit: Limit) -> Delete { clauses.limit = limit; return self }
    /// Skips `offset` rows, then takes at most `limit`, replacing both.
    @discardableResult public func limit(_ limit: Limit, offset: Offset) -> Delete { clauses.limit = limit; clauses.offset = offset; return self }
    /// Skips `offset` rows, replacing an offset set before (alone, it runs as `LIMIT -1 OFFSET n`).
    @discardableResult public func offset(_ offset: Offset) -> Delete { clauses.offset = offset; return self }
    /// `LIMIT begin, end` as SQLite reads it: skips `begin` rows, then takes at most `end` (WCDB's
    /// spelling, as `Select.limit(from:to:)`).
    @discardableResult public func limit(from begin: Limit, to end: Limit) -> Delete {
        clauses.offset = begin
        clauses.limit = end
        return self
    }

    /// Deletes the rows the clauses select, with the clauses' values bound, and sets `changes`. It may
    /// run again (after changing clauses, too).
    /// - Throws: `WCDBError` — SQLite's error (a missing table, a foreign key), `SQLITE_BUSY` when the
    ///   write token is not free within the busy timeout.
    public func execute() throws {
        changes = try database.delete(fromTable: table, clauses)
    }
}

extension HandleProvider {
    /// A chain-call update of the listed properties of `table`: set clauses, then `execute(with:)` an
    /// object or a row of values. Nothing runs until then, so it does not throw (the signature is WCDB's).
    public func prepareUpdate(table: String, on properties: PropertyConvertible...) throws -> Update {
        Update(database: self, table: table, properties: properties)
    }

    /// A chain-call update of `properties` of `table`: set clauses, then `execute(with:)` an object or a
    /// row of values. Nothing runs until then, so it does not throw (the signature is WCDB's).
    public func prepareUpdate(table: String, on properties: [PropertyConvertible]) throws -> Update {
        Update(database: self, table: table, properties: properties)
    }

    /// A chain-call delete from `table`: set clauses, then `execute()`. Nothing runs until then, so it
    /// does not throw (the signature is WCDB's).
    public func prepareDelete(fromTable table: String) throws -> Delete {
        Delete(database: self, table: table)
    }
}
