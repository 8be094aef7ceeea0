import Foundation
import CSQLCipher

// WCDB 2.x's statement calls: Int indexes, optional `ColumnEncodable` binds, lookups by column name,
// whole-result reads. Binds are 1-based and columns 0-based, as everywhere else.

extension HandleStatement {
    /// Binds `value` (NULL for nil) to parameter `index`.
    public func bind(_ value: ColumnEncodable?, toIndex index: Int) {
        if let value {
            value.bindColumn(to: self, atIndex: Int32(index))
        } else {
            bindNull(toIndex: Int32(index))
        }
    }

    /// The value of column `index` of the current row.
    public func value(atIndex index: Int) -> FundamentalValue { value(atIndex: Int32(index)) }

    /// Column `index` decoded as `T`, or nil when it is NULL or does not decode.
    public func value<T: ColumnDecodable>(atIndex index: Int, of type: T.Type = T.self) -> T? {
        let value = value(atIndex: Int32(index))
        if value.isNull { return nil }
        return T(with: value)
    }

    /// The column named `name` decoded as `T`; nil when there is no such column, or it is NULL.
    public func value<T: ColumnDecodable>(byName name: String, of type: T.Type = T.self) -> T? {
        guard let index = index(byName: name) else { return nil }
        return value(atIndex: index, of: T.self)
    }

    /// The index of the result column named `name`, or nil.
    public func index(byName name: String) -> Int? {
        (0..<Int(columnCount)).first { columnName(atIndex: Int32($0)) == name }
    }

    /// The type of the value in the column named `name` of the current row; `.null` when there is no such column.
    public func columnType(byName name: String) -> ColumnType {
        guard let index = index(byName: name) else { return .null }
        return columnType(atIndex: Int32(index))
    }

    /// The columns of the current row.
    public func oneRowValue() -> OneRowValue { row() }

    /// Steps to the end, collecting column `index` of every row.
    public func oneColumnValue(atIndex index: Int = 0) throws -> OneColumnValue {
        var column = OneColumnValue()
        while try step() { column.append(value(atIndex: Int32(index))) }
        return column
    }

    /// Steps to the end, collecting every row.
    public func multiRowsValue() throws -> MultiRowsValue {
        var rows = MultiRowsValue()
        while try step() { rows.append(row()) }
        return rows
    }

    /// The current row as an `Object`: the result columns are `properties` in order (all of them by default).
    public func extractObject<Object: TableDecodable>(on properties: [PropertyConvertible]? = nil,
                                                      of type: Object.Type = Object.self) throws -> Object {
        try Object.decode(from: self, mapping: Self.mapping(of: Object.self, on: properties))
    }

    /// Steps to the end, decoding every row as an `Object` (see `extractObject(on:of:)`).
    public func extractAllObjects<Object: TableDecodable>(on properties: [PropertyConvertible]? = nil,
                                                          of type: Object.Type = Object.self) throws -> [Object] {
        let mapping = Self.mapping(of: Object.self, on: properties)
        var objects: [Object] = []
        while try step() { objects.append(try Object.decode(from: self, mapping: mapping)) }
        return objects
    }

    private static func mapping<Object: TableDecodable>(of type: Object.Type, on properties: [PropertyConvertible]?) -> PropertyMapping {
        let count = Object.objectRelationalMapping.properties.count
        guard let properties else { return PropertyMapping(identityOfCount: count) }
        return PropertyMapping(propertyCount: count, selectedPropertyIndexes: properties.map { $0.asProperty().propertyIndex })
    }
}

extension Handle {
    /// Prepares `statement` as this handle's current statement (WCDB 2.x), finalizing the previous one;
    /// then `step()`, `value(atIndex:)`, `bind(_:toIndex:)`, … work on it. `finalize()` when done.
    @discardableResult
    public func prepare(_ statement: Statement) throws -> HandleStatement {
        finalize()
        let prepared = try prepareRendered(statement)
        mainStatement = prepared
        return prepared
    }

    /// The statement for `statement`, prepared once and kept in this handle's cache (WCDB 2.x). It is
    /// reset when the operation that received the handle ends; do not finalize it.
    public func getOrCreatePreparedStatement(with statement: Statement) throws -> HandleStatement {
        let rendering = try rendering(of: statement)
        let prepared = try cachedStatement(forSQL: rendering.sql)
        bind(rendering, to: prepared)
        return prepared
    }

    func currentStatement(_ operation: String) throws -> HandleStatement { try current(operation) }

    private func current(_ operation: String) throws -> HandleStatement {
        guard let mainStatement else {
            throw reportError(WCDBError(level: .interface, message: "\(operation) needs a statement: call prepare(_:) first",
                                        path: path, tag: tag, operation: operation))
        }
        return mainStatement
    }

    /// Steps the current statement: true while it has a row.
    @discardableResult
    public func step() throws -> Bool { try current("step").step() }

    /// Resets the current statement (keeps its bindings).
    public func reset() { mainStatement?.reset() }

    /// Finalizes the current statement, if any.
    public func finalize() {
        mainStatement?.finalize()
        mainStatement = nil
    }

