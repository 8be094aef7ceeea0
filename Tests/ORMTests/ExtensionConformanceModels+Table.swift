import WCDBSwift

// The conformances of ExtensionConformanceModels.swift's types, declared away from the types.
extension ExtensionMessage: TableCodable {}

extension ORMTests.ExtensionNote: TableCodable {}

extension ExtensionMailbox.Summary: TableDecodable {}

/// A model and its conformance in one file.
struct ExtensionReceipt: Equatable {
    // @PrimaryKey
    var messageID: Int = 0
    var readAt: Double = 0
}

extension ExtensionReceipt: TableCodable {}
