import Foundation
import WCDBSwift
import XCTest

/// Objects read back: with conditions and order, partially (one property), after writes.
final class ObjectReadTests: DatabaseTestCase {
    // 1.1.3 / 1.3: insert, query, update, delete.
    func testObjectsReadBackAfterInsertUpdateAndDelete() throws {
        try database.create(table: "sampleTable", of: SampleObject.self)
        let object = SampleObject()
        object.identifier = 1
        object.description = "sample_insert"
        try database.insert(objects: object, intoTable: "sampleTable")
        let objects: [SampleObject] = try database.getObjects(fromTable: "sampleTable")
        XCTAssertEqual(objects.map(\.description), ["sample_insert"])

        let update = SampleObject()
        update.description = "sample_update"
        try database.update(table: "sampleTable", on: SampleObject.Properties.description, with: update,
                            where: SampleObject.Properties.identifier > 0)
        let updated: [SampleObject] = try database.getObjects(fromTable: "sampleTable")
        XCTAssertEqual(updated.map(\.description), ["sample_update"])

        try database.delete(fromTable: "sampleTable")
        let remaining: [SampleObject] = try database.getObjects(fromTable: "sampleTable")
        XCTAssertTrue(remaining.isEmpty)
    }

    // 1.3.4.1: object reads with conditions and order.
    func testGetObjects() throws {
        try insertSampleMatrix()
        let objects: [SampleObject] = try database.getObjects(
            fromTable: "sampleTable",
            where: SampleObject.Properties.identifier < 2 || SampleObject.Properties.identifier > 4)
        XCTAssertEqual(objects.compactMap(\.identifier), [1, 5])
        let object: SampleObject? = try database.getObject(fromTable: "sampleTable",
                                                           orderBy: [SampleObject.Properties.identifier.asOrder(by: .descending)])
        XCTAssertEqual(object?.identifier, 5)
    }

    // 1.3.4.2: a partial select works for optionals and fails clearly for a required field.
    func testPartialSelect() throws {
        try insertSampleMatrix()
        let partial: [SampleObject] = try database.getObjects(on: SampleObject.Properties.identifier, fromTable: "sampleTable")
        XCTAssertEqual(partial.compactMap(\.identifier), [1, 2, 3, 4, 5])
        XCTAssertTrue(partial.allSatisfy { $0.description == nil })

        XCTAssertThrowsError(try database.getObjects(on: PartialSample.Properties.identifier, fromTable: "sampleTable") as [PartialSample]) { error in
            let error = error as? WCDBError
            XCTAssertEqual(error?.level, .interface)
            XCTAssertTrue(error?.message?.contains("PartialSample.description") == true, "\(String(describing: error))")
        }
    }

    // 1.5.5: a property selects and decodes one field.
    func testPropertyAndStatementSelect() throws {
        try insertSampleMatrix()
        let property = SampleObject.Properties.identifier.asProperty()
        let objects: [SampleObject] = try database.getObjects(on: property, fromTable: "sampleTable")
        XCTAssertEqual(objects.count, 5)
        let statement = StatementSelect().select(SampleObject.Properties.identifier).from("sampleTable")
        XCTAssertEqual(statement.description, "SELECT identifier FROM sampleTable")
    }

    func testOrderSpellings() throws {
        try fillTestTable(with: [TestObject(1, "one"), TestObject(2, "two")])
        XCTAssertEqual(TestObject.Properties.variable1.order(.descending).description,
                       TestObject.Properties.variable1.asOrder(by: .descending).description)
        XCTAssertEqual(Column(named: "a").order(.ascending).description, "a ASC")
        let objects: [TestObject] = try database.getObjects(fromTable: TestObject.name,
                                                            orderBy: [TestObject.Properties.variable1.order(.descending)])
        XCTAssertEqual(objects.map(\.variable1), [2, 1])
    }
}
