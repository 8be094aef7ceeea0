/// The calls generated code makes to move one property in or out of a statement.
///
/// Overloads, resolved at compile time on the property's concrete type, pick the path:
/// - `ColumnEncodable`/`ColumnDecodable` types (built-ins, their optionals, user types as in WCDB Swift 1.x's
///   custom-type chapter) use their own fast `bindColumn`/`decodeColumn`;
/// - `RawRepresentable` enums that don't declare `ColumnCodable` are stored as their raw value.
///
/// A property whose type fits none of these fails to compile at the model's own line (the generated
/// call carries a `#sourceLocation` to it). All of it is `@inlinable`, so the generated decoder reads
/// `sqlite3_column_*` directly with no dynamic dispatch per value.
@_spi(WCDBGenerated) public enum ColumnCoding {
    // MARK: ColumnCodable types

    /// The column type of a `ColumnEncodable` property type: its own `columnType`.
    @inlinable
    public static func columnType<Value: ColumnEncodable>(of type: Value.Type) -> ColumnType {
        Value.columnType
    }

    /// Binds a `ColumnEncodable` value with its own `bindColumn`.
    @inlinable
    public static func bind<Value: ColumnEncodable>(_ value: Value, to statement: HandleStatement, atIndex index: Int32) {
        value.bindColumn(to: statement, atIndex: index)
    }

    /// Reads a `ColumnDecodable` value with its own `decodeColumn`.
    @inlinable
    public static func decode<Value: ColumnDecodable>(_ type: Value.Type, from statement: HandleStatement, atIndex index: Int32) throws -> Value {
        try Value.decodeColumn(from: statement, atIndex: index)
    }

    // MARK: Enums stored as their raw value

    /// The column type of an enum stored as its raw value: the raw value's.
    @inlinable
    public static func columnType<Value: RawRepresentable>(of type: Value.Type) -> ColumnType where Value.RawValue: ColumnEncodable {
        Value.RawValue.columnType
    }

    /// Binds an enum's raw value.
    @inlinable
    public static func bind<Value: RawRepresentable>(_ value: Value, to statement: HandleStatement, atIndex index: Int32)
    where Value.RawValue: ColumnEncodable {
        value.rawValue.bindColumn(to: statement, atIndex: index)
    }

    /// Reads an enum from its raw value.
    /// - Throws: `WCDBError` (operation `decode`) when no case has the raw value read.
    @inlinable
    public static func decode<Value: RawRepresentable>(_ type: Value.Type, from statement: HandleStatement, atIndex index: Int32) throws -> Value
    where Value.RawValue: ColumnDecodable {
        let raw = try Value.RawValue.decodeColumn(from: statement, atIndex: index)
        guard let value = Value(rawValue: raw) else {
            throw WCDBError.interface("\(raw) is not a raw value of \(Value.self)", operation: "decode")
        }
        return value
    }

    /// The column type of an optional enum stored as its raw value: the raw value's.
    @inlinable
    public static func columnType<Value: RawRepresentable>(of type: Value?.Type) -> ColumnType where Value.RawValue: ColumnEncodable {
        Value.RawValue.columnType
    }

    /// Binds an optional enum's raw value, or NULL for nil.
    @inlinable
    public static func bind<Value: RawRepresentable>(_ value: Value?, to statement: HandleStatement, atIndex index: Int32)
    where Value.RawValue: ColumnEncodable {
        if let value {
            value.rawValue.bindColumn(to: statement, atIndex: index)
        } else {
            statement.bindNull(toIndex: index)
        }
    }

    /// Reads an optional enum: nil for NULL, else the case of the raw value read.
    /// - Throws: `WCDBError` (operation `decode`) when no case has the raw value read.
    @inlinable
    public static func decode<Value: RawRepresentable>(_ type: Value?.Type, from statement: HandleStatement, atIndex index: Int32) throws -> Value?
    where Value.RawValue: ColumnDecodable {
        if statement.isNull(atIndex: index) { return nil }
        return try decode(Value.self, from: statement, atIndex: index)
    }

    // MARK: Enums that declare ColumnCodable too: their own conformance wins

    /// The column type of an enum that declares `ColumnEncodable`: its own `columnType`, not the raw value's.
    @inlinable
    public static func columnType<Value: ColumnEncodable & RawRepresentable>(of type: Value.Type) -> ColumnType {
        Value.columnType
    }

    /// Binds an enum that declares `ColumnEncodable` with its own `bindColumn`.
    @inlinable
    public static func bind<Value: ColumnEncodable & RawRepresentable>(_ value: Value, to statement: HandleStatement, atIndex index: Int32) {
        value.bindColumn(to: statement, atIndex: index)
    }

    /// Reads an enum that declares `ColumnDecodable` with its own `decodeColumn`.
    @inlinable
    public static func decode<Value: ColumnDecodable & RawRepresentable>(_ type: Value.Type, from statement: HandleStatement, atIndex index: Int32) throws -> Value {
        try Value.decodeColumn(from: statement, atIndex: index)
    }

    /// The column type of an optional enum that declares `ColumnEncodable`: its own `columnType`.
    @inlinable
    public static func columnType<Value: ColumnEncodable & RawRepresentable>(of type: Value?.Type) -> ColumnType {
        Value.columnType
    }

    /// Binds an optional enum that declares `ColumnEncodable`, or NULL for nil.
    @inlinable
    public static func bind<Value: ColumnEncodable & RawRepresentable>(_ value: Value?, to statement: HandleStatement, atIndex index: Int32) {
        value.bindColumn(to: statement, atIndex: index)
    }

    /// Reads an optional enum that declares `ColumnDecodable`: nil for NULL, else its own `decodeColumn`.
    @inlinable
    public static func decode<Value: ColumnDecodable & RawRepresentable>(_ type: Value?.Type, from statement: HandleStatement, atIndex index: Int32) throws -> Value? {
        try Value?.decodeColumn(from: statement, atIndex: index)
    }
}
