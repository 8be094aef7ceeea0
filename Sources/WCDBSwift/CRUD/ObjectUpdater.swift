/// Updates model objects in place, each row found by the object's primary key:
/// `UPDATE table SET c1 = ?1, … WHERE key = ?n` built once per (model, table, property set), with the
/// statement kept prepared in each handle's cache and reused for every object.
@usableFromInline
struct ObjectUpdater<Object: TableEncodable> {
    @usableFromInline let sql: CachedSQL
    @usableFromInline let propertyIndexes: [Int]
    @usableFromInline let keyIndexes: [Int]

    @usableFromInline
    init(properties: [PropertyConvertible]?, table: String) throws {
        let binding = Object.objectRelationalMapping
        keyIndexes = binding.primaryKeyPropertyIndexes
        guard !keyIndexes.isEmpty else {
            throw WCDBError.interface("\(Object.self) has no @PrimaryKey or @MultiPrimary, so its rows can't be found from its objects; use update(table:on:with:where:)",
                                      operation: "update objects")
        }
        let selected = properties?.map { $0.asProperty() } ?? binding.properties.filter { !binding.primaryKeyPropertyIndexes.contains($0.propertyIndex) }
        let indexes = selected.map(\.propertyIndex)
        propertyIndexes = indexes
        let keyIndexes = keyIndexes
        sql = binding.statements.sql(for: "updateByKey\u{1}\(table)\u{1}" + indexes.map(String.init).joined(separator: ",")) {
            let statement = StatementUpdate().update(table: table)
            for (offset, property) in selected.enumerated() {
                statement.set(property.asColumn(), to: Expression.bindParameter(offset + 1))
            }
            var condition: Expression?
            for (offset, keyIndex) in keyIndexes.enumerated() {
                let term = binding.properties[keyIndex].asColumn() == Expression.bindParameter(indexes.count + offset + 1)
                condition = condition.map { $0 && term } ?? term
            }
            if let condition { statement.where(condition) }
            return statement.description
        }
    }

    @inlinable
    func update(_ objects: [Object], on database: some HandleRepresentable) throws {
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

extension HandleRepresentable {
    /// Writes `objects` back to their rows, each found by its primary key (`@PrimaryKey` or
    /// `@MultiPrimary`): only `properties`, or every non-key column when nil. Several objects run in
    /// one embedded transaction with one prepared statement. Rows that don't exist are left alone.
    @inlinable
    public func update<Object: TableEncodable>(objects: [Object], on properties: [PropertyConvertible]? = nil,
                                               inTable table: String) throws {
        try ObjectUpdater<Object>(properties: properties, table: table).update(objects, on: self)
    }

    @inlinable
    public func update<Object: TableEncodable>(objects: Object..., on properties: [PropertyConvertible]? = nil,
                                               inTable table: String) throws {
        try update(objects: objects, on: properties, inTable: table)
    }
}
