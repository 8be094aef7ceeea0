import Foundation
import WCDBSwift
import XCTest

/// Deletes through the one-line verbs, `Table`'s calls and a `Delete` chain call kept in a stored property,
/// with conditions, order, limit and offset.
final class DeleteTests: DatabaseTestCase {
    // The chain call as WCDB 2.x's tests keep it: stored, implicitly unwrapped, without type arguments.
    var delete: Delete!

    func testDeleteInterfaceAndTable() throws {
        let preInserted = try fillTestTable(with: [TestObject(1, "object1"), TestObject(2, "object2")])
        let order = [TestObject.Properties.variable1.order(.descending)]
        try database.delete(fromTable: TestObject.name, orderBy: order, limit: 1)
        XCTAssertEqual(try storedTestObjects(), [preInserted[0]])
        try database.insert(preInserted[1], intoTable: TestObject.name)
        try database.delete(fromTable: TestObject.name, limit: 1, offset: 1)
        XCTAssertEqual(try storedTestObjects(), [preInserted[0]])

        let table: Table<TestObject> = database.getTable(named: TestObject.name)
        try table.insert(preInserted[1])
        try table.delete(where: TestObject.Properties.variable1 == 2)
        XCTAssertEqual(try storedTestObjects(), [preInserted[0]])
        try table.delete(limit: 1)
        XCTAssertEqual(try table.getObjects(), [])
    }

    func testDeleteChain() throws {
        let preInserted = try fillTestTable(with: [TestObject(1, "object1"), TestObject(2, "object2")])
        delete = try database.prepareDelete(fromTable: TestObject.name)
        try delete.limit(from: 1, to: 2).execute()
        XCTAssertEqual(delete.changes, 1)
        XCTAssertEqual(try storedTestObjects(), [preInserted[0]], "LIMIT 1, 2 skips the first row")
        let table = database.getTable(named: TestObject.name, of: TestObject.self)
        delete = try table.prepareDelete()
        try delete.where(TestObject.Properties.variable1 == 1).order(by: TestObject.Properties.variable1.order(.descending))
            .limit(1, offset: 0).execute()
        XCTAssertEqual(delete.changes, 1)
        XCTAssertEqual(try table.getObjects(), [])
    }

    // 1.3.2: delete with condition, order, limit and offset.
    func testDeleteWithOrderLimitAndOffset() throws {
        try insertSampleMatrix()
        try database.delete(fromTable: "sampleTable", orderBy: [SampleObject.Properties.identifier.asOrder(by: .descending)], limit: 2)
        XCTAssertEqual(try database.getColumn(on: SampleObject.Properties.identifier, fromTable: "sampleTable").map(\.int64Value), [1, 2, 3])
        try database.delete(fromTable: "sampleTable", where: SampleObject.Properties.description.isNotNull(),
                            orderBy: [SampleObject.Properties.identifier.asOrder(by: .descending)], limit: 1, offset: 1)
        XCTAssertEqual(try database.getColumn(on: SampleObject.Properties.identifier, fromTable: "sampleTable").map(\.int64Value), [1, 3])
        try database.delete(fromTable: "sampleTable", where: SampleObject.Properties.identifier > 1)
        XCTAssertEqual(try database.getColumn(on: SampleObject.Properties.identifier, fromTable: "sampleTable").map(\.int64Value), [1])
    }
}
