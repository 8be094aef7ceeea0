import Foundation
import WCDBSwift
import XCTest

/// Values, rows, columns and distinct values read from a database or a `Table`, and what an empty table
/// gives (an empty row, NULL values).
final class ValueReadTests: DatabaseTestCase {
    func testSelectInterfaceAndEmptyTable() throws {
        let preInserted = try fillTestTable(with: [TestObject(1, "object1"), TestObject(2, "object2")])
        let results: MultiRowsValue = try database.getRows(fromTable: TestObject.name, limit: 1, offset: 1)
        XCTAssertEqual(results[row: 0][1].stringValue, "object2")
        let one: OneRowValue = try database.getRow(fromTable: TestObject.name)
        XCTAssertEqual(one.count, 2)
        let distinct: OneColumnValue = try database.getDistinctColumn(on: TestObject.Properties.variable2, fromTable: TestObject.name,
                                                                      limit: 1, offset: 1)
        XCTAssertEqual(distinct.map(\.stringValue), ["object2"])
        let result: Value? = try database.getValue(on: TestObject.Properties.variable2, fromTable: TestObject.name)
        XCTAssertEqual(result?.stringValue, "object1")

        let table: Table<TestObject> = database.getTable(named: TestObject.name)
        XCTAssertEqual(try table.getDistinctColumn(on: TestObject.Properties.variable2, limit: 1).map(\.stringValue), ["object1"])
        XCTAssertEqual(try table.getColumn(on: TestObject.Properties.variable1, limit: 1, offset: 1).map(\.int64Value), [2])
        XCTAssertEqual(try table.getObject(), preInserted[0])

        // An empty table: an empty row, NULL values.
        try database.delete(fromTable: TestObject.name)
        XCTAssertEqual(try database.getRow(on: Column.all, fromTable: TestObject.name).count, 0)
        XCTAssertEqual(try database.getDistinctValue(on: Column.all, fromTable: TestObject.name).type, .null)
        XCTAssertEqual(try database.getValue(on: Column.all, fromTable: TestObject.name).type, .null)
        XCTAssertEqual(try table.getRow(on: Column.all).count, 0)
        XCTAssertEqual(try table.getDistinctValue(on: Column.all).type, .null)
        XCTAssertEqual(try table.getValue(on: Column.all).type, .null)
    }

    func testTableReadsAndValueNames() throws {
        try fillTestTable(with: [TestObject(1, "one"), TestObject(2, "two")])
        let table = database.getTable(named: TestObject.name, of: TestObject.self)
        let rows: MultiRowsValue = try table.getRows()
        XCTAssertEqual(rows[row: 1, column: 1].stringValue, "two")
        XCTAssertEqual(rows[row: 0], [.integer(1), .text("one")])
        let row: OneRowValue = try table.getRow(where: TestObject.Properties.variable1 == 2)
        XCTAssertEqual(row, [.integer(2), .text("two")])
        let partial: OneRowValue = try table.getRow(on: TestObject.Properties.variable2, orderBy: [TestObject.Properties.variable1.order(.descending)])
        XCTAssertEqual(partial, [.text("two")])
        let value: Value? = try database.getValue(on: TestObject.Properties.variable2, fromTable: TestObject.name)
        XCTAssertEqual(value?.stringValue, "one")
        XCTAssertEqual(Value(Int32(5)), .integer(5))
        let selected = try table.prepareRowSelect(on: TestObject.Properties.variable1).where(TestObject.Properties.variable1 > 1).allRows()
        XCTAssertEqual(selected, [[.integer(2)]])
        XCTAssertEqual(try table.prepareRowSelect().allRows().count, 2)
    }

    // 1.3.4.3: values, rows, columns, distinct.
    func testValueReads() throws {
        try insertSampleMatrix()
        let allRows = try database.getRows(fromTable: "sampleTable")
        XCTAssertEqual(allRows[row: 2, column: 0].int32Value, 3)
        let secondRow = try database.getRow(fromTable: "sampleTable", offset: 1)
        XCTAssertEqual(secondRow[0].int32Value, 2)
        let descriptionColumn = try database.getColumn(on: SampleObject.Properties.description, fromTable: "sampleTable")
        XCTAssertEqual(descriptionColumn.map(\.stringValue), ["sample1", "sample1", "sample2", "sample2", "sample2"])
        let distinct = try database.getDistinctColumn(on: SampleObject.Properties.description, fromTable: "sampleTable")
        XCTAssertEqual(distinct.map(\.stringValue), ["sample1", "sample2"])
        let value = try database.getValue(on: SampleObject.Properties.description, fromTable: "sampleTable", offset: 1)
        XCTAssertEqual(value.stringValue, "sample1")
        let maxIdentifier = try database.getValue(on: SampleObject.Properties.identifier.max(), fromTable: "sampleTable")
        XCTAssertEqual(maxIdentifier.int64Value, 5)
        let distinctDescription = try database.getDistinctValue(on: SampleObject.Properties.description, fromTable: "sampleTable")
        XCTAssertEqual(distinctDescription.stringValue, "sample1")
    }
}
