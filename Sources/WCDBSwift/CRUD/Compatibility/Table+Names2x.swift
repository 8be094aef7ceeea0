// WCDB Swift 2.x's table-level reads and value names.

extension Array where Element == FundamentalRow {
    /// Row `row` (WCDB 2.x: `rows[row: 0]`).
    public subscript(row row: Int) -> FundamentalRow { self[row] }
}

extension TableBound {
    /// The first row of this table matching `condition` (empty when none), on `columns` (all by default).
    public func getRow(on columns: [ColumnResultConvertible] = [Column.all], where condition: Condition? = nil,
                       orderBy orderList: [OrderBy]? = nil, offset: Offset? = nil) throws -> OneRowValue {
        try getRow(on: columns, fromTable: name, where: condition, orderBy: orderList, offset: offset)
    }

    /// The first row of this table matching `condition` on the listed columns.
    public func getRow(on column: ColumnResultConvertible, _ more: ColumnResultConvertible..., where condition: Condition? = nil,
                       orderBy orderList: [OrderBy]? = nil, offset: Offset? = nil) throws -> OneRowValue {
        try getRow(on: [column] + more, fromTable: name, where: condition, orderBy: orderList, offset: offset)
    }

    /// A chain-call row select on this table.
    public func prepareRowSelect(on columns: ColumnResultConvertible..., isDistinct: Bool = false) throws -> RowSelect {
        RowSelect(database: self, columns: columns.isEmpty ? [Column.all] : columns, tables: [name], isDistinct: isDistinct)
    }
}

extension FundamentalValue {
    /// The value as an `Int` (WCDB 2.x), converted like `int64Value`.
    public var intValue: Int { Int(truncatingIfNeeded: int64Value) }
}

extension HandleProvider {
    /// Creates the index `name` on `columns` of `table` if it does not exist (WCDB 2.x).
    public func create(index name: String, with columns: IndexedColumnConvertible..., forTable table: String) throws {
        let statement = StatementCreateIndex().create(index: name).ifNotExists().on(table: table).indexesBy(columns)
        try withHandle(forWriting: true) { handle in try handle.exec(statement.description) }
    }
}

extension TableBound {
    /// Sets the listed properties to the values of `row` (one per property, in order) in this table's
    /// rows matching `condition` (WCDB 2.x: `table.update(on: p, with: [value])`).
    public func update(on property: PropertyConvertible, _ more: PropertyConvertible..., with row: [ColumnEncodable],
                       where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                       limit: Limit? = nil, offset: Offset? = nil) throws {
        try update(table: name, on: [property] + more, with: row, where: condition, orderBy: orderList, limit: limit, offset: offset)
    }

    /// Sets `properties` to `values` (one per property, in order) in this table's rows matching `condition`.
    @_disfavoredOverload
    public func update(on properties: [PropertyConvertible], with values: ColumnEncodable...,
                       where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                       limit: Limit? = nil, offset: Offset? = nil) throws {
        try update(table: name, on: properties, with: values, where: condition, orderBy: orderList, limit: limit, offset: offset)
    }

    /// Sets the listed properties to `values` (one per property, in order) in this table's rows matching
    /// `condition` (WCDB 2.x: `table.update(on: p1, p2, with: v1, v2)`).
    @_disfavoredOverload
    public func update(on property: PropertyConvertible, _ more: PropertyConvertible..., with values: ColumnEncodable...,
                       where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                       limit: Limit? = nil, offset: Offset? = nil) throws {
        try update(table: name, on: [property] + more, with: values, where: condition, orderBy: orderList, limit: limit, offset: offset)
    }

    /// Sets `properties` to `row`'s values, in order, for a row whose values share one type (`let row =
    /// ["text"]`): keeps it a row rather than one JSON value of the variadic forms (see
    /// `HandleProvider.update(table:on:with:where:orderBy:limit:offset:)` taking `[Value]`).
    public func update<Value: ColumnEncodable>(on properties: [PropertyConvertible], with row: [Value],
                                               where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                                               limit: Limit? = nil, offset: Offset? = nil) throws {
        try update(table: name, on: properties, with: row,
                   ClauseTail(condition: condition, orderBy: orderList, limit: limit, offset: offset))
    }

