import CSQLCipher
import Foundation

/// WCDB's core-layer statement: one prepared statement on a handle of the database, for SQL the
/// convenience interfaces do not cover.
///
/// It holds its handle (and, for a statement that writes, the database's write token) until
/// `finalize()` or deinit; meanwhile other operations of the same thread on this database run on the
/// same handle. Not `Sendable`: use it on the thread that prepared it.
public final class CoreStatement {
    /// The database whose pins this statement holds (nil: it runs on a handle its caller holds).
    let core: DatabaseCore?
    private var pins: [Pin]
    /// The underlying statement (for the typed binds and column reads).
    public let handleStatement: HandleStatement
    /// Whether `finalize()` has run: the statement can no longer step, and its handle is given back.
    public private(set) var isFinalized = false

    convenience init(core: DatabaseCore, sql: String) throws {
        try self.init(core: core) { try $0.prepare(sql) }
    }

    /// A WINQ statement rendered on the handle (rewritten, its values bound).
    convenience init(core: DatabaseCore, statement: Statement) throws {
        try self.init(core: core) { try $0.prepareRendered(statement) }
    }

    /// A WINQ statement on `handle`, which the caller's operation holds: no pin is taken or given back.
    init(handle: Handle, statement: Statement) throws {
        core = nil
        pins = []
        handleStatement = try handle.prepareRendered(statement)
    }

    /// A statement `prepare` makes on a handle pinned for it.
    init(core: DatabaseCore, prepare: (Handle) throws -> HandleStatement) throws {
        self.core = core
        let pin = try core.enter(forWriting: false)
        do {
            handleStatement = try prepare(pin.handle)
        } catch {
            core.leave(pin)
            throw error
        }
        pins = [pin]
        if !handleStatement.isReadOnly {
            do {
                pins.append(try core.enter(forWriting: true))
            } catch {
                handleStatement.finalize()
                core.leave(pin)
                throw error
            }
        }
    }

    deinit {
        finalize()
    }

    /// The SQL this statement was prepared from.
    public var sql: String { handleStatement.sql }

    /// The handle this statement runs on.
    public var handle: Handle { handleStatement.handle }

    /// Steps once: `true` when a row is ready, `false` when done.
    @discardableResult
    public func step() throws -> Bool {
        guard !isFinalized else {
            throw reportError(WCDBError(level: .interface, code: SQLITE_MISUSE, message: "The statement is finalized",
                                        sql: sql, path: handle.path, tag: handle.tag, operation: "step"))
        }
        return try handleStatement.step()
    }

    /// Resets the statement so that it steps again from the first row; bindings are kept. It does not
    /// throw (the signature is WCDB's).
    public func reset() throws {
        handleStatement.reset()
    }

    /// Sets every parameter back to NULL (`sqlite3_clear_bindings`) and drops a failed bind that the
    /// next `step()` would have thrown.
    public func clearBindings() {
        handleStatement.clearBindings()
    }

    /// Finalizes the statement and gives its handle back. Idempotent; also done on deinit.
    public func finalize() {
        guard !isFinalized else { return }
        isFinalized = true
        handleStatement.finalize()
        for pin in pins.reversed() { core?.leave(pin) }
        pins.removeAll()
    }

    // MARK: Bind (1-based)

    /// Binds `value` to parameter `index` (1-based). A bind SQLite refuses (an index out of range, a
    /// statement stepped and not reset) is not lost: the next `step()` throws it as a `WCDBError`.
    public func bind(_ value: FundamentalValue, toIndex index: Int) {
        handleStatement.bind(value, toIndex: Int32(index))
    }

    /// Binds `values` to the indexes 1...values.count.
    public func bind(_ values: [FundamentalValue]) {
        handleStatement.bind(values)
    }

    /// The 1-based index of a named parameter such as `:name`, or 0.
    public func index(byParameterName name: String) -> Int {
        Int(handleStatement.parameterIndex(of: name))
    }

    // MARK: Values (0-based)

    /// The value of result column `index` (0-based) in the current row.
    public func value(atIndex index: Int) -> FundamentalValue {
        handleStatement.value(atIndex: Int32(index))
    }



    /// Every column of the current row.
    public func row() -> FundamentalRow { handleStatement.row() }

    /// The storage class of result column `index` (0-based) in the current row: `.integer64`, `.float`,
    /// `.text`, `.BLOB` or `.null`.
    public func columnType(atIndex index: Int) -> ColumnType {
        handleStatement.columnType(atIndex: Int32(index))
    }

    /// The number of result columns (0 for a statement that returns no rows).
    public var columnCount: Int { Int(handleStatement.columnCount) }

    /// The name of result column `index` (0-based): its `AS` alias, else the name SQLite gives it.
    public func columnName(atIndex index: Int) -> String {
        handleStatement.columnName(atIndex: Int32(index))
    }

    /// The names of the result columns, in order.
    public var columnNames: [String] { handleStatement.columnNames }

    /// The column index for `name`, or nil.
    public func index(byName name: String) -> Int? {
        columnNames.firstIndex(of: name)
    }

    /// Rows changed by this statement (valid right after it ran).
    public var changes: Int { handle.changes }
    /// The rowid of the last successful `INSERT` on this statement's handle
    /// (`sqlite3_last_insert_rowid`); valid right after the insert ran.
    public var lastInsertedRowID: Int64 { handle.lastInsertedRowID }
}

extension Database {
    /// Prepares `sql` as a CoreStatement holding a handle of this database until finalized.
    public func prepare(_ sql: String) throws -> CoreStatement {
        try CoreStatement(core: core, sql: sql)
    }
}

extension Transaction {
    /// Prepares `sql` on this transaction's handle.
    public func prepare(_ sql: String) throws -> CoreStatement {
        try withHandle(forWriting: false) { _ in
            // Pins the calling thread to this transaction's handle while preparing, so the statement
            // is prepared on it.
            try CoreStatement(core: core, sql: sql)
        }
    }
}
