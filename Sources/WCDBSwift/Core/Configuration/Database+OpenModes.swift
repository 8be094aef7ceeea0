import CSQLCipher
import Foundation

// WCDB 2.x's ways to open a database other than read-write on a file, and its handle of one's own.

extension Database {
    /// A database at `path` that only reads (WCDB 2.x): its handles open the file read-only, so every
    /// write throws `SQLITE_READONLY` (8) and the file is never created, changed or converted to WAL.
    /// The mode belongs to the path: every Database object of it shares it.
    public convenience init(at path: String, readOnly: Bool) {
        self.init(withPath: path)
        core.setReadOnly(readOnly)
    }

    /// A database at a file URL that only reads when `readOnly` (WCDB 2.x).
    public convenience init(at url: URL, readOnly: Bool) {
        self.init(at: url.path, readOnly: readOnly)
    }

    /// Whether this database's handles open its file read-only.
    public var isReadOnly: Bool { core.isReadOnly }

    /// A new, empty database in memory (WCDB 2.x). It has one handle (every SQLite connection to
    /// ":memory:" is a database of its own), so operations of several threads take turns; its content
    /// lives until that handle closes: `close()`, `purge()` or the last Database object of it going
    /// away discards it. Its `path` is ":memory:#n", unique per call.
    public static func createInMemoryDatabase() -> Database {
        let database = Database(core: DatabaseRegistry.shared.makeInMemoryCore())
        DatabaseOperationTrace.report(database.core, .Create)
        return database
    }

    /// Whether this is a database created by `createInMemoryDatabase()`.
    public var isInMemory: Bool { core.isInMemory }

    /// A handle of the caller's own (WCDB 2.x): a new connection to this database, opened with its cipher,
    /// configs, tokenizers and tracers, outside the pool, closed when the caller lets go of it (or with
    /// `close()`). It takes no part in the pool's write lock: its writes wait on SQLite's file lock like
    /// another process's (the busy timeout), and it does not see the uncommitted writes of a transaction
    /// on the calling thread. `writeHint` is accepted for WCDB 2.x's signature; a file database opened
    /// read-only gives a read-only handle whatever it says. An in-memory database has only its pooled
    /// handle, so this throws for one.
    public func getHandle(writeHint: Bool = false) throws -> Handle {
        try core.makeOwnHandle()
    }
}
