/// Sees each statement a database runs after it is built and before it is prepared, and may return
/// another tree: replace a table by a view or a subquery, wrap a column in a function, add a column to
/// an INSERT. Data migration and compression are rewriters.
///
/// A rewriter must be a pure function of the tree and of state that changes only with the database's
/// rewriter generation (see `StatementRewriters`): statements are prepared once per handle and reused,
/// and a rewritten statement keeps the value slots of the original in the same order (the caller binds
/// them by position).
protocol StatementRewriter: Sendable {
    /// Another tree for `statement`, or nil to leave it.
    func rewrite(_ statement: StatementNode) -> StatementNode?

    /// Work a rewriter needs done on the connection before `rewrite` sees `statement` there (compression
    /// reads a table's schema and adds its hidden columns once); a throw refuses the statement. `handle`
    /// is the `Handle` preparing it (typed `AnyObject` here: WINQ sits below Core). Nothing by default.
    func prepare(_ statement: StatementNode, on handle: AnyObject) throws

    /// Statements to run before `statement` (as this rewriter sees it, before its own `rewrite`), in the
    /// same transaction (see `Prelude`): data migration moves the rows a write will touch. None by default.
    func prelude(for statement: StatementNode) -> Prelude

    /// Statements to run before `DROP TABLE` of main-database `table`, in the same transaction (data
    /// migration deletes the source rows the table was to take over). None by default.
    func prelude(forDropping table: String, on handle: AnyObject) throws -> Prelude

    /// Statements to run before `ALTER TABLE` renames main-database `table` to `newName`, in the same
    /// transaction (compression moves the table's record). None by default.
    func prelude(forRenaming table: String, to newName: String, on handle: AnyObject) throws -> Prelude

    /// Told before `CREATE TABLE` of main-database `table` runs (data migration asks its filter about
    /// a table as it is created, as WCDB 2.x does). Nothing by default.
    func willCreate(table: String, on handle: AnyObject) throws

    /// Told after `ALTER TABLE` of main-database `table` ran (data migration reads the table's columns
    /// again). Nothing by default.
    func didAlter(table: String, on handle: AnyObject) throws

    /// Where this rewriter runs among a database's rewriters: lower first, equal ones in the order they
    /// were added. A rewriter that reads a view in a table's place (data migration, -1) runs before one
    /// that rewrites columns (compression, 0), which finds the table behind the view with
    /// `TableStandIn`. 0 by default.
    var order: Int { get }
}

extension StatementRewriter {
    var order: Int { 0 }

    func prepare(_ statement: StatementNode, on handle: AnyObject) throws {}
    func prelude(for statement: StatementNode) -> Prelude { Prelude() }
    func prelude(forDropping table: String, on handle: AnyObject) throws -> Prelude { Prelude() }
    func prelude(forRenaming table: String, to newName: String, on handle: AnyObject) throws -> Prelude { Prelude() }
    func willCreate(table: String, on handle: AnyObject) throws {}
    func didAlter(table: String, on handle: AnyObject) throws {}
}

/// A database's rewriters, in the order they apply, and their generation: the number that moves when
/// the list changes, so that handles drop statements prepared under the old list.
struct StatementRewriters: Sendable {
    private(set) var list: [any StatementRewriter] = []
    private(set) var generation = 0

    var isEmpty: Bool { list.isEmpty }

    mutating func append(_ rewriter: any StatementRewriter) {
        list.insert(rewriter, at: list.firstIndex { $0.order > rewriter.order } ?? list.endIndex)
        generation += 1
    }

    /// Puts `rewriter` in the place of the first rewriter `matches`, or after the others.
    mutating func replace(where matches: (any StatementRewriter) -> Bool, with rewriter: any StatementRewriter) {
        if let index = list.firstIndex(where: matches) {
            list[index] = rewriter
            generation += 1
        } else {
            append(rewriter)
        }
    }

    mutating func removeAll() {
        list.removeAll()
        generation += 1
    }

    /// Runs each rewriter's `prepare` for `statement` on `handle`, the last rewriter first: what a later
    /// rewriter sets up in the schema (compression's hidden columns) is there when an earlier one reads
    /// the schema (migration's view over a table's columns).
    func prepare(_ statement: StatementNode, on handle: AnyObject) throws {
        for rewriter in list.reversed() { try rewriter.prepare(statement, on: handle) }
    }

    /// The statements each rewriter runs before `DROP TABLE` of main-database `table`, in order.
    func prelude(forDropping table: String, on handle: AnyObject) throws -> Prelude {
        var prelude = Prelude()
        for rewriter in list { prelude.append(try rewriter.prelude(forDropping: table, on: handle)) }
        return prelude
    }

    /// The statements each rewriter runs before main-database `table` is renamed to `newName`, in order.
    func prelude(forRenaming table: String, to newName: String, on handle: AnyObject) throws -> Prelude {
        var prelude = Prelude()
        for rewriter in list { prelude.append(try rewriter.prelude(forRenaming: table, to: newName, on: handle)) }
        return prelude
    }

    /// Tells each rewriter that main-database `table` is about to be created.
    func willCreate(table: String, on handle: AnyObject) throws {
        for rewriter in list { try rewriter.willCreate(table: table, on: handle) }
    }

    /// Tells each rewriter that main-database `table` was altered.
    func didAlter(table: String, on handle: AnyObject) throws {
        for rewriter in list { try rewriter.didAlter(table: table, on: handle) }
    }

    /// `statement` after each rewriter in turn, and the statements they run before it.
    func rewrite(_ statement: StatementNode) -> (statement: StatementNode, prelude: Prelude) {
        var prelude = Prelude()
        var statement = statement
        for rewriter in list {
            prelude.append(rewriter.prelude(for: statement))
            statement = rewriter.rewrite(statement) ?? statement
        }
        return (statement, prelude)
    }
}
