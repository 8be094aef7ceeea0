import Foundation
import WCDBSwift
import XCTest

/// Inserts through the one-line verbs (labeled and unlabeled, partial, inout), `Table`'s own calls and an
/// `Insert` chain call kept in a stored property: what is written, and the key written back.
final class InsertTests: DatabaseTestCase {
    // The chain call as WCDB 2.x's tests keep it: stored, implicitly unwrapped, without type arguments.
    var insert: Insert!

    func testInsertChainHeldAsInsert() throws {
        let preInserted = try fillTestTable(with: [TestObject(1, "object1"), TestObject(2, "object2")])
        insert = try database.prepareInsert(of: TestObject.self, intoTable: TestObject.name)
        let object = TestObject(nil, "auto")
        object.isAutoIncrement = true
        try insert.execute(with: object)
        XCTAssertEqual(object.lastInsertedRowID, 3)
        try insert.execute(with: [TestObject]())
        XCTAssertEqual(insert.changes, 0)

        insert = try database.prepareInsertOrReplace(on: TestObject.Properties.variable1, TestObject.Properties.variable2,
                                                     intoTable: TestObject.name)
        try insert.execute(with: TestObject(1, "replaced"))
        insert = try database.prepareInsert(on: TestObject.Properties.variable1, intoTable: TestObject.name)
        try insert.execute(with: TestObject(4, "not written"))
        XCTAssertEqual(try storedTestObjects(), [TestObject(1, "replaced"), preInserted[1], TestObject(3, "auto"), TestObject(4, nil)])

        // An insert prepared for one model refuses another one's objects instead of binding them wrongly.
        XCTAssertThrowsError(try insert.execute(with: Plain(id: 9))) { error in
            XCTAssertEqual((error as? WCDBError)?.level, .interface, "\(error)")
        }
        // A chain call into a table name that is empty is prepared; running it throws SQLite's error.
        XCTAssertNoThrow(try database.prepareInsert(of: TestObject.self, intoTable: ""))
    }

    func testTableInsertInterface() throws {
        try fillTestTable(with: [TestObject(1, "object1"), TestObject(2, "object2")])
        let table = database.getTable(named: TestObject.name, of: TestObject.self)
        try table.insert(TestObject(3, "three"))
        try table.insertOrReplace(TestObject(1, "one"))
        let three = try table.getObject(where: TestObject.Properties.variable1 == 3)
        XCTAssertEqual(three, TestObject(3, "three"))
        XCTAssertEqual(try table.getObject(where: TestObject.Properties.variable1 == 1)?.variable2, "one")
        try table.insert(TestObject(5, "a"), TestObject(6, "b"), TestObject(7, "c"))
        XCTAssertEqual(try table.getValue(on: Column.all().count()).int64Value, 6)
    }

    func testUnlabeledInsertAndAutoIncrement() throws {
        try fillTestTable(with: [TestObject(1, "one"), TestObject(2, "two")])
        let object = TestObject()
        object.isAutoIncrement = true
        object.variable2 = "three"
        try database.insert(object, intoTable: TestObject.name)
        XCTAssertEqual(object.lastInsertedRowID, 3)
        let read: TestObject? = try database.getObject(fromTable: TestObject.name, where: TestObject.Properties.variable1 == 3)
        XCTAssertEqual(read?.variable2, "three")

        let partial = TestObject(4, "dropped")
        try database.insert(partial, on: [TestObject.Properties.variable1], intoTable: TestObject.name)
        let partialRead: TestObject? = try database.getObject(fromTable: TestObject.name, where: TestObject.Properties.variable1 == 4)
        XCTAssertNotNil(partialRead)
        XCTAssertNil(partialRead?.variable2, "only the listed property is written")

        // The 1.x spellings still resolve to their own overloads.
        try database.insert(objects: TestObject(5, "five"), intoTable: TestObject.name)
        var inout6 = TestObject(nil, "six")
        inout6.isAutoIncrement = true
        try database.insert(&inout6, intoTable: TestObject.name)
        XCTAssertEqual(inout6.variable1, 6)
        XCTAssertEqual(try storedTexts(), ["one", "two", "three", nil, "five", "six"])
    }

    // 1.3.1: a partial insert leaves the other columns to their default or NULL.
    func testPartialInsert() throws {
        try database.create(table: "sampleTable", of: SampleObject.self)
        let object = SampleObject()
        object.identifier = 1
        object.description = "insert"
        try database.insert(objects: object, on: SampleObject.Properties.identifier, intoTable: "sampleTable")
        let row = try database.getRow(fromTable: "sampleTable")
        XCTAssertEqual(row[0].int64Value, 1)
        XCTAssertEqual(row[1], .null)
    }
}
