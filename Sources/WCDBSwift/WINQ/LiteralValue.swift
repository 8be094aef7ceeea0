import Foundation

/// A literal value of SQL: number, string, blob, NULL, or CURRENT_TIME/DATE/TIMESTAMP.
///
/// `description` here is the ONE place where string and blob literals become SQL text.
public struct LiteralValue: Sendable, CustomStringConvertible, ExpressionOperable, LiteralValueConvertible {
    public let description: String
    /// A negative number is printed with a leading `-`, which is a unary operator to SQLite's parser.
    let isNegativeNumber: Bool

    private init(sql: String, negative: Bool = false) {
        description = sql
        isNegativeNumber = negative
    }

    public init(_ value: Int64) { self.init(sql: String(value), negative: value < 0) }
    public init(_ value: Int) { self.init(Int64(value)) }
    public init(_ value: Int32) { self.init(Int64(value)) }
    /// UInt64 values above Int64.max are stored with their bit pattern as a 64-bit integer (what
    /// WCDB does), so they round-trip through an INTEGER column.
    public init(_ value: UInt64) { self.init(Int64(bitPattern: value)) }

    /// Printed with Swift's shortest round-tripping form; infinities as ±9e999 (SQLite's reading of an
    /// overflowing literal), NaN as NULL (SQLite stores NaN as NULL anyway).
    public init(_ value: Double) {
        if value.isNaN { self.init(sql: "NULL"); return }
        if value.isInfinite { self.init(sql: value < 0 ? "-9e999" : "9e999", negative: value < 0); return }
        var text = "\(value)"
        // Swift prints 1e-05 / 1e+20: SQLite parses both; make sure a whole number still reads as REAL.
        if !text.contains(".") && !text.contains("e") && !text.contains("E") { text += ".0" }
        self.init(sql: text, negative: value.sign == .minus)
    }

    public init(_ value: Bool) { self.init(sql: value ? "1" : "0") }

    /// A string literal: `'` doubled. SQLite's SQL text ends at NUL, so a string containing NUL is
    /// printed as the blob of its UTF-8 bytes cast to TEXT, which round-trips exactly.
    public init(_ value: String) {
        if value.utf8.contains(0) {
            self.init(sql: "CAST(" + LiteralValue.hexBlob(Data(value.utf8)) + " AS TEXT)")
        } else {
            self.init(sql: "'" + value.replacingOccurrences(of: "'", with: "''") + "'")
        }
    }

    public init(_ value: Data) { self.init(sql: LiteralValue.hexBlob(value)) }

    private static func hexBlob(_ data: Data) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = [0x58, 0x27]  // X'
        bytes.reserveCapacity(data.count * 2 + 3)
        for byte in data {
            bytes.append(digits[Int(byte >> 4)])
            bytes.append(digits[Int(byte & 0x0F)])
        }
        bytes.append(0x27)
        return String(decoding: bytes, as: UTF8.self)
    }

    public static let null = LiteralValue(sql: "NULL")
    public static let currentTime = LiteralValue(sql: "CURRENT_TIME")
    public static let currentDate = LiteralValue(sql: "CURRENT_DATE")
    public static let currentTimestamp = LiteralValue(sql: "CURRENT_TIMESTAMP")

    public func asLiteralValue() -> LiteralValue { self }
    public func asExpression() -> Expression {
        Expression(sql: description, level: isNegativeNumber ? .unary : .primary, isLiteral: true)
    }
}

// MARK: Swift values as literals, so WCDB's untyped style (`Column(named: "a") > 1`) works.

extension Int: LiteralValueConvertible { public func asLiteralValue() -> LiteralValue { LiteralValue(self) } }
extension Int8: LiteralValueConvertible { public func asLiteralValue() -> LiteralValue { LiteralValue(Int64(self)) } }
extension Int16: LiteralValueConvertible { public func asLiteralValue() -> LiteralValue { LiteralValue(Int64(self)) } }
extension Int32: LiteralValueConvertible { public func asLiteralValue() -> LiteralValue { LiteralValue(self) } }
extension Int64: LiteralValueConvertible { public func asLiteralValue() -> LiteralValue { LiteralValue(self) } }
extension UInt: LiteralValueConvertible { public func asLiteralValue() -> LiteralValue { LiteralValue(UInt64(self)) } }
extension UInt8: LiteralValueConvertible { public func asLiteralValue() -> LiteralValue { LiteralValue(Int64(self)) } }
extension UInt16: LiteralValueConvertible { public func asLiteralValue() -> LiteralValue { LiteralValue(Int64(self)) } }
extension UInt32: LiteralValueConvertible { public func asLiteralValue() -> LiteralValue { LiteralValue(Int64(self)) } }
extension UInt64: LiteralValueConvertible { public func asLiteralValue() -> LiteralValue { LiteralValue(self) } }
extension Double: LiteralValueConvertible { public func asLiteralValue() -> LiteralValue { LiteralValue(self) } }
/// Widened to Double exactly, so the stored REAL reads back as the same Float.
extension Float: LiteralValueConvertible { public func asLiteralValue() -> LiteralValue { LiteralValue(Double(self)) } }
extension Bool: LiteralValueConvertible { public func asLiteralValue() -> LiteralValue { LiteralValue(self) } }
extension String: LiteralValueConvertible { public func asLiteralValue() -> LiteralValue { LiteralValue(self) } }
extension Data: LiteralValueConvertible { public func asLiteralValue() -> LiteralValue { LiteralValue(self) } }
/// `nil` prints NULL.
extension Optional: LiteralValueConvertible, ExpressionConvertible, ColumnResultConvertible, OrderingTermConvertible
where Wrapped: LiteralValueConvertible {
    public func asLiteralValue() -> LiteralValue {
        switch self {
        case .some(let value): return value.asLiteralValue()
        case .none: return .null
        }
    }
}

/// Numeric Swift types: a numeric typed property accepts any of them (`identifier >= 3.0` on an Int).
public protocol NumericLiteralConvertible: LiteralValueConvertible {}
extension Int: NumericLiteralConvertible {}
extension Int8: NumericLiteralConvertible {}
extension Int16: NumericLiteralConvertible {}
extension Int32: NumericLiteralConvertible {}
extension Int64: NumericLiteralConvertible {}
extension UInt: NumericLiteralConvertible {}
extension UInt8: NumericLiteralConvertible {}
extension UInt16: NumericLiteralConvertible {}
extension UInt32: NumericLiteralConvertible {}
extension UInt64: NumericLiteralConvertible {}
extension Double: NumericLiteralConvertible {}
extension Float: NumericLiteralConvertible {}
extension Optional: NumericLiteralConvertible where Wrapped: NumericLiteralConvertible {}
