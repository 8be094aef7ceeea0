// An update to an enum's raw value. WCDB 2.x's variadic values (`update(table:on:with: v1, v2, …)`) are in
// `Compatibility/Update2x.swift`.

extension HandleProvider {
    /// Sets `properties` to `row`'s values, one per property, in order, as the `[ColumnEncodable]` form
    /// does, for a row whose values share one type (`let row = ["text"]; update(…, with: row)`).
    ///
    /// It keeps such a row a row. The variadic forms (`Compatibility/Update2x.swift`) are disfavoured, but Swift 6.3's overload
    /// ranking still tries only them for an array held in a constant (an array is a column value, stored
    /// as JSON), which wrote `["text"]` as one JSON value; this exact match is tried with them and wins.
    /// To write an array as one JSON value, pass it in a row: `with: [array]`.
    public func update<Value: ColumnEncodable>(table: String, on properties: [PropertyConvertible], with row: [Value],
                                               where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                                               limit: Limit? = nil, offset: Offset? = nil) throws {
        try update(table: table, on: properties, with: row,
                   ClauseTail(condition: condition, orderBy: orderList, limit: limit, offset: offset))
    }

    /// Sets the listed properties to `row`'s values, in order, for a row whose values share one type (see
    /// the form taking an array of properties).
    public func update<Value: ColumnEncodable>(table: String, on property: PropertyConvertible, _ more: PropertyConvertible...,
                                               with row: [Value], where condition: Condition? = nil,
                                               orderBy orderList: [OrderBy]? = nil, limit: Limit? = nil,
                                               offset: Offset? = nil) throws {
        try update(table: table, on: [property] + more, with: row,
                   ClauseTail(condition: condition, orderBy: orderList, limit: limit, offset: offset))
    }

    /// Sets `property` to an enum's raw value (`update(table: "message", on: Message.Properties.state,
    /// with: DeliveryState.read, where: …)`): any `RawRepresentable` whose raw value is a column value,
    /// without declaring it `ColumnEncodable`.
    @_disfavoredOverload
    public func update<Value: RawRepresentable>(table: String, on property: PropertyConvertible, with value: Value,
                                                where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                                                limit: Limit? = nil, offset: Offset? = nil) throws
    where Value.RawValue: ColumnEncodable {
        try update(table: table, on: [property], with: [value.rawValue], where: condition, orderBy: orderList, limit: limit,
                   offset: offset)
    }
}
