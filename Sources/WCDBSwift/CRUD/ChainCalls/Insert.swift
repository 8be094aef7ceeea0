/// A chain-call insert: `prepareInsert(of:intoTable:)`, then `execute(with:)` as often as needed; the
/// statement is prepared once per handle and reused.
///
/// `Insert` is not generic, as in WCDB 1.x and 2.x, so it can be kept in a property (`var insert:
/// Insert!`); it knows the model it writes, and `execute(with:)` refuses objects of another one with a
/// `WCDBError`. The preparing calls return a ``TypedInsert``, whose `execute(with:)` takes only that
/// model.
public class Insert {
    let database: HandleProvider
    /// The model this insert writes.
    let objectType: any TableEncodable.Type
    /// An `ObjectInserter<objectType>`.
    private let inserter: Any
    /// The SQL this insert runs.
    public let description: String
    /// The number of rows the last `execute(with:)` inserted (an `INSERT OR REPLACE` counts each row
    /// once, an ignored conflict not at all).
    public internal(set) var changes = 0

    init<Object: TableEncodable>(database: HandleProvider, of type: Object.Type, properties: [PropertyConvertible]?,
                                 table: String, onConflict: ConflictAction?) throws {
        self.database = database
        objectType = Object.self
        let inserter = try database.reportingErrors {
            try ObjectInserter<Object>(properties: properties, table: table, onConflict: onConflict)
        }
        self.inserter = inserter
        description = inserter.node.rendering.sql
    }

    /// Inserts `objects`, which must be of the model the insert was prepared for.
    public func execute<Object: TableEncodable>(with objects: [Object]) throws {
        guard let inserter = inserter as? ObjectInserter<Object> else {
            throw reportError(WCDBError(level: .interface, message: "this insert writes \(objectType) objects, not \(Object.self)",
                                        sql: description, path: database.path, tag: database.tag, operation: "insert"))
        }
        changes = try inserter.insert(objects, on: database)
    }

    /// Inserts the listed objects, which must be of the model the insert was prepared for.
    public func execute<Object: TableEncodable>(with objects: Object...) throws {
        try execute(with: objects)
    }
}

/// An ``Insert`` whose model is in its type: `execute(with:)` takes only `Object`s. Every preparing
/// call returns one; it can be kept as an `Insert`.
public final class TypedInsert<Object: TableEncodable>: Insert {
    init(database: HandleProvider, properties: [PropertyConvertible]?, table: String, onConflict: ConflictAction?) throws {
        try super.init(database: database, of: Object.self, properties: properties, table: table, onConflict: onConflict)
    }

    /// Inserts `objects`; `changes` is then the number of rows SQLite says were inserted.
    public func execute(with objects: [Object]) throws {
        try super.execute(with: objects)
    }

    /// Inserts the listed objects.
    public func execute(with objects: Object...) throws {
        try super.execute(with: objects)
    }
}

extension HandleProvider {
    /// A chain-call insert of every property of `Object`s.
    public func prepareInsert<Object: TableEncodable>(of type: Object.Type, intoTable table: String) throws -> TypedInsert<Object> {
        try TypedInsert(database: self, properties: nil, table: table, onConflict: nil)
    }

    /// A chain-call `INSERT OR REPLACE` of every property of `Object`s.
    public func prepareInsertOrReplace<Object: TableEncodable>(of type: Object.Type, intoTable table: String) throws -> TypedInsert<Object> {
        try TypedInsert(database: self, properties: nil, table: table, onConflict: .replace)
    }

    /// A chain-call insert of `properties` of `Object`s, the model given by the result type.
    public func prepareInsert<Object: TableEncodable>(on properties: PropertyConvertible..., intoTable table: String) throws -> TypedInsert<Object> {
        try TypedInsert(database: self, properties: properties, table: table, onConflict: nil)
    }

    /// A chain-call insert of `properties`, of the model they belong to (WCDB 2.x).
    public func prepareInsert(on properties: PropertyConvertible..., intoTable table: String) throws -> Insert {
        try insert(on: properties, intoTable: table, onConflict: nil)
    }

    /// A chain-call `INSERT` of `properties` of the model they belong to, with `onConflict`; properties of
    /// no model, or of two, are refused with a `WCDBError`.
    func insert(on properties: [PropertyConvertible], intoTable table: String, onConflict: ConflictAction?) throws -> Insert {
        guard let model = properties.lazy.compactMap({ $0.asProperty().tableEncodableType }).first else {
            throw reportedError(.interface("an insert on properties needs properties of a model, to know what to write; use prepareInsert(of:intoTable:)",
                                           operation: "insert"))
        }
        return try insert(of: model, on: properties, intoTable: table, onConflict: onConflict)
    }

    private func insert<Object: TableEncodable>(of model: Object.Type, on properties: [PropertyConvertible],
                                                intoTable table: String, onConflict: ConflictAction?) throws -> Insert {
        try TypedInsert<Object>(database: self, properties: properties, table: table, onConflict: onConflict)
    }
}

extension Property {
    /// The model type that encodes this property, when it is a `TableEncodable` model's.
    fileprivate var tableEncodableType: (any TableEncodable.Type)? { tableCodableType as? any TableEncodable.Type }
}
