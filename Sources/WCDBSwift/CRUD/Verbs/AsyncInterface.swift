/// `async` forms of the one-line API, with exactly the parameters of the blocking verbs they run.
///
/// The caller's clause arguments (`Condition`, `OrderBy`, `Limit`, property lists…) are existentials that
/// can't cross threads, so each async verb first turns them into their Sendable WINQ values on the
/// caller's side (`SendableArguments`), then runs the blocking verb on a dispatch queue: awaiting it never
/// blocks Swift's cooperative thread pool. Objects cross threads, so they must be `Sendable`.
///
/// Cancelling the awaiting Task stops the verb's statement in progress (its `Handle.CancellationSignal`),
/// rolls back what it wrote (a multi-object insert is one transaction; another write is one statement)
/// and throws `CancellationError`; a Task already cancelled does not start the verb.
extension HandleRepresentable {
    /// Creates `table` for `Root`, or upgrades it, as `create(table:of:)` does. It runs off Swift's cooperative
    /// thread pool; cancelling the awaiting Task stops it (`CancellationError`).
    public func create<Root: TableDecodable>(table: String, of rootType: Root.Type) async throws {
        try await runCancellable(writes: true) { _ in try self.create(table: table, of: rootType) }
    }

    /// Inserts `objects` into `table`, as `insert(objects:on:intoTable:)` does. It runs off Swift's cooperative
    /// thread pool; cancelling the awaiting Task stops it (`CancellationError`).
    public func insert<Object: TableEncodable & Sendable>(objects: [Object], on properties: [PropertyConvertible]? = nil,
                                                          intoTable table: String) async throws {
        let properties = SendableArguments.properties(properties)
        try await runCancellable(writes: true) { _ in try self.insert(objects: objects, on: properties, intoTable: table) }
    }

    /// Inserts or replaces `objects` in `table`, as `insertOrReplace(objects:on:intoTable:)` does. It runs off
    /// Swift's cooperative thread pool; cancelling the awaiting Task stops it (`CancellationError`).
    public func insertOrReplace<Object: TableEncodable & Sendable>(objects: [Object], on properties: [PropertyConvertible]? = nil,
                                                                   intoTable table: String) async throws {
        let properties = SendableArguments.properties(properties)
        try await runCancellable(writes: true) { _ in try self.insertOrReplace(objects: objects, on: properties, intoTable: table) }
    }

    /// The objects of `table` that match `condition`, as `getObjects(on:fromTable:where:orderBy:limit:offset:)`
    /// reads them. It runs off Swift's cooperative thread pool; cancelling the awaiting Task stops it
    /// (`CancellationError`).
    public func getObjects<Object: TableDecodable & Sendable>(on properties: [PropertyConvertible]? = nil, fromTable table: String,
                                                              where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                                                              limit: Limit? = nil, offset: Offset? = nil) async throws -> [Object] {
        let properties = SendableArguments.properties(properties)
        let clauses = SendableArguments(condition, orderList, limit, offset)
        return try await runCancellable(writes: false) { _ in
            try self.getObjects(on: properties, fromTable: table, where: clauses.condition, orderBy: clauses.orderList,
                                limit: clauses.limit, offset: clauses.offset)
        }
    }

    /// The first object of `table` that matches `condition`, or nil, as
    /// `getObject(on:fromTable:where:orderBy:offset:)` reads it. It runs off Swift's cooperative thread pool;
    /// cancelling the awaiting Task stops it (`CancellationError`).
    public func getObject<Object: TableDecodable & Sendable>(on properties: [PropertyConvertible]? = nil, fromTable table: String,
                                                             where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                                                             offset: Offset? = nil) async throws -> Object? {
        let properties = SendableArguments.properties(properties)
        let clauses = SendableArguments(condition, orderList, nil, offset)
        return try await runCancellable(writes: false) { _ in
            try self.getObject(on: properties, fromTable: table, where: clauses.condition, orderBy: clauses.orderList,
                               offset: clauses.offset)
        }
    }

    /// Sets `properties` of the matching rows of `table` to `object`'s values, as
    /// `update(table:on:with:where:orderBy:limit:offset:)` does. It runs off Swift's cooperative thread pool;
    /// cancelling the awaiting Task stops it (`CancellationError`).
    public func update<Object: TableEncodable & Sendable>(table: String, on properties: [PropertyConvertible], with object: Object,
                                                          where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                                                          limit: Limit? = nil, offset: Offset? = nil) async throws {
        let properties = properties.map { $0.asProperty() }
        let clauses = SendableArguments(condition, orderList, limit, offset)
        try await runCancellable(writes: true) { _ in
            try self.update(table: table, on: properties, with: object, where: clauses.condition, orderBy: clauses.orderList,
                            limit: clauses.limit, offset: clauses.offset)
        }
    }

