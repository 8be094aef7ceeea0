import Foundation

// Collections and JSON-coded types, stored as WCDB 2.x stores them: the JSON bytes in a BLOB.
//
// Two things differ from WCDB on purpose:
// - encoding is deterministic: dictionaries and objects with sorted keys, and a `Set` as a JSON array
//   sorted by its elements' own JSON, so equal values are equal bytes (and compare equal in SQL);
// - an encoding failure (a `Double.nan` inside, a throwing `encode(to:)`) is not stored as NULL: the
//   bind records it on the statement and the statement's next `step()` throws it, so the insert or
//   update that carried the value throws a `WCDBError` and writes nothing.
// Reading accepts a BLOB or TEXT of JSON (earlier versions of this library wrote TEXT); NULL and an
// empty value read as an empty collection.

/// A `Codable` type stored as its JSON in a BLOB column (WCDB 2.x's `ColumnJSONCodable`).
///
/// ```swift
/// struct Point: ColumnJSONCodable { var x: Double; var y: Double }
/// ```
public protocol ColumnJSONEncodable: ColumnEncodable, Encodable {}

/// A `Decodable` type read from the JSON in a BLOB (or TEXT) column.
public protocol ColumnJSONDecodable: ColumnDecodable, Decodable {}

/// A type stored as JSON in a BLOB column, read back from it.
public protocol ColumnJSONCodable: ColumnJSONEncodable, ColumnJSONDecodable {}

extension ColumnJSONEncodable {
    /// JSON is stored in a BLOB.
    public static var columnType: ColumnType { .BLOB }
    /// The JSON bytes, or NULL when the value does not encode (binding it throws at the next step instead).
    public func archivedValue() -> FundamentalValue { archivedJSONValue(self) }
    /// Binds the JSON bytes as a BLOB. A value that does not encode (a `Double.nan` inside) binds NULL
    /// and makes the statement's next `step()` throw a `WCDBError` (operation `encode`): the write stores nothing.
    public func bindColumn(to statement: HandleStatement, atIndex index: Int32) {
        bindJSON(self, to: statement, atIndex: index)
    }
}

extension ColumnJSONDecodable {
    /// JSON is stored in a BLOB.
    public static var columnType: ColumnType { .BLOB }

    /// The value decoded from the JSON in a BLOB or TEXT; nil for NULL, an empty value, a number, or
    /// JSON that does not decode as `Self` (a non-optional property then fails to read with a `WCDBError`).
    public init?(with value: FundamentalValue) {
        guard let decoded: Self = decodedJSON(value, empty: nil) else { return nil }
        self = decoded
    }
}

extension ColumnJSONCodable {
    /// JSON is stored in a BLOB (the one declaration both halves share).
    public static var columnType: ColumnType { .BLOB }
}

// MARK: Collections

extension Array: ColumnTyped {
    /// A collection is stored as JSON in a BLOB.
    public static var columnType: ColumnType { .BLOB }
}

extension Dictionary: ColumnTyped {
    /// A collection is stored as JSON in a BLOB.
    public static var columnType: ColumnType { .BLOB }
}

extension Set: ColumnTyped {
    /// A collection is stored as JSON in a BLOB.
    public static var columnType: ColumnType { .BLOB }
}

extension Array: ColumnEncodable where Element: Encodable {
    /// The array's JSON as a BLOB, or NULL when an element does not encode.
    public func archivedValue() -> FundamentalValue { archivedJSONValue(self) }
    /// Binds the array's JSON as a BLOB. An element that does not encode binds NULL and makes the
    /// statement's next `step()` throw a `WCDBError` (operation `encode`): the write stores nothing.
    public func bindColumn(to statement: HandleStatement, atIndex index: Int32) {
        bindJSON(self, to: statement, atIndex: index)
    }
}

extension Array: ColumnDecodable where Element: Decodable {
    /// The array decoded from the JSON in a BLOB or TEXT; NULL and an empty value read as `[]`.
    /// Nil for a number or for JSON that does not decode as `[Element]`.
    public init?(with value: FundamentalValue) {
        guard let decoded = decodedJSON(value, empty: [Element]()) else { return nil }
        self = decoded
    }
}

