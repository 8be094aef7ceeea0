/// Updates: with an object's properties, or with a row of values (Swift guide 1.3.3).
extension HandleProvider {
    /// Sets `properties` of the rows of `table` that match `condition` to `object`'s values.
    ///
    /// The row-by-row form WCDB users write, `where: Row.Properties.id == k`, finds its prepared statement
    /// by shape, so a loop of calls prints no SQL.
    /// - Throws: `WCDBError` — a property of another model, a constraint failure.
    @inlinable
    public func update<Object: TableEncodable>(table: String, on properties: [PropertyConvertible], with object: Object,
                                               where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                                               limit: Limit? = nil, offset: Offset? = nil) throws {
        try update(table: table, indexes: checkedIndexes(of: Object.self, properties), on: .list(properties), with: object,
                   where: condition?.asExpression(), orderBy: orderList, limit: limit, offset: offset)
    }

    /// Sets `properties` of the rows of `table` that match a WINQ expression (`where: Row.Properties.id == k`)
    /// to `object`'s values.
    ///
    /// The same update as the form taking any `Condition`: this one takes the `Expression` that WINQ's
    /// operators return as it is, without wrapping it in an existential, which a row-by-row loop of
    /// calls pays for on every call.
    ///
    /// It has no ORDER BY, LIMIT or OFFSET parameters (the form taking a `Condition` has them): a call
    /// then passes no empty existentials to destroy.
    @inlinable
    public func update<Object: TableEncodable>(table: String, on properties: [PropertyConvertible], with object: Object,
                                               where condition: Expression) throws {
        let indexes = try checkedIndexes(of: Object.self, properties)
        if let indexes, !condition.hasOwnParameters {
            try withHandle(forWriting: true) { handle in
                try KeyedUpdate.run(object, table: table, propertyIndexes: indexes, condition: condition, on: handle)
            }
            return
        }
        try update(table: table, indexes: indexes, on: .list(properties), with: object,
                   where: condition, orderBy: nil, limit: nil, offset: nil)
    }

    /// Sets the listed properties of the rows that match a WINQ expression to `object`'s values (see the
    /// array form).
    @inlinable
    public func update<Object: TableEncodable>(table: String, on property: PropertyConvertible, _ more: PropertyConvertible...,
                                               with object: Object, where condition: Expression) throws {
        // The row-by-row verb itself (see the array form): no property list is captured for the other path.
        let indexes = try checkedIndexes(of: Object.self, property, more)
        if let indexes, !condition.hasOwnParameters {
            try withHandle(forWriting: true) { handle in
                try KeyedUpdate.run(object, table: table, propertyIndexes: indexes, condition: condition, on: handle)
            }
            return
        }
        try update(table: table, indexes: indexes, on: .first(property, more: more),
                   with: object, where: condition, orderBy: nil, limit: nil, offset: nil)
    }

    /// The one definition of the one-line object update. `properties` is only built when the update is
    /// not the row-by-row form (that one needs only the checked `indexes`; nil when a property has no
    /// model, so that only its name can say which column it is).
    @inlinable
    func update<Object: TableEncodable>(table: String, indexes: PropertyIndexes?, on properties: @autoclosure () -> PropertyList,
                                        with object: Object, where condition: Expression?, orderBy orderList: [OrderBy]?,
                                        limit: Limit?, offset: Offset?) throws {
        // The row-by-row verb of WCDB users (`where: id == k`): its statement is found by shape.
        if orderList == nil, limit == nil, offset == nil, let indexes, condition?.hasOwnParameters != true {
            try withHandle(forWriting: true) { handle in
                try KeyedUpdate.run(object, table: table, propertyIndexes: indexes, condition: condition, on: handle)
            }
            return
        }
        try update(table: table, on: properties().all, with: object,
                   ClauseTail(condition: condition, orderBy: orderList, limit: limit, offset: offset))
    }

    /// The indexes of `properties`, which must not be another model's (else a reported `WCDBError`); nil
    /// when one has no model or the list is empty.
    @inlinable
    func checkedIndexes<Object>(of model: Object.Type, _ properties: [PropertyConvertible]) throws -> PropertyIndexes? {
        try reportingErrors { try properties.checkBelong(to: model, operation: "update") }
        guard !properties.isEmpty, properties.allSatisfy({ $0.rootType != nil }) else { return nil }
        return PropertyIndexes(properties)
    }

