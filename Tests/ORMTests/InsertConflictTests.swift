import Foundation
import WCDBSwift
import XCTest

/// What an insert does when its key is taken: a plain insert fails, OR REPLACE replaces, OR IGNORE keeps
/// the stored row; the conflict actions' spellings.
final class InsertConflictTests: DatabaseTestCase {
    func testInsertOrReplaceAndInsertOrIgnore() throws {
        try fillTestTable(with: [TestObject(1, "one"), TestObject(2, "two")])
        try database.insertOrReplace(TestObject(1, "replaced"), intoTable: TestObject.name)
        try database.insertOrIgnore(TestObject(2, "ignored"), TestObject(3, "new"), intoTable: TestObject.name)
        try database.insertOrIgnore([TestObject(3, "ignored too")], intoTable: TestObject.name)
        XCTAssertEqual(try storedTexts(), ["replaced", "two", "new"])
        XCTAssertThrowsError(try database.insert(TestObject(1, "conflict"), intoTable: TestObject.name),
                             "a plain insert still fails on a conflict")

        let table = database.getTable(named: TestObject.name, of: TestObject.self)
        try table.insert(TestObject(4, "table"))
        try table.insertOrReplace(TestObject(4, "table replaced"))
        try table.insertOrIgnore(TestObject(4, "table ignored"))
        try table.prepareInsertOrIgnore().execute(with: TestObject(1, "chain ignored"), TestObject(5, "chain"))
        try table.prepareInsertOrReplace().execute(with: TestObject(2, "chain replaced"))
        let partial: Insert = try database.prepareInsertOrReplace(on: TestObject.Properties.variable1,
                                                                              intoTable: TestObject.name)
        XCTAssertTrue(partial.description.hasPrefix("INSERT OR REPLACE"), partial.description)
        try partial.execute(with: TestObject(6, "not written"))
        XCTAssertEqual(try storedTexts(), ["replaced", "chain replaced", "new", "table replaced", "chain", nil])
    }

    func testConflictActionSpellings() throws {
        XCTAssertEqual(ConflictAction.Replace, .replace)
        XCTAssertEqual(ConflictAction.Ignore, .ignore)
        XCTAssertEqual(ConflictAction.Rollback, .rollback)
        XCTAssertEqual(ConflictAction.Abort, .abort)
        XCTAssertEqual(ConflictAction.Fail, .fail)
        let statement = StatementInsert().insert(intoTable: "t", with: Column(named: "a")).onConflict(.Ignore)
            .values(1)
        XCTAssertEqual(statement.description, "INSERT OR IGNORE INTO t(a) VALUES(1)")
    }

    // 1.3.1: insert fails on a duplicate key; insertOrReplace replaces.
    func testInsertAndInsertOrReplace() throws {
        try database.create(table: "sampleTable", of: SampleObject.self)
        let object = SampleObject()
        object.identifier = 1
        object.description = "insert"
        try database.insert(objects: object, intoTable: "sampleTable")
        XCTAssertThrowsError(try database.insert(objects: object, intoTable: "sampleTable")) { error in
            XCTAssertEqual((error as? WCDBError)?.code, 19, "SQLITE_CONSTRAINT")
        }
        object.description = "insertOrReplace"
        try database.insertOrReplace(objects: object, intoTable: "sampleTable")
        let stored: SampleObject? = try database.getObject(fromTable: "sampleTable")
        XCTAssertEqual(stored?.description, "insertOrReplace")
    }
}
