import Foundation
import WCDBSwift

/// A chat message whose text and payload are compressed (`kind` picks a dictionary).
struct CompressedMessage: TableCodable, Equatable {
    // @PrimaryKey
    var id: Int64 = 0
    var kind: Int64 = 0
    var text: String = ""
    var payload: Data? = nil
}

/// A table whose compressed column would be indexed.
struct IndexedNote: TableCodable {
    // @PrimaryKey
    var id: Int64 = 0
    // @Index("noteTextIndex")
    var text: String = ""
}

/// WCDB 2.x's test object: an integer key and a text.
struct CompressionTestObject: TableCodable, Equatable {
    // @PrimaryKey
    var variable1: Int = 0
    var variable2: String = ""
}

/// WCDB 2.x's `CompressionTestObject` of its compression tests (src/objc/tests/compression/common): `text`
/// and `blob` are compressed, `textMatchId` and `blobMatchId` choose their dictionaries.
struct CompressingObject: TableCodable, Equatable {
    // @PrimaryKey(autoIncrement: true)
    var mainId: Int64? = nil
    var subId: Double = 0
    var text: String? = nil
    var textMatchId: Int64 = 0
    var blob: Data? = nil
    var blobMatchId: Int64 = 0
}
