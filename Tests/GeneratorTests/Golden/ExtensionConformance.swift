import Foundation

// Models whose conformance is declared in an extension: here, or in ExtensionConformance+Table.swift.
public struct Letter {
    // @PrimaryKey(autoIncrement: true)
    public var id: Int? = nil
    // @NotNull @Default("")
    public var body: String = ""
    public var sentAt: Date = Date()
}

extension Letter: TableCodable {}

/// Made a model in the other file; Codable here (where Swift synthesizes it), so it keeps Swift's CodingKeys.
struct Stamp {
    // @PrimaryKey
    var code: String = ""
    var price: Double = 0
}

extension Stamp: Codable {}

// A final class, made a model in the other file (module-qualified there).
final class Parcel: AutoIncrementHooks {
    // @PrimaryKey(autoIncrement: true)
    var id: Int? = nil
    var weight: Double = 0
    override init() {}
}

class AutoIncrementHooks {
    var isAutoIncrement: Bool = false
}

enum Post {
    /// Made a read-only model (TableDecodable) in the other file, as `Post.Office`.
    struct Office {
        var name: String = ""
        var town: String? = nil
    }
}

/// Not a model: nothing names a model protocol for it.
struct Envelope {
    var size: Int = 0
}
