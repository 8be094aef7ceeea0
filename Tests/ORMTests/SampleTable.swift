import Foundation
import WCDBSwift
import XCTest

/// The guide's `Sample` (2.2.3).
struct Sample: TableCodable {
    // @PrimaryKey
    var identifier: Int? = nil
    var description: String? = nil
}

/// The guide's `SampleMulti` (2.2.3).
struct SampleMulti: TableCodable {
    // @PrimaryKey
    var identifier: Int? = nil
    var description: String? = nil
}

extension DatabaseTestCase {
    /// The guide's 5-row matrix (1.3.4.3) in `sampleTable`: identifiers 1…5, descriptions sample1 ×2, sample2 ×3.
    func insertSampleMatrix() throws {
        try database.create(table: "sampleTable", of: SampleObject.self)
        let objects = (1...5).map { index -> SampleObject in
            let object = SampleObject()
            object.identifier = index
            object.description = index <= 2 ? "sample1" : "sample2"
            return object
        }
        try database.insert(objects: objects, intoTable: "sampleTable")
    }
}
