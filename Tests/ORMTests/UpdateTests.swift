import Foundation
import WCDBSwift
import XCTest

/// Updates with an object, a value list or a row, through the one-line verbs, `Table`'s calls and an
/// `Update` chain call kept in a stored property, with conditions, order, limit and offset.
final class UpdateTests: DatabaseTestCase {
    // The chain call as WCDB 2.x's tests keep it: stored, implicitly unwrapped, without type arguments.
    var update: Update!

    func testUpdateInterfaceAndChain() throws {
        try fillTestTable(with: [TestObject(1, "object1"), TestObject(2, "object2")])
        let order = [TestObject.Properties.variable1.order(.descending)]
        let object = TestObject(nil, "updated")
        try database.update(table: TestObject.name, on: TestObject.Properties.variable2, with: object, orderBy: order, limit: 1)
        XCTAssertEqual(try storedTestObjects().map(\.variable2), ["object1", "updated"])
        try database.update(table: TestObject.name, on: TestObject.Properties.variable2, with: ["row"], limit: 1, offset: 1)
        XCTAssertEqual(try storedTestObjects().map(\.variable2), ["object1", "row"])

        let table: Table<TestObject> = database.getTable(named: TestObject.name)
        try table.update(on: TestObject.Properties.variable2, with: object, where: TestObject.Properties.variable1 == 1)
        try table.update(on: TestObject.Properties.variable2, with: ["table row"], orderBy: order, limit: 1)
        XCTAssertEqual(try storedTestObjects().map(\.variable2), ["updated", "table row"])

        update = try database.prepareUpdate(table: TestObject.name, on: TestObject.Properties.variable2)
        try update.limit(from: 1, to: 2).execute(with: TestObject(nil, "chain"))
        XCTAssertEqual(update.changes, 1)
        XCTAssertEqual(try storedTestObjects().map(\.variable2), ["updated", "chain"])
        update = try database.prepareUpdate(table: TestObject.name, on: TestObject.Properties.variable2)
        try update.where(TestObject.Properties.variable1 == 1).order(by: TestObject.Properties.variable1.order(.descending))
            .limit(1).execute(with: TestObject(nil, "first"))
        XCTAssertEqual(try storedTestObjects().map(\.variable2), ["first", "chain"])
    }

    func testUpdateWithValueLists() throws {
        try fillTestTable(with: [TestObject(1, "one"), TestObject(2, "two")])
        try database.update(table: TestObject.name, on: TestObject.Properties.variable2, with: "first",
                            where: TestObject.Properties.variable1 == 1)
        try database.update(table: TestObject.name, on: [TestObject.Properties.variable1, TestObject.Properties.variable2],
                            with: 3, "second", where: TestObject.Properties.variable1 == 2)
        try database.update(table: TestObject.name, on: TestObject.Properties.variable1, TestObject.Properties.variable2,
                            with: 4, "third", where: TestObject.Properties.variable1 == 3)
        XCTAssertEqual(try storedTexts(), ["first", "third"])
        // The array forms still take a row, not one array value.
        try database.update(table: TestObject.name, on: TestObject.Properties.variable2, with: ["row"],
                            where: TestObject.Properties.variable1 == 1)
        try database.update(table: TestObject.name, on: [TestObject.Properties.variable2], with: ["row too"],
                            where: TestObject.Properties.variable1 == 4)
        XCTAssertEqual(try storedTexts(), ["row", "row too"])
        XCTAssertThrowsError(try database.update(table: TestObject.name, on: TestObject.Properties.variable2,
                                                 with: 1, 2), "two values for one column")
    }

    // 1.3.3: update with an object and with a row, with a condition and with a limit.
    func testUpdateWithObjectAndWithRow() throws {
        try insertSampleMatrix()
        let object = SampleObject()
        object.description = "update"
        try database.update(table: "sampleTable", on: SampleObject.Properties.description, with: object,
                            where: SampleObject.Properties.identifier > 1 && SampleObject.Properties.description.isNotNull())
        XCTAssertEqual(try database.getColumn(on: SampleObject.Properties.description, fromTable: "sampleTable").map(\.stringValue),
                       ["sample1", "update", "update", "update", "update"])
        let row: [ColumnCodableBase] = ["row"]
        try database.update(table: "sampleTable", on: SampleObject.Properties.description, with: row,
                            orderBy: [SampleObject.Properties.identifier.asOrder(by: .ascending)], limit: 3)
        XCTAssertEqual(try database.getColumn(on: SampleObject.Properties.description, fromTable: "sampleTable").map(\.stringValue),
                       ["row", "row", "row", "update", "update"])
    }
}
