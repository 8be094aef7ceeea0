import Foundation
import WCDBSwift
import XCTest

/// WCDB 2.x's test object, as its tests use it: a class with an auto-increment key.
final class TestObject: TableCodable, Equatable {
    static let name = "testTable"
    // @PrimaryKey(autoIncrement: true)
    var variable1: Int? = nil
    var variable2: String? = nil
    var isAutoIncrement: Bool = false
    var lastInsertedRowID: Int64 = 0

    init() {}

    init(_ variable1: Int?, _ variable2: String?) {
        self.variable1 = variable1
        self.variable2 = variable2
    }

    static func == (lhs: TestObject, rhs: TestObject) -> Bool {
        lhs.variable1 == rhs.variable1 && lhs.variable2 == rhs.variable2
    }
}

/// A model of another shape, to check a chain call refuses it.
struct Plain: TableCodable {
    var id: Int = 0
}

extension DatabaseTestCase {
    /// Creates `testTable` (`TestObject.name`) and inserts `objects` into it; returns them.
    @discardableResult
    func fillTestTable(with objects: [TestObject]) throws -> [TestObject] {
        try database.create(table: TestObject.name, of: TestObject.self)
        try database.insert(objects, intoTable: TestObject.name)
        return objects
    }

    /// `testTable`'s objects, by key.
    func storedTestObjects() throws -> [TestObject] {
        try database.getObjects(fromTable: TestObject.name, orderBy: [TestObject.Properties.variable1.order(.ascending)])
    }

    /// The texts (`variable2`) of `testTable`'s objects, by key.
    func storedTexts() throws -> [String?] {
        try storedTestObjects().map(\.variable2)
    }
}
