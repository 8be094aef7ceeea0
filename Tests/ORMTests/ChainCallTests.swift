import Foundation
import WCDBSwift
import XCTest

/// Chain calls (`Select`, `RowSelect`, `Update`, `Delete`, `Insert`): built clause by clause, stepped one row at
/// a time or read whole, and kept in stored properties of their non-generic types as WCDB 2.x's tests keep them.
final class ChainCallTests: DatabaseTestCase {
    // The chain calls as WCDB 2.x's tests keep them: stored, implicitly unwrapped, without type arguments.
    var select: Select!
    var rowSelect: RowSelect!

    func testSelectChainHeldAsSelect() throws {
        let preInserted = try fillTestTable(with: [TestObject(1, "object1"), TestObject(2, "object2")])
        select = try database.prepareSelect(of: TestObject.self, fromTable: TestObject.name)
        let typed: [TestObject] = try select.where(TestObject.Properties.variable1 == 2).allObjects()
        XCTAssertEqual(typed, [preInserted[1]])

        select = try database.prepareSelect(of: TestObject.self, fromTable: TestObject.name)
        let untyped = try select.limit(from: 1, to: 1).allObjects()
        XCTAssertEqual(untyped as? [TestObject], [preInserted[1]])

        select = try database.prepareSelect(of: TestObject.self, fromTable: TestObject.name)
        var iterated: [TestObject] = []
        while let object: TestObject = try select.nextObject() { iterated.append(object) }
        XCTAssertEqual(iterated, preInserted)

        select = try database.prepareSelect(of: TestObject.self, fromTable: TestObject.name)
        var unspecific: [TestObject] = []
        while let object = try select.nextObject() { unspecific.append(try XCTUnwrap(object as? TestObject)) }
        XCTAssertEqual(unspecific, preInserted)

        // A partial select: the model comes from the property.
        select = try database.prepareSelect(on: TestObject.Properties.variable2.asProperty(), fromTable: TestObject.name)
        let partial: [TestObject] = try select.allObjects()
        XCTAssertEqual(partial.map(\.variable1), [nil, nil])
        XCTAssertEqual(partial.map(\.variable2), ["object1", "object2"])

        let table = database.getTable(named: TestObject.name, of: TestObject.self)
        select = try table.prepareSelect(of: TestObject.self)
        XCTAssertEqual(try select.order(by: TestObject.Properties.variable2.order(.descending)).allObjects() as [TestObject],
                       preInserted.reversed())
        select = try table.prepareSelect(on: TestObject.Properties.variable2.asProperty())
        XCTAssertEqual((try select.allObjects() as [TestObject]).map(\.variable2), ["object1", "object2"])

        // Asking for another model than the select's is an error, not a wrong decode.
        select = try database.prepareSelect(of: TestObject.self, fromTable: TestObject.name)
        XCTAssertThrowsError(try select.allObjects() as [Plain])
        // A missing table fails at the first read.
        select = try database.prepareSelect(on: TestObject.Properties.variable2.asProperty(), fromTable: "nonexistentTable")
        XCTAssertThrowsError(try select.nextObject())
    }

    func testRowSelectChain() throws {
        try fillTestTable(with: [TestObject(1, "object1"), TestObject(2, "object2")])
        rowSelect = try database.prepareRowSelect(fromTable: TestObject.name)
        XCTAssertEqual(try rowSelect.where(TestObject.Properties.variable1 == 1).allRows(), [[1, "object1"]])

        try database.insert([TestObject(3, "object1"), TestObject(4, "object2")], intoTable: TestObject.name)
        rowSelect = try database.prepareRowSelect(on: Column.all.count(), fromTable: TestObject.name)
        rowSelect.group(by: TestObject.Properties.variable2).having(TestObject.Properties.variable1 > 0)
        XCTAssertEqual(try rowSelect.allValues().map(\.int32Value), [2, 2], "group(by:) changed the select it was called on")

        let table: Table<TestObject> = database.getTable(named: TestObject.name)
        rowSelect = try table.prepareRowSelect(on: Column.all.count())
        rowSelect.group(by: TestObject.Properties.variable2)
        XCTAssertEqual(try rowSelect.allValues().count, 2)

        rowSelect = try database.prepareRowSelect(on: 1, 2.0, "3", fromTable: TestObject.name)
        let typed: OneRowValue? = try rowSelect.nextRow()
        XCTAssertEqual(typed?[0].int32Value, 1)
        XCTAssertEqual(typed?[1].doubleValue, 2.0)
        XCTAssertEqual(typed?[2].stringValue, "3")
        rowSelect = try table.prepareRowSelect(on: 1, 2.0, "3")
        XCTAssertEqual(try rowSelect.nextRow()?.count, 3)

        var values: OneColumnValue = []
        rowSelect = try table.prepareRowSelect(on: TestObject.Properties.variable1)
        while let value = try rowSelect.nextValue() { values.append(value) }
        XCTAssertEqual(values.map(\.int64Value), [1, 2, 3, 4])
    }

    // 2.2: chain calls.
    func testChainCalls() throws {
        try insertSampleMatrix()
        let select = try database.prepareSelect(of: SampleObject.self, fromTable: "sampleTable")
            .where(SampleObject.Properties.identifier > 1)
            .order(by: SampleObject.Properties.identifier.asOrder(by: .descending))
            .limit(3)
        XCTAssertEqual(try select.nextObject()?.identifier, 5, "streams one row at a time")
        XCTAssertEqual(try select.allObjects().compactMap(\.identifier), [4, 3], "then the rest")
        XCTAssertNil(try select.nextObject())

        let rowSelect = try database.prepareRowSelect(on: SampleObject.Properties.description, fromTable: "sampleTable", isDistinct: true)
        XCTAssertEqual(try rowSelect.allValues().map(\.stringValue), ["sample1", "sample2"])

        let update = try database.prepareUpdate(table: "sampleTable", on: SampleObject.Properties.description)
            .where(SampleObject.Properties.identifier == 1)
        try update.execute(with: ["chained"] as [ColumnEncodable])
        XCTAssertEqual(update.changes, 1)

        let delete = try database.prepareDelete(fromTable: "sampleTable").where(SampleObject.Properties.identifier >= 4)
        try delete.execute()
        XCTAssertEqual(delete.changes, 2)

        let insert = try database.prepareInsert(of: SampleObject.self, intoTable: "sampleTable")
        let object = SampleObject()
        object.identifier = 9
        try insert.execute(with: object)
        XCTAssertEqual(try database.getColumn(on: SampleObject.Properties.identifier, fromTable: "sampleTable").map(\.int64Value), [1, 2, 3, 9])
    }
}
