import CSQLCipher
import Foundation

/// A piece of SQL whose prepared statement is cached per handle.
///
/// Each instance gets a process-unique `id` at creation, so the handle's cache is looked up by an `Int`
/// instead of re-hashing the SQL text. Create one per distinct SQL and keep it (for example in a static
/// or in a generated table binding).
public final class CachedSQL: Sendable, CustomStringConvertible {
    /// The SQL text.
    public let sql: String
    /// A process-unique number: the key of this SQL's statement in each handle's cache.
    public let id: Int

    /// A key for `sql` with a new `id`. Two instances are two cache entries even for the same text, so
    /// make one per distinct SQL and keep it.
    public init(_ sql: String) {
        self.sql = sql
        self.id = CachedSQL.nextID()
    }

    /// The SQL text.
    public var description: String { sql }

    private static let counter = LockedValue(0)
    private static func nextID() -> Int {
        counter.withLock { value in
            value += 1
            return value
        }
    }
}

private final class WeakStatement {
    weak var statement: HandleStatement?
    init(_ statement: HandleStatement) { self.statement = statement }
}

/// One SQLite connection (`sqlite3*`).
///
/// A handle is used by one thread at a time: the database's pool hands it to one operation, and
/// configs receive it while it is being opened. It is deliberately not `Sendable`.
public final class Handle {
    /// The path of the database file.
    public let path: String
    @usableFromInline
    @exclusivity(unchecked) var db: OpaquePointer?
    weak var core: DatabaseCore?

    @exclusivity(unchecked) private var uncached: [WeakStatement] = []

    // Every per-call field below is unchecked by the runtime exclusivity enforcement: a handle belongs to
    // one thread at a time (the pool's pin), and the check costs a thread-local lookup per access.
    // Pool bookkeeping (guarded by the owning core's lock while the handle is idle; otherwise owned by
    // the thread that checked the handle out).
    @exclusivity(unchecked) var configGeneration = -1
    @exclusivity(unchecked) var cipherGeneration = -1
    /// How many savepoints are open on the handle; only a `SavepointLevel` changes it.
    @exclusivity(unchecked) var savepointDepth = 0
    /// What each `begin()` on this handle not yet ended opened, innermost last (see `Handle+Transaction`).
    @exclusivity(unchecked) var explicitLevels: [ExplicitTransactionLevel] = []
    /// How long SQLite waits on another connection's file lock (`Database.setBusyTimeout(_:)`).
    @exclusivity(unchecked) var busyTimeoutMilliseconds = Int32(Database.defaultBusyTimeoutMilliseconds)

    // Tracing, owned by the thread using the handle.
    @exclusivity(unchecked) var traceMask: UInt32 = 0
    @exclusivity(unchecked) var traceGlobalGeneration = -1
    @exclusivity(unchecked) var traceLocalGeneration = -1
    @exclusivity(unchecked) var performanceTracer: PerformanceTracer?
    @exclusivity(unchecked) var sqlTracer: SQLTracer?
    @exclusivity(unchecked) var collectsPerformance = false
    /// What the operation holding the handle ran, for the performance tracer.
    @exclusivity(unchecked) var performanceWindow = PerformanceWindow()
    /// The rowid a migration prelude moved last, hidden from `lastInsertedRowID` (see `MovedRowIDMask`).
    @usableFromInline
    @exclusivity(unchecked) var lastInsertedRowIDMask: MovedRowIDMask?
    /// Kept alive while attached: the progress handler holds it unretained.
    @exclusivity(unchecked) var attachedCancellationSignal: CancellationSignal?
    /// The statement of WCDB 2.x's handle-level calls (`prepare(_:)` of a WINQ statement, `step()`, …).
    @exclusivity(unchecked) var mainStatement: HandleStatement?
    /// Connection-level objects the rewriters set up on this handle (attached schemas, temp views), by
    /// name, so that each is checked once: only those made outside a transaction (a rollback can not
    /// take them back).
    @exclusivity(unchecked) var rewriterObjects: Set<String> = []
    /// Whether `Database.read(_:)` runs on this handle (`PRAGMA query_only` is on; see
    /// `allowingRewriterSetUp`).
    @exclusivity(unchecked) var isQueryOnly = false
    /// The database's statement rewriters, as of this handle's last checkout (see `Handle+Rendering`).
    @exclusivity(unchecked) var rewriters = StatementRewriters()
    /// How long the last `sqlite3_open_v2` took (for the database-operation trace).
    @exclusivity(unchecked) var openNanoseconds: UInt64 = 0
    /// Whether this connection waits with the busy tracer's handler (else the pool's busy timeout).
    @exclusivity(unchecked) var busyTraceInstalled = false
    /// How many frames the main database's WAL held after this connection's last commit, as the
    /// auto-checkpoint's commit hook saw it (`BackgroundCheckpoint`); 0 before the first.
    @exclusivity(unchecked) var walFramesAfterCommit: Int32 = 0
    /// What this connection's transactions changed, for the database's observations; set on a pooled
    /// handle (and one of `getHandle()`) when it opens.
    @exclusivity(unchecked) var changeTracker: ChangeTracker?
    /// A handle outside the pool (`Database.getHandle()`): no operation's end publishes its commits to
    /// the database's observations, so each statement that ends outside a transaction does.
    @usableFromInline
    @exclusivity(unchecked) var publishesOwnCommits = false

