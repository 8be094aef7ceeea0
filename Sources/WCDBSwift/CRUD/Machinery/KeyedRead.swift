/// The row-by-row read WCDB users write, `getObject(fromTable: t, where: Row.Properties.id == k)`:
/// every column of the model, at most a WHERE and a LIMIT.
///
/// Its statement is found in the handle's cache by its structure — model, table, the condition's node
/// (`(id = ?)` is one node for every `k`, see `ExpressionNode`) — so a call prints nothing and compares no
/// text; the call binds the condition's values and steps. Nothing else is
/// built per call: these are functions of the statement and the caller's condition, not a value that is
/// made, copied and destroyed per call. Other reads go through `ObjectQuery`.
@usableFromInline
enum KeyedRead {
    /// Whether a read with these clauses is one (every column, no ORDER BY, OFFSET or DISTINCT, no bind
    /// parameters of the caller's own in the condition).
    @inlinable
    static func applies(properties: [PropertyConvertible]?, condition: Expression?, orderBy: [OrderBy]?,
                        offset: Offset?) -> Bool {
        properties == nil && (orderBy?.isEmpty ?? true) && offset == nil && condition?.hasOwnParameters != true
    }

    /// The entry whose statement is ready on `handle`: the cache's front when it is this call's, else the
    /// one cached or prepared for `SELECT <every column> FROM table [WHERE condition] [LIMIT ?]`. The caller
    /// holds the entry for the call and reads the statement from it (an immutable field of an object it
    /// holds: no retain of its own).
    @inlinable
    static func prepared<Object: TableDecodable>(_ model: Object.Type, table: String, condition: Expression?,
                                                 limited: Bool, on handle: Handle) throws -> CachedStatement {
        let operation: StatementKey.Operation = limited ? .selectWhereLimited : .selectWhere
        if let entry = handle.frontStatement(model: ObjectIdentifier(model), table: table, operation: operation,
                                             condition: condition?.node, properties: nil) {
            return entry
        }
        return try preparedEntry(model, table: table, condition: condition, limited: limited, on: handle)
    }

    /// The slow half of `prepared`: the statement found by its key, or prepared, on `handle`.
    @usableFromInline
    static func preparedEntry<Object: TableDecodable>(_ model: Object.Type, table: String, condition: Expression?,
                                                      limited: Bool, on handle: Handle) throws -> CachedStatement {
        let binding = Object.objectRelationalMapping
        let key = StatementKey(limited ? .selectWhereLimited : .selectWhere, model: ObjectIdentifier(model), table: table,
                               condition: condition?.node)
        return try handle.modelStatement(for: key, condition: condition?.node, propertyCount: binding.properties.count) {
            ClauseTail(condition: condition, orderBy: nil, limit: limited ? Expression.placeholder : nil, offset: nil)
                .select(binding.properties, from: table)
        }
    }

    /// The limit of `getObjects` as a value, or nil when it is an expression (then `ObjectQuery` runs it).
    @usableFromInline
    static func limitValue(_ limit: Limit) -> FundamentalValue? {
        limit.asExpression().literalValue
    }

    /// The first row of the statement, bound with `condition`'s values. No `LIMIT`: one step, then the
    /// reset ends the scan, as a `LIMIT 1` would (and one statement serves `getObject` and `getObjects`).
    @inlinable
    static func first<Object: TableDecodable>(_ model: Object.Type, table: String, condition: Expression?,
                                              on handle: Handle) throws -> Object? {
        let entry = try prepared(model, table: table, condition: condition, limited: false, on: handle)
        let propertyCount = entry.propertyCount
        return try entry.withStatement { statement in
            defer { statement.reset() }
            statement.bind(condition: condition, from: 1)
            guard try statement.step() else { return nil }
            return try Object.decode(from: statement, mapping: PropertyMapping(identity: propertyCount))
        }
    }

    // Its body repeats the optional form's on purpose: sharing it through a closure-taking helper cost
    // 1–1.3 % more instructions per call (callgrind, 4d/4e, N = 20000).
    /// `first` for a condition that is there (`getObject(fromTable:where: id == k)`): the condition is read
    /// where the caller holds it, not wrapped in an optional (a copy of its values per call).
    // Always inlined: left to the heuristics, the verb's body stays a call of its own (+25 instructions
    // a call, callgrind 4e).
    @inlinable @inline(__always)
    static func first<Object: TableDecodable>(_ model: Object.Type, table: String, condition: Expression,
                                              on handle: Handle) throws -> Object? {
        let entry = try handle.frontStatement(model: ObjectIdentifier(model), table: table, operation: .selectWhere,
                                              condition: condition.node, properties: nil)
            ?? preparedEntry(model, table: table, condition: condition, limited: false, on: handle)
        let propertyCount = entry.propertyCount
        return try entry.withStatement { statement in
            defer { statement.reset() }
            statement.bind(condition: condition, from: 1)
            guard try statement.step() else { return nil }
            return try Object.decode(from: statement, mapping: PropertyMapping(identity: propertyCount))
        }
    }

    /// Every row of the statement (at most `limit`), bound with `condition`'s values.
    @inlinable
    static func all<Object: TableDecodable>(_ model: Object.Type, table: String, condition: Expression?,
                                            limit: FundamentalValue?, on handle: Handle) throws -> [Object] {
        let entry = try prepared(model, table: table, condition: condition, limited: limit != nil, on: handle)
        let statement = entry.statement
        let propertyCount = entry.propertyCount
        defer { statement.reset() }
        let next = statement.bind(condition: condition, from: 1)
        if let limit { statement.bind(limit, toIndex: next) }
        let mapping = PropertyMapping(identity: propertyCount)
        var objects: [Object] = []
        while try statement.step() {
            objects.append(try Object.decode(from: statement, mapping: mapping))
        }
        return objects
    }
}
