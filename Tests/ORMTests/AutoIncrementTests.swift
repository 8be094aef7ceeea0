import Foundation
import WCDBSwift
import XCTest

/// An auto-increment key: the next key is given to the object (a class's `lastInsertedRowID`, a struct's
/// key through an inout insert) and a key set by the caller is kept.
final class AutoIncrementTests: DatabaseTestCase {
    // 1.2.3.1: auto-increment gives 1 then 2; a specific key is kept.
    func testAutoIncrementGivesOneThenTwo() throws {
        try database.create(table: "sampleTable", of: SampleObject.self)
        let autoIncrementObject = SampleObject()
        autoIncrementObject.isAutoIncrement = true
        try database.insert(objects: autoIncrementObject, intoTable: "sampleTable")
        XCTAssertEqual(autoIncrementObject.lastInsertedRowID, 1)
        try database.insert(objects: autoIncrementObject, intoTable: "sampleTable")
        XCTAssertEqual(autoIncrementObject.lastInsertedRowID, 2)

        let specificObject = SampleObject()
        specificObject.identifier = 10
        try database.insert(objects: specificObject, intoTable: "sampleTable")
        let identifiers = try database.getColumn(on: SampleObject.Properties.identifier, fromTable: "sampleTable")
        XCTAssertEqual(identifiers.map(\.int64Value), [1, 2, 10])
    }

    // Structs: the inout insert writes the new key back.
    func testStructAutoIncrementWritesTheKeyBack() throws {
        try database.create(table: "annotated", of: Annotated.self)
        var first = Annotated()
        try database.insert(&first, intoTable: "annotated")
        var second = Annotated()
        try database.insert(&second, intoTable: "annotated")
        XCTAssertEqual(first.localID, 1)
        XCTAssertEqual(second.localID, 2)
        var explicit = Annotated()
        explicit.localID = 40
        try database.insert(&explicit, intoTable: "annotated")
        XCTAssertEqual(explicit.localID, 40)
    }
}
