import Foundation

/// One value of a result or a bind: INTEGER (64- or 32-bit, as it was made), REAL, TEXT, BLOB or NULL.
/// WCDB Swift 2.x calls it `Value`, 1.x `FundamentalValue`: both names are this one type.
///
/// The accessors convert as WCDB (1.x and 2.x alike) does, not as SQLite's `CAST`:
/// - a number reads as any number (a REAL truncates toward zero; one out of range, or NaN, clamps
///   instead of trapping) and as its decimal text (`3.0` reads `"3.0"`, as Swift prints it);
/// - a TEXT reads as a number only when it is exactly one (`"12"` → 12, `"12abc"` → 0, `" 1"` → 0);
/// - a BLOB never reads as a number (0); as text it is its UTF-8, or `""` when that is not valid UTF-8;
/// - NULL reads as 0, `""` and empty data.
///
/// `Value(Int32)` keeps its type (`.integer32`); a value read from a row is `.integer64`. The two are
/// equal when they hold the same number (one SQLite INTEGER).
public enum FundamentalValue: Sendable {
    /// A 64-bit INTEGER (every integer read from a row).
    case integer(Int64)
    /// A 32-bit INTEGER, as `Value(Int32)` and the 32-bit built-in types (`Int32`, `Int16`, `Int8`,
    /// `UInt16`, `UInt8`, `Bool`) make it.
    case integer32(Int32)
    /// A REAL.
    case double(Double)
    /// A TEXT.
    case text(String)
    /// A BLOB.
    case blob(Data)
    /// NULL.
    case null

    /// The storage class of this value (`.integer32` for a value made from an `Int32`).
    public var type: ColumnType {
        switch self {
        case .integer: return .integer64
        case .integer32: return .integer32
        case .double: return .float
        case .text: return .text
        case .blob: return .BLOB
        case .null: return .null
        }
    }

    /// Whether this is NULL.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The value as a 64-bit integer (see the type's conversion rules).
    public var int64Value: Int64 {
        switch self {
        case .integer(let value): return value
        case .integer32(let value): return Int64(value)
        case .double(let value): return FundamentalValue.int64(from: value)
        case .text(let value): return Int64(value) ?? 0
        case .blob, .null: return 0
        }
    }

    /// The value as a 32-bit integer: a 64-bit one truncates to its low 32 bits, as WCDB.
    public var int32Value: Int32 {
        switch self {
        case .integer(let value): return Int32(truncatingIfNeeded: value)
        case .integer32(let value): return value
        case .double(let value): return Int32(clamping: FundamentalValue.int64(from: value))
        case .text(let value): return Int32(value) ?? 0
        case .blob, .null: return 0
        }
    }

    /// The value as a REAL (see the type's conversion rules).
    public var doubleValue: Double {
        switch self {
        case .integer(let value): return Double(value)
        case .integer32(let value): return Double(value)
        case .double(let value): return value
        case .text(let value): return Double(value) ?? 0
        case .blob, .null: return 0
        }
    }

    /// The value as text: numbers in decimal, a BLOB as its UTF-8 (`""` when invalid), NULL as `""`.
    public var stringValue: String {
        switch self {
        case .integer(let value): return String(value)
        case .integer32(let value): return String(value)
        case .double(let value): return "\(value)"
        case .text(let value): return value
        case .blob(let value): return String(data: value, encoding: .utf8) ?? ""
        case .null: return ""
        }
    }

    /// The value as bytes: a BLOB as it is, NULL as empty, anything else as the UTF-8 of `stringValue`.
    public var dataValue: Data {
        switch self {
        case .blob(let value): return value
        case .null: return Data()
        default: return Data(stringValue.utf8)
        }
    }

    // MARK: Conversions

    /// A REAL as an integer: truncated toward zero, clamped when out of range, 0 for NaN (where
    /// Swift's `Int64(_:)` would trap).
    @usableFromInline
    static func int64(from value: Double) -> Int64 {
        if value.isNaN { return 0 }
        if value >= 9223372036854775807.0 { return Int64.max }
        if value <= -9223372036854775808.0 { return Int64.min }
        return Int64(value)
    }

