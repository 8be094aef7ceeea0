import CSQLCipher
import Foundation

/// What the one-line verbs run on: something that lends a handle. `Database`, `Transaction`, `Table`
/// and `Handle` itself adopt it, so `insert`, `getObjects`, `update`, `delete`, `getRows`,
/// `create(table:of:)`… are written once and work on each (a `Handle` runs them on itself).
public protocol HandleProvider {
    /// Runs `body` on a handle: the transaction's pinned handle when one is running on this thread/object,
    /// else a pooled one (holding the single write token when `forWriting`); a `Handle`, itself.
    func withHandle<T>(forWriting: Bool, _ body: (Handle) throws -> T) throws -> T
    /// Runs `body` in a transaction, or as a savepoint inside the one already running.
    func run(embeddedTransaction: () throws -> Void) throws
    /// Runs `body` in a transaction that commits when it returns true and rolls back when it returns
    /// false or throws; inside another transaction, a savepoint of it that `false` or an error undoes.
    func run(controllableTransaction: () throws -> Bool) throws
    /// The tag of the database (shared by every object of its path), for errors and tracing.
    var tag: Int? { get }
    /// The database file's path.
    var path: String { get }
}

/// The entry point the ORM runs on: Database, Transaction (and Table) adopt it. Beyond the verbs of
/// `HandleProvider`, it streams chain calls with statements that keep their handle.
public protocol HandleRepresentable: HandleProvider, Sendable {
    /// Prepares `sql` as a statement that keeps its handle until finalized (chain calls stream with it).
    func prepare(_ sql: String) throws -> CoreStatement
    /// Prepares a WINQ statement, its values bound, as a statement that keeps its handle until finalized.
    func prepare(_ statement: Statement) throws -> CoreStatement
}

extension HandleProvider {
    /// Runs SQL (one or more statements), discarding rows: on a `Database`, on a pooled handle (or the
    /// handle of the transaction running on this thread); on a `Transaction`, on its handle. Takes the
    /// write token unless the SQL is one `SELECT` or `EXPLAIN`.
    /// - Throws: `WCDBError` — SQLite's error, or the write token's (see `withHandle(forWriting:_:)`).
    public func exec(_ sql: String) throws {
        try withHandle(forWriting: !Database.isReadOnlySQL(sql)) { try $0.exec(sql) }
    }
}

/// A tag distinguishing databases (shared by every object of one path).
public typealias Tag = Int

/// A database file. Every Database (and Transaction, Table) of one path shares one core: tag, open
/// state, configs, cipher and handle pool. The database opens lazily at first use and closes when the
/// last object of its path goes away. Every API may be called from any thread.
public final class Database: HandleRepresentable, Sendable {
    @usableFromInline let core: DatabaseCore

    /// The number of handles (connections) a database may open at once.
    public static let defaultMaxHandles = 16
    /// How long a handle waits on a lock held by another connection before SQLITE_BUSY.
    public static let defaultBusyTimeoutMilliseconds = 10_000
    /// The page-cache cap of each handle of a keyed database, in KiB (`PRAGMA cache_size = -16384`;
    /// SQLite's default is 2000 KiB). Pages are allocated only as they are read, so it costs memory
    /// only for databases that large. Chosen from Benchmarks/NOTES.md: with a 7 MB table, shuffled
    /// keyed row updates go from 12.5 G to 0.83 G instructions. Keyed handles also get
    /// `temp_store = MEMORY`, so temporary b-trees of an encrypted database never touch the disk.
    /// Override with a config that runs `PRAGMA cache_size`.
    public static let defaultCipherCacheSizeKiB = 16_384

    /// A database at `path` (`~` is expanded; missing directories are created).
    public init(withPath path: String) {
        let expanded = Database.normalize(path)
        Database.createDirectory(forFile: expanded)
        let isNew = DatabaseRegistry.shared.existingCore(forPath: expanded) == nil
        self.core = DatabaseRegistry.shared.core(forPath: expanded)
        if isNew { DatabaseOperationTrace.report(core, .Create) }
    }

    /// A database at a file URL (missing directories are created).
    public convenience init(withFileURL url: URL) {
        self.init(withPath: url.path)
    }

    /// The live database whose tag is `tag`; throws when none has it.
    public init(withExistingTag tag: Tag) throws {
        guard let core = DatabaseRegistry.shared.allCores().first(where: { $0.tag == tag }) else {
            throw reportError(WCDBError(level: .interface, message: "No database is tagged \(tag)", tag: tag,
                                        operation: "init(withExistingTag:)"))
        }
        self.core = core
    }

    init(core: DatabaseCore) {
        self.core = core
    }

    /// The absolute path of the database file.
    public var path: String { core.path }

    /// The tag shared by every object of this path.
    public var tag: Tag? {
        get { core.tag }
        set {
            core.tag = newValue
            DatabaseOperationTrace.report(core, .SetTag)
        }
    }

    /// Whether a handle has been opened (and the database not closed since).
    public var isOpened: Bool { core.isOpened }

    /// Opens the database if needed and tells whether that works.
    public var canOpen: Bool {
        do {
            try core.withPin(forWriting: false) { _ in }
            return true
        } catch {
            return false
        }
    }

