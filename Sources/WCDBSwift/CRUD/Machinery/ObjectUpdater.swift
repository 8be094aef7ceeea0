/// Updates model objects in place, each row found by the object's primary key:
/// `UPDATE table SET c1 = ?1, … WHERE key = ?n` built once per (model, table, property set), with the
/// statement kept prepared in each handle's cache and reused for every object.
@usableFromInline
struct ObjectUpdater<Object: TableEncodable> {
    @usableFromInline let sql: CachedSQL
    @usableFromInline let propertyIndexes: [Int]
    @usableFromInline let keyIndexes: [Int]

    /// Inlinable so that it is specialised for the model at the call site: a generic instance would
    /// instantiate `TableBinding<Object>`'s metadata and copy the whole binding on every call (a
    /// row-by-row caller makes one call per row).
    @inlinable
    init(properties: [PropertyConvertible]?, table: String) throws {
        try properties.checkBelong(to: Object.self, operation: "update")
        keyIndexes = Object.objectRelationalMapping.primaryKeyPropertyIndexes
        guard !keyIndexes.isEmpty else { throw Self.missingPrimaryKey() }
        let statement = Object.objectRelationalMapping.statements.statement(.updateByKey, table: table,
                                                                             properties: properties.map { PropertyIndexes($0) }) {
            Self.makeStatement(properties: properties, table: table)
        }
        sql = statement.sql
        propertyIndexes = statement.propertyIndexes ?? []
    }

    @usableFromInline
    static func missingPrimaryKey() -> WCDBError {
        WCDBError.interface("\(Object.self) has no @PrimaryKey or @MultiPrimary, so its rows can't be found from its objects; use update(table:on:with:where:)",
                            operation: "update objects")
    }

    /// `UPDATE table SET p1 = ?, … WHERE key1 = ? AND …` for `properties`, or every non-key column: the
    /// object's values bind to the slots in that order.
    @usableFromInline
    static func makeStatement(properties: [PropertyConvertible]?, table: String) -> BindingStatement {
        let binding = Object.objectRelationalMapping
        let keyIndexes = binding.primaryKeyPropertyIndexes
        let indexes = properties?.map(\.propertyIndex)
            ?? binding.properties.map(\.propertyIndex).filter { !keyIndexes.contains($0) }
        let statement = StatementUpdate().update(table: table)
        let selected = properties?.map { $0.asProperty() } ?? indexes.map { binding.properties[$0] }
        for property in selected { statement.set(property.asColumn(), to: Expression.placeholder) }
        var condition: Expression?
        for keyIndex in keyIndexes {
            let term = binding.properties[keyIndex].asColumn() == Expression.placeholder
            condition = condition.map { $0 && term } ?? term
        }
        if let condition { statement.where(condition) }
        return BindingStatement(sql: CachedSQL(tree: statement.statementNode), propertyIndexes: indexes)
    }

    @inlinable
    func update(_ objects: [Object], on database: some HandleProvider) throws {
        try database.forEachBatched(objects, statement: sql) { object, statement, _ in
            var parameter: Int32 = 1
            for propertyIndex in propertyIndexes {
                Object.bind(object, propertyIndex: propertyIndex, to: statement, atIndex: parameter)
                parameter += 1
            }
            for keyIndex in keyIndexes {
                Object.bind(object, propertyIndex: keyIndex, to: statement, atIndex: parameter)
                parameter += 1
            }
            _ = try statement.step()
            statement.reset()
        }
    }
}

extension HandleProvider {
    /// Writes `objects` back to their rows, each found by its primary key (`@PrimaryKey` or
    /// `@MultiPrimary`): only `properties`, or every non-key column when nil. Several objects run in
    /// one embedded transaction with one prepared statement. Rows that don't exist are left alone.
    @inlinable
    public func update<Object: TableEncodable>(objects: [Object], on properties: [PropertyConvertible]? = nil,
                                               inTable table: String) throws {
        try reportingErrors { try ObjectUpdater<Object>(properties: properties, table: table).update(objects, on: self) }
    }

    /// Writes the listed objects back to their rows; see `update(objects:on:inTable:)` with an array.
    @inlinable
    public func update<Object: TableEncodable>(objects: Object..., on properties: [PropertyConvertible]? = nil,
                                               inTable table: String) throws {
        try update(objects: objects, on: properties, inTable: table)
    }
}
