import Foundation
import WCDBSwift

/// Uses every property annotation; its schema is checked against SQLite's own view of it.
struct Annotated: TableCodable {
    // @PrimaryKey(autoIncrement: true)
    var localID: Int? = nil
    // @Column("text") @NotNull @Default("")
    var content: String = ""
    // @Index("_createTime", order: .descending)
    var createTime: Date = Date(timeIntervalSinceReferenceDate: 0)
    // @Index("_multi", unique: true) @Unique(onConflict: .replace)
    var modifiedTime: Date? = nil
    // @Index("_multi", order: .descending)
    var kind: Int = 0
    // @Collate("NOCASE") @Check(title != "forbidden")
    var title: String = "t"
    // @ForeignKey(table: "owner", column: "id", onDelete: .cascade, onUpdate: .setNull)
    var ownerID: Int64? = nil
    // @Default(1.5)
    var ratio: Double = 1.5
    // @Ignore
    var draft: String? = nil
}

/// Composite keys, a table check and WITHOUT ROWID.
// @WithoutRowID
// @Check(personID > 0)
struct Pairing: TableCodable {
    // @MultiPrimary("pk")
    var groupID: Int64 = 0
    // @MultiPrimary("pk", order: .descending) @MultiUnique("person")
    var personID: Int64 = 1
    // @MultiUnique("person", order: .ascending)
    var role: String = ""
}

/// The owner table the foreign key points to.
struct Owner: TableCodable {
    // @PrimaryKey
    var id: Int64 = 0
    var name: String = ""
}

/// Every built-in column type and an enum stored by raw value.
struct AllTypes: TableCodable {
    enum Mood: String, Codable {
        case happy
        case sad
    }

    // @PrimaryKey
    var id: Int = 0
    var int8: Int8 = 0
    var int16: Int16 = 0
    var int32: Int32 = 0
    var int64: Int64 = 0
    var uint: UInt = 0
    var uint8: UInt8 = 0
    var uint16: UInt16 = 0
    var uint32: UInt32 = 0
    var uint64: UInt64 = 0
    var flag: Bool = false
    var float: Float = 0
    var double: Double = 0
    var text: String = ""
    var url: URL? = nil
    var data: Data = Data()
    var date: Date = Date(timeIntervalSinceReferenceDate: 0)
    var list: [String] = []
    var map: [String: Int] = [:]
    var set: Set<Int> = []
    var mood: Mood = .happy
    var optionalMood: Mood? = nil
    var optionalText: String? = nil
}

/// The seeds' class style: WCDB's `isAutoIncrement` / `lastInsertedRowID`.
final class SampleObject: TableCodable {
    // @PrimaryKey(autoIncrement: true)
    var identifier: Int? = nil
    var description: String? = nil
    var isAutoIncrement: Bool = false
    var lastInsertedRowID: Int64 = 0
}

/// The seeds' PartialSample: a non-optional field without a default can't be left out of a select.
struct PartialSample: TableCodable {
    var identifier: Int? = nil
    var description: String
}

/// A full-text index.
// @VirtualTable(module: "fts4", tokenizer: "porter")
struct Note: TableCodable {
    var body: String = ""
}

#if canImport(Foundation)
/// A model declared under `#if`: its generated bindings sit under the same condition.
struct Conditioned: TableCodable {
    var value: Int = 0
}
#else
struct Conditioned: TableCodable {
    var other: Int = 0
}
#endif

/// TableTests' baseline model.
final class BaselineObject: TableCodable {
    // @PrimaryKey(order: .ascending, autoIncrement: true)
    var anInt32: Int32 = -1
    var anInt64: Int64 = 17626545782784
    var aString: String = "string"
    var aData: Data = Data("data".utf8)
    var aDouble: Double = 0.001
    var isAutoIncrement: Bool = false
    var lastInsertedRowID: Int64 = 0
    init() {}
}

/// TableTests' model with an index.
struct IndexObject: TableCodable {
    // @Index("_index")
    var variable: Int32 = 0
}

/// TableTests' model with a multi-column unique constraint.
struct ConstraintObject: TableCodable {
    // @MultiUnique("unique")
    var variable1: Int32 = 0
    // @MultiUnique("unique")
    var variable2: Int32 = 0
}

/// IndexBindingTests' unique multi-column index.
struct UniqueIndexObject: TableCodable {
    // @Index("_index", unique: true)
    var variable1: Int = 0
    // @Index("_index", unique: true)
    var variable2: Int = 0
}

/// TableConstraintBindingTests' multi-column primary key that replaces on conflict.
struct MultiPrimaryConflict: TableCodable {
    // @MultiPrimary("primary", onConflict: .replace)
    var variable1: Int = 0
    // @MultiPrimary("primary")
    var variable2: Int = 0
    var payload: String = ""
}

/// TableConstraintBindingTests' CHECK.
// @Check(variable1 > 1)
struct CheckedObject: TableCodable {
    var variable1: Int = 0
}