    /// Deletes the matching rows of `table`, as `delete(fromTable:where:orderBy:limit:offset:)` does. It runs
    /// off Swift's cooperative thread pool; cancelling the awaiting Task stops it (`CancellationError`).
    public func delete(fromTable table: String, where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                       limit: Limit? = nil, offset: Offset? = nil) async throws {
        let clauses = SendableArguments(condition, orderList, limit, offset)
        try await runCancellable(writes: true) { _ in
            try self.delete(fromTable: table, where: clauses.condition, orderBy: clauses.orderList, limit: clauses.limit,
                            offset: clauses.offset)
        }
    }

    /// The matching rows of `columns` of `table`, as values, as
    /// `getRows(on:fromTable:where:orderBy:limit:offset:)` reads them. It runs off Swift's cooperative thread
    /// pool; cancelling the awaiting Task stops it (`CancellationError`).
    public func getRows(on columns: [ColumnResultConvertible] = [Column.all], fromTable table: String,
                        where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                        limit: Limit? = nil, offset: Offset? = nil) async throws -> FundamentalRowXColumn {
        let columns = columns.map { $0.asColumnResult() }
        let clauses = SendableArguments(condition, orderList, limit, offset)
        return try await runCancellable(writes: false) { _ in
            try self.getRows(on: columns, fromTable: table, where: clauses.condition, orderBy: clauses.orderList,
                             limit: clauses.limit, offset: clauses.offset)
        }
    }

    /// The first matching row of `columns` of `table` (empty when none matches), as
    /// `getRow(on:fromTable:where:orderBy:offset:)` reads it. It runs off Swift's cooperative thread pool;
    /// cancelling the awaiting Task stops it (`CancellationError`).
    public func getRow(on columns: [ColumnResultConvertible] = [Column.all], fromTable table: String,
                       where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                       offset: Offset? = nil) async throws -> FundamentalRow {
        let columns = columns.map { $0.asColumnResult() }
        let clauses = SendableArguments(condition, orderList, nil, offset)
        return try await runCancellable(writes: false) { _ in
            try self.getRow(on: columns, fromTable: table, where: clauses.condition, orderBy: clauses.orderList, offset: clauses.offset)
        }
    }

    /// The values of `column` in the matching rows of `table`, as
    /// `getColumn(on:fromTable:where:orderBy:limit:offset:)` reads them. It runs off Swift's cooperative thread
    /// pool; cancelling the awaiting Task stops it (`CancellationError`).
    public func getColumn(on column: ColumnResultConvertible, fromTable table: String,
                          where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                          limit: Limit? = nil, offset: Offset? = nil) async throws -> FundamentalColumn {
        let column = column.asColumnResult()
        let clauses = SendableArguments(condition, orderList, limit, offset)
        return try await runCancellable(writes: false) { _ in
            try self.getColumn(on: column, fromTable: table, where: clauses.condition, orderBy: clauses.orderList,
                               limit: clauses.limit, offset: clauses.offset)
        }
    }

    /// The value of `column` in the first matching row of `table`, or NULL, as
    /// `getValue(on:fromTable:where:orderBy:limit:offset:)` reads it. It runs off Swift's cooperative thread
    /// pool; cancelling the awaiting Task stops it (`CancellationError`).
    public func getValue(on column: ColumnResultConvertible, fromTable table: String,
                         where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                         limit: Limit? = nil, offset: Offset? = nil) async throws -> FundamentalValue {
        let column = column.asColumnResult()
        let clauses = SendableArguments(condition, orderList, limit, offset)
        return try await runCancellable(writes: false) { _ in
            try self.getValue(on: column, fromTable: table, where: clauses.condition, orderBy: clauses.orderList,
                              limit: clauses.limit, offset: clauses.offset)
        }
    }
}

/// The clause arguments of a verb as Sendable WINQ values, converted on the caller's thread.
struct SendableArguments: Sendable {
    let condition: Expression?
    let orderList: [OrderingTerm]?
    let limit: Expression?
    let offset: Expression?

    init(_ condition: Condition?, _ orderList: [OrderBy]?, _ limit: Limit?, _ offset: Offset?) {
        self.condition = condition?.asExpression()
        self.orderList = orderList?.map { $0.asOrder() }
        self.limit = limit?.asExpression()
        self.offset = offset?.asExpression()
    }

    static func properties(_ properties: [PropertyConvertible]?) -> [Property]? {
        properties?.map { $0.asProperty() }
    }
}
