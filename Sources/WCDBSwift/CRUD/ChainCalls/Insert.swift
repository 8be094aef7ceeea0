/// A chain-call insert: `prepareInsert(of:intoTable:)`, then `execute(with:)` as often as needed; the
/// statement is prepared once per handle and reused.
public final class Insert<Object: TableEncodable> {
    let database: HandleRepresentable
    let inserter: ObjectInserter<Object>
    public private(set) var changes = 0

    convenience init(database: HandleRepresentable, properties: [PropertyConvertible]?, table: String, orReplace: Bool) throws {
        try self.init(database: database, properties: properties, table: table, onConflict: orReplace ? .replace : nil)
    }

    init(database: HandleRepresentable, properties: [PropertyConvertible]?, table: String, onConflict: ConflictAction?) throws {
        self.database = database
        inserter = try database.reportingErrors { try ObjectInserter(properties: properties, table: table, onConflict: onConflict) }
    }

    public var description: String { inserter.sql.sql }

    /// Inserts `objects`; `changes` is then the number of rows SQLite says were inserted (an
    /// `INSERT OR REPLACE` counts each row once, an ignored conflict not at all).
    public func execute(with objects: [Object]) throws {
        changes = try inserter.insert(objects, on: database)
    }

    public func execute(with objects: Object...) throws {
        try execute(with: objects)
    }
}

extension HandleRepresentable {
    public func prepareInsert<Object: TableEncodable>(of type: Object.Type, intoTable table: String) throws -> Insert<Object> {
        try Insert(database: self, properties: nil, table: table, orReplace: false)
    }

    public func prepareInsertOrReplace<Object: TableEncodable>(of type: Object.Type, intoTable table: String) throws -> Insert<Object> {
        try Insert(database: self, properties: nil, table: table, orReplace: true)
    }

    public func prepareInsert<Object: TableEncodable>(on properties: PropertyConvertible..., intoTable table: String) throws -> Insert<Object> {
        try Insert(database: self, properties: properties, table: table, orReplace: false)
    }
}
