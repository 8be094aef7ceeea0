/// Streams the rows of one statement for the chain calls (`nextObject()`, `nextRow()`,
/// `nextMultiObject()`): prepares on the first step, keeps the statement (and its handle) while rows
/// remain, releases it after the last row or on an error, and never restarts once completed.
final class StatementCursor {
    private let database: HandleRepresentable
    private var statement: CoreStatement?
    private(set) var isStarted = false
    private(set) var isCompleted = false

    init(database: HandleRepresentable) {
        self.database = database
    }

    /// Steps to the next row of `select` (prepared with its values bound on the first call) and returns
    /// the statement positioned on it, or nil when there are no more rows.
    func step(_ select: StatementSelect) throws -> HandleStatement? {
        if isCompleted { return nil }
        if statement == nil {
            statement = try database.prepare(select)
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
