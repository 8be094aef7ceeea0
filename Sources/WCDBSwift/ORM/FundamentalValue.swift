import Foundation

/// One SQLite value as it is stored: INTEGER, REAL, TEXT, BLOB or NULL.
///
/// The accessors convert the way SQLite's `sqlite3_column_*` functions do
/// (text to number parses a leading numeric prefix, number to text prints it, NULL reads as 0 / "" / empty data).
public enum FundamentalValue: Sendable, Equatable, Hashable {
    case integer(Int64)
    case double(Double)
    case text(String)
    case blob(Data)
    case null

    /// The storage class of this value.
    public var type: ColumnType {
        switch self {
        case .integer: return .integer64
        case .double: return .float
        case .text: return .text
        case .blob: return .BLOB
        case .null: return .null
        }
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    public var int64Value: Int64 {
        switch self {
        case .integer(let value): return value
        case .double(let value): return FundamentalValue.int64(from: value)
        case .text(let value): return FundamentalValue.int64(fromText: value)
        case .blob(let value): return FundamentalValue.int64(fromText: String(decoding: value, as: UTF8.self))
        case .null: return 0
        }
    }

    public var int32Value: Int32 { Int32(truncatingIfNeeded: int64Value) }

    public var doubleValue: Double {
        switch self {
        case .integer(let value): return Double(value)
        case .double(let value): return value
        case .text(let value): return FundamentalValue.double(fromText: value)
        case .blob(let value): return FundamentalValue.double(fromText: String(decoding: value, as: UTF8.self))
        case .null: return 0
        }
    }

    public var stringValue: String {
        switch self {
        case .integer(let value): return String(value)
        case .double(let value): return FundamentalValue.sqliteText(of: value)
        case .text(let value): return value
        case .blob(let value): return String(decoding: value, as: UTF8.self)
        case .null: return ""
        }
    }

    public var dataValue: Data {
        switch self {
        case .blob(let value): return value
        case .null: return Data()
        default: return Data(stringValue.utf8)
        }
    }

    // MARK: SQLite-like conversions

    /// SQLite clamps out-of-range reals when converting to an integer.
    @usableFromInline
    static func int64(from value: Double) -> Int64 {
        if value.isNaN { return 0 }
        if value >= 9223372036854775807.0 { return Int64.max }
        if value <= -9223372036854775808.0 { return Int64.min }
        return Int64(value)
    }

    /// The longest numeric prefix of `text`, as SQLite reads text as an integer.
    static func int64(fromText text: String) -> Int64 {
        let trimmed = text.drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        var prefix = ""
        var seenDigit = false
        for (offset, character) in trimmed.enumerated() {
            if (character == "-" || character == "+") && offset == 0 {
                prefix.append(character)
            } else if character.isASCII, character.isNumber {
                prefix.append(character)
                seenDigit = true
            } else {
                break
            }
        }
        guard seenDigit else {
            return int64(from: double(fromText: String(trimmed)))
        }
        if let value = Int64(prefix) { return value }
        return prefix.hasPrefix("-") ? Int64.min : Int64.max
    }

    /// The longest real-number prefix of `text`, as SQLite reads text as a real.
    static func double(fromText text: String) -> Double {
        let trimmed = text.drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        var candidate = trimmed.startIndex
        var index = trimmed.startIndex
        // Try prefixes from the longest plausible to the shortest valid.
        while index < trimmed.endIndex {
            let character = trimmed[index]
            guard character.isASCII, character.isNumber || "+-.eE".contains(character) else { break }
            index = trimmed.index(after: index)
            if Double(trimmed[trimmed.startIndex..<index]) != nil { candidate = index }
        }
        return Double(trimmed[trimmed.startIndex..<candidate]) ?? 0
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

extension FundamentalValue: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String {
        switch self {
        case .integer(let value): return String(value)
        case .double(let value): return FundamentalValue.sqliteText(of: value)
        case .text(let value): return value
        case .blob(let value): return "<\(value.count) bytes>"
        case .null: return "NULL"
        }
    }

    public var debugDescription: String {
        switch self {
        case .integer(let value): return "integer(\(value))"
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
    public init(nilLiteral: ()) { self = .null }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .text(value) }
    public init(booleanLiteral value: Bool) { self = .integer(value ? 1 : 0) }
}

extension FundamentalValue {
    public init(_ value: Int64) { self = .integer(value) }
    public init(_ value: Int) { self = .integer(Int64(value)) }
    public init(_ value: Int32) { self = .integer(Int64(value)) }
    public init(_ value: Double) { self = .double(value) }
    public init(_ value: String) { self = .text(value) }
    public init(_ value: Data) { self = .blob(value) }
    public init(_ value: Bool) { self = .integer(value ? 1 : 0) }
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
