import Foundation
import WCDBSwift
import XCTest

/// A `Table` is a database with the table name and the model fixed: its reads and writes, beside the
/// database's, and a missing table is an error at the first call.
final class TableTests: DatabaseTestCase {
    func testReadsAndWritesAcrossTableAndDatabase() throws {
        try database.create(table: TestObject.name, of: TestObject.self)
        let table = database.getTable(named: TestObject.name, of: TestObject.self)
        try table.insert((0..<300).map { (i: Int) in TestObject(i, "\(i)") })
        try table.update(on: TestObject.Properties.variable2, with: ["abc"], where: TestObject.Properties.variable1 >= 100 && TestObject.Properties.variable1 < 200)
        try database.run(transaction: { _ in
            try table.delete(where: TestObject.Properties.variable1 >= 250)
        })
        XCTAssertEqual(try table.getObjects(on: TestObject.Properties.all, limit: 100, offset: 100).map(\.variable2),
                       Array(repeating: "abc", count: 100))
        XCTAssertEqual(try table.getColumn(on: TestObject.Properties.variable2, limit: 100, offset: 200).count, 50)
        XCTAssertEqual(try table.getRows(on: TestObject.Properties.all, limit: 100, offset: 0).count, 100)
        XCTAssertEqual(try table.getRow(on: TestObject.Properties.all).count, 2)
        let objects: [TestObject] = try database.getObjects(on: TestObject.Properties.all, fromTable: TestObject.name, limit: 10, offset: 245)
        XCTAssertEqual(objects.count, 5)
        XCTAssertEqual(try database.getRows(on: TestObject.Properties.all, fromTable: TestObject.name, limit: 10, offset: 0).count, 10)
        XCTAssertEqual(try database.getRow(on: TestObject.Properties.all, fromTable: TestObject.name).count, 2)
        let count = try database.getValue(from: StatementSelect().select(TestObject.Properties.any.count()).from(TestObject.name))
        XCTAssertEqual(count?.intValue, 250)
    }

    // 1.4.2: Table is a Database with the name and the model fixed. The guide writes `try` and says a
    // missing table is an error: getTable itself does not throw (WCDB 2.x), the first call on it does.
    func testMissingTableFailsAtTheFirstCall() throws {
        let missing = database.getTable(named: "sampleTable", of: SampleObject.self)
        XCTAssertThrowsError(try missing.getObjects()) { error in
            XCTAssertTrue((error as? WCDBError)?.message?.contains("no such table") ?? false, "\(error)")
        }
        try insertSampleMatrix()
        let table = try database.getTable(named: "sampleTable", of: SampleObject.self)
        XCTAssertEqual(try table.getObjects().count, 5)
        try table.delete(where: SampleObject.Properties.identifier > 3)
        XCTAssertEqual(try table.getObjects(orderBy: [SampleObject.Properties.identifier.asOrder(by: .descending)]).compactMap(\.identifier), [3, 2, 1])
    }
}
