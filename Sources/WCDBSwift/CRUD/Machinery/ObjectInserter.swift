/// Writes model objects with one prepared `INSERT` reused for every object.
///
/// The SQL is built once per (model, table, conflict behaviour, property set) and cached in the
/// binding; the statement stays prepared in each handle's cache. Objects are bound by position with the
/// generated encoder; an object that asks for auto-increment gets NULL in its integer primary key so SQLite
/// assigns the next rowid, which is then reported back (`lastInsertedRowID`, and the key itself for
/// classes and for the `inout` variants).
@usableFromInline
struct ObjectInserter<Object: TableEncodable> {
    @usableFromInline let sql: CachedSQL
    /// The bound properties in parameter order, or nil for all of them in declaration order.
    @usableFromInline let propertyIndexes: [Int]?
    /// The parameter (1-based) of the auto-increment primary key, if it is among the bound properties.
    @usableFromInline let autoIncrementParameter: Int32?

    /// `onConflict`: nil for a plain INSERT, `.replace` or `.ignore` (other actions insert plainly).
    @usableFromInline
    init(properties: [PropertyConvertible]?, table: String, onConflict conflict: ConflictAction?) throws {
        try properties.checkBelong(to: Object.self, operation: "insert")
        let binding = Object.objectRelationalMapping
        let operation: BindingStatementKey.Operation = switch conflict {
        case .replace: .insertOrReplace
        case .ignore: .insertOrIgnore
        default: .insert
        }
        let statement = binding.statements.statement(operation, table: table, properties: properties.map { PropertyIndexes($0) }) {
            let columns = (properties?.map { $0.asProperty() } ?? binding.properties).map { $0.asColumn() }
            // One value slot per column: the encoder binds the object's properties to them.
            let insert = StatementInsert()
                .insert(intoTable: table, with: columns)
                .onConflict(operation == .insert ? nil : conflict)
                .values(Array(repeating: Expression.placeholder, count: columns.count))
            return BindingStatement(sql: CachedSQL(tree: insert.statementNode), propertyIndexes: properties?.map(\.propertyIndex))
        }
        sql = statement.sql
        let indexes = statement.propertyIndexes
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
        try database.forEachBatched(objects, statement: sql) { object, statement, handle in
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
            let statement = try handle.statementAddingColumns(for: sql)
            defer { statement.reset() }
            return try insert(object, with: statement, on: handle)
        }
        if let rowID {
            Object.assignInsertedRowID(rowID, to: &object)
            object.lastInsertedRowID = rowID
        }
    }
}
