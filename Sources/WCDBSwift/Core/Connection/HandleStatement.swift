import CSQLCipher
import Foundation

/// `SQLITE_TRANSIENT`: SQLite copies the bound bytes before the bind call returns.
@inlinable
var sqliteTransient: sqlite3_destructor_type { unsafeBitCast(-1 as Int, to: sqlite3_destructor_type.self) }

/// `SQLITE_STATIC`: SQLite reads the bound bytes where they are, until the parameter is bound again.
@inlinable
var sqliteStatic: sqlite3_destructor_type? { nil }

/// One prepared `sqlite3_stmt` owned by one `Handle`.
///
/// Not thread safe and not `Sendable`: it belongs to the handle that prepared it, which is used by one
/// thread at a time. Binds are 1-based and columns 0-based, as in SQLite.
public final class HandleStatement {
    @usableFromInline
    let stmt: OpaquePointer
    /// The SQL this statement was prepared from.
    public let sql: String
    @usableFromInline
    unowned let handle: Handle
    @usableFromInline
    @exclusivity(unchecked) var isFinalized = false
    /// Listed in the handle's statements to reset when the operation ends.
    @exclusivity(unchecked) var isListedForReset = false
    /// Stepped since its last reset: SQLite refuses binds (SQLITE_MISUSE) until it is reset, also after
    /// SQLITE_DONE, when `sqlite3_stmt_busy` already says false.
    @usableFromInline
    @exclusivity(unchecked) var needsReset = false
    /// Whether its handle's `StatementCache` keeps it (a flag, not the key: the row-by-row calls read it
    /// on every call, and an optional key would be copied to be tested).
    @exclusivity(unchecked) var isCached = false
    /// A value that failed to bind (a collection that does not encode as JSON): binds can't throw, so
    /// the next `step()` throws this instead of writing NULL in its place.
    @usableFromInline
    @exclusivity(unchecked) var pendingBindFailure: WCDBError?
    /// Whether `pendingBindFailure` holds one: `step()` checks this word, not the optional error,
    /// whose copy would cost on every step.
    @usableFromInline
    @exclusivity(unchecked) var hasBindFailure = false
    /// Statements a rewriter runs before this one (see `SQLRendering.prelude`): they receive the same
    /// binds (those within their own parameters) and run to their end, in one savepoint with this
    /// statement's first step. Nil for almost every statement.
    @usableFromInline
    @exclusivity(unchecked) var prelude: [HandleStatement]? {
        didSet { forwardedParameters = prelude?.map(\.parameterCount).max() ?? 0 }
    }
    /// The highest parameter index of the prelude's statements (0 without a prelude): a bind to a higher
    /// index is not forwarded, so the binds of a row's other columns cost what they cost without one.
    @usableFromInline
    @exclusivity(unchecked) var forwardedParameters: Int32 = 0
    /// Whether the prelude can be skipped for the key bound now (nil for a prelude without a key ceiling).
    @exclusivity(unchecked) var preludeShortcut: PreludeShortcut?
    /// Whether this statement is an INSERT or a REPLACE: one that inserts a row ends the handle's
    /// `MovedRowIDMask`.
    @usableFromInline
    @exclusivity(unchecked) var isInsert = false
    /// The copies of the text and BLOB values bound to it (see `BoundBytes`).
    @usableFromInline
    @exclusivity(unchecked) var boundBytes = BoundBytes()

    /// Whether its handle is outside the pool, so that a statement ending outside a transaction publishes
    /// the handle's commits (see `Handle.publishesOwnCommits`); copied here so that `step()` reads no
    /// field of the handle.
    @usableFromInline
    let publishesOwnCommits: Bool

    init(stmt: OpaquePointer, sql: String, handle: Handle) {
        self.stmt = stmt
        self.sql = sql
        self.handle = handle
        self.publishesOwnCommits = handle.publishesOwnCommits
    }

    deinit {
        if !isFinalized { sqlite3_finalize(stmt) }
    }

    // MARK: Bind (1-based)

