import Foundation
import WCDBSwift

/// AdvanceCRUDTests' column types: one that only encodes, one that only decodes, through `Value`.
struct EncodableColumn: ColumnEncodable {
    static var columnType: ColumnType { .integer64 }
    func archivedValue() -> Value { Value(Int64(variable1)) }
    var variable1: Int = 0
}

struct DecodableColumn: ColumnDecodable {
    static var columnType: ColumnType { .integer64 }
    init?(with value: Value) { variable1 = Int(truncatingIfNeeded: value.int64Value) }
    init() {}
    var variable1: Int = 0
}

/// A model that is only written.
struct EncodeOnly: TableEncodable {
    var variable1: EncodableColumn = EncodableColumn()
}

/// A model that is only read (and creates the table).
struct DecodeOnly: TableDecodable {
    var variable1: DecodableColumn = DecodableColumn()
}

/// TypedTests' JSON column.
final class TypedJSONCodableObject: ColumnJSONCodable, Equatable {
    var variable: Int = 1
    init() {}
    init(variable: Int) { self.variable = variable }
    static func == (lhs: TypedJSONCodableObject, rhs: TypedJSONCodableObject) -> Bool { lhs.variable == rhs.variable }
}

/// TypedTests' custom column, coded through `Value`.
enum TypedCodableObject: Int, ColumnCodable, Equatable {
    case variable = 0
    static var columnType: ColumnType { .integer64 }
    func archivedValue() -> Value { Value(Int64(rawValue)) }
    init?(with value: Value) {
        guard let object = TypedCodableObject(rawValue: Int(truncatingIfNeeded: value.int64Value)) else { return nil }
        self = object
    }
}

/// TypedTests' model of every built-in type.
final class TypedObject: TableCodable, Equatable {
    var int: Int = 0
    var int8: Int8 = 0
    var int16: Int16 = 0
    var int32: Int32 = 0
    var int64: Int64 = 0
    var uint: UInt = 0
    var uint8: UInt8 = 0
    var uint16: UInt16 = 0
    var uint32: UInt32 = 0
    var uint64: UInt64 = 0
    var string: String = ""
    var float: Float = 0
    var double: Double = 0
    var data: Data = Data()
    var jsonCodable: TypedJSONCodableObject = TypedJSONCodableObject()
    var codable: TypedCodableObject? = .variable
    var bool: Bool = false
    var date: Date = Date(timeIntervalSince1970: 0)
    var array: [Int] = []
    var dictionary: [Int: String] = [:]
    // @Column("db_set")
    var set: Set<String> = []
    init() {}

    static func upperBoundary() -> TypedObject {
        let object = TypedObject()
        object.int = .max
        object.int8 = .max
        object.int16 = .max
        object.int32 = .max
        object.int64 = .max
        object.uint = .max
        object.uint8 = .max
        object.uint16 = .max
        object.uint32 = .max
        object.uint64 = .max
        object.string = String(repeating: "0", count: 1000)
        object.float = 0.123456789
        object.double = .pi
        object.data = Data(object.string.utf8)
        object.jsonCodable = TypedJSONCodableObject(variable: .max)
        object.bool = true
        object.date = .distantFuture
        for i in 0..<100 {
            object.array.append(i)
            object.dictionary[i] = "\(i)"
            object.set.insert("\(i)")
        }
        return object
    }

    static func == (lhs: TypedObject, rhs: TypedObject) -> Bool {
        lhs.int == rhs.int && lhs.int8 == rhs.int8 && lhs.int16 == rhs.int16 && lhs.int32 == rhs.int32
            && lhs.int64 == rhs.int64 && lhs.uint == rhs.uint && lhs.uint8 == rhs.uint8 && lhs.uint16 == rhs.uint16
            && lhs.uint32 == rhs.uint32 && lhs.uint64 == rhs.uint64 && lhs.string == rhs.string && lhs.float == rhs.float
            && lhs.double == rhs.double && lhs.data == rhs.data && lhs.jsonCodable == rhs.jsonCodable
            && lhs.codable == rhs.codable && lhs.bool == rhs.bool && lhs.date == rhs.date && lhs.array == rhs.array
            && lhs.dictionary == rhs.dictionary && lhs.set == rhs.set
    }
}

/// TypedTests' JSON column whose stored text does not match it.
struct JSONMatch: TableCodable {
    var variable1: TypedJSONCodableObject = TypedJSONCodableObject()
}
