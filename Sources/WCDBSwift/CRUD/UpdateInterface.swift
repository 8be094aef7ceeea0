/// Updates: with an object's properties, or with a row of values (Swift guide 1.3.3).
extension HandleRepresentable {
    @inlinable
    public func update<Object: TableEncodable>(table: String, on properties: [PropertyConvertible], with object: Object,
                                               where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                                               limit: Limit? = nil, offset: Offset? = nil) throws {
        try update(table: table, on: properties, with: object,
                   ClauseTail(condition: condition, orderBy: orderList, limit: limit, offset: offset))
    }

    /// The one definition of "update these properties from an object" that the one-line verb, its
    /// Table form and the chain call share; returns the rows SQLite changed.
    @inlinable @discardableResult
    func update<Object: TableEncodable>(table: String, on properties: [PropertyConvertible], with object: Object,
                                        _ clauses: ClauseTail) throws -> Int {
        try properties.checkBelong(to: Object.self, operation: "update")
        let update = UpdateStatementBuilder(table: table, properties: properties.map { $0.asProperty() }, tail: clauses)
        return try withHandle(forWriting: true) { handle in
            try update.source.withStatement(on: handle) { statement in
                for (offset, property) in update.properties.enumerated() {
                    Object.bind(object, propertyIndex: property.propertyIndex, to: statement, atIndex: Int32(offset + 1))
                }
                _ = try statement.step()
                return handle.changes
            }
        }
    }

    @inlinable
    public func update<Object: TableEncodable>(table: String, on property: PropertyConvertible, _ more: PropertyConvertible...,
                                               with object: Object, where condition: Condition? = nil,
                                               orderBy orderList: [OrderBy]? = nil, limit: Limit? = nil, offset: Offset? = nil) throws {
        try update(table: table, on: [property] + more, with: object, where: condition, orderBy: orderList, limit: limit, offset: offset)
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
            throw WCDBError.interface("update(table:on:with:) got \(properties.count) columns but \(row.count) values; give one value per column",
                                      operation: "update")
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

    public func update(table: String, on property: PropertyConvertible, _ more: PropertyConvertible..., with row: [ColumnEncodable],
                       where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                       limit: Limit? = nil, offset: Offset? = nil) throws {
        try update(table: table, on: [property] + more, with: row, where: condition, orderBy: orderList, limit: limit, offset: offset)
    }
}

/// `UPDATE table SET c1 = ?1, … [WHERE …]`, printed per call straight into a string (the row-by-row
/// verb runs once per row); the handle's text cache then finds the prepared statement.
@usableFromInline
struct UpdateStatementBuilder {
    @usableFromInline let properties: [Property]
    @usableFromInline let source: StatementSource

    @usableFromInline
    init(table: String, properties: [Property], tail: ClauseTail) {
        self.properties = properties
        // The SET values take ?1…?n; the clauses' bound values follow them.
        let (liftedTail, arguments) = tail.liftingLiterals()
        source = .byText(StatementUpdate.sql(table: table, settingParametersOf: properties) + liftedTail.sql,
                         arguments: arguments, firstArgumentIndex: Int32(properties.count + 1))
    }
}
