/// Object writes: `insert` and `insertOrReplace` (Swift guide 1.3.1), as arrays, as variadic lists,
/// and, for structs with an auto-increment key, `inout` so the assigned key is written back.
extension HandleProvider {
    /// Inserts `objects` into `table` in one embedded transaction with one prepared statement (`INSERT INTO table(columns) VALUES(?, …)`).
    ///
    /// `properties` names the columns to write (a partial insert); nil writes every column of the model.
    /// - Throws: `WCDBError` — a constraint failure (the whole call is rolled back), a property of another model.
    @inlinable
    public func insert<Object: TableEncodable>(objects: [Object], on properties: [PropertyConvertible]? = nil,
                                               intoTable table: String) throws {
        try writeObjects(objects, on: properties, intoTable: table, onConflict: nil)
    }

    /// Inserts the listed objects into `table`; see `insert(objects:on:intoTable:)` with an array.
    @inlinable
    public func insert<Object: TableEncodable>(objects: Object..., on properties: [PropertyConvertible]? = nil,
                                               intoTable table: String) throws {
        try insert(objects: objects, on: properties, intoTable: table)
    }

    /// Inserts `objects` into `table`, replacing each row that conflicts with one on a primary key or
    /// unique column (`INSERT OR REPLACE`), in one embedded transaction.
    @inlinable
    public func insertOrReplace<Object: TableEncodable>(objects: [Object], on properties: [PropertyConvertible]? = nil,
                                                        intoTable table: String) throws {
        try writeObjects(objects, on: properties, intoTable: table, onConflict: .replace)
    }

    /// Inserts or replaces the listed objects; see `insertOrReplace(objects:on:intoTable:)` with an array.
    @inlinable
    public func insertOrReplace<Object: TableEncodable>(objects: Object..., on properties: [PropertyConvertible]? = nil,
                                                        intoTable table: String) throws {
        try insertOrReplace(objects: objects, on: properties, intoTable: table)
    }

    /// Inserts `object` and, when it asked for auto-increment, stores the new key in it.
    @inlinable
    public func insert<Object: TableEncodable>(_ object: inout Object, on properties: [PropertyConvertible]? = nil,
                                               intoTable table: String) throws {
        try writeObject(&object, on: properties, intoTable: table, onConflict: nil)
    }

    /// Inserts or replaces `object` and, when it asked for auto-increment, stores the new key in it.
    @inlinable
    public func insertOrReplace<Object: TableEncodable>(_ object: inout Object, on properties: [PropertyConvertible]? = nil,
                                                        intoTable table: String) throws {
        try writeObject(&object, on: properties, intoTable: table, onConflict: .replace)
    }

    /// The one body of the array writes (`insert`, `insertOrReplace`, `insertOrIgnore`): `objects` into
    /// `table` with `INSERT OR conflict` (plain `INSERT` when nil), in one embedded transaction.
    @inlinable
    func writeObjects<Object: TableEncodable>(_ objects: [Object], on properties: [PropertyConvertible]?,
                                              intoTable table: String, onConflict conflict: ConflictAction?) throws {
        if properties == nil, objects.count == 1 {
            // One object of every column (`insert(object, intoTable:)` in a loop): the handle's front entry.
            let object = objects[0]
            let rowID = try withHandle(forWriting: true) { handle in
                try KeyedInsert.run(object, table: table, onConflict: conflict, on: handle)
            }
            if let rowID {
                // As the array form: classes see both updates; for structs this touches a copy, as WCDB does.
                var reported = object
                Object.assignInsertedRowID(rowID, to: &reported)
                reported.lastInsertedRowID = rowID
            }
            return
        }
        _ = try reportingErrors { try ObjectInserter<Object>(properties: properties, table: table, onConflict: conflict).insert(objects, on: self) }
    }

    /// The one body of the single-object writes: `object` into `table` with `INSERT OR conflict` (plain
    /// `INSERT` when nil), its new rowid stored back when it asked for auto-increment.
    @inlinable
    func writeObject<Object: TableEncodable>(_ object: inout Object, on properties: [PropertyConvertible]?,
                                             intoTable table: String, onConflict conflict: ConflictAction?) throws {
        try reportingErrors { try ObjectInserter<Object>(properties: properties, table: table, onConflict: conflict).insert(&object, on: self) }
    }

    // MARK: Partial inserts naming the properties inline (`on: Sample.Properties.identifier`)

    /// Inserts `objects`, writing only the listed properties (the others take their column defaults).
    @inlinable
    public func insert<Object: TableEncodable>(objects: [Object], on property: PropertyConvertible, _ more: PropertyConvertible...,
                                               intoTable table: String) throws {
        try insert(objects: objects, on: [property] + more, intoTable: table)
    }

    /// Inserts the listed objects, writing only the listed properties.
    @inlinable
    public func insert<Object: TableEncodable>(objects: Object..., on property: PropertyConvertible, _ more: PropertyConvertible...,
                                               intoTable table: String) throws {
        try insert(objects: objects, on: [property] + more, intoTable: table)
    }

    /// Inserts or replaces `objects`, writing only the listed properties.
    @inlinable
    public func insertOrReplace<Object: TableEncodable>(objects: [Object], on property: PropertyConvertible,
                                                        _ more: PropertyConvertible..., intoTable table: String) throws {
        try insertOrReplace(objects: objects, on: [property] + more, intoTable: table)
    }

    /// Inserts or replaces the listed objects, writing only the listed properties.
    @inlinable
    public func insertOrReplace<Object: TableEncodable>(objects: Object..., on property: PropertyConvertible,
                                                        _ more: PropertyConvertible..., intoTable table: String) throws {
        try insertOrReplace(objects: objects, on: [property] + more, intoTable: table)
    }
}
