import Foundation
import Synchronization
import Testing
@testable import WCDBSwift

/// Renames one table to another wherever a statement names it: the user's code keeps saying `owner`
/// while the rows live in `owner_v2`.
private struct TableRename: StatementRewriter {
    let from: String
    let to: String
    let calls: RewriteCounter

    func rewrite(_ statement: StatementNode) -> StatementNode? {
        calls.add()
        return SyntaxTransform.renaming(table: from, to: to).apply(to: statement)
    }
}

extension SyntaxTransform {
    /// A transform that renames table `old` to `new` wherever it is named, including the columns it
    /// qualifies (`old.column`).
    static func renaming(table old: String, to new: String) -> SyntaxTransform {
        SyntaxTransform(
            table: { $0.name == old ? TableName(name: new, schema: $0.schema) : nil },
            expression: { node in
                guard var column = node.column, column.table == old else { return nil }
                column.table = new
                return ExpressionNode(.column(column), level: node.level)
            })
    }
}

/// Counts the statements a rewriter saw.
private final class RewriteCounter: Sendable {
    private let count = Mutex(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}

/// A database in a temporary directory whose `owner` table is really `owner_v2`.
private final class RenamedTableDatabase {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-rewrite-\(UUID().uuidString)")
    let database: Database
    let calls = RewriteCounter()

    init() throws {
        database = Database(withPath: directory.appendingPathComponent("rewrite.db").path)
        try database.create(table: "owner_v2", of: Owner.self)
        database.addRewriter(TableRename(from: "owner", to: "owner_v2", calls: calls))
    }

    deinit {
        database.close()
        try? FileManager.default.removeItem(at: directory)
    }

    /// What `owner_v2` holds, read without going through a tree.
    func stored() throws -> [String] {
        try database.getRows("SELECT id, name FROM owner_v2 ORDER BY id").map { "\($0[0].int64Value):\($0[1].stringValue)" }
    }
}

/// Statements pass through a database's rewriters after they are built and before they are prepared:
/// every CRUD verb, every chain call and every WINQ statement the user runs.
@Suite struct RewritePassTests {
    @Test func everyVerbSeesTheRenamedTable() throws {
        let scratch = try RenamedTableDatabase()
        let database = scratch.database
        typealias P = Owner.Properties
        try database.insert(objects: (1...5).map { Owner(id: Int64($0), name: "n\($0)") }, intoTable: "owner")
        #expect(try scratch.stored() == ["1:n1", "2:n2", "3:n3", "4:n4", "5:n5"])

        // Row-by-row read (found by the condition's node) and a read built per call.
        let two: Owner? = try database.getObject(fromTable: "owner", where: P.id == 2)
        #expect(two?.name == "n2")
        let later: [Owner] = try database.getObjects(fromTable: "owner", where: P.id > 2, orderBy: [P.id.asOrder(by: .descending)],
                                                     limit: 2)
        #expect(later.map(\.id) == [5, 4])

        // Row-by-row update, update with clauses, delete.
        try database.update(table: "owner", on: P.name, with: Owner(id: 0, name: "two"), where: P.id == 2)
        try database.update(table: "owner", on: P.name, with: ["many"], where: P.id >= 4)
        try database.delete(fromTable: "owner", where: P.id == 3)
        #expect(try scratch.stored() == ["1:n1", "2:two", "4:many", "5:many"])

        // Values, chain calls and the object updater.
        #expect(try database.getValue(on: P.id.max(), fromTable: "owner").int64Value == 5)
        let chained = try database.prepareSelect(of: Owner.self, fromTable: "owner").where(P.name == "many").allObjects()
        #expect(chained.map(\.id) == [4, 5])
        try database.insertOrReplace(objects: [Owner(id: 1, name: "one")], intoTable: "owner")
        #expect(try scratch.stored().first == "1:one")
    }

