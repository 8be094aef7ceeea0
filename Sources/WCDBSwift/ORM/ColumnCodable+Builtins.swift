import Foundation

// Built-in column types. Each binds and reads the statement directly (no FundamentalValue on the hot path).

// MARK: Integers
// Stored as INTEGER. UInt64 / UInt are stored bit-cast into Int64 (values above Int64.max read back negative
// in SQL, but round-trip exactly). Reading narrows by truncation, like WCDB.

extension Int: ColumnCodable {}
extension Int8: ColumnCodable {}
extension Int16: ColumnCodable {}
extension Int32: ColumnCodable {}
extension Int64: ColumnCodable {}
extension UInt: ColumnCodable {}
extension UInt8: ColumnCodable {}
extension UInt16: ColumnCodable {}
extension UInt32: ColumnCodable {}
extension UInt64: ColumnCodable {}

extension ColumnTyped where Self: FixedWidthInteger {
    /// `INTEGER`, declared as WCDB declares the type: `.integer32` when every value fits a signed 32-bit
    /// integer (`Int8`, `Int16`, `Int32`, `UInt8`, `UInt16`), `.integer64` otherwise.
    @inlinable
    public static var columnType: ColumnType { bitWidth + (isSigned ? 0 : 1) <= 32 ? .integer32 : .integer64 }
}

extension ColumnEncodable where Self: FixedWidthInteger {
    /// An INTEGER of the declared width (`.integer32` or `.integer`), as WCDB archives the type; `UInt`
    /// and `UInt64` bit-cast.
    @inlinable
    public func archivedValue() -> FundamentalValue {
        Self.columnType == .integer32 ? .integer32(Int32(truncatingIfNeeded: self)) : .integer(Int64(truncatingIfNeeded: self))
    }

    /// Binds the value as a 64-bit integer (`sqlite3_bind_int64`); `UInt` and `UInt64` bit-cast.
    @inlinable
    public func bindColumn(to statement: HandleStatement, atIndex index: Int32) {
        statement.bind(integer: Int64(truncatingIfNeeded: self), toIndex: index)
    }
}

extension ColumnDecodable where Self: FixedWidthInteger {
    /// The value's `int64Value`, truncated to the type's width as WCDB narrows.
    /// Never nil: NULL, a BLOB and a TEXT that is not exactly a number read 0.
    @inlinable
    public init?(with value: FundamentalValue) {
        self.init(truncatingIfNeeded: value.int64Value)
    }

    /// Reads the column with `sqlite3_column_int64`, truncated to the type's width as WCDB narrows.
    /// NULL reads 0; a REAL or TEXT converts as SQLite converts it. Never throws.
    @inlinable
    public static func decodeColumn(from statement: HandleStatement, atIndex index: Int32) throws -> Self {
        Self(truncatingIfNeeded: statement.columnInteger(atIndex: index))
    }
}

// MARK: Bool (INTEGER 0 / 1)

extension Bool: ColumnEncodable, ColumnDecodable {
    /// `INTEGER` holding 1 or 0, declared `.integer32` as WCDB declares `Bool`.
    public static var columnType: ColumnType { .integer32 }

    @inlinable
    /// A 32-bit INTEGER (`.integer32`), as WCDB archives this type.
    public func archivedValue() -> FundamentalValue { .integer32(self ? 1 : 0) }

    /// Binds 1 for true, 0 for false.
    @inlinable
    public func bindColumn(to statement: HandleStatement, atIndex index: Int32) {
        statement.bind(integer: self ? 1 : 0, toIndex: index)
    }

    /// True when the value's `int64Value` is not 0 (NULL reads false). Never nil.
    @inlinable
    public init?(with value: FundamentalValue) { self = value.int64Value != 0 }

    /// True when the column's integer (`sqlite3_column_int64`) is not 0; NULL reads false. Never throws.
    @inlinable
    public static func decodeColumn(from statement: HandleStatement, atIndex index: Int32) throws -> Bool {
        statement.columnInteger(atIndex: index) != 0
    }
}

// MARK: Floating point (REAL)
// Stored as REAL; a `Float` is widened to `Double` and read back rounded.

extension Double: ColumnCodable {}
extension Float: ColumnCodable {}

extension ColumnTyped where Self: BinaryFloatingPoint {
    /// `REAL` (`.float`).
    @inlinable
    public static var columnType: ColumnType { .float }
}

extension ColumnEncodable where Self: BinaryFloatingPoint {
    /// A REAL holding the value as a `Double`.
    @inlinable
    public func archivedValue() -> FundamentalValue { .double(Double(self)) }

    /// Binds the value, as a `Double`, as a REAL (`sqlite3_bind_double`).
    @inlinable
    public func bindColumn(to statement: HandleStatement, atIndex index: Int32) {
        statement.bind(double: Double(self), toIndex: index)
    }
}

extension ColumnDecodable where Self: BinaryFloatingPoint {
    /// The value's `doubleValue`, rounded to the type. Never nil: NULL, a BLOB and a TEXT that is not
    /// exactly a number read 0.
    @inlinable
    public init?(with value: FundamentalValue) { self.init(value.doubleValue) }

    /// Reads the column with `sqlite3_column_double`, rounded to the type (NULL reads 0; an INTEGER or
    /// TEXT converts as SQLite converts it). Never throws.
    @inlinable
    public static func decodeColumn(from statement: HandleStatement, atIndex index: Int32) throws -> Self {
        Self(statement.columnDouble(atIndex: index))
    }
}

