import Foundation
import WCDBSwift
import XCTest

/// A result column redirected with `as(_:)` (an aggregate, a count) decodes into the property it names.
final class AsRedirectTests: DatabaseTestCase {
    func testRedirectAndCountProperty() throws {
        try fillTestTable(with: [TestObject(1, "object1"), TestObject(2, "object2")])
        let counted: TestObject? = try database.getObject(on: TestObject.Properties.any.count().as(TestObject.Properties.variable1),
                                                          fromTable: TestObject.name)
        XCTAssertEqual(counted?.variable1, 2)
        let same: TestObject? = try database.getObject(on: TestObject.Properties.variable1.as(TestObject.Properties.variable1),
                                                       fromTable: TestObject.name)
        XCTAssertEqual(same?.variable1, 1)
        XCTAssertEqual(try database.getValue(on: TestObject.Properties.any.count(), fromTable: TestObject.name).int32Value, 2)
    }

    // 2.2: as-redirect decodes max(identifier) into identifier.
    func testAsRedirect() throws {
        try insertSampleMatrix()
        let object: SampleObject? = try database.getObject(
            on: SampleObject.Properties.identifier.max().as(SampleObject.Properties.identifier), fromTable: "sampleTable")
        XCTAssertEqual(object?.identifier, 5)
    }
}