    /// The indexes of `first` and `more`, which must not be another model's (else a reported
    /// `WCDBError`); nil when one has no model.
    @inlinable
    func checkedIndexes<Object>(of model: Object.Type, _ first: PropertyConvertible, _ more: [PropertyConvertible]) throws
        -> PropertyIndexes? {
        guard let root = first.rootType else {
            try reportingErrors { try more.checkBelong(to: model, operation: "update") }
            return nil
        }
        guard root == ObjectIdentifier(model) else {
            throw reportedError(WCDBError.foreignProperty(first.asProperty().name, of: model, operation: "update"))
        }
        if more.isEmpty { return PropertyIndexes(first: first.propertyIndex, rest: []) }
        try reportingErrors { try more.checkBelong(to: model, operation: "update") }
        guard more.allSatisfy({ $0.rootType != nil }) else { return nil }
        return PropertyIndexes(first: first.propertyIndex, rest: more.map(\.propertyIndex))
    }

    /// The one definition of "update these properties from an object" that the one-line verb, its
    /// Table form and the chain call share; returns the rows SQLite changed.
    @inlinable @discardableResult
    func update<Object: TableEncodable>(table: String, on properties: [PropertyConvertible], with object: Object,
                                        _ clauses: ClauseTail) throws -> Int {
        try reportingErrors { try properties.checkBelong(to: Object.self, operation: "update") }
        return try update(UpdateStatementBuilder(table: table, properties: properties.map { $0.asProperty() }, tail: clauses),
                          with: object)
    }

    /// Binds `object`'s properties to the SET parameters and runs the update.
    @inlinable @discardableResult
    func update<Object: TableEncodable>(_ update: UpdateStatementBuilder, with object: Object) throws -> Int {
        try withHandle(forWriting: true) { handle in
            try update.source.withStatement(on: handle) { statement in
                for (offset, propertyIndex) in update.propertyIndexes.enumerated() {
                    Object.bind(object, propertyIndex: propertyIndex, to: statement, atIndex: Int32(offset + 1))
                }
                _ = try statement.step()
                return handle.changes
            }
        }
    }

    /// Sets the listed properties of the matching rows of `table` to `object`'s values.
    @inlinable
    public func update<Object: TableEncodable>(table: String, on property: PropertyConvertible, _ more: PropertyConvertible...,
                                               with object: Object, where condition: Condition? = nil,
                                               orderBy orderList: [OrderBy]? = nil, limit: Limit? = nil, offset: Offset? = nil) throws {
        try update(table: table, indexes: checkedIndexes(of: Object.self, property, more), on: .first(property, more: more),
                   with: object, where: condition?.asExpression(), orderBy: orderList, limit: limit, offset: offset)
    }

    /// Sets the listed columns to `row`'s values, in order.
    public func update(table: String, on properties: [PropertyConvertible], with row: [ColumnEncodable],
                       where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                       limit: Limit? = nil, offset: Offset? = nil) throws {
        try update(table: table, on: properties, with: row,
                   ClauseTail(condition: condition, orderBy: orderList, limit: limit, offset: offset))
    }

    /// The one definition of "update these columns from a row of values"; returns the rows changed.
    @discardableResult
    func update(table: String, on properties: [PropertyConvertible], with row: [ColumnEncodable], _ clauses: ClauseTail) throws -> Int {
        guard row.count == properties.count else {
            throw reportedError(.interface("update(table:on:with:) got \(properties.count) columns but \(row.count) values; give one value per column",
                                            operation: "update"))
        }
        let update = UpdateStatementBuilder(table: table, properties: properties.map { $0.asProperty() }, tail: clauses)
        return try withHandle(forWriting: true) { handle in
            try update.source.withStatement(on: handle) { statement in
                for (offset, value) in row.enumerated() {
                    value.bindColumn(to: statement, atIndex: Int32(offset + 1))
                }
                _ = try statement.step()
                return handle.changes
            }
        }
    }

    /// Sets the listed columns of the matching rows of `table` to `row`'s values, one value per column.
    public func update(table: String, on property: PropertyConvertible, _ more: PropertyConvertible..., with row: [ColumnEncodable],
                       where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                       limit: Limit? = nil, offset: Offset? = nil) throws {
        try update(table: table, on: [property] + more, with: row, where: condition, orderBy: orderList, limit: limit, offset: offset)
    }
}

/// `UPDATE table SET c1 = ?, … [WHERE …] [ORDER BY …] [LIMIT …]` with clauses, built per call as a tree;
/// the handle's cache then finds the prepared statement by its text. (The row-by-row form, `where: id == k`
/// alone, is `KeyedUpdate`'s: found by its condition's node, nothing rendered.)
@usableFromInline
struct UpdateStatementBuilder {
    /// The model properties the SET parameters take, in order.
    @usableFromInline let propertyIndexes: [Int]
    @usableFromInline let source: StatementSource

    @usableFromInline
    init(table: String, properties: [Property], tail: ClauseTail) {
        self.propertyIndexes = properties.map(\.propertyIndex)
        // The SET values take the first slots; the clauses' values follow them.
        source = .tree(tail.update(table: table, setting: properties), objectValueCount: properties.count)
    }
}
