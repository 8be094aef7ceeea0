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
    /// A 32-bit INTEGER (`.integer32`), as WCDB archives this type.
    public func archivedValue() -> FundamentalValue { .integer32(Int32(self)) }

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
    /// A 32-bit INTEGER (`.integer32`), as WCDB archives this type.
    public func archivedValue() -> FundamentalValue { .integer32(Int32(self)) }

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
    /// A 32-bit INTEGER (`.integer32`), as WCDB archives this type.
    public func archivedValue() -> FundamentalValue { .integer32(Int32(self)) }

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
    /// A 32-bit INTEGER (`.integer32`), as WCDB archives this type.
    public func archivedValue() -> FundamentalValue { .integer32(Int32(self)) }

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
    /// A 32-bit INTEGER (`.integer32`), as WCDB archives this type.
    public func archivedValue() -> FundamentalValue { .integer32(Int32(self)) }

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
    /// A 32-bit INTEGER (`.integer32`), as WCDB archives this type.
    public func archivedValue() -> FundamentalValue { .integer32(self ? 1 : 0) }

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

/// A Date is stored as WCDB stores it: a REAL holding `timeIntervalSince1970`, so files move between
/// WCDB and us with the same values and SQL reads it directly: `datetime(col, 'unixepoch')`.
/// The conversion from Foundation's reference-date Double can move the last bit of a sub-microsecond
/// fraction (about 0.1 µs for today's dates); whole and millisecond values round-trip exactly.
extension Date: ColumnEncodable, ColumnDecodable {
    public static var columnType: ColumnType { .float }

    @inlinable
    public func archivedValue() -> FundamentalValue { .double(timeIntervalSince1970) }

    @inlinable
    public func bindColumn(to statement: HandleStatement, atIndex index: Int32) {
        statement.bind(double: timeIntervalSince1970, toIndex: index)
    }

    @inlinable
    public init?(with value: FundamentalValue) {
        self = Date(timeIntervalSince1970: value.doubleValue)
    }

    @inlinable
    public static func decodeColumn(from statement: HandleStatement, atIndex index: Int32) throws -> Date {
        Date(timeIntervalSince1970: statement.columnDouble(atIndex: index))
    }
}

// MARK: Optional (NULL <-> nil)

extension Optional: ColumnTyped where Wrapped: ColumnTyped {
    /// The wrapped type's column type (a column that also holds NULL).
    public static var columnType: ColumnType { Wrapped.columnType }
}

extension Optional: ColumnEncodable where Wrapped: ColumnEncodable {

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

