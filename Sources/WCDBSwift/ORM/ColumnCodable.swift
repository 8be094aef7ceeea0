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

public typealias ColumnCodable = ColumnEncodable & ColumnDecodable

extension ColumnEncodable {
    @inlinable
    public func bindColumn(to statement: HandleStatement, atIndex index: Int32) {
        statement.bind(archivedValue(), toIndex: index)
    }
}

extension ColumnDecodable {
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

/// `enum Kind: Int, ColumnCodable { ... }` is declared as its raw value's column type.
extension ColumnTyped where Self: RawRepresentable, RawValue: ColumnTyped {
    /// The raw value's column type.
    public static var columnType: ColumnType { RawValue.columnType }
}

/// `enum Kind: Int, ColumnCodable { ... }` stores its raw value.
extension ColumnEncodable where Self: RawRepresentable, RawValue: ColumnEncodable {

    @inlinable
    public func archivedValue() -> FundamentalValue { rawValue.archivedValue() }

    @inlinable
    public func bindColumn(to statement: HandleStatement, atIndex index: Int32) {
        rawValue.bindColumn(to: statement, atIndex: index)
    }
}

extension ColumnDecodable where Self: RawRepresentable, RawValue: ColumnDecodable {
    @inlinable
    public init?(with value: FundamentalValue) {
        guard let raw = RawValue(with: value) else { return nil }
        self.init(rawValue: raw)
    }

    @inlinable
    public static func decodeColumn(from statement: HandleStatement, atIndex index: Int32) throws -> Self {
        let raw = try RawValue.decodeColumn(from: statement, atIndex: index)
        guard let decoded = Self(rawValue: raw) else {
            throw columnDecodingError(statement.value(atIndex: index), as: Self.self, statement: statement, index: index)
        }
        return decoded
    }
}
