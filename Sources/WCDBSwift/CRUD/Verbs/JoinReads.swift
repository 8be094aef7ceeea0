/// Reads of one model from several tables: a projection model, whose annotated columns name their
/// tables (`@Column("title", table: "conversation")`), read from a comma join or a `Join`.
extension HandleProvider {
    /// The objects read from `tables` (a comma join: `FROM message, conversation`) that match
    /// `condition`, in `orderList` order, at most `limit` from `offset`: every property of `Object`, each
    /// from the table its `@Column(…, table:)` names.
    ///
    /// ```swift
    /// let rows: [MessageRow] = try database.getObjects(
    ///     fromTables: ["message", "conversation"],
    ///     where: Message.Properties.conversationID.in(table: "message")
    ///         == Conversation.Properties.id.in(table: "conversation"))
    /// ```
    /// Values in the clauses are bound, not printed.
    /// - Throws: `WCDBError` — SQLite's error (a column no table has: `no such column: conversation.titel`),
    ///   or a column that does not decode. A missing column is never added to a table.
    public func getObjects<Object: TableDecodable>(fromTables tables: [String], where condition: Condition? = nil,
                                                   orderBy orderList: [OrderBy]? = nil, limit: Limit? = nil,
                                                   offset: Offset? = nil) throws -> [Object] {
        try readObjects(from: tables, where: condition, orderBy: orderList, limit: limit, offset: offset)
    }

    /// The objects read from a join (`Join(with: "message").leftJoin("conversation").on(…)`) that match
    /// `condition`, in `orderList` order, at most `limit` from `offset`: every property of `Object`, each
    /// from the table its `@Column(…, table:)` names. Where a LEFT JOIN found no row, that table's
    /// columns are NULL: an optional property reads nil, a non-optional one its type's zero value.
    /// - Throws: `WCDBError` — SQLite's error, or a column that does not decode.
    public func getObjects<Object: TableDecodable>(from join: Join, where condition: Condition? = nil,
                                                   orderBy orderList: [OrderBy]? = nil, limit: Limit? = nil,
                                                   offset: Offset? = nil) throws -> [Object] {
        try readObjects(from: [join], where: condition, orderBy: orderList, limit: limit, offset: offset)
    }

    /// The first object read from `tables` (a comma join) that matches `condition`, in `orderList` order,
    /// or nil when none does (see `getObjects(fromTables:where:orderBy:limit:offset:)`).
    /// - Throws: `WCDBError` — SQLite's error, or a column that does not decode.
    public func getObject<Object: TableDecodable>(fromTables tables: [String], where condition: Condition? = nil,
                                                  orderBy orderList: [OrderBy]? = nil, offset: Offset? = nil) throws -> Object? {
        let objects: [Object] = try readObjects(from: tables, where: condition, orderBy: orderList, limit: 1, offset: offset)
        return objects.first
    }

    /// The first object read from a join that matches `condition`, in `orderList` order, or nil when none
    /// does (see `getObjects(from:where:orderBy:limit:offset:)`).
    /// - Throws: `WCDBError` — SQLite's error, or a column that does not decode.
    public func getObject<Object: TableDecodable>(from join: Join, where condition: Condition? = nil,
                                                  orderBy orderList: [OrderBy]? = nil, offset: Offset? = nil) throws -> Object? {
        let objects: [Object] = try readObjects(from: [join], where: condition, orderBy: orderList, limit: 1, offset: offset)
        return objects.first
    }


    /// The one definition of the reads above: every property, the clauses' values bound.
    private func readObjects<Object: TableDecodable>(from tables: [TableOrSubqueryConvertible], where condition: Condition?,
                                                     orderBy orderList: [OrderBy]?, limit: Limit?, offset: Offset?) throws -> [Object] {
        let binding = Object.objectRelationalMapping
        let statement = StatementSelect().select(binding.properties).from(tables)
        if let condition { statement.where(condition) }
        if let orderList { statement.order(by: orderList) }
        if let limit { statement.limit(limit) }
        if let offset { statement.offset(offset) }
        let query = ObjectQuery<Object>(source: .tree(statement.statementNode),
                                        mapping: PropertyMapping(identity: binding.properties.count))
        return try withHandle(forWriting: false) { handle in try query.all(on: handle) }
    }
}

extension HandleProvider {
    /// A chain-call select of `Object`s from `tables` (a comma join), each property from the table its
    /// `@Column(…, table:)` names: configure it with `where`, `order(by:)`, `limit`…, then read.
    public func prepareSelect<Object: TableDecodable>(of type: Object.Type, fromTables tables: [String],
                                                      isDistinct: Bool = false) throws -> TypedSelect<Object> {
        TypedSelect(database: self, from: tables, isDistinct: isDistinct)
    }

    /// A chain-call select of `Object`s from a join (`Join(with: "message").leftJoin("conversation").on(…)`),
    /// each property from the table its `@Column(…, table:)` names.
    public func prepareSelect<Object: TableDecodable>(of type: Object.Type, from join: Join,
                                                      isDistinct: Bool = false) throws -> TypedSelect<Object> {
        TypedSelect(database: self, from: [join], isDistinct: isDistinct)
    }
}