    /// Binds a 64-bit integer to parameter `index` (1-based). A bind SQLite refuses is thrown by the next `step()`.
    @inlinable
    public func bind(integer value: Int64, toIndex index: Int32) {
        check(sqlite3_bind_int64(stmt, index, value), index)
        if index <= forwardedParameters { forward(index, .integer(value)) { $0.bind(integer: value, toIndex: index) } }
    }

    /// Binds a REAL to parameter `index` (1-based). A bind SQLite refuses is thrown by the next `step()`.
    @inlinable
    public func bind(double value: Double, toIndex index: Int32) {
        check(sqlite3_bind_double(stmt, index, value), index)
        if index <= forwardedParameters { forward(index, .other) { $0.bind(double: value, toIndex: index) } }
    }

    /// Binds UTF-8 text to parameter `index` (1-based); SQLite copies it before the call returns.
    /// A bind SQLite refuses is thrown by the next `step()`.
    @inlinable
    public func bind(text value: String, toIndex index: Int32) {
        let done: Void? = value.utf8.withContiguousStorageIfAvailable { buffer in
            let bytes = UnsafeRawBufferPointer(buffer)
            if bytes.count > 0 {
                bind(bytes, toIndex: index) { pointer, destructor in
                    sqlite3_bind_text(stmt, index, pointer.assumingMemoryBound(to: CChar.self), Int32(bytes.count), destructor)
                }
            } else {
                check(sqlite3_bind_text(stmt, index, "", 0, sqliteTransient), index)
            }
        }
        if done == nil {
            value.withCString { pointer in
                check(sqlite3_bind_text(stmt, index, pointer, -1, sqliteTransient), index)
            }
        }
        if index <= forwardedParameters { forward(index, .other) { $0.bind(text: value, toIndex: index) } }
    }

    /// Binds bytes as a BLOB to parameter `index` (1-based), copied by SQLite; empty data binds a
    /// zero-length BLOB, not NULL. A bind SQLite refuses is thrown by the next `step()`.
    @inlinable
    public func bind(blob value: Data, toIndex index: Int32) {
        value.withUnsafeBytes { buffer in
            bind(blob: buffer, toIndex: index)
        }
    }

    /// Binds the bytes of `buffer` as a BLOB to parameter `index` (1-based). SQLite copies them before the call
    /// returns, so the buffer need not outlive it; an empty buffer binds a zero-length BLOB. A bind SQLite
    /// refuses is thrown by the next `step()`.
    @inlinable
    public func bind(blob buffer: UnsafeRawBufferPointer, toIndex index: Int32) {
        if buffer.count > 0 {
            bind(buffer, toIndex: index) { pointer, destructor in
                sqlite3_bind_blob(stmt, index, pointer, Int32(buffer.count), destructor)
            }
        } else {
            check(sqlite3_bind_zeroblob(stmt, index, 0), index)
        }
        if index <= forwardedParameters { forward(index, .other) { $0.bind(blob: buffer, toIndex: index) } }
    }

    /// Binds NULL to parameter `index` (1-based). A bind SQLite refuses is thrown by the next `step()`.
    @inlinable
    public func bindNull(toIndex index: Int32) {
        check(sqlite3_bind_null(stmt, index), index)
        if index <= forwardedParameters { forward(index, .null) { $0.bindNull(toIndex: index) } }
    }

    /// Passes a bind on to the prelude's statements that have parameter `index` (`key` tells the
    /// prelude's shortcut what was bound).
    @usableFromInline
    func forward(_ index: Int32, _ key: PreludeShortcut.BoundKey, _ bind: (HandleStatement) -> Void) {
        guard let prelude else { return }
        if preludeShortcut?.parameter == index { preludeShortcut?.bound(key) }
        for statement in prelude where index <= statement.parameterCount { bind(statement) }
    }

