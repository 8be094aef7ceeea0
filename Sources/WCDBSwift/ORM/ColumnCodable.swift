import Foundation

/// What both column protocols share: the declared type of a column holding the type (WCDB 2.x's
/// `ColumnTyped`). A decode-only column type declares it too, for `create(table:of:)` of a
/// decode-only model.
public protocol ColumnTyped {
    /// The declared type of a column holding this type.
    static var columnType: ColumnType { get }
}

/// A type that can be stored in one column.
public protocol ColumnEncodable: ColumnTyped {
    /// The value as stored.
    func archivedValue() -> FundamentalValue
    /// Binds the value to a statement parameter (1-based). The default binds `archivedValue()`;
    /// built-in types bind directly.
    func bindColumn(to statement: HandleStatement, atIndex index: Int32)
}

/// A type that can be read back from one column.
public protocol ColumnDecodable: ColumnTyped {
    /// The value read from `value`, or nil when it cannot be represented.
    init?(with value: FundamentalValue)
    /// Reads the column at `index` (0-based) of the current row. The default goes through
    /// `value(atIndex:)` and `init?(with:)`, throwing a WCDBError naming the type when that returns nil;
    /// built-in types read directly.
    static func decodeColumn(from statement: HandleStatement, atIndex index: Int32) throws -> Self
}

/// A type that can be stored in one column and read back from it (WCDB's `ColumnCodable`): it gives
/// `columnType`, `archivedValue()` and `init?(with:)`; `bindColumn` and `decodeColumn` have defaults.
public typealias ColumnCodable = ColumnEncodable & ColumnDecodable

extension ColumnEncodable {
    /// Binds `archivedValue()` to parameter `index` (1-based).
    @inlinable
    public func bindColumn(to statement: HandleStatement, atIndex index: Int32) {
        statement.bind(archivedValue(), toIndex: index)
    }
}

extension ColumnDecodable {
    /// Reads the column at `index` (0-based) as a `FundamentalValue` and converts it with `init?(with:)`.
    /// - Throws: `WCDBError` (operation `decode`) naming the type and the column when `init?(with:)`
    ///   returns nil.
    @inlinable
    public static func decodeColumn(from statement: HandleStatement, atIndex index: Int32) throws -> Self {
        let value = statement.value(atIndex: index)
        guard let decoded = Self(with: value) else {
            throw columnDecodingError(value, as: Self.self, statement: statement, index: index)
        }
        return decoded
    }
}

/// The error thrown when a column does not decode as `type`.
@usableFromInline
func columnDecodingError<T>(_ value: FundamentalValue, as type: T.Type, statement: HandleStatement?,
                            index: Int32) -> WCDBError {
    var message = "Cannot decode \(value.debugDescription) as \(T.self)"
    if let statement {
        message += " (column \(index) \"\(statement.columnName(atIndex: index))\")"
    }
    return reportError(WCDBError(level: .interface, message: message, sql: statement?.sql, operation: "decode"))
}

// MARK: RawRepresentable (enums)

/// An enum that declares `ColumnCodable` (`enum Kind: Int, ColumnCodable {}`) is declared as its raw
/// value's column type. A model property needs no such conformance: a plain `enum Kind: Int` compiles
/// and round-trips (generated code stores its raw value). Declare it where a `ColumnEncodable` value
/// is asked for: a row of values in `update(table:on:with:)`, `CoreStatement.bind(_:toIndex:)`.
extension ColumnTyped where Self: RawRepresentable, RawValue: ColumnTyped {
    /// The raw value's column type.
    public static var columnType: ColumnType { RawValue.columnType }
}

/// An enum that declares `ColumnEncodable` stores its raw value (a model property needs no conformance).
extension ColumnEncodable where Self: RawRepresentable, RawValue: ColumnEncodable {

    /// The raw value's `archivedValue()`.
    @inlinable
    public func archivedValue() -> FundamentalValue { rawValue.archivedValue() }

    /// Binds the raw value.
    @inlinable
    public func bindColumn(to statement: HandleStatement, atIndex index: Int32) {
        rawValue.bindColumn(to: statement, atIndex: index)
    }
}

extension ColumnDecodable where Self: RawRepresentable, RawValue: ColumnDecodable {
    /// The case whose raw value is read from `value`; nil when the raw value does not read or no case
    /// has it.
    @inlinable
    public init?(with value: FundamentalValue) {
        guard let raw = RawValue(with: value) else { return nil }
        self.init(rawValue: raw)
    }

    /// Reads the raw value and returns its case.
    /// - Throws: `WCDBError` (operation `decode`) when no case has the raw value read.
    @inlinable
    public static func decodeColumn(from statement: HandleStatement, atIndex index: Int32) throws -> Self {
        let raw = try RawValue.decodeColumn(from: statement, atIndex: index)
        guard let decoded = Self(rawValue: raw) else {
            throw columnDecodingError(statement.value(atIndex: index), as: Self.self, statement: statement, index: index)
        }
        return decoded
    }
}

extension FundamentalValue {
    /// The value a column-codable value is stored as (`archivedValue()`), as WCDB 2.x's `Value(_:)`.
    /// (Here, in the ORM layer that defines `ColumnEncodable`, not with the value type itself.)
    public init<Encodable: ColumnEncodable>(_ encodedValue: Encodable) { self = encodedValue.archivedValue() }
}