    /// Sets the listed properties to `row`'s values, in order, for a row whose values share one type.
    public func update<Value: ColumnEncodable>(on property: PropertyConvertible, _ more: PropertyConvertible..., with row: [Value],
                                               where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                                               limit: Limit? = nil, offset: Offset? = nil) throws {
        try update(table: name, on: [property] + more, with: row,
                   ClauseTail(condition: condition, orderBy: orderList, limit: limit, offset: offset))
    }
}

extension TableBound {
    /// This table's objects matching `condition`, read on the listed properties (WCDB 2.x:
    /// `table.getObjects(on: Model.Properties.name)`; the others take their defaults, or nil).
    public func getObjects(on property: PropertyConvertible, _ more: PropertyConvertible..., where condition: Condition? = nil,
                           orderBy orderList: [OrderBy]? = nil, limit: Limit? = nil, offset: Offset? = nil) throws -> [Root] {
        try getObjects(on: [property] + more, where: condition, orderBy: orderList, limit: limit, offset: offset)
    }

    /// This table's first object matching `condition`, read on the listed properties, or nil.
    public func getObject(on property: PropertyConvertible, _ more: PropertyConvertible..., where condition: Condition? = nil,
                          orderBy orderList: [OrderBy]? = nil, offset: Offset? = nil) throws -> Root? {
        try getObject(on: [property] + more, where: condition, orderBy: orderList, offset: offset)
    }
}

extension TableBound {
    /// A chain-call insert of `Object`s into this table (WCDB 2.x: `table.prepareInsert(of: Model.self)`).
    public func prepareInsert<Object: TableEncodable>(of type: Object.Type) throws -> TypedInsert<Object> {
        try prepareInsert(of: type, intoTable: name)
    }

    /// A chain-call `INSERT OR REPLACE` of `Object`s into this table (WCDB 2.x).
    public func prepareInsertOrReplace<Object: TableEncodable>(of type: Object.Type) throws -> TypedInsert<Object> {
        try prepareInsertOrReplace(of: type, intoTable: name)
    }

    /// A chain-call `INSERT OR IGNORE` of `Object`s into this table (WCDB 2.x).
    public func prepareInsertOrIgnore<Object: TableEncodable>(of type: Object.Type) throws -> TypedInsert<Object> {
        try prepareInsertOrIgnore(of: type, intoTable: name)
    }

    /// A chain-call insert of some of this table's properties (WCDB 2.x: `table.prepareInsert(on: p)`);
    /// the others are left to their column defaults.
    public func prepareInsert(on property: PropertyConvertible, _ more: PropertyConvertible...) throws -> TypedInsert<Root> {
        try prepareInsert(on: [property] + more, onConflict: nil)
    }

    /// A chain-call `INSERT OR REPLACE` of some of this table's properties (WCDB 2.x).
    public func prepareInsertOrReplace(on property: PropertyConvertible, _ more: PropertyConvertible...) throws -> TypedInsert<Root> {
        try prepareInsert(on: [property] + more, onConflict: .replace)
    }

    /// A chain-call `INSERT OR IGNORE` of some of this table's properties (WCDB 2.x).
    public func prepareInsertOrIgnore(on property: PropertyConvertible, _ more: PropertyConvertible...) throws -> TypedInsert<Root> {
        try prepareInsert(on: [property] + more, onConflict: .ignore)
    }

    func prepareInsert(on properties: [PropertyConvertible], onConflict: ConflictAction?) throws -> TypedInsert<Root> {
        try reportingErrors { try properties.checkBelong(to: Root.self, operation: "insert") }
        return try TypedInsert(database: self, properties: properties, table: name, onConflict: onConflict)
    }
}

extension TableBound {
    /// The model of this table's rows (WCDB 2.x's `Table.rootType`).
    public var rootType: Root.Type { Root.self }
}
