/// Writes model objects with one prepared `INSERT` reused for every object.
///
/// The statement is found in each handle's cache by (model, table, conflict behaviour, property set), and
/// built and prepared there the first time. Objects are bound by position with the
/// generated encoder; an object that asks for auto-increment gets NULL in its integer primary key so SQLite
/// assigns the next rowid, which is then reported back (`lastInsertedRowID`, and the key itself for
/// classes and for the `inout` variants).
@usableFromInline
struct ObjectInserter<Object: TableEncodable> {
    @usableFromInline let table: String
    @usableFromInline let properties: [PropertyConvertible]?
    @usableFromInline let conflict: ConflictAction?
    /// The bound properties in parameter order, or nil for all of them in declaration order.
    @usableFromInline let propertyIndexes: [Int]?
    /// The parameter (1-based) of the auto-increment primary key, if it is among the bound properties.
    @usableFromInline let autoIncrementParameter: Int32?

    /// `onConflict`: nil for a plain INSERT, `.replace` or `.ignore` (other actions insert plainly).
    @usableFromInline
    init(properties: [PropertyConvertible]?, table: String, onConflict conflict: ConflictAction?) throws {
        try properties.checkBelong(to: Object.self, operation: "insert")
        let binding = Object.objectRelationalMapping
        self.table = table
        self.properties = properties
        self.conflict = conflict
        let indexes = properties?.map(\.propertyIndex)
        propertyIndexes = indexes
        if let autoIncrement = binding.autoIncrementColumnIndex {
            if let indexes {
                autoIncrementParameter = indexes.firstIndex(of: autoIncrement).map { Int32($0 + 1) }
            } else {
                autoIncrementParameter = Int32(autoIncrement + 1)
            }
        } else {
            autoIncrementParameter = nil
        }
    }

    /// The key's operation of an insert with `conflict` (other actions insert plainly).
    @inlinable
    static func operation(_ conflict: ConflictAction?) -> StatementKey.Operation {
        switch conflict {
        case .replace: .insertOrReplace
        case .ignore: .insertOrIgnore
        default: .insert
        }
    }

    /// The statement on `handle`: the cache's front entry when it is this one, else found by its key or
    /// prepared.
    @usableFromInline
    func statement(on handle: Handle) throws -> CachedStatement {
        let operation = Self.operation(conflict)
        let indexes = properties.map { PropertyIndexes($0) }
        if let entry = handle.frontStatement(model: ObjectIdentifier(Object.self), table: table, operation: operation,
                                             condition: nil, properties: indexes) {
            return entry
        }
        let key = StatementKey(operation, model: ObjectIdentifier(Object.self), table: table, properties: indexes)
        return try handle.modelStatement(for: key, propertyCount: Int(autoIncrementParameter ?? 0)) { node }
    }

    /// `INSERT [OR …] INTO table(columns) VALUES(?, …)`: one value slot per column, to which the encoder
    /// binds the object's properties.
    var node: StatementNode {
        let columns = (properties?.map { $0.asProperty() } ?? Object.objectRelationalMapping.properties).map { $0.asColumn() }
        return StatementInsert()
            .insert(intoTable: table, with: columns)
            .onConflict(Self.operation(conflict) == .insert ? nil : conflict)
            .values(Array(repeating: Expression.placeholder, count: columns.count))
            .statementNode
    }

    /// Inserts one object on `handle`; returns the rowid SQLite assigned when the object asked for
    /// auto-increment, else nil.
    @inlinable
    func insert(_ object: Object, with statement: HandleStatement, on handle: Handle) throws -> Int64? {
        if let propertyIndexes {
            for (offset, propertyIndex) in propertyIndexes.enumerated() {
                Object.bind(object, propertyIndex: propertyIndex, to: statement, atIndex: Int32(offset + 1))
            }
        } else {
            Object.bindAll(object, to: statement)
        }
        var assignsRowID = false
        if let autoIncrementParameter, Object.insertsWithNewRowID(object) {
            statement.bindNull(toIndex: autoIncrementParameter)
            assignsRowID = true
        }
        _ = try statement.step()
        statement.reset()
        return assignsRowID ? handle.lastInsertedRowID : nil
    }

    /// Inserts every object; several run inside one embedded transaction. Returns the rows SQLite
    /// reports changed.
    @inlinable @discardableResult
    func insert(_ objects: [Object], on database: some HandleProvider) throws -> Int {
        var changes = 0
        var row = 0
        // Values of columns compressed with zstd are compressed ahead on a second core (started at the
        // first object: the statement is prepared then, and with it the table's compression resolved).
        var precompressed: (batch: PrecompressedBatch, handle: Handle)?
        defer { precompressed.map { $0.batch.end(on: $0.handle) } }
        try database.forEachBatched(objects, statement: statement(on:)) { object, statement, _, handle in
            if row == 0, objects.count >= PrecompressedBatch.minimumRows,
               let batch = PrecompressedBatch.start(for: objects, table: table, propertyIndexes: propertyIndexes, on: handle) {
                precompressed = (batch, handle)
            }
            precompressed?.batch.currentRow = row
            defer {
                precompressed?.batch.finishRow(row)
                row += 1
            }
            let rowID = try insert(object, with: statement, on: handle)
            changes += handle.changes
            if let rowID {
                // Classes see both updates; for structs this touches a copy, as WCDB does.
                var reported = object
                Object.assignInsertedRowID(rowID, to: &reported)
                reported.lastInsertedRowID = rowID
            }
        }
        return changes
    }

    /// Inserts one object and writes the assigned rowid back into it.
    @inlinable
    func insert(_ object: inout Object, on database: some HandleProvider) throws {
        let rowID = try database.withHandle(forWriting: true) { handle -> Int64? in
            try statement(on: handle).withStatement { statement in
                defer { statement.reset() }
                return try insert(object, with: statement, on: handle)
            }
        }
        if let rowID {
            Object.assignInsertedRowID(rowID, to: &object)
            object.lastInsertedRowID = rowID
        }
    }
}
