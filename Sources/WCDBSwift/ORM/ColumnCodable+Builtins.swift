import Foundation

// Built-in column types. Each binds and reads the statement directly (no FundamentalValue on the hot path).

// MARK: Integers
// Stored as INTEGER. UInt64 / UInt are stored bit-cast into Int64 (values above Int64.max read back negative
// in SQL, but round-trip exactly). Reading narrows by truncation, like WCDB.

extension Int: ColumnEncodable, ColumnDecodable {
    public static var columnType: ColumnType { .integer64 }

    @inlinable
    public func archivedValue() -> FundamentalValue { .integer(Int64(truncatingIfNeeded: self)) }

    @inlinable
    public func bindColumn(to statement: HandleStatement, atIndex index: Int32) {
        statement.bind(integer: Int64(truncatingIfNeeded: self), toIndex: index)
    }

    @inlinable
    public init?(with value: FundamentalValue) {
        self = Int(truncatingIfNeeded: value.int64Value)
    }

    @inlinable
    public static func decodeColumn(from statement: HandleStatement, atIndex index: Int32) throws -> Int {
        Int(truncatingIfNeeded: statement.columnInteger(atIndex: index))
    }
}

extension Int8: ColumnEncodable, ColumnDecodable {
    public static var columnType: ColumnType { .integer32 }

    @inlinable
    public func archivedValue() -> FundamentalValue { .integer(Int64(truncatingIfNeeded: self)) }

    @inlinable
    public func bindColumn(to statement: HandleStatement, atIndex index: Int32) {
        statement.bind(integer: Int64(truncatingIfNeeded: self), toIndex: index)
    }

    @inlinable
    public init?(with value: FundamentalValue) {
        self = Int8(truncatingIfNeeded: value.int64Value)
    }

    @inlinable
    public static func decodeColumn(from statement: HandleStatement, atIndex index: Int32) throws -> Int8 {
        Int8(truncatingIfNeeded: statement.columnInteger(atIndex: index))
    }
}

extension Int16: ColumnEncodable, ColumnDecodable {
    public static var columnType: ColumnType { .integer32 }

    @inlinable
    public func archivedValue() -> FundamentalValue { .integer(Int64(truncatingIfNeeded: self)) }

    @inlinable
    public func bindColumn(to statement: HandleStatement, atIndex index: Int32) {
        statement.bind(integer: Int64(truncatingIfNeeded: self), toIndex: index)
    }

    @inlinable
    public init?(with value: FundamentalValue) {
        self = Int16(truncatingIfNeeded: value.int64Value)
    }

    @inlinable
    public static func decodeColumn(from statement: HandleStatement, atIndex index: Int32) throws -> Int16 {
        Int16(truncatingIfNeeded: statement.columnInteger(atIndex: index))
    }
}

extension Int32: ColumnEncodable, ColumnDecodable {
    public static var columnType: ColumnType { .integer32 }

    @inlinable
    public func archivedValue() -> FundamentalValue { .integer(Int64(truncatingIfNeeded: self)) }

    @inlinable
    public func bindColumn(to statement: HandleStatement, atIndex index: Int32) {
        statement.bind(integer: Int64(truncatingIfNeeded: self), toIndex: index)
    }

    @inlinable
    public init?(with value: FundamentalValue) {
        self = Int32(truncatingIfNeeded: value.int64Value)
    }

    @inlinable
    public static func decodeColumn(from statement: HandleStatement, atIndex index: Int32) throws -> Int32 {
        Int32(truncatingIfNeeded: statement.columnInteger(atIndex: index))
    }
}

extension Int64: ColumnEncodable, ColumnDecodable {
    public static var columnType: ColumnType { .integer64 }

    @inlinable
    public func archivedValue() -> FundamentalValue { .integer(Int64(truncatingIfNeeded: self)) }

    @inlinable
    public func bindColumn(to statement: HandleStatement, atIndex index: Int32) {
        statement.bind(integer: Int64(truncatingIfNeeded: self), toIndex: index)
    }

    @inlinable
    public init?(with value: FundamentalValue) {
        self = Int64(truncatingIfNeeded: value.int64Value)
    }