    /// Binds `value` (NULL for nil) to parameter `index` of the current statement.
    public func bind(_ value: ColumnEncodable?, toIndex index: Int) { mainStatement?.bind(value, toIndex: index) }

    /// Column `index` of the current row of the current statement (`.null` without one).
    public func value(atIndex index: Int) -> FundamentalValue { mainStatement?.value(atIndex: index) ?? .null }

    /// Column `index` of the current row decoded as `T`, or nil.
    public func value<T: ColumnDecodable>(atIndex index: Int, of type: T.Type = T.self) -> T? {
        mainStatement?.value(atIndex: index, of: T.self)
    }

    /// The column named `name` decoded as `T`, or nil.
    public func value<T: ColumnDecodable>(byName name: String, of type: T.Type = T.self) -> T? {
        mainStatement?.value(byName: name, of: T.self)
    }

    /// The type of column `name` in the current row (`.null` when absent).
    public func columnType(byName name: String) -> ColumnType { mainStatement?.columnType(byName: name) ?? .null }

    /// The type of column `index` in the current row.
    public func columnType(atIndex index: Int) -> ColumnType { mainStatement?.columnType(atIndex: Int32(index)) ?? .null }

    /// The number of result columns of the current statement.
    public func columnCount() -> Int { Int(mainStatement?.columnCount ?? 0) }

    /// The name of result column `index` of the current statement.
    public func columnName(atIndex index: Int) -> String { mainStatement?.columnName(atIndex: Int32(index)) ?? "" }

    /// The index of the result column named `name`, or nil.
    public func index(byName name: String) -> Int? { mainStatement?.index(byName: name) }

    /// The table result column `index` comes from (`""` for an expression).
    public func columnTableName(atIndex index: Int) -> String {
        mainStatement?.columnTableName(atIndex: Int32(index)) ?? ""
    }

    /// Column `index` of the current row read as a 32-bit integer, as `sqlite3_column_int64` converts it
    /// and truncated (WCDB 2.x's `columnValue(atIndex:)`; the return type picks the overload).
    public func columnValue(atIndex index: Int) -> Int32 { columnValue(atIndex: index, of: Int32.self) }
    /// Column `index` read as a 64-bit integer (`sqlite3_column_int64`).
    public func columnValue(atIndex index: Int) -> Int64 { columnValue(atIndex: index, of: Int64.self) }
    /// Column `index` read as a REAL (`sqlite3_column_double`).
    public func columnValue(atIndex index: Int) -> Double { columnValue(atIndex: index, of: Double.self) }
    /// Column `index` read as text (`sqlite3_column_text`).
    public func columnValue(atIndex index: Int) -> String { columnValue(atIndex: index, of: String.self) }
    /// Column `index` read as bytes (`sqlite3_column_blob`).
    public func columnValue(atIndex index: Int) -> Data { columnValue(atIndex: index, of: Data.self) }

    /// Column `index` read as a 32-bit integer (truncated); 0 without a current row.
    public func columnValue(atIndex index: Int, of type: Int32.Type) -> Int32 {
        Int32(truncatingIfNeeded: columnValue(atIndex: index, of: Int64.self))
    }

    /// Column `index` read as a 64-bit integer; 0 without a current row.
    public func columnValue(atIndex index: Int, of type: Int64.Type) -> Int64 {
        mainStatement?.columnInteger(atIndex: Int32(index)) ?? 0
    }

    /// Column `index` read as a REAL; 0 without a current row.
    public func columnValue(atIndex index: Int, of type: Double.Type) -> Double {
        mainStatement?.columnDouble(atIndex: Int32(index)) ?? 0
    }

    /// Column `index` read as text; `""` without a current row.
    public func columnValue(atIndex index: Int, of type: String.Type) -> String {
        mainStatement?.columnText(atIndex: Int32(index)) ?? ""
    }

    /// Column `index` read as bytes; empty without a current row.
    public func columnValue(atIndex index: Int, of type: Data.Type) -> Data {
        mainStatement?.columnBlob(atIndex: Int32(index)) ?? Data()
    }

    /// The current row of the current statement.
    public func oneRowValue() -> OneRowValue { mainStatement?.row() ?? [] }

    /// Steps the current statement to the end, collecting every row.
    public func multiRowsValue() throws -> MultiRowsValue { try current("multiRowsValue").multiRowsValue() }

    /// Steps the current statement to the end, collecting column `index`.
    public func oneColumnValue(atIndex index: Int = 0) throws -> OneColumnValue {
        try current("oneColumnValue").oneColumnValue(atIndex: index)
    }

    /// The current row decoded as an `Object`.
    public func extractObject<Object: TableDecodable>(on properties: [PropertyConvertible]? = nil,
                                                      of type: Object.Type = Object.self) throws -> Object {
        try current("extractObject").extractObject(on: properties, of: Object.self)
    }

    /// Steps the current statement to the end, decoding every row as an `Object`.
    public func extractAllObjects<Object: TableDecodable>(on properties: [PropertyConvertible]? = nil,
                                                          of type: Object.Type = Object.self) throws -> [Object] {
        try current("extractAllObjects").extractAllObjects(on: properties, of: Object.self)
    }
}
