/// A chain-call update: `prepareUpdate(table:on:)`, clauses, then `execute(with:)` an object or a row.
public final class Update: ChainClauses {
    let database: HandleProvider
    let table: String
    let properties: [Property]
    /// The number of rows the last `execute(with:)` changed (0 before the first).
    public private(set) var changes = 0

    init(database: HandleProvider, table: String, properties: [PropertyConvertible]) {
        self.database = database
        self.table = table
        self.properties = properties.map { $0.asProperty() }
        super.init()
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
public final class Delete: ChainClauses {
    let database: HandleProvider
    let table: String
    /// The number of rows the last `execute()` deleted (0 before the first).
    public private(set) var changes = 0

    init(database: HandleProvider, table: String) {
        self.database = database
        self.table = table
        super.init()
    }

    /// The statement `execute()` runs, with its values printed as literals for people (logs, debugging);
    /// `execute()` binds them as parameters instead.
    public var description: String {
        SQLRenderer.inlined { clauses.delete(from: table).render(into: &$0) }
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