    @inlinable
    public static func decodeColumn(from statement: HandleStatement, atIndex index: Int32) throws -> Int64 {
        Int64(truncatingIfNeeded: statement.columnInteger(atIndex: index))
    }
}

extension UInt: ColumnEncodable, ColumnDecodable {
    public static var columnType: ColumnType { .integer64 }

    @inlinable
    public func archivedValue() -> FundamentalValue { .integer(Int64(truncatingIfNeeded: self)) }

    @inlinable
    public func bindColumn(to statement: HandleStatement, atIndex index: Int32) {
        statement.bind(integer: Int64(truncatingIfNeeded: self), toIndex: index)
    }

    @inlinable
    public init?(with value: FundamentalValue) {
        self = UInt(truncatingIfNeeded: value.int64Value)
    }

    @inlinable
    public static func decodeColumn(from statement: HandleStatement, atIndex index: Int32) throws -> UInt {
        UInt(truncatingIfNeeded: statement.columnInteger(atIndex: index))
    }
}

extension UInt8: ColumnEncodable, ColumnDecodable {
    public static var columnType: ColumnType { .integer32 }

    @inlinable
    public func archivedValue() -> FundamentalValue { .integer(Int64(truncatingIfNeeded: self)) }

    @inlinable
    public func bindColumn(to statement: HandleStatement, atIndex index: Int32) {
        statement.bind(integer: Int64(truncatingIfNeeded: self), toIndex: index)
    }

    @inlinable
    public init?(with value: FundamentalValue) {
        self = UInt8(truncatingIfNeeded: value.int64Value)
    }

    @inlinable
    public static func decodeColumn(from statement: HandleStatement, atIndex index: Int32) throws -> UInt8 {
        UInt8(truncatingIfNeeded: statement.columnInteger(atIndex: index))
    }
}

extension UInt16: ColumnEncodable, ColumnDecodable {
    public static var columnType: ColumnType { .integer32 }

    @inlinable
    public func archivedValue() -> FundamentalValue { .integer(Int64(truncatingIfNeeded: self)) }

    @inlinable
    public func bindColumn(to statement: HandleStatement, atIndex index: Int32) {
        statement.bind(integer: Int64(truncatingIfNeeded: self), toIndex: index)
    }

    @inlinable
    public init?(with value: FundamentalValue) {
        self = UInt16(truncatingIfNeeded: value.int64Value)
    }

    @inlinable
    public static func decodeColumn(from statement: HandleStatement, atIndex index: Int32) throws -> UInt16 {
        UInt16(truncatingIfNeeded: statement.columnInteger(atIndex: index))
    }
}

extension UInt32: ColumnEncodable, ColumnDecodable {
    public static var columnType: ColumnType { .integer64 }

    @inlinable
    public func archivedValue() -> FundamentalValue { .integer(Int64(truncatingIfNeeded: self)) }

    @inlinable
    public func bindColumn(to statement: HandleStatement, atIndex index: Int32) {
        statement.bind(integer: Int64(truncatingIfNeeded: self), toIndex: index)
    }

    @inlinable
    public init?(with value: FundamentalValue) {
        self = UInt32(truncatingIfNeeded: value.int64Value)
    }

    @inlinable
    public static func decodeColumn(from statement: HandleStatement, atIndex index: Int32) throws -> UInt32 {
        UInt32(truncatingIfNeeded: statement.columnInteger(atIndex: index))
    }
}

extension UInt64: ColumnEncodable, ColumnDecodable {
    public static var columnType: ColumnType { .integer64 }

    @inlinable
    public func archivedValue() -> FundamentalValue { .integer(Int64(truncatingIfNeeded: self)) }

    @inlinable
    public func bindColumn(to statement: HandleStatement, atIndex index: Int32) {
        statement.bind(integer: Int64(truncatingIfNeeded: self), toIndex: index)
    }

    @inlinable
    public init?(with value: FundamentalValue) {
        self = UInt64(truncatingIfNeeded: value.int64Value)
    }

    @inlinable
    public static func decodeColumn(from statement: HandleStatement, atIndex index: Int32) throws -> UInt64 {
        UInt64(truncatingIfNeeded: statement.columnInteger(atIndex: index))
    }
}

// MARK: Bool (INTEGER 0 / 1)

