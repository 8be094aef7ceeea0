import Foundation

// Models as WCDB 2.x users often write them: the types here, their table conformances in
// ExtensionConformanceModels+Table.swift. This file names no model protocol at all, so the plugin gives
// it a command because another file of the target extends its types with one.

/// A message: a struct with annotations, made a model by an extension elsewhere.
struct ExtensionMessage: Equatable {
    // @PrimaryKey(autoIncrement: true)
    var localID: Int? = nil
    // @NotNull @Default("")
    var text: String = ""
    // @Index("_sentAt")
    var sentAt: Date = Date(timeIntervalSince1970: 0)
    // @Ignore
    var draft: String? = nil
}

// Codable for JSON, in an extension (Swift synthesizes it only in the type's own file): the model keeps
// Swift's own CodingKeys, and the generated code adds no `CodingKeys` alias.
extension ExtensionMessage: Codable {}

/// WCDB's auto-increment hooks in a base class that is not a model.
class ExtensionHooks {
    var isAutoIncrement: Bool = false
    var lastInsertedRowID: Int64 = 0
}

/// A final class made a model by a module-qualified extension elsewhere (`extension ORMTests.ExtensionNote`).
final class ExtensionNote: ExtensionHooks {
    // @PrimaryKey(autoIncrement: true)
    var id: Int? = nil
    var body: String = ""
    override init() {}
}

enum ExtensionMailbox {
    /// A nested read-only projection of the message table, made a decode-only model elsewhere.
    struct Summary: Equatable {
        var text: String = ""
        var sentAt: Date? = nil
    }
}
