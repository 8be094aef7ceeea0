// WCDB 2.x reads objects through a handle it holds (`handle.getObjects(on:fromTable:)`), for example
// one with a cancellation signal attached. They run on this handle, as its current statement's
// neighbours: the current statement (`prepare(_:)`) is left alone.

extension Handle {
    /// The `Object`s of `table` matching `condition`, read on this handle: every property, or those in
    /// `properties` (which must be `Object`'s own).
    public func getObjects<Object: TableDecodable>(on properties: [PropertyConvertible]? = nil, fromTable table: String,
                                                   where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                                                   limit: Limit? = nil, offset: Offset? = nil) throws -> [Object] {
        try readObjects(on: properties, fromTable: table, where: condition, orderBy: orderList, limit: limit, offset: offset)
    }

    /// The first `Object` of `table` matching `condition`, read on this handle, or nil.
    public func getObject<Object: TableDecodable>(on properties: [PropertyConvertible]? = nil, fromTable table: String,
                                                  where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                                                  offset: Offset? = nil) throws -> Object? {
        let objects: [Object] = try readObjects(on: properties, fromTable: table, where: condition, orderBy: orderList,
                                                limit: 1, offset: offset)
        return objects.first
    }

    /// The read of `getObjects` on this handle: the same query the one-line verb builds (`ObjectQuery`),
    /// run on this handle's statement cache.
    private func readObjects<Object: TableDecodable>(on properties: [PropertyConvertible]?, fromTable table: String,
                                                     where condition: Condition?, orderBy orderList: [OrderBy]?,
                                                     limit: Limit?, offset: Offset?) throws -> [Object] {
        do {
            let query = try ObjectQuery<Object>(properties: properties, table: table, condition: condition, orderBy: orderList,
                                                limit: limit, offset: offset)
            return try query.all(on: self)
        } catch let error as WCDBError {
            throw reportError(error)
        }
    }
}
