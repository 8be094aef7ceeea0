import Foundation
import WCDBSwift

/// The seeds' idiom (guide 1.2.3.1): an optional key and a computed `isAutoIncrement` that is always
/// true; the key has no `autoIncrement: true`, so the column has no AUTOINCREMENT keyword.
struct AlwaysAutoIncrement: TableCodable {
    // @PrimaryKey
    var identifier: Int? = nil
    var text: String? = nil
    var isAutoIncrement: Bool { true }
}

/// WCDB's class style with a stored flag, on a key without AUTOINCREMENT.
final class FlaggedSample: TableCodable {
    // @PrimaryKey
    var identifier: Int = 0
    var text: String? = nil
    var isAutoIncrement: Bool = false
    var lastInsertedRowID: Int64 = 0
    init() {}
}

/// WCDB's own test models keep the flags in a superclass.
class AutoIncrementBase {
    var isAutoIncrement: Bool = false
    var lastInsertedRowID: Int64 = 0
}

final class InheritingSample: AutoIncrementBase, TableCodable {
    // @PrimaryKey(autoIncrement: true)
    var identifier: Int? = nil
    var text: String? = nil
    override init() {}
}

/// A model nested in a type, using a sibling nested type.
enum Outer {
    enum Kind: Int {
        case small = 1, large = 2
    }
    struct Nested: TableCodable {
        // @PrimaryKey
        var id: Int = 0
        var kind: Kind = .small
        var kinds: Kind? = nil
    }
}

/// A model that is Codable for JSON too, with columns named like the generated lists.
struct JSONAndTable: TableCodable, Codable {
    // @PrimaryKey
    var id: Int = 0
    var all: String = ""
    var any: Int? = nil
}

/// The seeds' PartialSample as printed: a default value does not make a left-out property selectable.
struct DefaultedPartialSample: TableCodable {
    // @PrimaryKey
    var identifier: Int? = nil
    var description: String = ""
}

/// An indexed expression with a constant, for the planner test.
struct Measure: TableCodable {
    // @PrimaryKey
    var id: Int = 0
    var a: Int = 0
}

/// A column whose conflicts are ignored, so an insert can change nothing.
struct UniqueName: TableCodable {
    // @PrimaryKey
    var id: Int? = nil
    // @Unique(onConflict: .ignore)
    var name: String = ""
}

/// The same table as `UniqueName`, declared later with a constraint the existing column lacks.
struct UniqueNameStricter: TableCodable {
    // @PrimaryKey
    var id: Int? = nil
    // @Unique(onConflict: .ignore) @NotNull @Collate("NOCASE")
    var name: String = ""
}

/// A virtual table whose annotations SQLite's FTS module can't keep.
// @VirtualTable(module: "fts4")
struct AnnotatedSearch: TableCodable {
    // @NotNull
    var body: String = ""
}

/// A value only ever written (WCDB 2.x's encode-only models): it may hold a type that can't be read.
struct WriteOnlyEvent: TableEncodable {
    // @PrimaryKey
    var id: Int? = nil
    var payload: String = ""
}

/// A value only ever read (decode-only), here a class without `init()`-based writes.
struct ReadOnlyEvent: TableDecodable {
    // @PrimaryKey
    var id: Int? = nil
    var payload: String = ""
}
