import Foundation
import WCDBSwift
import XCTest

/// Every built-in column type, custom `ColumnCodable` and JSON columns, and encode-only or decode-only
/// models round-trip through a real table; a stored value that does not decode fails the read.
final class ColumnTypeTests: DatabaseTestCase {
    func testEncodeOnlyAndDecodeOnlyModelsWithCustomColumns() throws {
        try database.create(table: "partialCodable", of: DecodeOnly.self)
        var encodable = EncodeOnly()
        encodable.variable1 = EncodableColumn(variable1: 42)
        try database.insert(encodable, intoTable: "partialCodable")
        let decoded: DecodeOnly? = try database.getObject(fromTable: "partialCodable")
        XCTAssertEqual(decoded?.variable1.variable1, 42)
        XCTAssertEqual(try database.getValue(on: Column(named: "variable1"), fromTable: "partialCodable").type, .integer64)
    }

    func testEveryBuiltinTypeAtItsBoundaries() throws {
        try database.create(table: "Typed", of: TypedObject.self)
        for object in [TypedObject.upperBoundary(), TypedObject()] {
            try database.delete(fromTable: "Typed")
            try database.insert(object, intoTable: "Typed")
            let read: TypedObject? = try database.getObject(fromTable: "Typed")
            XCTAssertEqual(read, object)
        }
        // The custom column type is stored through its Value.
        XCTAssertEqual(try database.getValue(on: TypedObject.Properties.codable, fromTable: "Typed").type, .integer64)
        XCTAssertEqual(try database.getValue(on: TypedObject.Properties.jsonCodable, fromTable: "Typed").type, .BLOB)

        // A partial read on one property (the model's other properties are optional, as 2.x's test has them).
        try database.create(table: TestObject.name, of: TestObject.self)
        try database.insert(TestObject(1, "one"), intoTable: TestObject.name)
        let table = database.getTable(named: TestObject.name, of: TestObject.self)
        let partial = try table.getObject(on: TestObject.Properties.variable2)
        XCTAssertNil(partial?.variable1)
        XCTAssertEqual(partial?.variable2, "one")
        XCTAssertEqual(try table.getObjects(on: TestObject.Properties.variable1).map(\.variable1), [1])
    }

    func testEmptyTextForAJSONColumnFailsTheRead() throws {
        try database.create(table: "JSONMatch", of: JSONMatch.self)
        let handle = try database.getHandle()
        try handle.prepare(StatementInsert().insert(intoTable: "JSONMatch").columns(JSONMatch.Properties.variable1).values(BindParameter(1)))
        handle.bind("{}", toIndex: 1)
        try handle.step()
        handle.finalize()
        XCTAssertThrowsError(try database.getObject(fromTable: "JSONMatch") as JSONMatch?, "{} lacks the JSON object's field")
    }

    // 1.2.2.1: every built-in type round-trips exactly.
    func testEveryColumnTypeRoundTrips() throws {
        try database.create(table: "types", of: AllTypes.self)
        var value = AllTypes()
        value.id = 1
        value.int8 = .min
        value.int16 = .max
        value.int32 = .min
        value.int64 = .max
        value.uint = .max
        value.uint8 = .max
        value.uint16 = .max
        value.uint32 = .max
        value.uint64 = .max
        value.flag = true
        value.float = 1.25
        value.double = .pi
        value.text = "héllo 'quoted' \u{1F600}\0nul"
        value.url = URL(string: "https://example.com/a?b=c")
        value.data = Data([0, 1, 2, 255])
        value.date = Date(timeIntervalSince1970: 1_700_000_000.125) // stored as WCDB does: seconds since 1970
        value.list = ["a", "b"]
        value.map = ["x": 1]
        value.set = [3, 1, 2]
        value.mood = .sad
        value.optionalMood = .happy
        try database.insert(objects: value, intoTable: "types")
        let read: AllTypes? = try database.getObject(fromTable: "types")
        let stored = try XCTUnwrap(read)
        XCTAssertEqual(stored.int8, value.int8)
        XCTAssertEqual(stored.int16, value.int16)
        XCTAssertEqual(stored.int32, value.int32)
        XCTAssertEqual(stored.int64, value.int64)
        XCTAssertEqual(stored.uint, value.uint)
        XCTAssertEqual(stored.uint8, value.uint8)
        XCTAssertEqual(stored.uint16, value.uint16)
        XCTAssertEqual(stored.uint32, value.uint32)
        XCTAssertEqual(stored.uint64, value.uint64)
        XCTAssertEqual(stored.flag, true)
        XCTAssertEqual(stored.float, 1.25)
        XCTAssertEqual(stored.double, .pi)
        XCTAssertEqual(stored.text, value.text)
        XCTAssertEqual(stored.url, value.url)
        XCTAssertEqual(stored.data, value.data)
        XCTAssertEqual(stored.date, value.date, "Date round-trips exactly")
        XCTAssertEqual(stored.list, ["a", "b"])
        XCTAssertEqual(stored.map, ["x": 1])
        XCTAssertEqual(stored.set, [1, 2, 3])
        XCTAssertEqual(stored.mood, .sad)
        XCTAssertEqual(stored.optionalMood, .happy)
        XCTAssertNil(stored.optionalText)
        // The enum is stored as its raw value, the list as JSON in a BLOB (as WCDB stores it).
        XCTAssertEqual(try database.getValue(on: AllTypes.Properties.mood, fromTable: "types").stringValue, "sad")
        XCTAssertEqual(try database.getValue(on: AllTypes.Properties.list, fromTable: "types"), .blob(Data("[\"a\",\"b\"]".utf8)))
    }
}
