/// Observed forms of the one-line reads: each has the parameters of the read it keeps up to date and
/// returns a `DatabaseObservation` of its result (the result now, then one after each commit that
/// changed a table it reads). The clause arguments become Sendable WINQ values on the caller's side.
extension Database {
    /// Keeps `getObjects(on:fromTable:where:orderBy:limit:offset:)` up to date.
    ///
    /// ```swift
    /// for try await messages in database.observeObjects(of: Message.self, fromTable: "message",
    ///                                                    where: Message.Properties.chatID == chat,
    ///                                                    orderBy: [Message.Properties.time.order(.descending)],
    ///                                                    limit: 50) {
    ///     show(messages)
    /// }
    /// ```
    public func observeObjects<Object: TableDecodable & Sendable>(
        of type: Object.Type = Object.self, on properties: [PropertyConvertible]? = nil, fromTable table: String,
        where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil, limit: Limit? = nil, offset: Offset? = nil
    ) -> DatabaseObservation<[Object]> {
        let properties = SendableArguments.properties(properties)
        let clauses = SendableArguments(condition, orderList, limit, offset)
        return observe { handle in
            try handle.getObjects(on: properties, fromTable: table, where: clauses.condition, orderBy: clauses.orderList,
                                  limit: clauses.limit, offset: clauses.offset)
        }
    }

    /// Keeps `getObject(on:fromTable:where:orderBy:offset:)` up to date: nil while no row matches.
    public func observeObject<Object: TableDecodable & Sendable>(
        of type: Object.Type = Object.self, on properties: [PropertyConvertible]? = nil, fromTable table: String,
        where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil, offset: Offset? = nil
    ) -> DatabaseObservation<Object?> {
        let properties = SendableArguments.properties(properties)
        let clauses = SendableArguments(condition, orderList, nil, offset)
        return observe { handle in
            try handle.getObject(on: properties, fromTable: table, where: clauses.condition, orderBy: clauses.orderList,
                                 offset: clauses.offset)
        }
    }

    /// Keeps `getRows(on:fromTable:where:orderBy:limit:offset:)` up to date.
    public func observeRows(on columns: [ColumnResultConvertible] = [Column.all], fromTable table: String,
                            where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                            limit: Limit? = nil, offset: Offset? = nil) -> DatabaseObservation<FundamentalRowXColumn> {
        let columns = columns.map { $0.asColumnResult() }
        let clauses = SendableArguments(condition, orderList, limit, offset)
        return observe { handle in
            try handle.getRows(on: columns, fromTable: table, where: clauses.condition, orderBy: clauses.orderList,
                               limit: clauses.limit, offset: clauses.offset)
        }
    }

    /// Keeps `getColumn(on:fromTable:where:orderBy:limit:offset:)` up to date.
    public func observeColumn(on column: ColumnResultConvertible, fromTable table: String,
                              where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                              limit: Limit? = nil, offset: Offset? = nil) -> DatabaseObservation<FundamentalColumn> {
        let column = column.asColumnResult()
        let clauses = SendableArguments(condition, orderList, limit, offset)
        return observe { handle in
            try handle.getColumn(on: column, fromTable: table, where: clauses.condition, orderBy: clauses.orderList,
                                 limit: clauses.limit, offset: clauses.offset)
        }
    }

    /// Keeps `getValue(on:fromTable:where:orderBy:limit:offset:)` up to date: an unread count, a
    /// total, the newest time.
    public func observeValue(on column: ColumnResultConvertible, fromTable table: String,
                             where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                             offset: Offset? = nil) -> DatabaseObservation<FundamentalValue> {
        let column = column.asColumnResult()
        let clauses = SendableArguments(condition, orderList, nil, offset)
        return observe { handle in
            try handle.getValue(on: column, fromTable: table, where: clauses.condition, orderBy: clauses.orderList,
                                offset: clauses.offset)
        }
    }
}

extension Table where Root: Sendable {
    /// Keeps `getObjects(on:where:orderBy:limit:offset:)` of this table up to date.
    public func observeObjects(on properties: [PropertyConvertible]? = nil, where condition: Condition? = nil,
                               orderBy orderList: [OrderBy]? = nil, limit: Limit? = nil,
                               offset: Offset? = nil) -> DatabaseObservation<[Root]> {
        database.observeObjects(of: Root.self, on: properties, fromTable: name, where: condition, orderBy: orderList,
                                limit: limit, offset: offset)
    }

    /// Keeps `getObject(on:where:orderBy:offset:)` of this table up to date: nil while no row matches.
    public func observeObject(on properties: [PropertyConvertible]? = nil, where condition: Condition? = nil,
                              orderBy orderList: [OrderBy]? = nil, offset: Offset? = nil) -> DatabaseObservation<Root?> {
        database.observeObject(of: Root.self, on: properties, fromTable: name, where: condition, orderBy: orderList,
                               offset: offset)
    }
}

extension Table {
    /// Keeps `getValue(on:where:orderBy:offset:)` of this table up to date.
    public func observeValue(on column: ColumnResultConvertible, where condition: Condition? = nil,
                             orderBy orderList: [OrderBy]? = nil, offset: Offset? = nil) -> DatabaseObservation<FundamentalValue> {
        database.observeValue(on: column, fromTable: name, where: condition, orderBy: orderList, offset: offset)
    }

    /// Keeps `getColumn(on:where:orderBy:limit:offset:)` of this table up to date.
    public func observeColumn(on column: ColumnResultConvertible, where condition: Condition? = nil,
                              orderBy orderList: [OrderBy]? = nil, limit: Limit? = nil,
                              offset: Offset? = nil) -> DatabaseObservation<FundamentalColumn> {
        database.observeColumn(on: column, fromTable: name, where: condition, orderBy: orderList, limit: limit, offset: offset)
    }

    /// Keeps `getRows(on:where:orderBy:limit:offset:)` of this table up to date.
    public func observeRows(on columns: [ColumnResultConvertible] = [Column.all], where condition: Condition? = nil,
                            orderBy orderList: [OrderBy]? = nil, limit: Limit? = nil,
                            offset: Offset? = nil) -> DatabaseObservation<FundamentalRowXColumn> {
        database.observeRows(on: columns, fromTable: name, where: condition, orderBy: orderList, limit: limit, offset: offset)
    }
}