    // MARK: Handles

    /// Runs `body` on a handle of this database and returns its result: the handle of a transaction or
    /// operation of this database already running on the calling thread, else one from the pool. With
    /// `forWriting`, the database's single write token is taken first (and, from the pool, one of the 4
    /// writers' turns before the handle). Don't keep the handle after `body` returns.
    /// - Throws: `WCDBError` — `SQLITE_BUSY` when no writer's turn, handle or write token frees up within
    ///   the busy timeout, a failed open or config, or what `body` throws (a `WCDBError` reaches the error
    ///   tracers).
    @inlinable
    public func withHandle<T>(forWriting: Bool, _ body: (Handle) throws -> T) throws -> T {
        // Inside an operation of this thread (every call inside `run(transaction:)`): its pin, counted in
        // without the lock and not retained (see `DatabaseCore.enterNested`); else a checkout, held here.
        // One call of `body` either way, so that it inlines into the verb with no closure context built.
        let pin: Unmanaged<Pin>
        let nested: Bool
        if let found = core.enterNested(forWriting: forWriting) {
            pin = found
            nested = true
        } else {
            pin = Unmanaged.passRetained(try core.enter(forWriting: forWriting))
            nested = false
        }
        defer {
            if nested {
                core.leaveNested(pin)
            } else {
                core.leave(pin.takeRetainedValue())
            }
        }
        // The pin holds its handle until it ends (in `leave`, after `body`).
        let handle = pin._withUnsafeGuaranteedRef { Unmanaged.passUnretained($0.handle) }
        return try reportingErrors { try handle._withUnsafeGuaranteedRef { try body($0) } }
    }

    // MARK: Execution

    /// Every row of `sql` bound with `values` (1-based, in order).
    public func getRows(_ sql: String, values: [FundamentalValue] = []) throws -> FundamentalRowXColumn {
        try withHandle(forWriting: false) { handle in
            let statement = try handle.prepare(sql)
            defer { statement.finalize() }
            statement.bind(values)
            var rows = FundamentalRowXColumn()
            while try statement.step() { rows.append(statement.row()) }
            return rows
        }
    }

    /// The first value of the first row of `sql`, or `.null`.
    public func getValue(_ sql: String, values: [FundamentalValue] = []) throws -> FundamentalValue {
        try getRows(sql, values: values).first?.first ?? .null
    }

    /// Statements that cannot write: lets `exec` skip the write token.
    /// Whether a WINQ statement only reads: a SELECT, or SQL text that `isReadOnlySQL` accepts.
    static func isReadOnly(_ statement: Statement) -> Bool {
        guard let statement = statement as? SyntaxStatement else { return isReadOnlySQL(statement.description) }
        if case .select = statement.statementNode { return true }
        return false
    }

    static func isReadOnlySQL(_ sql: String) -> Bool {
        let head = sql.drop(while: { $0.isWhitespace }).prefix(7).uppercased()
        guard head.hasPrefix("SELECT") || head.hasPrefix("EXPLAIN") else { return false }
        // One statement only (a trailing semicolon is fine).
        guard let semicolon = sql.firstIndex(of: ";") else { return true }
        return sql[sql.index(after: semicolon)...].allSatisfy { $0.isWhitespace }
    }

    // MARK: Close

    /// Closes the database after waiting for running operations. It reopens lazily.
    ///
    /// A refusal (called inside an operation of this database on this thread, or operations still
    /// running when the busy timeout passes) leaves the database open and reaches the error tracers
    /// (`traceError`, `globalTraceError`); use `close(onClosed:)` to have it thrown.
    public func close() {
        do {
            try core.close(onClosed: {})
        } catch {
            // core.close reported it; this form, as in WCDB, does not throw.
        }
    }

    /// Blocks new operations, waits for running ones, closes every handle and runs `onClosed` while the
    /// database is closed (safe to move or delete its files), then lets it reopen lazily.
    /// Throws when called inside an operation of the same database on this thread.
    public func close<T>(onClosed: () throws -> T) throws -> T {
        try core.close(onClosed: onClosed)
    }

    /// Blocks new operations of other threads until `unblockade()`; running ones continue.
    public func blockade() { core.blockade() }
    /// Ends `blockade()`: operations of other threads waiting on it go on.
    public func unblockade() { core.unblockade() }
    /// Whether a `blockade()` is in force.
    public var isBlockaded: Bool { core.isBlockaded }

    /// Closes this database's idle handles; `isOpened` turns false when none is left open.
    public func purge() { core.purge() }

    /// Closes the idle handles of every live database.
    public static func purge() {
        for core in DatabaseRegistry.shared.allCores() { core.purge() }
    }

    // MARK: Paths

    static func normalize(_ path: String) -> String {
        let expanded = (path as NSString).expandingTildeInPath
        return URL(fileURLWithPath: expanded).standardizedFileURL.path
    }

    static func createDirectory(forFile path: String) {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
    }
}

extension Database: CustomStringConvertible {
    /// `Database(path: …, tag: …)`, for logs.
    public var description: String {
        "Database(path: \(path)\(tag.map { ", tag: \($0)" } ?? ""))"
    }
}
