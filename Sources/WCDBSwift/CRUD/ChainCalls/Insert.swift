/// A chain-call insert: `prepareInsert(of:intoTable:)`, then `execute(with:)` as often as needed; the
/// statement is prepared once per handle and reused.
public final class Insert<Object: TableEncodable> {
    let database: HandleRepresentable
    let inserter: ObjectInserter<Object>
    public private(set) var changes = 0

    convenience init(database: HandleRepresentable, properties: [PropertyConvertible]?, table: String, orReplace: Bool) {
        self.init(database: database, properties: properties, table: table, onConflict: orReplace ? .replace : nil)
    }

    init(database: HandleRepresentable, properties: [PropertyConvertible]?, table: String, onConflict: ConflictAction?) {
        self.database = database
        inserter = ObjectInserter(properties: properties, table: table, onConflict: onConflict)
    }

    public var description: String { inserter.sql.sql }

    public func execute(with objects: [Object]) throws {
        try inserter.insert(objects, on: database)
        changes = objects.count
    }

    public func execute(with objects: Object...) throws {
        try execute(with: objects)
    }
}

extension HandleRepresentable {
    public func prepareInsert<Object: TableEncodable>(of type: Object.Type, intoTable table: String) throws -> Insert<Object> {
        Insert(database: self, properties: nil, table: table, orReplace: false)
    }

    public func prepareInsertOrReplace<Object: TableEncodable>(of type: Object.Type, intoTable table: String) throws -> Insert<Object> {
        Insert(database: self, properties: nil, table: table, orReplace: true)
    }

    public func prepareInsert<Object: TableEncodable>(on properties: PropertyConvertible..., intoTable table: String) throws -> Insert<Object> {
        Insert(database: self, properties: properties, table: table, orReplace: false)
    }
}
