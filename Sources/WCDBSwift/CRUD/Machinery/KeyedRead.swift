/// The row-by-row read WCDB users write, `getObject(fromTable: t, where: Row.Properties.id == k)`:
/// every column of the model, at most a WHERE and a LIMIT.
///
/// Its SQL is found in the model's binding by the condition's node (`(id = ?)` is one node for every
/// `k`, see `ExpressionNode`), so a call prints nothing and compares no text; the statement stays
/// prepared in each handle's cache; the call binds the condition's values and steps. Nothing else is
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

    /// `SELECT <every column> FROM table [WHERE condition] [LIMIT ?]` of `model`, found by the condition's
    /// node; and the model's property count (the identity mapping of its rows).
    @usableFromInline
    static func statement<Object: TableDecodable>(of model: Object.Type, table: String, condition: Expression?,
                                                  limited: Bool) -> (sql: CachedSQL, propertyCount: Int) {
        let binding = Object.objectRelationalMapping
        let statement = binding.statements.statement(limited ? .selectWhereLimited : .selectWhere, table: table,
                                                     properties: nil, clause: condition?.node) {
            let tail = ClauseTail(condition: condition, orderBy: nil, limit: limited ? Expression.placeholder : nil, offset: nil)
            return BindingStatement(sql: CachedSQL(tree: tail.select(binding.properties, from: table)), propertyIndexes: nil)
        }
        return (statement.sql, binding.properties.count)
    }

    /// The slot whose statement is ready on `handle`: the handle's slot for the last row-by-row call when it
    /// names this one, else one made for the binding's statement (which then takes the slot). The caller
    /// holds the slot for the call and reads the statement from it (an immutable field of an object it
    /// holds: no retain of its own).
    @inlinable
    static func prepared<Object: TableDecodable>(_ model: Object.Type, table: String, condition: Expression?,
                                                 limited: Bool, on handle: Handle) throws -> KeyedStatementSlot {
        let operation: BindingStatementKey.Operation = limited ? .selectWhereLimited : .selectWhere
        if let slot = handle.keyedStatement(model: ObjectIdentifier(model), table: table, operation: operation.rawValue,
                                            shape: condition?.node, propertyIndexes: nil) {
            return slot
        }
        return try preparedSlot(model, table: table, condition: condition, limited: limited, on: handle)
    }

    /// The slow half of `prepared`: the binding's statement, prepared on `handle`, in the handle's slot.
    @usableFromInline
    static func preparedSlot<Object: TableDecodable>(_ model: Object.Type, table: String, condition: Expression?,
                                                     limited: Bool, on handle: Handle) throws -> KeyedStatementSlot {
        let operation: BindingStatementKey.Operation = limited ? .selectWhereLimited : .selectWhere
        let (sql, propertyCount) = statement(of: model, table: table, condition: condition, limited: limited)
        let prepared = try handle.statementAddingColumns(for: sql)
        let slot = KeyedStatementSlot(model: ObjectIdentifier(model), table: table, operation: operation.rawValue,
                                      shape: condition?.node, propertyIndexes: nil, statement: prepared,
                                      propertyCount: propertyCount, setIndexes: [])
        handle.lastKeyed = slot
        return slot
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
        let slot = try prepared(model, table: table, condition: condition, limited: false, on: handle)
        let propertyCount = slot.propertyCount
        return try slot.withStatement { statement in
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
    @inlinable
    static func first<Object: TableDecodable>(_ model: Object.Type, table: String, condition: Expression,
                                              on handle: Handle) throws -> Object? {
        let slot = try handle.keyedStatement(model: ObjectIdentifier(model), table: table,
                                             operation: BindingStatementKey.Operation.selectWhere.rawValue,
                                             shape: condition.node, propertyIndexes: nil)
            ?? preparedSlot(model, table: table, condition: condition, limited: false, on: handle)
        let propertyCount = slot.propertyCount
        return try slot.withStatement { statement in
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
        let slot = try prepared(model, table: table, condition: condition, limited: limit != nil, on: handle)
        let statement = slot.statement
        let propertyCount = slot.propertyCount
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
