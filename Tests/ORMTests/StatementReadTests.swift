import Foundation
import WCDBSwift
import XCTest

/// Reads of a WINQ `StatementSelect`: rows, a row, a column, a value (nil when there is no row), and
/// objects filled from result columns by name.
final class StatementReadTests: DatabaseTestCase {
    func testReadsFromStatements() throws {
        try fillTestTable(with: [TestObject(1, "one"), TestObject(2, "two")])
        let all = StatementSelect().select(Column.all).from(TestObject.name).order(by: Column(named: "variable1").order(.ascending))
        let rows: MultiRowsValue = try database.getRows(from: all)
        XCTAssertEqual(rows, [[.integer(1), .text("one")], [.integer(2), .text("two")]])
        let row: OneRowValue? = try database.getRow(from: all)
        XCTAssertEqual(row, [.integer(1), .text("one")])
        let column: OneColumnValue = try database.getColumn(from: StatementSelect().select(Column(named: "variable2")).from(TestObject.name))
        XCTAssertEqual(Set(column.map(\.stringValue)), ["one", "two"])
        XCTAssertEqual(try database.getValue(from: StatementSelect().select(Column(named: "variable1").max()).from(TestObject.name)), .integer(2))
        let none = StatementSelect().select(Column.all).from(TestObject.name).where(Column(named: "variable1") > 9)
        XCTAssertNil(try database.getValue(from: none), none.description)

        // Objects: result columns fill the properties of the same name, in any order.
        let reversed = StatementSelect().select(Column(named: "variable2"), Column(named: "variable1")).from(TestObject.name)
            .order(by: Column(named: "variable1").order(.descending))
        let objects: [TestObject] = try database.getObjects(from: reversed)
        XCTAssertEqual(objects, [TestObject(2, "two"), TestObject(1, "one")])
        let onlyKey: TestObject? = try database.getObject(from: StatementSelect().select(Column(named: "variable1")).from(TestObject.name))
        XCTAssertEqual(onlyKey, TestObject(1, nil))
        XCTAssertThrowsError(try database.getRows(from: StatementSelect().select(Column.all).from("missing")))
    }

    func testReadsFromStatementsReturnOptionals() throws {
        try fillTestTable(with: [TestObject(1, "object1"), TestObject(2, "object2")])
        let max = try database.getValue(from: StatementSelect().select(TestObject.Properties.variable1.max()).from(TestObject.name))
        XCTAssertEqual(max?.intValue, 2)
        let row: OneRowValue? = try database.getRow(from: StatementSelect().select(TestObject.Properties.all).from(TestObject.name).limit(1))
        XCTAssertEqual(row?.count, TestObject.Properties.all.count)
        XCTAssertEqual(row?[1].stringValue, "object1")
        let rows: MultiRowsValue = try database.getRows(from: StatementSelect().select(TestObject.Properties.all).from(TestObject.name))
        XCTAssertEqual(rows[1][1].stringValue, "object2")
        let count = try database.getValue(from: StatementSelect().select(TestObject.Properties.any.count()).from(TestObject.name))
        XCTAssertEqual(count?.intValue, 2)
    }
}
