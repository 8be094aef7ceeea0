/// Streams the rows of one statement for the chain calls (`nextObject()`, `nextRow()`,
/// `nextMultiObject()`): prepares on the first step, keeps the statement (and its handle) while rows
/// remain, releases it after the last row or on an error, and never restarts once completed.
final class StatementCursor {
    private let database: HandleProvider
    private var statement: CoreStatement?
    private(set) var isStarted = false
    private(set) var isCompleted = false

    init(database: HandleProvider) {
        self.database = database
    }

    /// Steps to the next row of `select` (prepared with its values bound on the first call) and returns
    /// the statement positioned on it, or nil when there are no more rows.
    func step(_ select: StatementSelect) throws -> HandleStatement? {
        if isCompleted { return nil }
        if statement == nil {
            statement = try database.streamingStatement(for: select)
            isStarted = true
        }
        guard let statement else { return nil }
        do {
            if try statement.step() { return statement.handleStatement }
        } catch {
            finish()
            throw error
        }
        finish()
        return nil
    }

    /// Releases the statement; no more rows will be read.
    func finish() {
        statement?.finalize()
        statement = nil
        isCompleted = true
    }

    deinit { statement?.finalize() }
}

extension HandleProvider {
    /// A statement that keeps its handle while the rows of `statement` are read one call at a time:
    /// for a database or transaction, a pooled handle pinned until it is finalized; for a `Handle`, that
    /// handle (the caller's operation already holds it).
    func streamingStatement(for statement: Statement) throws -> CoreStatement {
        if let handle = self as? Handle {
            return try handle.addingMissingColumns(for: statement) { try CoreStatement(handle: handle, statement: statement) }
        }
        if let database = self as? any HandleRepresentable { return try database.prepare(statement) }
        // Any other provider lends its handle only for the length of `withHandle`: a statement kept past
        // it would step on a handle another operation may be using.
        throw WCDBError.interface("a chain call streams its rows on a Database, Transaction, Table or Handle, not on \(type(of: self))",
                                  operation: "select")
    }
}
