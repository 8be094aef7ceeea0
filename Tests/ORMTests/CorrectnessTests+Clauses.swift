import Foundation
@testable import WCDBSwift
import WCDBTestSupport
import XCTest

/// Property lists, clause rules, honest change counts, one statement per prepare, schema drift.
extension CorrectnessTests {
    // MARK: A property of another model never binds or reads the wrong field

    func testPropertiesOfAnotherModelAreRefusedByEveryObjectVerb() throws {
        try database.create(table: "owner", of: Owner.self)
        try database.insert(objects: Owner(id: 1, name: "one"), intoTable: "owner")
        let foreign = UniqueName.Properties.name
        func assertForeign(_ body: @autoclosure () throws -> Void, _ verb: String) {
            XCTAssertThrowsError(try body(), verb) { error in
                XCTAssertTrue("\(error)".contains("is not a property of Owner"), "\(verb): \(error)")
            }
        }
        assertForeign(try database.insert(objects: [Owner(id: 2, name: "two")], on: [foreign], intoTable: "owner"), "insert")
        assertForeign(try database.update(table: "owner", on: foreign, with: Owner(id: 1, name: "x")), "update")
        assertForeign(_ = try database.getObjects(on: [foreign], fromTable: "owner") as [Owner], "getObjects")
        assertForeign(_ = try database.prepareSelect(on: foreign, fromTable: "owner").allObjects() as [Owner], "prepareSelect")
        assertForeign(try database.prepareUpdate(table: "owner", on: foreign).execute(with: Owner(id: 1, name: "y")), "prepareUpdate")
        let unchanged: [Owner] = try database.getObjects(fromTable: "owner")
        XCTAssertEqual(unchanged.map(\.name), ["one"], "nothing was written by the refused calls")
    }

    // MARK: One rule for ORDER BY, LIMIT and OFFSET

    func testOrderAccumulatesAndLimitsReplaceInEveryStatement() {
        let a = Column(named: "a"), b = Column(named: "b")
        XCTAssertEqual(StatementUpdate().update(table: "t").set(a, to: 1).order(by: a).order(by: b).limit(1).description,
                       "UPDATE t SET a = 1 ORDER BY a, b LIMIT 1")
        XCTAssertEqual(StatementDelete().delete(fromTable: "t").order(by: a).order(by: b).limit(from: 2, to: 3).limit(1).description,
                       StatementSelect().select(a).from("t").order(by: a).order(by: b).limit(from: 2, to: 3).limit(1).description
                           .replacingOccurrences(of: "SELECT a FROM t", with: "DELETE FROM t"))
        XCTAssertEqual(StatementSelect().select(a).from("t").limit(from: 2, to: 3).limit(1).description,
                       "SELECT a FROM t LIMIT 1 OFFSET 2", "a later limit keeps the range's offset and replaces its count")
        XCTAssertEqual(StatementUpdate().update(table: "t").set(a, to: 1).limit(from: 2, to: 3).offset(5).description,
                       "UPDATE t SET a = 1 LIMIT 3 OFFSET 5")
    }

    func testChainUpdateOrderAppendsAndMultiSelectHasOffset() throws {
        try database.create(table: "owner", of: Owner.self)
        try database.insert(objects: (1...5).map { Owner(id: Int64($0), name: "n\($0 % 2)") }, intoTable: "owner")
        let update = try database.prepareUpdate(table: "owner", on: Owner.Properties.name)
            .order(by: Owner.Properties.name.asOrder(by: .descending)).order(by: Owner.Properties.id.asOrder(by: .descending)).limit(1)
        try update.execute(with: Owner(id: 0, name: "changed"))
        let changed: [Owner] = try database.getObjects(fromTable: "owner", where: Owner.Properties.name == "changed")
        XCTAssertEqual(changed.map(\.id), [5], "n1 rows first, then the highest id: both orders applied")

        let select = try database.prepareMultiSelect(on: [Owner.Properties.id.in(table: "owner"), Owner.Properties.name.in(table: "owner")],
                                                     fromTables: ["owner"])
            .order(by: [Owner.Properties.id.in(table: "owner").asOrder(by: .ascending)]).limit(2).offset(1)
        XCTAssertEqual(try select.allMultiObjects().compactMap { ($0["owner"] as? Owner)?.id }, [2, 3])
    }

    // MARK: Honest change counts

    func testChainInsertChangesAreWhatSQLiteReports() throws {
        try database.create(table: "u", of: UniqueName.self)
        let insert = try database.prepareInsert(of: UniqueName.self, intoTable: "u")
        try insert.execute(with: [UniqueName(name: "a"), UniqueName(name: "b")])
        XCTAssertEqual(insert.changes, 2)
        try insert.execute(with: [UniqueName(name: "a"), UniqueName(name: "c")])
        XCTAssertEqual(insert.changes, 1, "the ignored duplicate changed nothing")
    }

    // MARK: One statement per prepare

    func testPrepareRefusesTextWithMoreThanOneStatement() throws {
        try database.exec("CREATE TABLE t(a)")
        XCTAssertThrowsError(try database.prepare("INSERT INTO t VALUES (1); DROP TABLE t")) { error in
            XCTAssertTrue("\(error)".contains("one SQL statement"), "\(error)")
        }
        XCTAssertTrue(try database.isTableExists("t"))
        // Trailing blanks, semicolons and comments are fine.
        let statement = try database.prepare("SELECT count(*) FROM t; -- a comment\n ")
        XCTAssertTrue(try statement.step())
        statement.finalize()
    }

    // MARK: Schema drift is reported, not silent

    func testRecreatingATableWithNewConstraintsOnExistingColumnsWarns() throws {
        let warnings = Box<[WCDBError]>([])
        database.traceError { error in if error.level == .warning { warnings.with { $0.append(error) } } }
        try database.create(table: "u", of: UniqueName.self)
        try database.create(table: "u", of: UniqueName.self)
        XCTAssertEqual(warnings.with { $0.count }, 0, "the same model again is no drift")
        try database.create(table: "u", of: UniqueNameStricter.self)
        let warning = try XCTUnwrap(warnings.with { $0.first })
        let message = warning.message ?? ""
        XCTAssertTrue(message.contains("name") && message.contains("UniqueNameStricter"), message)
        XCTAssertEqual(warning.path, database.path)

        try database.create(virtualTable: "search", of: AnnotatedSearch.self)
        XCTAssertTrue(warnings.with { $0.contains { ($0.message ?? "").contains("virtual table search") && ($0.message ?? "").contains("body") } },
                      "\(warnings.with { $0 })")
        database.traceError(nil)
    }
}
