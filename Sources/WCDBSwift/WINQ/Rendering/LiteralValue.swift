import Foundation

/// A literal value of SQL: number, string, blob, NULL, or CURRENT_TIME/DATE/TIMESTAMP.
///
/// `description` here is the ONE place where string and blob literals become SQL text. As an
/// expression, a value (not a keyword) is a `?` with the value bound behind it (see `Expression`),
/// so it is printed only where it is inlined: in `description`, schema statements and arithmetic.
public struct LiteralValue: Sendable, CustomStringConvertible, ExpressionOperable, LiteralValueConvertible {
    @usableFromInline
    enum Storage: Sendable {
        case value(FundamentalValue)
        /// NULL, CURRENT_TIME, CURRENT_DATE, CURRENT_TIMESTAMP: keywords, never bound.
        case keyword(String)
    }

    // Visible to inlined code so that `Row.Properties.id == k` folds to the bound value (no LiteralValue
    // is made and destroyed per call).
    @usableFromInline let storage: Storage

    @inlinable init(_ storage: Storage) { self.storage = storage }

    /// The value a comparison binds, or nil for a keyword (NULL, CURRENT_TIME…), which stays in the text.
    @inlinable var boundValue: FundamentalValue? {
        if case .value(let value) = storage { return value }
        return nil
    }

    /// An INTEGER literal.
    @inlinable public init(_ value: Int64) { self.init(.value(.integer(value))) }
    /// An INTEGER literal.
    @inlinable public init(_ value: Int) { self.init(Int64(value)) }
    /// An INTEGER literal.
    @inlinable public init(_ value: Int32) { self.init(Int64(value)) }
    /// UInt64 values above Int64.max are stored with their bit pattern as a 64-bit integer (what
    /// WCDB does), so they round-trip through an INTEGER column.
    public init(_ value: UInt64) { self.init(Int64(bitPattern: value)) }

    /// NaN is NULL (SQLite stores NaN as NULL anyway).
    public init(_ value: Double) { self.init(value.isNaN ? .keyword("NULL") : .value(.double(value))) }

    /// `1` or `0`: SQLite has no boolean type.
    public init(_ value: Bool) { self.init(.value(.integer(value ? 1 : 0))) }
    /// A TEXT literal, printed `'…'` with `'` doubled.
    public init(_ value: String) { self.init(.value(.text(value))) }
    /// A BLOB literal, printed `X'…'`.
    public init(_ value: Data) { self.init(.value(.blob(value))) }

    /// The literal of a stored value.
    public init(_ value: FundamentalValue) {
        if case .null = value { self.init(.keyword("NULL")) } else { self.init(.value(value)) }
    }

    /// `NULL`
    public static let null = LiteralValue(.keyword("NULL"))
    /// `CURRENT_TIME`: the current UTC time as `HH:MM:SS`.
    public static let currentTime = LiteralValue(.keyword("CURRENT_TIME"))
    /// `CURRENT_DATE`: the current UTC date as `YYYY-MM-DD`.
    public static let currentDate = LiteralValue(.keyword("CURRENT_DATE"))
    /// `CURRENT_TIMESTAMP`: the current UTC date and time as `YYYY-MM-DD HH:MM:SS`.
    public static let currentTimestamp = LiteralValue(.keyword("CURRENT_TIMESTAMP"))

    /// Whether this is SQL's NULL (a comparison with it becomes `IS NULL` / `IS NOT NULL`).
    var isNull: Bool {
        if case .keyword(let keyword) = storage { return keyword == "NULL" }
        return false
    }

    /// A negative number is printed with a leading `-`, which is a unary operator to SQLite's parser.
    var isNegativeNumber: Bool {
        switch storage {
        case .value(.integer(let value)): return value < 0
        case .value(.integer32(let value)): return value < 0
        case .value(.double(let value)): return value.sign == .minus
        default: return false
        }
    }

    /// Numbers in Swift's shortest round-tripping form, infinities as ±9e999 (SQLite's reading of an
    /// overflowing literal), strings with `'` doubled. SQLite's SQL text ends at NUL, so a string
    /// containing NUL is printed as the blob of its UTF-8 bytes cast to TEXT, which round-trips exactly,
    /// under a unary `+`: a CAST has the affinity of its type, which a string literal (or a bound string)
    /// has not, and TEXT affinity would make a comparison turn its other operand into text
    /// (`1 < CAST(X'00' AS TEXT)` is false, `1 < ?` bound to "\0" is true); `+` leaves the value as it is
    /// and takes the affinity away. Parenthesised, so that it is a primary operand (and a valid DEFAULT).
    public var description: String {
        switch storage {
        case .keyword(let keyword): return keyword
        case .value(.integer(let value)): return String(value)
        case .value(.integer32(let value)): return String(value)
        case .value(.double(let value)):
            if value.isInfinite { return value < 0 ? "-9e999" : "9e999" }
            var text = "\(value)"
            // Swift prints 1e-05 / 1e+20: SQLite parses both; make sure a whole number still reads as REAL.
            if !text.contains(".") && !text.contains("e") && !text.contains("E") { text += ".0" }
            return text
        case .value(.text(let value)):
            if value.utf8.contains(0) { return "(+CAST(" + LiteralValue.hexBlob(Data(value.utf8)) + " AS TEXT))" }
            return "'" + value.replacingOccurrences(of: "'", with: "''") + "'"
        case .value(.blob(let value)): return LiteralValue.hexBlob(value)
        case .value(.null): return "NULL"
        }
    }

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

    /// The literal itself.
    public func asLiteralValue() -> LiteralValue { self }

    /// A value is a `?` bound to it; a keyword is its text.
    public func asExpression() -> Expression {
        switch storage {
        case .value(let value):
            return Expression(literal: value, level: isNegativeNumber ? .unary : .primary)
        case .keyword(let keyword):
            return Expression(.literal(self))
        }
    }
}

// MARK: Swift values as literals, so WCDB's untyped style (`Column(named: "a") > 1`) works.

extension Int: LiteralValueConvertible { @inlinable public func asLiteralValue() -> LiteralValue { LiteralValue(self) } }
extension Int8: LiteralValueConvertible { public func asLiteralValue() -> LiteralValue { LiteralValue(Int64(self)) } }
extension Int16: LiteralValueConvertible { public func asLiteralValue() -> LiteralValue { LiteralValue(Int64(self)) } }
extension Int32: LiteralValueConvertible { @inlinable public func asLiteralValue() -> LiteralValue { LiteralValue(self) } }
extension Int64: LiteralValueConvertible { @inlinable public func asLiteralValue() -> LiteralValue { LiteralValue(self) } }
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
    /// The wrapped value's literal, or `NULL` for `nil`.
    public func asLiteralValue() -> LiteralValue {
        switch self {
        case .some(let value): return value.asLiteralValue()
        case .none: return .null
        }
    }
}

/// Numeric Swift types: a numeric typed property accepts any of them (`identifier >= 3.0` on an Int).
public protocol NumericLiteralConvertible: LiteralValueConvertible, ArithmeticOperand {}
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
extension Optional: ArithmeticOperand, NumericLiteralConvertible where Wrapped: NumericLiteralConvertible {}
