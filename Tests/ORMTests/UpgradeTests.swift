import Foundation
import WCDBSwift
import XCTest

/// Version 1 of the guide's upgrade scenario (1.2.7).
struct SampleV1: TableCodable {
    var identifier: Int? = nil
    var description: String? = nil
    var createDate: Date? = nil
}

/// Version 2: `description` renamed to `content` by alias, `createDate` removed, `title` and its index added.
struct SampleV2: TableCodable {
    var identifier: Int? = nil
    // @Column("description")
    var content: String? = nil
    // @Index("_index")
    var title: String? = nil
}

final class UpgradeTests: DatabaseTestCase {
    func testTheGuidesUpgradeScenario() throws {
        try database.create(table: "sampleTable", of: SampleV1.self)
        try database.insert(objects: [SampleV1(identifier: 1, description: "one", createDate: Date(timeIntervalSince1970: 0)),
                                      SampleV1(identifier: 2, description: "two", createDate: nil)],
                            intoTable: "sampleTable")

        try database.create(table: "sampleTable", of: SampleV2.self)

        let columns = try rows("PRAGMA table_info(sampleTable)").map { $0[1].stringValue }
        XCTAssertEqual(columns, ["identifier", "description", "createDate", "title"],
                       "title is added; createDate is left alone (ignored, not dropped)")
        let indexes = try rows("PRAGMA index_list(sampleTable)").map { $0[1].stringValue }
        XCTAssertEqual(indexes, ["sampleTable_index"])

        let objects: [SampleV2] = try database.getObjects(fromTable: "sampleTable")
        XCTAssertEqual(objects.map(\.content), ["one", "two"], "version 1 rows survive; description reads as content")
        XCTAssertEqual(objects.map(\.title), [nil, nil])

        var third = SampleV2(identifier: 3, content: "three", title: "new")
        try database.insert(&third, intoTable: "sampleTable")
        XCTAssertEqual(try database.getValue(on: SampleV2.Properties.title, fromTable: "sampleTable",
                                             where: SampleV2.Properties.identifier == 3).stringValue, "new")
        // Creating again is idempotent.
        XCTAssertNoThrow(try database.create(table: "sampleTable", of: SampleV2.self))
    }
}

final class ConditionalModelTests: DatabaseTestCase {
    func testAModelUnderIfCompilesAndWorks() throws {
        try database.create(table: "conditioned", of: Conditioned.self)
        try database.insert(objects: Conditioned(value: 7), intoTable: "conditioned")
        let read: Conditioned? = try database.getObject(fromTable: "conditioned")
        XCTAssertEqual(read?.value, 7)
    }
}