    /// SQLite prints reals with up to 15 significant digits and keeps a ".0" on integral values.
    static func sqliteText(of value: Double) -> String {
        if value.isNaN { return "" }
        if value.isInfinite { return value > 0 ? "Inf" : "-Inf" }
        var text = String(format: "%.15g", value)
        if !text.contains(".") && !text.contains("e") && !text.contains("n") && !text.contains("I") {
            text += ".0"
        }
        return text
    }
}

extension FundamentalValue: Equatable, Hashable {
    /// Values are equal when they hold the same stored value; a 32- and a 64-bit integer of the same
    /// number are one SQLite INTEGER, so they are equal.
    public static func == (lhs: FundamentalValue, rhs: FundamentalValue) -> Bool {
        switch (lhs, rhs) {
        case (.integer, .integer), (.integer, .integer32), (.integer32, .integer), (.integer32, .integer32):
            return lhs.int64Value == rhs.int64Value
        case let (.double(a), .double(b)): return a == b
        case let (.text(a), .text(b)): return a == b
        case let (.blob(a), .blob(b)): return a == b
        case (.null, .null): return true
        default: return false
        }
    }

    /// Hashes the stored value (both integer widths alike).
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .integer, .integer32: hasher.combine(0); hasher.combine(int64Value)
        case .double(let value): hasher.combine(1); hasher.combine(value)
        case .text(let value): hasher.combine(2); hasher.combine(value)
        case .blob(let value): hasher.combine(3); hasher.combine(value)
        case .null: hasher.combine(4)
        }
    }
}

extension FundamentalValue: CustomStringConvertible, CustomDebugStringConvertible {
    /// The value for people: numbers as SQLite prints them, text as it is, a BLOB by its size, `NULL`.
    public var description: String {
        switch self {
        case .integer(let value): return String(value)
        case .integer32(let value): return String(value)
        case .double(let value): return FundamentalValue.sqliteText(of: value)
        case .text(let value): return value
        case .blob(let value): return "<\(value.count) bytes>"
        case .null: return "NULL"
        }
    }

    /// The value with its storage class: `integer(1)`, `text("a")`, `blob(00ff)`, `null`.
    public var debugDescription: String {
        switch self {
        case .integer(let value): return "integer(\(value))"
        case .integer32(let value): return "integer32(\(value))"
        case .double(let value): return "double(\(value))"
        case .text(let value): return "text(\(value.debugDescription))"
        case .blob(let value): return "blob(\(value.map { String(format: "%02x", $0) }.joined()))"
        case .null: return "null"
        }
    }
}

extension FundamentalValue: ExpressibleByNilLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral, ExpressibleByBooleanLiteral
{
    /// `nil` is NULL.
    public init(nilLiteral: ()) { self = .null }
    /// An integer literal is a 64-bit INTEGER.
    public init(integerLiteral value: Int64) { self = .integer(value) }
    /// A float literal is a REAL.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// A string literal is a TEXT.
    public init(stringLiteral value: String) { self = .text(value) }
    /// `true` is 1 and `false` 0, 32-bit as a `Bool` column stores them.
    public init(booleanLiteral value: Bool) { self = .integer32(value ? 1 : 0) }
}

extension FundamentalValue {
    /// A 64-bit INTEGER.
    public init(_ value: Int64) { self = .integer(value) }
    /// A 64-bit INTEGER.
    public init(_ value: Int) { self = .integer(Int64(value)) }
    /// A 32-bit INTEGER: `type` is `.integer32`, as in WCDB.
    public init(_ value: Int32) { self = .integer32(value) }
    /// A REAL.
    public init(_ value: Double) { self = .double(value) }
    /// A TEXT.
    public init(_ value: String) { self = .text(value) }
    /// A BLOB.
    public init(_ value: Data) { self = .blob(value) }
    /// 1 or 0, 32-bit as a `Bool` column stores them.
    public init(_ value: Bool) { self = .integer32(value ? 1 : 0) }
}

/// One row of values, in column order.
public typealias FundamentalRow = [FundamentalValue]
/// One column of values, in row order.
public typealias FundamentalColumn = [FundamentalValue]
/// Rows of values.
public typealias FundamentalRowXColumn = [FundamentalRow]

extension Array where Element == FundamentalRow {
    /// The value at `row`, `column`.
    public subscript(row row: Int, column column: Int) -> FundamentalValue {
        self[row][column]
    }
}
