// WCDB Swift 2.x's write names beside the 1.x ones: unlabeled `insert(_:intoTable:)` /
// `insertOrReplace(_:intoTable:)`, and `insertOrIgnore`, which skips the objects whose primary key or
// unique columns already exist (`INSERT OR IGNORE`).

extension HandleProvider {
    /// Inserts `objects` (2.x spelling of `insert(objects:on:intoTable:)`); several run in one
    /// embedded transaction.
    @inlinable
    public func insert<Object: TableEncodable>(_ objects: [Object], on properties: [PropertyConvertible]? = nil,
                                               intoTable table: String) throws {
        try insert(objects: objects, on: properties, intoTable: table)
    }

    /// Inserts the listed objects (2.x spelling of `insert(objects:on:intoTable:)`).
    @inlinable
    public func insert<Object: TableEncodable>(_ objects: Object..., on properties: [PropertyConvertible]? = nil,
                                               intoTable table: String) throws {
        try insert(objects: objects, on: properties, intoTable: table)
    }

    /// Inserts or replaces `objects` (2.x spelling of `insertOrReplace(objects:on:intoTable:)`).
    @inlinable
    public func insertOrReplace<Object: TableEncodable>(_ objects: [Object], on properties: [PropertyConvertible]? = nil,
                                                        intoTable table: String) throws {
        try insertOrReplace(objects: objects, on: properties, intoTable: table)
    }

    /// Inserts or replaces the listed objects (2.x spelling of `insertOrReplace(objects:on:intoTable:)`).
    @inlinable
    public func insertOrReplace<Object: TableEncodable>(_ objects: Object..., on properties: [PropertyConvertible]? = nil,
                                                        intoTable table: String) throws {
        try insertOrReplace(objects: objects, on: properties, intoTable: table)
    }

    /// Inserts `objects`, skipping each one that conflicts with a row already there (`INSERT OR IGNORE`).
    @inlinable
    public func insertOrIgnore<Object: TableEncodable>(_ objects: [Object], on properties: [PropertyConvertible]? = nil,
                                                       intoTable table: String) throws {
        _ = try reportingErrors { try ObjectInserter<Object>(properties: properties, table: table, onConflict: .ignore).insert(objects, on: self) }
    }

    /// Inserts the listed objects, skipping each one that conflicts with a row already there.
    @inlinable
    public func insertOrIgnore<Object: TableEncodable>(_ objects: Object..., on properties: [PropertyConvertible]? = nil,
                                                       intoTable table: String) throws {
        try insertOrIgnore(objects, on: properties, intoTable: table)
    }

    /// Same as `insertOrIgnore(_:on:intoTable:)`, with the 1.x label.
    @inlinable
    public func insertOrIgnore<Object: TableEncodable>(objects: [Object], on properties: [PropertyConvertible]? = nil,
                                                       intoTable table: String) throws {
        try insertOrIgnore(objects, on: properties, intoTable: table)
    }

}

extension HandleProvider {
    /// A chain-call `INSERT OR IGNORE` of every property.
    public func prepareInsertOrIgnore<Object: TableEncodable>(of type: Object.Type, intoTable table: String) throws -> TypedInsert<Object> {
        try TypedInsert(database: self, properties: nil, table: table, onConflict: .ignore)
    }

    /// A chain-call `INSERT OR IGNORE` of `properties`.
    public func prepareInsertOrIgnore<Object: TableEncodable>(on properties: PropertyConvertible..., intoTable table: String) throws -> TypedInsert<Object> {
        try TypedInsert(database: self, properties: properties, table: table, onConflict: .ignore)
    }

    /// A chain-call `INSERT OR IGNORE` of `properties`, of the model they belong to.
    public func prepareInsertOrIgnore(on properties: PropertyConvertible..., intoTable table: String) throws -> Insert {
        try insert(on: properties, intoTable: table, onConflict: .ignore)
    }

    /// A chain-call `INSERT OR REPLACE` of `properties` (2.x).
    public func prepareInsertOrReplace<Object: TableEncodable>(on properties: PropertyConvertible..., intoTable table: String) throws -> TypedInsert<Object> {
        try TypedInsert(database: self, properties: properties, table: table, onConflict: .replace)
    }

    /// A chain-call `INSERT OR REPLACE` of `properties`, of the model they belong to (2.x).
    public func prepareInsertOrReplace(on properties: PropertyConvertible..., intoTable table: String) throws -> Insert {
        try insert(on: properties, intoTable: table, onConflict: .replace)
    }
}

extension Table {
    /// Inserts `objects`, skipping each one that conflicts with a row already there.
    public func insertOrIgnore(_ objects: [Root], on properties: [PropertyConvertible]? = nil) throws {
        try insertOrIgnore(objects, on: properties, intoTable: name)
    }

    /// Inserts the listed objects, skipping each one that conflicts with a row already there.
    public func insertOrIgnore(_ objects: Root..., on properties: [PropertyConvertible]? = nil) throws {
        try insertOrIgnore(objects, on: properties, intoTable: name)
    }

    /// Inserts `objects` (2.x spelling of `insert(objects:on:)`).
    public func insert(_ objects: [Root], on properties: [PropertyConvertible]? = nil) throws {
        try insert(objects: objects, on: properties)
    }

    /// Inserts the listed objects (2.x spelling of `insert(objects:on:)`).
    public func insert(_ objects: Root..., on properties: [PropertyConvertible]? = nil) throws {
        try insert(objects: objects, on: properties)
    }

    /// Inserts or replaces the listed objects (2.x spelling of `insertOrReplace(objects:on:)`).
    public func insertOrReplace(_ objects: Root..., on properties: [PropertyConvertible]? = nil) throws {
        try insertOrReplace(objects: objects, on: properties)
    }

    /// Inserts or replaces `objects` (2.x spelling of `insertOrReplace(objects:on:)`).
    public func insertOrReplace(_ objects: [Root], on properties: [PropertyConvertible]? = nil) throws {
        try insertOrReplace(objects: objects, on: properties)
    }

    /// A chain-call `INSERT OR REPLACE` into this table.
    public func prepareInsertOrReplace() throws -> TypedInsert<Root> { try prepareInsertOrReplace(of: Root.self, intoTable: name) }

    /// A chain-call `INSERT OR IGNORE` into this table.
    public func prepareInsertOrIgnore() throws -> TypedInsert<Root> { try prepareInsertOrIgnore(of: Root.self, intoTable: name) }
}