    /// A closed connection to the file at `path`; `open()` opens it. A handle made here belongs to no
    /// database: no pool, config or cipher applies to it.
    public init(path: String) {
        self.path = path
    }

    /// How `open()` opens the file: read-write and create by default; read-only for a database created
    /// with `Database(at:readOnly: true)`.
    var openFlags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
    /// What `open()` passes to SQLite when it is not `path`: ":memory:" for an in-memory database.
    var openTarget: String?

    deinit {
        close()
    }

    /// The raw `sqlite3*`, nil when closed. For calls this API does not wrap.
    public var rawPointer: OpaquePointer? { db }

    /// Whether the connection is open (`open()` succeeded and `close()` has not run since).
    public var isOpened: Bool { db != nil }

    /// Whether the connection can't write its main database (opened read-only, or a read-only file).
    public var isReadOnly: Bool { db.map { sqlite3_db_readonly($0, "main") == 1 } ?? false }

    /// The tag of the database this handle belongs to.
    public var tag: Int? { core?.tag }

    /// Opens the connection (read-write and create, unless its database is read-only). Does not apply
    /// any config.
    public func open() throws {
        if db != nil { return }
        _ = Engine.current  // read before the first connection: it also routes SQLite's and SQLCipher's logs
        CipherDefaults.installBeforeFirstOpen()
        var pointer: OpaquePointer?
        let openStart = monotonicNanoseconds()
        let rc = sqlite3_open_v2(openTarget ?? path, &pointer, openFlags, nil)
        openNanoseconds = monotonicNanoseconds() &- openStart
        if rc != SQLITE_OK {
            let message = pointer.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
            let extended = pointer.map { sqlite3_extended_errcode($0) } ?? rc
            if let pointer { sqlite3_close_v2(pointer) }
            throw reportError(WCDBError(level: .sqlite, code: rc & 0xff, extendedCode: extended, message: message,
                                        path: path, tag: tag, operation: "open"))
        }
        db = pointer
        HandleCounter.shared.opened()
    }

    /// Finalizes every statement of this handle and closes the connection.
    public func close() {
        guard let db else { return }
        statements.finalizeAll()
        for weak in uncached { weak.statement?.finalize() }
        uncached.removeAll()
        rewriterObjects.removeAll()
        if traceMask != 0 { sqlite3_trace_v2(db, 0, nil, nil) }
        traceMask = 0
        busyTraceInstalled = false
        sqlite3_close_v2(db)
        self.db = nil
        HandleCounter.shared.closed()
    }

    // MARK: Errors

    /// Builds (and reports to the global error tracer) an error from the connection's current state.
    func makeError(code: Int32, sql: String?, operation: String) -> WCDBError {
        var message = String(cString: sqlite3_errstr(code))
        var extended = code
        if let db {
            message = String(cString: sqlite3_errmsg(db))
            extended = sqlite3_extended_errcode(db)
            if extended & 0xff != code & 0xff { extended = code }
        }
        var error = WCDBError(level: .sqlite, code: code & 0xff, extendedCode: extended, message: message,
                              sql: sql, path: path, tag: tag, operation: operation)
        if isQuietInterruption(code: code) {
            error.isReported = true  // a cancelled Task's: thrown as CancellationError, not traced
            return error
        }
        return reportError(error)
    }

    @usableFromInline
    func requireOpened(sql: String?, operation: String) throws -> OpaquePointer {
        guard let db else {
            throw reportError(WCDBError(level: .core, code: SQLITE_MISUSE, message: "The handle is closed",
                                        sql: sql, path: path, tag: tag, operation: operation))
        }
        return db
    }

    // MARK: Execution