// MARK: String (TEXT; NULL reads as "")

extension String: ColumnEncodable, ColumnDecodable {
    /// `TEXT`.
    public static var columnType: ColumnType { .text }

    /// A TEXT.
    @inlinable
    public func archivedValue() -> FundamentalValue { .text(self) }

    /// Binds the value's UTF-8 as TEXT (SQLite copies it before the call returns).
    @inlinable
    public func bindColumn(to statement: HandleStatement, atIndex index: Int32) {
        statement.bind(text: self, toIndex: index)
    }

    /// The value's `stringValue`: a number in decimal, a BLOB as its UTF-8 (`""` when invalid),
    /// NULL as `""`. Never nil.
    @inlinable
    public init?(with value: FundamentalValue) { self = value.stringValue }

    /// Reads the column as UTF-8 text (`sqlite3_column_text`); NULL reads `""`, and invalid UTF-8 is
    /// repaired with U+FFFD. Never throws.
    @inlinable
    public static func decodeColumn(from statement: HandleStatement, atIndex index: Int32) throws -> String {
        statement.columnText(atIndex: index)
    }
}

// MARK: URL (TEXT holding absoluteString)

extension URL: ColumnEncodable, ColumnDecodable {
    /// `TEXT` holding the URL's `absoluteString`.
    public static var columnType: ColumnType { .text }

    /// The URL's `absoluteString` as TEXT.
    @inlinable
    public func archivedValue() -> FundamentalValue { .text(absoluteString) }

    /// Binds the URL's `absoluteString` as TEXT.
    @inlinable
    public func bindColumn(to statement: HandleStatement, atIndex index: Int32) {
        statement.bind(text: absoluteString, toIndex: index)
    }

    /// The URL parsed from the value's `stringValue`, or nil when that text does not parse as a
    /// URL; a non-optional `URL` property then fails to read with a `WCDBError` (operation `decode`).
    @inlinable
    public init?(with value: FundamentalValue) {
        guard let url = URL(string: value.stringValue) else { return nil }
        self = url
    }
}

// MARK: Data (BLOB; NULL reads as empty)

extension Data: ColumnEncodable, ColumnDecodable {
    /// `BLOB`.
    public static var columnType: ColumnType { .BLOB }

    /// A BLOB.
    @inlinable
    public func archivedValue() -> FundamentalValue { .blob(self) }

    /// Binds the bytes as a BLOB (copied by SQLite); empty data binds a zero-length BLOB, not NULL.
    @inlinable
    public func bindColumn(to statement: HandleStatement, atIndex index: Int32) {
        statement.bind(blob: self, toIndex: index)
    }

    /// The value's `dataValue`: a BLOB as it is, NULL as empty data, anything else as the UTF-8
    /// of its text. Never nil.
    @inlinable
    public init?(with value: FundamentalValue) { self = value.dataValue }

    /// Reads the column's bytes (`sqlite3_column_blob`): NULL reads empty data, a TEXT its UTF-8.
    /// Never throws.
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
    /// `REAL` (`.float`): seconds since 1970.
    public static var columnType: ColumnType { .float }

    /// A REAL holding `timeIntervalSince1970`.
    @inlinable
    public func archivedValue() -> FundamentalValue { .double(timeIntervalSince1970) }

    /// Binds `timeIntervalSince1970` as a REAL.
    @inlinable
    public func bindColumn(to statement: HandleStatement, atIndex index: Int32) {
        statement.bind(double: timeIntervalSince1970, toIndex: index)
    }

    /// The date `doubleValue` seconds after 1970-01-01 00:00 UTC. Never nil (NULL reads that date).
    @inlinable
    public init?(with value: FundamentalValue) {
        self = Date(timeIntervalSince1970: value.doubleValue)
    }

    /// Reads the column as a REAL of seconds since 1970 (`sqlite3_column_double`); NULL reads
    /// 1970-01-01 00:00 UTC. Never throws.
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

    /// The wrapped value's `archivedValue()`, or NULL for nil.
    @inlinable
    public func archivedValue() -> FundamentalValue {
        switch self {
        case .some(let wrapped): return wrapped.archivedValue()
        case .none: return .null
        }
    }

    /// Binds the wrapped value, or NULL for nil.
    @inlinable
    public func bindColumn(to statement: HandleStatement, atIndex index: Int32) {
        switch self {
        case .some(let wrapped): wrapped.bindColumn(to: statement, atIndex: index)
        case .none: statement.bindNull(toIndex: index)
        }
    }
}

extension Optional: ColumnDecodable where Wrapped: ColumnDecodable {
    /// `nil` for NULL; otherwise the wrapped type's `init?(with:)`, failing when it fails.
    @inlinable
    public init?(with value: FundamentalValue) {
        if case .null = value {
            self = .none
            return
        }
        guard let wrapped = Wrapped(with: value) else { return nil }
        self = .some(wrapped)
    }

    /// `nil` when the column is NULL; otherwise the wrapped type's `decodeColumn`, throwing what it
    /// throws.
    @inlinable
    public static func decodeColumn(from statement: HandleStatement, atIndex index: Int32) throws -> Wrapped? {
        if statement.isNull(atIndex: index) { return .none }
        return try Wrapped.decodeColumn(from: statement, atIndex: index)
    }
}

