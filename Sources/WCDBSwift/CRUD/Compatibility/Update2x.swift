// WCDB 2.x also takes the new values of an update as a variadic list:
// `update(table: "t", on: p1, p2, with: v1, v2, where: …)`. Forwards to the row form.

extension HandleProvider {
    /// Sets `properties` to `values` (one per property, in order) in the rows matching `condition`.
    @_disfavoredOverload
    public func update(table: String, on properties: [PropertyConvertible], with values: ColumnEncodable...,
                       where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                       limit: Limit? = nil, offset: Offset? = nil) throws {
        try update(table: table, on: properties, with: values, where: condition, orderBy: orderList, limit: limit, offset: offset)
    }

    /// Sets the listed properties to `values` (one per property, in order) in the rows matching `condition`.
    @_disfavoredOverload
    public func update(table: String, on property: PropertyConvertible, _ more: PropertyConvertible...,
                       with values: ColumnEncodable..., where condition: Condition? = nil,
                       orderBy orderList: [OrderBy]? = nil, limit: Limit? = nil, offset: Offset? = nil) throws {
        try update(table: table, on: [property] + more, with: values, where: condition, orderBy: orderList, limit: limit, offset: offset)
    }
}