extension Bool: ColumnEncodable, ColumnDecodable {
    public static var columnType: ColumnType { .integer32 }

    @inlinable
    public func archivedValue() -> FundamentalValue { .integer(self ? 1 : 0) }

    @inlinable
    public func bindColumn(to statement: HandleStatement, atIndex index: Int32) {
        statement.bind(integer: self ? 1 : 0, toIndex: index)
    }

    @inlinable
    public init?(with value: FundamentalValue) { self = value.int64Value != 0 }

    @inlinable
    public static func decodeColumn(from statement: HandleStatement, atIndex index: Int32) throws -> Bool {
        statement.columnInteger(atIndex: index) != 0
    }
}

// MARK: Floating point (REAL)

extension Double: ColumnEncodable, ColumnDecodable {
    public static var columnType: ColumnType { .float }

    @inlinable
    public func archivedValue() -> FundamentalValue { .double(self) }

    @inlinable
    public func bindColumn(to statement: HandleStatement, atIndex index: Int32) {
        statement.bind(double: self, toIndex: index)
    }

    @inlinable
    public init?(with value: FundamentalValue) { self = value.doubleValue }

    @inlinable
    public static func decodeColumn(from statement: HandleStatement, atIndex index: Int32) throws -> Double {
        statement.columnDouble(atIndex: index)
    }
}

extension Float: ColumnEncodable, ColumnDecodable {
    public static var columnType: ColumnType { .float }

    @inlinable
    public func archivedValue() -> FundamentalValue { .double(Double(self)) }

    @inlinable
    public func bindColumn(to statement: HandleStatement, atIndex index: Int32) {
        statement.bind(double: Double(self), toIndex: index)
    }

    @inlinable
    public init?(with value: FundamentalValue) { self = Float(value.doubleValue) }

    @inlinable
    public static func decodeColumn(from statement: HandleStatement, atIndex index: Int32) throws -> Float {
        Float(statement.columnDouble(atIndex: index))
    }
}

// MARK: String (TEXT; NULL reads as "")

extension String: ColumnEncodable, ColumnDecodable {
    public static var columnType: ColumnType { .text }

    @inlinable
    public func archivedValue() -> FundamentalValue { .text(self) }

    @inlinable
    public func bindColumn(to statement: HandleStatement, atIndex index: Int32) {
        statement.bind(text: self, toIndex: index)
    }

    @inlinable
    public init?(with value: FundamentalValue) { self = value.stringValue }

    @inlinable
    public static func decodeColumn(from statement: HandleStatement, atIndex index: Int32) throws -> String {
        statement.columnText(atIndex: index)
    }
}

// MARK: URL (TEXT holding absoluteString)

extension URL: ColumnEncodable, ColumnDecodable {
    public static var columnType: ColumnType { .text }

    @inlinable
    public func archivedValue() -> FundamentalValue { .text(absoluteString) }

    @inlinable
    public func bindColumn(to statement: HandleStatement, atIndex index: Int32) {
        statement.bind(text: absoluteString, toIndex: index)
    }

    @inlinable
    public init?(with value: FundamentalValue) {
        guard let url = URL(string: value.stringValue) else { return nil }
        self = url
    }
}

// MARK: Data (BLOB; NULL reads as empty)

extension Data: ColumnEncodable, ColumnDecodable {
    public static var columnType: ColumnType { .BLOB }

    @inlinable
    public func archivedValue() -> FundamentalValue { .blob(self) }

    @inlinable
    public func bindColumn(to statement: HandleStatement, atIndex index: Int32) {
        statement.bind(blob: self, toIndex: index)
    }

    @inlinable
    public init?(with value: FundamentalValue) { self = value.dataValue }

    @inlinable
    public static func decodeColumn(from statement: HandleStatement, atIndex index: Int32) throws -> Data {
        statement.columnBlob(atIndex: index)
    }
}

// MARK: Date

/// A Date is stored as a REAL holding `timeIntervalSinceReferenceDate` (seconds since
/// 2001-01-01 00:00:00 UTC), which is exactly the Double a Date is made of, so every Date round-trips
/// bit-exactly. To read it in SQL: `datetime(col + 978307200, 'unixepoch')`
/// (978307200 is the Unix time of the reference date).
extension Date: ColumnEncodable, ColumnDecodable {
    public static var columnType: ColumnType { .float }

