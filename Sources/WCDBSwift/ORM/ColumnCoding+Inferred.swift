/// The forms of `ColumnCoding`'s calls that generated code uses without spelling a property's type.
///
/// A model's property types are written in the model's own scope (`var kind: Kind` inside
/// `enum Outer`), where the generated extension can't always name them (`Outer.Kind` is not in scope
/// in `extension Outer.Model`). So generated code lets the compiler infer each type: from the typed
/// property (`columnType(of: Properties.kind)`) or from the assignment's target
/// (`self.kind = try decode(from: statement, atIndex: i)`). These forward to the spelled-out
/// overloads, so the same static dispatch picks the same path.
extension ColumnCoding {
    // MARK: Column types from typed properties

    /// The column type of a typed property whose value type is `ColumnEncodable`.
    @inlinable
    public static func columnType<Root, Value: ColumnEncodable>(of property: TypedProperty<Root, Value>) -> ColumnType {
        columnType(of: Value.self)
    }

    /// The column type of a typed property holding an enum stored as its raw value.
    @inlinable
    public static func columnType<Root, Value: RawRepresentable>(of property: TypedProperty<Root, Value>) -> ColumnType
    where Value.RawValue: ColumnEncodable {
        columnType(of: Value.self)
    }

    /// The column type of a typed property holding an optional enum stored as its raw value.
    @inlinable
    public static func columnType<Root, Value: RawRepresentable>(of property: TypedProperty<Root, Value?>) -> ColumnType
    where Value.RawValue: ColumnEncodable {
        columnType(of: Value?.self)
    }

    /// The column type of a typed property holding an enum that declares `ColumnEncodable`.
    @inlinable
    public static func columnType<Root, Value: ColumnEncodable & RawRepresentable>(of property: TypedProperty<Root, Value>) -> ColumnType {
        columnType(of: Value.self)
    }

    /// The column type of a typed property holding an optional enum that declares `ColumnEncodable`.
    @inlinable
    public static func columnType<Root, Value: ColumnEncodable & RawRepresentable>(of property: TypedProperty<Root, Value?>) -> ColumnType {
        columnType(of: Value?.self)
    }

    // MARK: Column types of a decode-only model's properties (their types need only decode)

    /// The column type of a decode-only type (a property of a `TableDecodable`-only model).
    @inlinable
    public static func columnType<Root, Value: ColumnDecodable>(ofDecodable property: TypedProperty<Root, Value>) -> ColumnType {
        Value.columnType
    }

    /// The column type of an enum stored as its raw value, in a decode-only model.
    @inlinable
    public static func columnType<Root, Value: RawRepresentable>(ofDecodable property: TypedProperty<Root, Value>) -> ColumnType
    where Value.RawValue: ColumnDecodable {
        Value.RawValue.columnType
    }

    /// The column type of an optional enum stored as its raw value, in a decode-only model.
    @inlinable
    public static func columnType<Root, Value: RawRepresentable>(ofDecodable property: TypedProperty<Root, Value?>) -> ColumnType
    where Value.RawValue: ColumnDecodable {
        Value.RawValue.columnType
    }

    /// The column type of a column-decodable enum, in a decode-only model.
    @inlinable
    public static func columnType<Root, Value: ColumnDecodable & RawRepresentable>(ofDecodable property: TypedProperty<Root, Value>) -> ColumnType {
        Value.columnType
    }

    /// The column type of an optional column-decodable enum, in a decode-only model.
    @inlinable
    public static func columnType<Root, Value: ColumnDecodable & RawRepresentable>(ofDecodable property: TypedProperty<Root, Value?>) -> ColumnType {
        Value.columnType
    }

    // MARK: Storing into a property

    /// Stores a value read from a row into a property that already holds its initial value.
    ///
    /// Generated decoders write each such property through `inout` rather than assigning it: the
    /// optimizer then builds the object in place, where an initializer that assigns a `Data` field
    /// copies the whole value out at its end (a retain and a release of every reference it holds, on
    /// every row read).
    @inlinable @inline(__always)
    public static func store<Value>(_ value: consuming Value, into property: inout Value) {
        property = value
    }

    // MARK: Decoding into the assignment's type

    /// Reads a `ColumnDecodable` value of the assignment's type.
    @inlinable
    public static func decode<Value: ColumnDecodable>(from statement: HandleStatement, atIndex index: Int32) throws -> Value {
        try decode(Value.self, from: statement, atIndex: index)
    }

    /// Reads an enum of the assignment's type from its raw value; throws a `WCDBError` when no case has it.
    @inlinable
    public static func decode<Value: RawRepresentable>(from statement: HandleStatement, atIndex index: Int32) throws -> Value
    where Value.RawValue: ColumnDecodable {
        try decode(Value.self, from: statement, atIndex: index)
    }

    /// Reads an optional enum of the assignment's type from its raw value (nil for NULL).
    @inlinable
    public static func decode<Value: RawRepresentable>(from statement: HandleStatement, atIndex index: Int32) throws -> Value?
    where Value.RawValue: ColumnDecodable {
        try decode(Value?.self, from: statement, atIndex: index)
    }

    /// Reads an enum that declares `ColumnDecodable`, of the assignment's type.
    @inlinable
    public static func decode<Value: ColumnDecodable & RawRepresentable>(from statement: HandleStatement, atIndex index: Int32) throws -> Value {
        try decode(Value.self, from: statement, atIndex: index)
    }

    /// Reads an optional enum that declares `ColumnDecodable`, of the assignment's type (nil for NULL).
    @inlinable
    public static func decode<Value: ColumnDecodable & RawRepresentable>(from statement: HandleStatement, atIndex index: Int32) throws -> Value? {
        try decode(Value?.self, from: statement, atIndex: index)
    }

    // MARK: The rowid SQLite assigned, into an integer primary key

    /// Writes the rowid SQLite assigned into an integer primary key (truncated to the key's width).
    @inlinable
    public static func assign<Key: FixedWidthInteger>(rowID: Int64, to key: inout Key) {
        key = Key(truncatingIfNeeded: rowID)
    }

    /// Writes the rowid SQLite assigned into an optional integer primary key.
    @inlinable
    public static func assign<Key: FixedWidthInteger>(rowID: Int64, to key: inout Key?) {
        key = Key(truncatingIfNeeded: rowID)
    }
}

extension ColumnCoding {
    /// A primary key that is no integer never receives a rowid.
    @inlinable
    public static func assign<Key>(rowID: Int64, to key: inout Key) {}
}