    /// Binds non-empty bytes with `bindCall` (`sqlite3_bind_text` or `_blob` with the pointer and destructor it
    /// is given): from the statement's own copy, `SQLITE_STATIC` (see `BoundBytes`), for a value of at most
    /// `BoundBytes.largest` bytes, to a parameter index SQLite can have, while SQLite accepts binds; else from
    /// `bytes`, which SQLite copies (and refuses while the statement is stepping, as before).
    @inlinable
    func bind(_ bytes: UnsafeRawBufferPointer, toIndex index: Int32,
              _ bindCall: (UnsafeRawPointer, sqlite3_destructor_type?) -> Int32) {
        if bytes.count <= BoundBytes.largest && index >= 1 && index <= BoundBytes.highestIndex && !needsReset {
            boundBytes.withCopy(of: bytes, forParameter: index) { copy in check(bindCall(copy, sqliteStatic), index) }
        } else {
            check(bindCall(bytes.baseAddress!, sqliteTransient), index)
        }
    }

    /// A bind SQLite refused (an index out of range, a statement not reset) must not leave NULL in its
    /// place silently: the next `step()` throws it.
    @inline(__always) @usableFromInline
    func check(_ rc: Int32, _ index: Int32) {
        if rc != SQLITE_OK { bindFailed(rc, index) }
    }

    @usableFromInline
    func bindFailed(_ rc: Int32, _ index: Int32) {
        recordBindFailure(WCDBError(level: .sqlite, code: rc & 0xff, extendedCode: rc, message:
            "binding parameter \(index) failed: \(String(cString: sqlite3_errstr(rc)))\(needsReset ? " (the statement was stepped and not reset)" : "")",
            sql: sql, path: handle.path, tag: handle.tag, operation: "bind"))
    }

    /// Binds `value` to parameter `index` (1-based) by its storage class (`.integer32` as a 64-bit
    /// integer, `.null` as NULL). A bind SQLite refuses is thrown by the next `step()`.
    @inlinable
    public func bind(_ value: FundamentalValue, toIndex index: Int32) {
        switch value {
        case .integer(let value): bind(integer: value, toIndex: index)
        case .integer32(let value): bind(integer: Int64(value), toIndex: index)
        case .double(let value): bind(double: value, toIndex: index)
        case .text(let value): bind(text: value, toIndex: index)
        case .blob(let value): bind(blob: value, toIndex: index)
        case .null: bindNull(toIndex: index)
        }
    }

    /// Binds `values` to the indexes 1...values.count.
    @inlinable
    public func bind(_ values: [FundamentalValue]) {
        for (offset, value) in values.enumerated() {
            bind(value, toIndex: Int32(offset + 1))
        }
    }

    /// The number of `?` parameters.
    public var parameterCount: Int32 { sqlite3_bind_parameter_count(stmt) }

    /// The 1-based index of a named parameter such as `:name`, or 0.
    public func parameterIndex(of name: String) -> Int32 {
        sqlite3_bind_parameter_index(stmt, name)
    }

    // MARK: Columns (0-based)

    /// Column `index` (0-based) of the current row as a 64-bit integer (`sqlite3_column_int64`): NULL
    /// reads 0, a REAL or TEXT converts as SQLite converts it.
    @inlinable
    public func columnInteger(atIndex index: Int32) -> Int64 {
        sqlite3_column_int64(stmt, index)
    }

    /// Column `index` (0-based) of the current row as a REAL (`sqlite3_column_double`): NULL reads 0,
    /// an INTEGER or TEXT converts as SQLite converts it.
    @inlinable
    public func columnDouble(atIndex index: Int32) -> Double {
        sqlite3_column_double(stmt, index)
    }

