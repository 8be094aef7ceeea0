/// Object reads: `getObjects` and `getObject` (Swift guide 1.3.4.1).
extension HandleRepresentable {
    @inlinable
    public func getObjects<Object: TableDecodable>(on properties: [PropertyConvertible]? = nil, fromTable table: String,
                                                   where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                                                   limit: Limit? = nil, offset: Offset? = nil) throws -> [Object] {
        let query = try reportingErrors {
            try ObjectQuery<Object>(properties: properties, table: table, condition: condition, orderBy: orderList,
                                    limit: limit, offset: offset)
        }
        return try addingMissingColumns(of: Object.self, toTable: table) {
            try withHandle(forWriting: false) { handle in try query.all(on: handle) }
        }
    }

    @inlinable
    public func getObjects<Object: TableDecodable>(on property: PropertyConvertible, _ more: PropertyConvertible..., fromTable table: String,
                                                   where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                                                   limit: Limit? = nil, offset: Offset? = nil) throws -> [Object] {
        try getObjects(on: [property] + more, fromTable: table, where: condition, orderBy: orderList,
                       limit: limit, offset: offset)
    }

    @inlinable
    public func getObject<Object: TableDecodable>(on properties: [PropertyConvertible]? = nil, fromTable table: String,
                                                  where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                                                  offset: Offset? = nil) throws -> Object? {
        let query = try reportingErrors {
            try ObjectQuery<Object>(properties: properties, table: table, condition: condition, orderBy: orderList,
                                    limit: 1, offset: offset)
        }
        return try addingMissingColumns(of: Object.self, toTable: table) {
            try withHandle(forWriting: false) { handle in try query.first(on: handle) }
        }
    }

    @inlinable
    public func getObject<Object: TableDecodable>(on property: PropertyConvertible, _ more: PropertyConvertible..., fromTable table: String,
                                                  where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                                                  offset: Offset? = nil) throws -> Object? {
        try getObject(on: [property] + more, fromTable: table, where: condition, orderBy: orderList, offset: offset)
    }
}
