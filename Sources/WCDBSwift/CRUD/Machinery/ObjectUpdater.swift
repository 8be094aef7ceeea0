/// Updates model objects in place, each row found by the object's primary key:
/// `UPDATE table SET c1 = ?1, … WHERE key = ?n`, found in each handle's cache by (model, table, property
/// set), built and prepared there the first time, and reused for every object.
@usableFromInline
struct ObjectUpdater<Object: TableEncodable> {
    @usableFromInline let table: String
    /// The SET properties as the caller named them (nil: every non-key column).
    @usableFromInline let properties: [PropertyConvertible]?
    @usableFromInline let keyIndexes: [Int]

    /// Inlinable so that it is specialised for the model at the call site: a generic instance would
    /// instantiate `TableBinding<Object>`'s metadata and copy the whole binding on every call (a
    /// row-by-row caller makes one call per row).
    @inlinable
    init(properties: [PropertyConvertible]?, table: String) throws {
        try properties.checkBelong(to: Object.self, operation: "update")
        keyIndexes = Object.objectRelationalMapping.primaryKeyPropertyIndexes
        guard !keyIndexes.isEmpty else { throw Self.missingPrimaryKey() }
        self.table = table
        self.properties = properties
    }

    @usableFromInline
    static func missingPrimaryKey() -> WCDBError {
        WCDBError.interface("\(Object.self) has no @PrimaryKey or @MultiPrimary, so its rows can't be found from its objects; use update(table:on:with:where:)",
                            operation: "update objects")
    }

    /// The statement on `handle`: the cache's front entry when it is this one, else found by its key or
    /// prepared. Its `setIndexes` are the SET properties in parameter order; the key's follow them.
    @inlinable
    func statement(on handle: Handle) throws -> CachedStatement {
        let indexes = properties.map { PropertyIndexes($0) }
        if let entry = handle.frontStatement(model: ObjectIdentifier(Object.self), table: table, operation: .updateByKey,
                                             condition: nil, properties: indexes) {
            return entry
        }
        return try preparedStatement(indexes: indexes, on: handle)
    }

    /// `UPDATE table SET p1 = ?, … WHERE key1 = ? AND …`, found by its key or prepared on `handle`.
    @usableFromInline
    func preparedStatement(indexes: PropertyIndexes?, on handle: Handle) throws -> CachedStatement {
        let binding = Object.objectRelationalMapping
        let keyIndexes = keyIndexes
        let setIndexes = indexes?.all ?? binding.properties.map(\.propertyIndex).filter { !keyIndexes.contains($0) }
        let key = StatementKey(.updateByKey, model: ObjectIdentifier(Object.self), table: table, properties: indexes)
        return try handle.modelStatement(for: key, setIndexes: setIndexes) {
            let statement = StatementUpdate().update(table: table)
            for index in setIndexes { statement.set(binding.properties[index].asColumn(), to: Expression.placeholder) }
            var condition: Expression?
            for keyIndex in keyIndexes {
                let term = binding.properties[keyIndex].asColumn() == Expression.placeholder
                condition = condition.map { $0 && term } ?? term
            }
            if let condition { statement.where(condition) }
            return statement.statementNode
        }
    }

    @inlinable
    func update(_ objects: [Object], on database: some HandleProvider) throws {
        try database.forEachBatched(objects, statement: statement(on:)) { object, statement, entry, _ in
            var parameter: Int32 = 1
            for propertyIndex in entry.setIndexes {
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