    /// Runs one or more SQL statements, discarding rows.
    /// - Throws: `WCDBError` — SQLite's error; `SQLITE_INTERRUPT` when an attached `CancellationSignal`
    ///   was cancelled (nothing runs).
    public func exec(_ sql: String) throws {
        let db = try requireOpened(sql: sql, operation: "exec")
        try throwIfCancelled(sql: sql, operation: "exec")
        var errorMessage: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(db, sql, nil, nil, &errorMessage)
        if let errorMessage { sqlite3_free(errorMessage) }
        if rc != SQLITE_OK {
            throw makeError(code: rc, sql: sql, operation: "exec")
        }
        if lastInsertedRowIDMask != nil, MovedRowIDMask.isInsert(sql) { insertDidFinish() }
        if publishesOwnCommits { publishOwnCommits() }
    }

    /// Prepares an uncached statement. The caller finalizes it (or lets it deinit); closing the handle
    /// finalizes it too.
    public func prepare(_ sql: String) throws -> HandleStatement {
        try prepare(SQLRendering(sql: sql, values: [], requiredFeatures: []))
    }

    /// Prepares an uncached statement from a rendering (with its prelude, if any).
    func prepare(_ rendering: SQLRendering) throws -> HandleStatement {
        let statement = try prepareStatement(rendering)
        if uncached.count >= 64 { uncached.removeAll { $0.statement == nil } }
        uncached.append(WeakStatement(statement))
        return statement
    }

    func prepareStatement(_ sql: String) throws -> HandleStatement {
        let db = try requireOpened(sql: sql, operation: "prepare")
        try throwIfCancelled(sql: sql, operation: "prepare")
        var stmt: OpaquePointer?
        // A prepared statement is one statement: text after it (other than blanks, `;` and comments)
        // would be silently ignored by sqlite3_prepare, so it is refused; `exec` runs several.
        let (rc, followedByMore) = sql.withCString { text -> (Int32, Bool) in
            var rest: UnsafePointer<CChar>?
            let rc = sqlite3_prepare_v2(db, text, -1, &stmt, &rest)
            guard rc == SQLITE_OK else { return (rc, false) }
            return (rc, Handle.holdsAnotherStatement(rest, on: db))
        }
        guard rc == SQLITE_OK, let stmt, !followedByMore else {
            if let stmt { sqlite3_finalize(stmt) }
            if followedByMore {
                throw reportError(WCDBError(level: .interface, code: SQLITE_MISUSE, extendedCode: SQLITE_MISUSE,
                                            message: "prepare takes one SQL statement, and this text holds more; run several with exec(_:)",
                                            sql: sql, path: path, tag: tag, operation: "prepare"))
            }
            throw makeError(code: rc == SQLITE_OK ? SQLITE_MISUSE : rc, sql: sql, operation: "prepare")
        }
        if let changeTracker, changeTracker.recordedReads != nil { changeTracker.recordedSQL.append(sql) }
        let statement = HandleStatement(stmt: stmt, sql: sql, handle: self)
        statement.isInsert = MovedRowIDMask.isInsert(sql)
        return statement
    }

    /// Whether the text after a prepared statement (`sqlite3_prepare_v2`'s tail) holds anything but
    /// blanks, `;` and comments: another statement, or text that does not compile.
    static func holdsAnotherStatement(_ rest: UnsafePointer<CChar>?, on db: OpaquePointer) -> Bool {
        guard let rest, rest.pointee != 0 else { return false }
        var next: OpaquePointer?
        let rc = sqlite3_prepare_v2(db, rest, -1, &next, nil)
        if let next { sqlite3_finalize(next) }
        return next != nil || rc != SQLITE_OK
    }

    /// The cached statement for `key`, prepared on first use; returned reset with its bindings cleared.
    ///
    /// When the operation that checked this handle out ends, cached statements it used are reset, so a
    /// statement left mid-iteration never keeps a read snapshot open.
    public func cachedStatement(for key: CachedSQL) throws -> HandleStatement {
        let key = StatementKey(key)
        let statement = try (cachedStatement(for: key) ?? cache(try prepareStatement(key.text), as: key)).statement
        statement.clearBindings()
        return statement
    }

    /// The statement for `sql`, prepared on first use and kept in the handle's cache by text (bounded,
    /// least recently used out); returned reset with its bindings cleared, and reset again when the
    /// operation ends.
    public func cachedStatement(forSQL sql: String) throws -> HandleStatement {
        let key = StatementKey(sql: sql)
        let statement = try (cachedStatement(for: key) ?? cache(try prepareStatement(sql), as: key)).statement
        statement.clearBindings()
        return statement
    }