    @Test func statementsTheUserBuildsAreRewrittenTooColumnsQualifiedByTheTableIncluded() throws {
        let scratch = try RenamedTableDatabase()
        let database = scratch.database
        try database.insert(objects: [Owner(id: 1, name: "a"), Owner(id: 2, name: "b")], intoTable: "owner")
        let id = Column(named: "id").in(table: "owner")
        try database.exec(StatementUpdate().update(table: "owner").set(Column(named: "name"), to: "c").where(id == 2))
        let select = StatementSelect().select(Column(named: "name").in(table: "owner")).from("owner")
            .where(id.in(StatementSelect().select(Column(named: "id")).from("owner").where(Column(named: "name") == "c")))
        #expect(try database.getRows(from: select).map { $0[0].stringValue } == ["c"])
        #expect(select.description.contains("owner.name"), "description prints the statement as built, before any rewrite")
        let statement = try database.prepare(StatementSelect().select(Column.all.count()).from("owner"))
        defer { statement.finalize() }
        #expect(try statement.step())
        #expect(statement.value(atIndex: 0).int64Value == 2)
    }

    @Test func aStatementIsRewrittenWhenPreparedNotEachTimeItRuns() throws {
        let scratch = try RenamedTableDatabase()
        let database = scratch.database
        try database.insert(objects: [Owner(id: 1, name: "a")], intoTable: "owner")
        let before = scratch.calls.value
        for _ in 0..<50 {
            let owner: Owner? = try database.getObject(fromTable: "owner", where: Owner.Properties.id == 1)
            #expect(owner?.name == "a")
        }
        // One rewrite for the statement on the handle that prepared it; the other 49 calls reuse it.
        #expect(scratch.calls.value - before == 1)
    }

    @Test func removingTheRewritersDropsTheStatementsPreparedUnderThem() throws {
        let scratch = try RenamedTableDatabase()
        let database = scratch.database
        try database.insert(objects: [Owner(id: 1, name: "a")], intoTable: "owner")
        let owner: Owner? = try database.getObject(fromTable: "owner", where: Owner.Properties.id == 1)
        #expect(owner != nil)
        database.removeRewriters()
        // Without the rewrite, `owner` does not exist: the handle's statement for it must not be reused.
        #expect(throws: WCDBError.self) {
            let _: Owner? = try database.getObject(fromTable: "owner", where: Owner.Properties.id == 1)
        }
    }
}

/// A rewriter that changes nothing and asks for `prelude` before every statement.
private struct PreludeGiver: StatementRewriter {
    let prelude: Prelude
    func rewrite(_ statement: StatementNode) -> StatementNode? { nil }
    func prelude(for statement: StatementNode) -> Prelude { prelude }
}

/// The preludes of a database's rewriters run in the rewriters' order. A key shortcut lets the handle
/// skip a prelude's condition, which covers only its own prelude's statements: it survives only when
/// one rewriter asks for a prelude.
@Suite struct PreludeCombinationTests {
    private static let lookup = Prelude(statements: ["SELECT 1 FROM a WHERE rowid = ?1", "INSERT INTO b SELECT * FROM a"],
                                        keyCeiling: Prelude.KeyCeiling(parameter: 1, ceiling: 100))
    private static let other = Prelude(statements: ["SELECT 1 FROM c", "DELETE FROM c"])

    @Test(arguments: [
        ([lookup], lookup.statements, true),
        ([Prelude(), lookup], lookup.statements, true),
        ([lookup, Prelude()], lookup.statements, true),
        ([lookup, other], lookup.statements + other.statements, false),
        ([other, lookup], other.statements + lookup.statements, false),
    ])
    func preludesOfSeveralRewriters(_ preludes: [Prelude], statements: [String], keepsShortcut: Bool) {
        var rewriters = StatementRewriters()
        for prelude in preludes { rewriters.append(PreludeGiver(prelude: prelude)) }
        let (_, combined) = rewriters.rewrite(.delete(DeleteNode()))
        #expect(combined.statements == statements)
        #expect((combined.keyCeiling != nil) == keepsShortcut)
    }
}
