/// Object reads: `getObjects` and `getObject` (Swift guide 1.3.4.1).
extension HandleProvider {
    /// The objects of `table` that match `condition`, in `orderList` order, at most `limit` from `offset`.
    ///
    /// Values in `condition` are bound, not printed: `where: Row.Properties.id == k` runs
    /// `SELECT … WHERE (id = ?)` with `k` bound, and a repeated call reuses the prepared statement.
    /// `properties` names the properties to read (a partial select); nil reads every column. A left-out
    /// non-optional property makes the read throw (WCDB's partial-select rule).
    /// - Throws: `WCDBError` — a missing table, a column that does not decode, a property of another model.
    @inlinable
    public func getObjects<Object: TableDecodable>(on properties: [PropertyConvertible]? = nil, fromTable table: String,
                                                   where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                                                   limit: Limit? = nil, offset: Offset? = nil) throws -> [Object] {
        try readObjects(on: properties, fromTable: table, where: condition?.asExpression(), orderBy: orderList, limit: limit,
                        offset: offset)
    }

    /// The objects of `table` that match a WINQ expression (`where: Row.Properties.id == k`).
    ///
    /// The same read as the form taking any `Condition`: this one takes the `Expression` that WINQ's
    /// operators return as it is, without wrapping it in an existential, which a row-by-row loop of
    /// calls pays for on every call.
    ///
    /// It has no ORDER BY, LIMIT or OFFSET parameters (the form taking a `Condition` has them): a call
    /// then passes no empty existentials to destroy.
    @inlinable
    public func getObjects<Object: TableDecodable>(on properties: [PropertyConvertible]? = nil, fromTable table: String,
                                                   where condition: Expression) throws -> [Object] {
        try readObjects(on: properties, fromTable: table, where: condition, orderBy: nil, limit: nil, offset: nil)
    }

    /// The one definition of `getObjects`.
    @inlinable
    func readObjects<Object: TableDecodable>(on properties: [PropertyConvertible]?, fromTable table: String,
                                             where expression: Expression?, orderBy orderList: [OrderBy]?,
                                             limit: Limit?, offset: Offset?) throws -> [Object] {
        if KeyedRead.applies(properties: properties, condition: expression, orderBy: orderList, offset: offset) {
            // Every column with at most a WHERE and a LIMIT: the statement is found by the condition's shape.
            let limitValue = limit.map { KeyedRead.limitValue($0) }
            if limitValue != .some(nil) {
                return try withHandle(forWriting: false) { handle in
                    try KeyedRead.all(Object.self, table: table, condition: expression, limit: limitValue ?? nil, on: handle)
                }
            }
        }
        let query = try reportingErrors {
            try ObjectQuery<Object>(properties: properties, table: table, condition: expression, orderBy: orderList,
                                    limit: limit, offset: offset)
        }
        return try withHandle(forWriting: false) { handle in try query.all(on: handle) }
    }

    /// The objects of `table` that match `condition`, reading only the listed properties.
    @inlinable
    public func getObjects<Object: TableDecodable>(on property: PropertyConvertible, _ more: PropertyConvertible..., fromTable table: String,
                                                   where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                                                   limit: Limit? = nil, offset: Offset? = nil) throws -> [Object] {
        try getObjects(on: [property] + more, fromTable: table, where: condition, orderBy: orderList,
                       limit: limit, offset: offset)
    }

    /// The first object of `table` that matches `condition` (in `orderList` order), or nil when none does.
    @inlinable
    public func getObject<Object: TableDecodable>(on properties: [PropertyConvertible]? = nil, fromTable table: String,
                                                  where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                                                  offset: Offset? = nil) throws -> Object? {
        try readObject(on: properties, fromTable: table, where: condition?.asExpression(), orderBy: orderList, offset: offset)
    }

    /// The first object of `table` that matches a WINQ expression (`where: Row.Properties.id == k`), or nil.
    ///
    /// The same read as the form taking any `Condition`: this one takes the `Expression` that WINQ's
    /// operators return as it is, without wrapping it in an existential, which a row-by-row loop of
    /// calls pays for on every call.
    ///
    /// It has no ORDER BY or OFFSET parameters (the form taking a `Condition` has them): a call then
    /// passes no empty existentials to destroy.
    @inlinable
    public func getObject<Object: TableDecodable>(on properties: [PropertyConvertible]? = nil, fromTable table: String,
                                                  where condition: Expression) throws -> Object? {
        // The row-by-row read itself, without `readObject`'s ORDER BY and OFFSET: a loop of calls then
        // makes and destroys no empty optionals of existentials (~90 instructions a call).
        if properties == nil, !condition.hasOwnParameters {
            return try withHandle(forWriting: false) { handle in
                try KeyedRead.first(Object.self, table: table, condition: condition, on: handle)
            }
        }
        return try readObject(on: properties, fromTable: table, where: condition, orderBy: nil, offset: nil)
    }

    /// The one definition of `getObject`.
    @inlinable
    func readObject<Object: TableDecodable>(on properties: [PropertyConvertible]?, fromTable table: String,
                                            where expression: Expression?, orderBy orderList: [OrderBy]?,
                                            offset: Offset?) throws -> Object? {
        // The row-by-row read (`where: id == k`): every column, the statement found by the condition's shape.
        if KeyedRead.applies(properties: properties, condition: expression, orderBy: orderList, offset: offset) {
            return try withHandle(forWriting: false) { handle in
                try KeyedRead.first(Object.self, table: table, condition: expression, on: handle)
            }
        }
        let query = try reportingErrors {
            try ObjectQuery<Object>(properties: properties, table: table, condition: expression, orderBy: orderList,
                                    limit: 1, offset: offset)
        }
        return try withHandle(forWriting: false) { handle in try query.first(on: handle) }
    }

    /// The first object of `table` that matches `condition`, reading only the listed properties.
    @inlinable
    public func getObject<Object: TableDecodable>(on property: PropertyConvertible, _ more: PropertyConvertible..., fromTable table: String,
                                                  where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                                                  offset: Offset? = nil) throws -> Object? {
        try getObject(on: [property] + more, fromTable: table, where: condition, orderBy: orderList, offset: offset)
    }
}
