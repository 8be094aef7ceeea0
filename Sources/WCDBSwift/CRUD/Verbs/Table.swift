/// A table of `Root` objects: a Database with the table name and model fixed (Swift guide 1.4.2).
/// Shares its database's core (tag, state, handles) and is as thread-safe as it. Its verbs are those
/// of every `TableBound` target: `insert(objects:)`, `getObjects(where:)`, `prepareSelect()`…
public final class Table<Root: TableCodable>: TableBound, PooledHandleProvider {
    /// The database the table belongs to.
    public let database: Database
    /// The table's name.
    public let name: String

    init(database: Database, name: String) {
        self.database = database
        self.name = name
    }

    // MARK: HandleRepresentable

    /// Runs `body` on a handle of the table's database, as `Database.withHandle(forWriting:_:)` does.
    public func withHandle<T>(forWriting: Bool, _ body: (Handle) throws -> T) throws -> T {
        try database.withHandle(forWriting: forWriting, body)
    }

    /// Its async write forms check out of its database's pool as the database's do.
    var pooledDatabase: Database { database }

    /// Runs `body` in a transaction of the table's database, or as a savepoint of the one running on
    /// this thread, as `Database.run(embeddedTransaction:)` does.
    @available(*, noasync, message: "blocks the calling thread; in async code use the async form (try await …), which runs off the cooperative pool and stops when the Task is cancelled")
    public func run(embeddedTransaction: () throws -> Void) throws { try database.run(embeddedTransaction: embeddedTransaction) }
    /// Prepares `sql` on the table's database as a `CoreStatement` that holds its handle until finalized.
    public func prepare(_ sql: String) throws -> CoreStatement { try database.prepare(sql) }
    /// Prepares a WINQ statement on the database, its values bound (see `Database.prepare(_:)`).
    public func prepare(_ statement: Statement) throws -> CoreStatement { try database.prepare(statement) }
    /// The tag of the table's database.
    public var tag: Int? { database.tag }
    /// The path of the table's database file.
    public var path: String { database.path }

    /// Runs `body` in a transaction of the table's database that commits only when `body` returns true.
    @available(*, noasync, message: "blocks the calling thread; in async code use the async form (try await …), which runs off the cooperative pool and stops when the Task is cancelled")
    public func run(controllableTransaction: () throws -> Bool) throws { try database.run(controllableTransaction: controllableTransaction) }
}

extension Database {
    /// The table `name` of `Root`s. It does not throw and does not look at the file (WCDB 2.x;
    /// WCDB Swift 1.x's `try database.getTable(…)` still compiles, with a warning): when the table does not
    /// exist, the first call on it throws SQLite's "no such table" (`SQLITE_ERROR`).
    public func getTable<Root: TableCodable>(named name: String, of type: Root.Type = Root.self) -> Table<Root> {
        Table(database: self, name: name)
    }
}
