import Foundation
import WCDBSwift
import XCTest

/// Selects over several tables: rows of qualified columns, and multi-selects that map each table name to
/// its object.
final class MultiTableSelectTests: DatabaseTestCase {
    // The chain calls as WCDB 2.x's tests keep them: stored, implicitly unwrapped, without type arguments.
    var rowSelect: RowSelect!
    var multiSelect: MultiSelect!

    func testRowSelectOverTables() throws {
        try fillTestTable(with: [TestObject(1, "object1"), TestObject(2, "object2")])
        let table2 = "\(TestObject.name)_2"
        try database.create(table: table2, of: TestObject.self)
        try database.insert(TestObject(1, "object3"), intoTable: table2)
        let key1 = TestObject.Properties.variable1.in(table: TestObject.name)
        let key2 = TestObject.Properties.variable1.in(table: table2)
        let rows = try database.prepareRowSelect(on: TestObject.Properties.variable2.in(table: TestObject.name),
                                                 TestObject.Properties.variable2.in(table: table2),
                                                 fromTables: [TestObject.name, table2])
            .where(key1 == key2).allRows()
        XCTAssertEqual(rows, [["object1", "object3"]])
        let everything = try database.prepareRowSelect(fromTables: [TestObject.name, table2]).where(key1 == key2).allRows()
        XCTAssertEqual(everything[row: 0, column: 3].stringValue, "object3")
        // No table: prepared without complaint, as in 2.x; running it is SQLite's error.
        rowSelect = try database.prepareRowSelect(fromTables: [])
        XCTAssertThrowsError(try rowSelect.allRows())
    }

    func testMultiSelectHeldAsMultiSelect() throws {
        let preInserted = try fillTestTable(with: [TestObject(1, "object1"), TestObject(2, "object2")])
        try database.create(table: Companion.name, of: Companion.self)
        try database.insert([Companion(variable1: 1, variable2: "multi1"), Companion(variable1: 2, variable2: "multi2")],
                            intoTable: Companion.name)
        multiSelect = try database.prepareMultiSelect(on: TestObject.Properties.variable1.in(table: TestObject.name),
                                                      TestObject.Properties.variable2.in(table: TestObject.name),
                                                      Companion.Properties.variable1.in(table: Companion.name),
                                                      Companion.Properties.variable2.in(table: Companion.name),
                                                      fromTables: [TestObject.name, Companion.name])
            .where(TestObject.Properties.variable1.in(table: TestObject.name) == Companion.Properties.variable1.in(table: Companion.name))
        let results: [[String: TableDecodableBase]] = try multiSelect.order(by: TestObject.Properties.variable1.in(table: TestObject.name).order(.descending))
            .limit(1).allMultiObjects()
        XCTAssertEqual(results.count, 1)
        XCTAssertEqual(results[0][TestObject.name] as? TestObject, preInserted[1])
        XCTAssertEqual((results[0][Companion.name] as? Companion)?.variable2, "multi2")
    }

    // 2.2: multi-table select maps each table name to its object.
    func testMultiTableSelect() throws {
        try insertSampleMatrix()
        try database.create(table: "owner", of: Owner.self)
        try database.insert(objects: [Owner(id: 1, name: "one"), Owner(id: 3, name: "three")], intoTable: "owner")
        let select = try database.prepareMultiSelect(
            on: [SampleObject.Properties.identifier.in(table: "sampleTable"), SampleObject.Properties.description.in(table: "sampleTable"),
                 Owner.Properties.id.in(table: "owner"), Owner.Properties.name.in(table: "owner")],
            fromTables: ["sampleTable", "owner"],
            where: SampleObject.Properties.identifier.in(table: "sampleTable") == Owner.Properties.id.in(table: "owner").asProperty())
        let results = try select.allMultiObjects()
        XCTAssertEqual(results.count, 2)
        XCTAssertEqual(results.compactMap { ($0["sampleTable"] as? SampleObject)?.identifier }, [1, 3])
        XCTAssertEqual(results.compactMap { ($0["owner"] as? Owner)?.name }, ["one", "three"])
    }

    // 2.2.3: multi-table select, properties listed inline with a condition.
    func testMultiSelectWithPropertiesListedInline() throws {
        try database.create(table: "sampleTable", of: Sample.self)
        try database.create(table: "sampleTableMulti", of: SampleMulti.self)
        try database.insert(objects: [Sample(identifier: 1, description: "a"), Sample(identifier: 2, description: "b")],
                            intoTable: "sampleTable")
        try database.insert(objects: [SampleMulti(identifier: 2, description: "multi")], intoTable: "sampleTableMulti")
        let tables = ["sampleTable", "sampleTableMulti"]

        let multiSelect = try database.prepareMultiSelect(
                on:
                    Sample.Properties.identifier.in(table: "sampleTable"),
                    Sample.Properties.description.in(table: "sampleTable"),
                    SampleMulti.Properties.identifier.in(table: "sampleTableMulti"),
                    SampleMulti.Properties.description.in(table: "sampleTableMulti"),
                fromTables: tables,
                where: Sample.Properties.identifier.in(table: "sampleTable") == SampleMulti.Properties.identifier.in(table: "sampleTableMulti")
        )
        var pairs: [(Sample, SampleMulti)] = []
        while let multiObject = try multiSelect.nextMultiObject() {
            let sample = multiObject["sampleTable"] as? Sample
            let sampleMulti = multiObject["sampleTableMulti"] as? SampleMulti
            pairs.append((try XCTUnwrap(sample), try XCTUnwrap(sampleMulti)))
        }
        XCTAssertEqual(pairs.map { $0.0.description }, ["b"])
        XCTAssertEqual(pairs.map { $0.1.description }, ["multi"])
    }
}

/// MultiSelectTests' second model.
final class Companion: TableCodable {
    static let name = "MultiSelectObject"
    // @PrimaryKey(autoIncrement: true)
    var variable1: Int = 0
    var variable2: String = ""
    init() {}
    init(variable1: Int, variable2: String) {
        self.variable1 = variable1
        self.variable2 = variable2
    }
}