    @inlinable
    public func archivedValue() -> FundamentalValue { .double(timeIntervalSinceReferenceDate) }

    @inlinable
    public func bindColumn(to statement: HandleStatement, atIndex index: Int32) {
        statement.bind(double: timeIntervalSinceReferenceDate, toIndex: index)
    }

    @inlinable
    public init?(with value: FundamentalValue) {
        self = Date(timeIntervalSinceReferenceDate: value.doubleValue)
    }

    @inlinable
    public static func decodeColumn(from statement: HandleStatement, atIndex index: Int32) throws -> Date {
        Date(timeIntervalSinceReferenceDate: statement.columnDouble(atIndex: index))
    }
}

// MARK: Optional (NULL <-> nil)

extension Optional: ColumnEncodable where Wrapped: ColumnEncodable {
    public static var columnType: ColumnType { Wrapped.columnType }

    @inlinable
    public func archivedValue() -> FundamentalValue {
        switch self {
        case .some(let wrapped): return wrapped.archivedValue()
        case .none: return .null
        }
    }

    @inlinable
    public func bindColumn(to statement: HandleStatement, atIndex index: Int32) {
        switch self {
        case .some(let wrapped): wrapped.bindColumn(to: statement, atIndex: index)
        case .none: statement.bindNull(toIndex: index)
        }
    }
}

extension Optional: ColumnDecodable where Wrapped: ColumnDecodable {
    @inlinable
    public init?(with value: FundamentalValue) {
        if case .null = value {
            self = .none
            return
        }
        guard let wrapped = Wrapped(with: value) else { return nil }
        self = .some(wrapped)
    }

    @inlinable
    public static func decodeColumn(from statement: HandleStatement, atIndex index: Int32) throws -> Wrapped? {
        if statement.isNull(atIndex: index) { return .none }
        return try Wrapped.decodeColumn(from: statement, atIndex: index)
    }
}

// MARK: Collections (JSON TEXT)

/// Encodes a collection as JSON text with sorted keys (deterministic output).
@usableFromInline
func jsonColumnValue<T: Encodable>(_ value: T) -> FundamentalValue {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    guard let data = try? encoder.encode(value) else { return .null }
    return .text(String(decoding: data, as: UTF8.self))
}

/// Decodes JSON text (or a BLOB of JSON); NULL and "" read as `empty`.
@usableFromInline
func jsonColumnDecode<T: Decodable>(_ value: FundamentalValue, empty: T) -> T? {
    let data: Data
    switch value {
    case .null: return empty
    case .text(let text):
        if text.isEmpty { return empty }
        data = Data(text.utf8)
    case .blob(let blob):
        if blob.isEmpty { return empty }
        data = blob
    default:
        return nil
    }
    return try? JSONDecoder().decode(T.self, from: data)
}

extension Array: ColumnEncodable where Element: Encodable {
    public static var columnType: ColumnType { .text }
    public func archivedValue() -> FundamentalValue { jsonColumnValue(self) }
}

extension Array: ColumnDecodable where Element: Decodable {
    public init?(with value: FundamentalValue) {
        guard let decoded = jsonColumnDecode(value, empty: [Element]()) else { return nil }
        self = decoded
    }
}

extension Set: ColumnEncodable where Element: Encodable {
    public static var columnType: ColumnType { .text }
    public func archivedValue() -> FundamentalValue { jsonColumnValue(self) }
}

extension Set: ColumnDecodable where Element: Decodable {
    public init?(with value: FundamentalValue) {
        guard let decoded = jsonColumnDecode(value, empty: Set<Element>()) else { return nil }
        self = decoded
    }
}

extension Dictionary: ColumnEncodable where Key: Encodable, Value: Encodable {
    public static var columnType: ColumnType { .text }
    public func archivedValue() -> FundamentalValue { jsonColumnValue(self) }
}

extension Dictionary: ColumnDecodable where Key: Decodable, Value: Decodable {
    public init?(with value: FundamentalValue) {
        guard let decoded = jsonColumnDecode(value, empty: [Key: Value]()) else { return nil }
        self = decoded
    }
}
