// `insertOrIgnore`, which skips the objects whose primary key or unique columns already exist
// (`INSERT OR IGNORE`; WCDB 2.x), and the chain-call `INSERT OR IGNORE` / `INSERT OR REPLACE` preparations.
// The 2.x unlabeled spellings of `insert` and `insertOrReplace` are in `Compatibility/Insert2x.swift`.

extension HandleProvider {
    /// Inserts `objects`, skipping each one that conflicts with a row already there (`INSERT OR IGNORE`).
    @inlinable
    public func insertOrIgnore<Object: TableEncodable>(_ objects: [Object], on properties: [PropertyConvertible]? = nil,
                                                       intoTable table: String) throws {
        try writeObjects(objects, on: properties, intoTable: table, onConflict: .ignore)
    }

    /// Inserts the listed objects, skipping each one that conflicts with a row already there.
    @inlinable
    public func insertOrIgnore<Object: TableEncodable>(_ objects: Object..., on properties: [PropertyConvertible]? = nil,
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

extension TableBound {
    /// Inserts `objects`, skipping each one that conflicts with a row already there.
    public func insertOrIgnore(_ objects: [Root], on properties: [PropertyConvertible]? = nil) throws {
        try insertOrIgnore(objects, on: properties, intoTable: name)
    }

    /// Inserts the listed objects, skipping each one that conflicts with a row already there.
    public func insertOrIgnore(_ objects: Root..., on properties: [PropertyConvertible]? = nil) throws {
        try insertOrIgnore(objects, on: properties, intoTable: name)
    }

    /// A chain-call `INSERT OR REPLACE` into this table.
    public func prepareInsertOrReplace() throws -> TypedInsert<Root> { try prepareInsertOrReplace(of: Root.self, intoTable: name) }

    /// A chain-call `INSERT OR IGNORE` into this table.
    public func prepareInsertOrIgnore() throws -> TypedInsert<Root> { try prepareInsertOrIgnore(of: Root.self, intoTable: name) }
}