extension Dictionary: ColumnEncodable where Key: Encodable, Value: Encodable {
    /// The dictionary's JSON (object keys sorted) as a BLOB, or NULL when an entry does not encode.
    public func archivedValue() -> FundamentalValue { archivedJSONValue(self) }
    /// Binds the dictionary's JSON (object keys sorted) as a BLOB. An entry that does not encode binds
    /// NULL and makes the statement's next `step()` throw a `WCDBError` (operation `encode`).
    public func bindColumn(to statement: HandleStatement, atIndex index: Int32) {
        bindJSON(self, to: statement, atIndex: index)
    }
}

extension Dictionary: ColumnDecodable where Key: Decodable, Value: Decodable {
    /// The dictionary decoded from the JSON in a BLOB or TEXT; NULL and an empty value read as `[:]`.
    /// Nil for a number or for JSON that does not decode as `[Key: Value]`.
    public init?(with value: FundamentalValue) {
        guard let decoded = decodedJSON(value, empty: [Key: Value]()) else { return nil }
        self = decoded
    }
}

extension Set: ColumnEncodable where Element: Encodable {
    /// The set as a JSON array whose elements are ordered by their own JSON bytes (equal sets give equal
    /// bytes), as a BLOB; NULL when an element does not encode.
    public func archivedValue() -> FundamentalValue {
        (try? sortedSetJSON(self)).map { .blob($0) } ?? .null
    }
    /// Binds the set as a sorted JSON array (see `archivedValue()`) in a BLOB. An element that does not
    /// encode binds NULL and makes the statement's next `step()` throw a `WCDBError` (operation `encode`).
    public func bindColumn(to statement: HandleStatement, atIndex index: Int32) {
        do {
            statement.bind(blob: try sortedSetJSON(self), toIndex: index)
        } catch {
            statement.recordBindFailure(jsonEncodingError(error, of: Self.self, statement: statement, index: index))
            statement.bindNull(toIndex: index)
        }
    }
}

extension Set: ColumnDecodable where Element: Decodable {
    /// The set decoded from the JSON array in a BLOB or TEXT; NULL and an empty value read as an empty
    /// set. Nil for a number or for JSON that does not decode as `Set<Element>`.
    public init?(with value: FundamentalValue) {
        guard let decoded = decodedJSON(value, empty: Set<Element>()) else { return nil }
        self = decoded
    }
}

// MARK: Encoding and decoding

/// One encoder configuration for every JSON column: sorted keys, so equal values give equal bytes.
func makeColumnJSONEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return encoder
}

func columnJSONData<T: Encodable>(_ value: T) throws -> Data {
    try makeColumnJSONEncoder().encode(value)
}

/// A set as a JSON array whose elements are ordered by their own encoded bytes (a Set's iteration
/// order changes from one process to the next).
func sortedSetJSON<Element: Encodable>(_ set: Set<Element>) throws -> Data {
    let encoder = makeColumnJSONEncoder()
    let elements = try set.map { try encoder.encode($0) }
        .sorted { $0.lexicographicallyPrecedes($1) }
    var data = Data("[".utf8)
    for (offset, element) in elements.enumerated() {
        if offset > 0 { data.append(UInt8(ascii: ",")) }
        data.append(element)
    }
    data.append(UInt8(ascii: "]"))
    return data
}

func archivedJSONValue<T: Encodable>(_ value: T) -> FundamentalValue {
    (try? columnJSONData(value)).map { .blob($0) } ?? .null
}

func bindJSON<T: Encodable>(_ value: T, to statement: HandleStatement, atIndex index: Int32) {
    do {
        statement.bind(blob: try columnJSONData(value), toIndex: index)
    } catch {
        statement.recordBindFailure(jsonEncodingError(error, of: T.self, statement: statement, index: index))
        statement.bindNull(toIndex: index)
    }
}

func jsonEncodingError<T>(_ error: Error, of type: T.Type, statement: HandleStatement, index: Int32) -> WCDBError {
    WCDBError(level: .interface,
              message: "Cannot encode a \(T.self) as JSON for parameter \(index): \(error)",
              sql: statement.sql, operation: "encode")
}

/// Decodes the JSON in a BLOB or TEXT value; NULL and an empty value read as `empty` (when given).
func decodedJSON<T: Decodable>(_ value: FundamentalValue, empty: T?) -> T? {
    let data: Data
    switch value {
    case .null: return empty
    case .text(let text):
        if text.isEmpty { return empty }
        data = Data(text.utf8)
    case .blob(let blob):
        if blob.isEmpty { return empty }
        data = blob
    default:
        return nil
    }
    return try? JSONDecoder().decode(T.self, from: data)
}