    /// The statement of `rendering`, cached by its text (its prelude is a function of its SQL under the
    /// handle's rewriters), prepared with its prelude on first use; reset, its bindings left as they were
    /// (the caller binds every value slot).
    func statement(for rendering: SQLRendering) throws -> HandleStatement {
        let key = StatementKey(sql: rendering.sql)
        return try (cachedStatement(for: key) ?? cache(try prepareStatement(rendering), as: key)).statement
    }

    /// The entry cached under `key`, made ready for new bindings (its bindings are not cleared: the
    /// runtime's callers bind every parameter again); nil when this handle has none.
    @usableFromInline
    func cachedStatement(for key: StatementKey) -> CachedStatement? {
        guard let entry = statements.entry(for: key) else { return nil }
        _ = reuse(entry.statement)
        return entry
    }

    /// Caches `statement`, just prepared, under `key`.
    @usableFromInline
    func cache(_ statement: HandleStatement, as key: StatementKey, condition: ExpressionNode? = nil,
               propertyCount: Int = 0, setIndexes: [Int] = []) -> CachedStatement {
        statements.insert(CachedStatement(key: key, statement: statement, condition: condition,
                                          propertyCount: propertyCount, setIndexes: setIndexes))
    }

    /// Makes `statement` (a cached one this handle handed out before) ready for new bindings and lists it
    /// for the end of the operation; false when it has been evicted or finalized since.
    ///
    /// Its bindings are not cleared: the row-by-row calls that reuse it bind every parameter again.
    @usableFromInline
    func reuseStatement(_ statement: HandleStatement) -> Bool {
        guard !statement.isFinalized, statement.isCached else { return false }
        statements.markUsed(statement)
        _ = reuse(statement)
        return true
    }

    /// A cached statement made ready for new bindings.
    func reuse(_ statement: HandleStatement) -> HandleStatement {
        // Most callers reset after their last step already; a reset of a reset statement still
        // costs a few hundred instructions per call on the row-by-row paths.
        if statement.needsReset {
            sqlite3_reset(statement.stmt)
            statement.needsReset = false
        }
        if statement.hasBindFailure {
            statement.pendingBindFailure = nil
            statement.hasBindFailure = false
        }
        return statement
    }

    /// The one cache of this handle's prepared statements.
    @usableFromInline let statements = StatementCache(textLimit: Handle.textCacheLimit)
    static let textCacheLimit = 32

    /// A cached statement's step failed: the next call prepares a fresh one.
    func statementFailed(_ statement: HandleStatement) {
        statements.evict(statement)
    }

    /// Resets the cached statements used since the last call and finalizes evicted ones (end of an
    /// operation).
    func resetUsedStatements() {
        statements.endOperation()
    }

    /// Finalizes every cached statement (for example after a schema change you want to drop early).
    public func finalizeCachedStatements() {
        statements.finalizeAll()
    }

    /// Takes every statement out of this handle's cache in the middle of an operation (a rewriter's
    /// table changed under it): the ones the operation still uses are finalized when it ends.
    func retireCachedStatements() {
        statements.retireAll()
    }

    /// Statements cached under keys of the program's own shapes (a model's verbs, a `CachedSQL`).
    var cachedStatementCount: Int { statements.counts.shaped }
    /// Statements cached by their text (bounded).
    var textCachedStatementCount: Int { statements.counts.text }

    // MARK: State

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int { db.map { Int(sqlite3_changes($0)) } ?? 0 }

    /// Rows changed since the connection opened.
    public var totalChanges: Int { db.map { Int(sqlite3_total_changes($0)) } ?? 0 }

    /// The rowid of the last successful INSERT on this connection. The rows a migrating table's
    /// statement moves into its target first (INSERTs of the rewrite's own) don't count: as on one
    /// table, only the statement's own inserts do.
    public var lastInsertedRowID: Int64 {
        guard let db else { return 0 }
        let rowID = sqlite3_last_insert_rowid(db)
        if let mask = lastInsertedRowIDMask, mask.moved == rowID { return mask.reported }
        return rowID
    }

    /// Whether a transaction is open on this connection (`sqlite3_get_autocommit` is 0).
    public var isInTransaction: Bool { db.map { sqlite3_get_autocommit($0) == 0 } ?? false }

    /// The first value of the first row of `sql`, or `.null` when there is no row.
    public func scalar(_ sql: String) throws -> FundamentalValue {
        let statement = try prepareStatement(sql)
        defer { statement.finalize() }
        return try statement.step() ? statement.value(atIndex: 0) : .null
    }