    /// Column `index` (0-based) of the current row as UTF-8 text (`sqlite3_column_text`): NULL reads
    /// `""`, a number its text, and invalid UTF-8 is repaired with U+FFFD.
    @inlinable
    public func columnText(atIndex index: Int32) -> String {
        guard let pointer = sqlite3_column_text(stmt, index) else { return "" }
        let count = Int(sqlite3_column_bytes(stmt, index))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    /// Column `index` (0-based) of the current row as bytes (`sqlite3_column_blob`): NULL reads empty
    /// data, a TEXT its UTF-8.
    @inlinable
    public func columnBlob(atIndex index: Int32) -> Data {
        guard let pointer = sqlite3_column_blob(stmt, index) else { return Data() }
        let count = Int(sqlite3_column_bytes(stmt, index))
        return Data(bytes: pointer, count: count)
    }

    /// The storage class of column `index` (0-based) in the current row: `.integer64`, `.float`,
    /// `.text`, `.BLOB` or `.null`.
    @inlinable
    public func columnType(atIndex index: Int32) -> ColumnType {
        switch sqlite3_column_type(stmt, index) {
        case SQLITE_INTEGER: return .integer64
        case SQLITE_FLOAT: return .float
        case SQLITE_TEXT: return .text
        case SQLITE_BLOB: return .BLOB
        default: return .null
        }
    }

    /// Whether column `index` (0-based) of the current row is NULL.
    @inlinable
    public func isNull(atIndex index: Int32) -> Bool {
        sqlite3_column_type(stmt, index) == SQLITE_NULL
    }

    /// Column `index` (0-based) of the current row as a value of its storage class (an INTEGER is
    /// `.integer`, never `.integer32`).
    @inlinable
    public func value(atIndex index: Int32) -> FundamentalValue {
        switch sqlite3_column_type(stmt, index) {
        case SQLITE_INTEGER: return .integer(columnInteger(atIndex: index))
        case SQLITE_FLOAT: return .double(columnDouble(atIndex: index))
        case SQLITE_TEXT: return .text(columnText(atIndex: index))
        case SQLITE_BLOB: return .blob(columnBlob(atIndex: index))
        default: return .null
        }
    }

    /// All the columns of the current row.
    @inlinable
    public func row() -> FundamentalRow {
        let count = columnCount
        var row = FundamentalRow()
        row.reserveCapacity(Int(count))
        var index: Int32 = 0
        while index < count {
            row.append(value(atIndex: index))
            index += 1
        }
        return row
    }

    /// The number of result columns (0 for a statement that returns no rows).
    @inlinable
    public var columnCount: Int32 { sqlite3_column_count(stmt) }

    /// The name of result column `index` (0-based): its `AS` alias, else the name SQLite gives it.
    public func columnName(atIndex index: Int32) -> String {
        guard let name = sqlite3_column_name(stmt, index) else { return "" }
        return String(cString: name)
    }

    /// The column names of the result, in order.
    public var columnNames: [String] {
        (0..<columnCount).map { columnName(atIndex: $0) }
    }

    /// The table a result column comes from, when it is a plain column.
    public func columnTableName(atIndex index: Int32) -> String? {
        guard let name = sqlite3_column_table_name(stmt, index) else { return nil }
        return String(cString: name)
    }

    /// Whether the statement leaves the database unchanged (`sqlite3_stmt_readonly`).
    public var isReadOnly: Bool { sqlite3_stmt_readonly(stmt) != 0 }

    // MARK: Step

    /// Steps once. Returns `true` when a row is ready, `false` when the statement is done.
    @inlinable
    public func step() throws -> Bool {
        if hasBindFailure, let failure = pendingBindFailure { throw takeBindFailure(failure) }
        if prelude != nil, !needsReset { return try stepAfterPrelude() }
        needsReset = true
        let rc = sqlite3_step(stmt)
        if rc == SQLITE_ROW { return true }
        if rc == SQLITE_DONE {
            didRunToItsEnd()
            return false
        }
        throw stepError(rc)
    }

    /// What a statement's last step tells the handle: its commits (outside the pool), its inserted row.
    @inlinable
    func didRunToItsEnd() {
        if publishesOwnCommits { handle.publishOwnCommits() }
        if isInsert { handle.insertDidFinish() }
    }

    /// Steps until done, ignoring rows.
    @inlinable
    public func run() throws {
        while try step() {}
    }

    /// Remembers a failed bind; the first failure of a row is the one thrown.
    public func recordBindFailure(_ error: WCDBError) {
        if pendingBindFailure == nil { pendingBindFailure = error; hasBindFailure = true }
    }

    @usableFromInline
    func takeBindFailure(_ failure: WCDBError) -> WCDBError {
        pendingBindFailure = nil
        hasBindFailure = false
        sqlite3_reset(stmt)
        needsReset = false
        return reportError(failure)
    }

    @usableFromInline
    func stepError(_ rc: Int32) -> WCDBError {
        let error = handle.makeError(code: rc, sql: sql, operation: "step")
        sqlite3_reset(stmt)
        needsReset = false
        if isCached { handle.statementFailed(self) }
        return error
    }

    /// The first step of a statement with a prelude: the prelude's statements run to their end, then
    /// this statement steps, in one savepoint when no transaction is open (a row moved by a prelude is
    /// never left half moved). A read-only first statement is the prelude's condition: when it gives no
    /// row, the rest of the prelude has nothing to do and only this statement runs.
    @usableFromInline
    func stepAfterPrelude() throws -> Bool {
        var statements = prelude ?? []
        if preludeShortcut?.skipsPrelude == true {
            statements = []
        } else if let condition = statements.first, sqlite3_stmt_readonly(condition.stmt) != 0 {
            defer { condition.reset() }
            statements = try condition.step() ? Array(statements.dropFirst()) : []
        }
        if statements.isEmpty {
            needsReset = true
            let rc = sqlite3_step(stmt)
            guard rc == SQLITE_ROW || rc == SQLITE_DONE else { throw stepError(rc) }
            if rc == SQLITE_DONE { didRunToItsEnd() }
            return rc == SQLITE_ROW
        }
        let ownsSavepoint = handle.rawPointer.map { sqlite3_get_autocommit($0) != 0 } ?? false
        if ownsSavepoint { try handle.exec("SAVEPOINT wcdb_prelude") }
        do {
            let reportedRowID = handle.lastInsertedRowID
            for statement in statements {
                defer { statement.reset() }
                while try statement.step() {}
            }
            needsReset = true
            let rc = sqlite3_step(stmt)
            guard rc == SQLITE_ROW || rc == SQLITE_DONE else { throw stepError(rc) }
            maskMovedRowID(reported: reportedRowID)
            if ownsSavepoint { try handle.exec("RELEASE wcdb_prelude") }
            if rc == SQLITE_DONE { didRunToItsEnd() }
            return rc == SQLITE_ROW
        } catch {
            if ownsSavepoint {
                try? handle.exec("ROLLBACK TO wcdb_prelude")
                try? handle.exec("RELEASE wcdb_prelude")
            }
            throw error
        }
    }

    /// After a prelude moved rows (INSERTs into the target), SQLite's last rowid is the last moved row's.
    /// When this statement inserted nothing itself (an UPDATE, a DELETE, an INSERT that inserted no
    /// row), `lastInsertedRowID` keeps reporting what it reported before, as on one table.
    private func maskMovedRowID(reported: Int64) {
        guard let db = handle.rawPointer else { return }
        let rowID = sqlite3_last_insert_rowid(db)
        guard rowID != reported else { return }
        if isInsert && sqlite3_changes(db) > 0 { return }
        handle.lastInsertedRowIDMask = MovedRowIDMask(moved: rowID, reported: reported)
    }

    /// Resets the statement so that it can be stepped again. Bindings are kept. A statement not stepped
    /// since its last reset is left alone (a reset still costs a few hundred instructions).
    @inlinable
    public func reset() {
        guard needsReset else { return }
        sqlite3_reset(stmt)
        needsReset = false
        if prelude != nil { prelude?.forEach { $0.reset() } }
    }

    /// Sets every parameter back to NULL (`sqlite3_clear_bindings`) and drops a failed bind that the
    /// next `step()` would have thrown.
    @inlinable
    public func clearBindings() {
        sqlite3_clear_bindings(stmt)
        pendingBindFailure = nil
        hasBindFailure = false
        if prelude != nil { prelude?.forEach { $0.clearBindings() } }
    }

    /// Finalizes the statement. Using it afterwards is a programming error.
    public func finalize() {
        if !isFinalized {
            isFinalized = true
            sqlite3_finalize(stmt)
            prelude?.forEach { $0.finalize() }
        }
    }
}