    /// Every row of `sql` with `values` bound: for the runtime's own bookkeeping statements (schemas,
    /// PRAGMAs), prepared afresh and not rewritten.
    func rows(_ sql: String, _ values: [FundamentalValue] = []) throws -> [[FundamentalValue]] {
        let statement = try prepareStatement(sql)
        defer { statement.finalize() }
        statement.bind(values)
        var rows: [[FundamentalValue]] = []
        while try statement.step() { rows.append(statement.row()) }
        return rows
    }

    // MARK: Cipher

    /// Applies a key (`sqlite3_key`). `bytes` is a passphrase, or the text `x'<hex>'` for a raw key.
    func applyKey(_ bytes: Data) throws {
        let db = try requireOpened(sql: nil, operation: "cipher")
        let rc = bytes.withUnsafeBytes { buffer in
            sqlite3_key(db, buffer.baseAddress, Int32(buffer.count))
        }
        if rc != SQLITE_OK { throw makeError(code: rc, sql: nil, operation: "cipher") }
    }

    /// Changes the key of an open, keyed connection (`sqlite3_rekey`).
    func applyRekey(_ bytes: Data) throws {
        let db = try requireOpened(sql: nil, operation: "rekey")
        let rc = bytes.withUnsafeBytes { buffer in
            sqlite3_rekey(db, buffer.baseAddress, Int32(buffer.count))
        }
        if rc != SQLITE_OK { throw makeError(code: rc, sql: nil, operation: "rekey") }
    }

    // MARK: Trace

    func updateTrace(sqlTracer: SQLTracer?, performance: PerformanceTracer?) {
        guard let db else { return }
        self.sqlTracer = sqlTracer
        self.performanceTracer = performance
        self.collectsPerformance = performance != nil
        var mask: UInt32 = (sqlTracer != nil || performance != nil) ? UInt32(SQLITE_TRACE_STMT) : 0
        let tracesBusy = BusyTrace.isOn
        if tracesBusy != busyTraceInstalled {
            busyTraceInstalled = tracesBusy
            BusyTrace.install(on: db, handle: self, tracing: tracesBusy)
        }
        if StatementPerformance.isOn(forPath: path) {
            mask |= UInt32(SQLITE_TRACE_PROFILE)
            StatementPerformance.resetPageCounts(of: db)
        }
        if mask != traceMask {
            traceMask = mask
            if mask == 0 {
                sqlite3_trace_v2(db, 0, nil, nil)
            } else {
                sqlite3_trace_v2(db, mask, handleTraceCallback, Unmanaged.passUnretained(self).toOpaque())
            }
        }
    }

    fileprivate func traced(sql: String, statement: OpaquePointer?) {
        if sql.hasPrefix("--") { return }  // trigger comments
        if collectsPerformance { performanceWindow.count(sql) }
        if let sqlTracer { TracingHandle.withCurrent(self, statement: statement) { sqlTracer(sql) } }
    }
}

private let handleTraceCallback: @convention(c) (UInt32, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
                                                  UnsafeMutableRawPointer?) -> Int32 = { type, context, p, x in
    guard let context, let x else { return 0 }
    let handle = Unmanaged<Handle>.fromOpaque(context).takeUnretainedValue()
    if type == UInt32(SQLITE_TRACE_PROFILE) {
        StatementPerformance.report(handle: handle, statement: OpaquePointer(p),
                                    nanoseconds: x.assumingMemoryBound(to: Int64.self).pointee)
        return 0
    }
    guard type == UInt32(SQLITE_TRACE_STMT) else { return 0 }
    handle.traced(sql: String(cString: x.assumingMemoryBound(to: CChar.self)), statement: OpaquePointer(p))
    return 0
}

/// Counts open connections (for tests and diagnostics).
final class HandleCounter: Sendable {
    static let shared = HandleCounter()
    private let count = LockedValue(0)
    func opened() { count.withLock { $0 += 1 } }
    func closed() { count.withLock { $0 -= 1 } }
    var value: Int { count.withLock { $0 } }
}

extension Handle {
    /// Installs the FTS tokenizers (built-in and registered names) on this connection, for FTS3/FTS4
    /// and, where the engine has it, FTS5 (with `substring_match_info`); a failure is a `WCDBError`
    /// located at this handle.
    func installTokenizers() throws {
        guard let db = rawPointer else { return }
        do {
            try TokenizerRegistry.install(on: db, fts5: Engine.current.supports(.fts5))
        } catch {
            throw makeError(code: error.code, sql: error.sql, operation: error.operation)
        }
    }
}
