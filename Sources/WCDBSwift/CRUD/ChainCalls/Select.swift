/// A chain-call select of model objects (Swift guide 2.2): configure it with `where`, `order(by:)`,
/// `limit`…, then read everything with `allObjects()` or stream it with `nextObject()`.
///
/// `Select` is not generic, as in WCDB 1.x and 2.x, so it can be kept in a property (`var select:
/// Select!`); it knows the model it reads, and the result type picks it:
/// `let objects: [Sample] = try select.allObjects()`, `while let object: Sample = try select.nextObject()`.
/// Without a type, `allObjects()` gives `[Any]` and `nextObject()` `Any?`. The preparing calls return a
/// ``TypedSelect``, whose `allObjects()` is typed without an annotation.
///
/// Streaming keeps one statement (and its handle) until the last row has been read, or until the
/// Select is released. A Select belongs to the thread that uses it: it is not `Sendable`.
public class Select: SelectClauses {
    let database: HandleProvider
    let mapping: PropertyMapping
    /// The model this select decodes.
    let objectType: any TableDecodable.Type
    /// The properties it was prepared on, when not the whole model.
    let propertyNames: [String]?
    private lazy var cursor = StatementCursor(database: database)

    /// True once the last row has been read: streaming never restarts the query.
    public var isCompleted: Bool { cursor.isCompleted }

    /// Steps to the next row without reading it (WCDB 2.x's `Selectable.next()`): true when there was
    /// one; the next read starts after it.
    @discardableResult
    public func next() throws -> Bool { try cursor.step(statement) != nil }

    init<Object: TableDecodable>(database: HandleProvider, of type: Object.Type, properties: [PropertyConvertible]?,
                                 from tables: [TableOrSubqueryConvertible], isDistinct: Bool) {
        let binding = Object.objectRelationalMapping
        let selected = (properties ?? binding.properties).map { $0.asProperty() }
        self.database = database
        objectType = Object.self
        propertyNames = properties?.map { $0.asProperty().name }
        mapping = PropertyMapping(propertyCount: binding.properties.count, selectedPropertyIndexes: selected.map(\.propertyIndex))
        super.init(statement: StatementSelect().select(distinct: isDistinct, selected).from(tables))
    }

    /// Every (remaining) object, as the model the select was prepared for. (Disfavoured, so that on a
    /// ``TypedSelect`` the typed `allObjects()` is the one a call without a result type means.)
    @_disfavoredOverload
    public func allObjects() throws -> [Any] {
        try allObjects(ofOpened: objectType)
    }

    /// Every (remaining) object as `Object`, which must be the model the select was prepared for.
    public func allObjects<Object: TableDecodable>(of type: Object.Type = Object.self) throws -> [Object] {
        try checkObjectType(Object.self)
        return try typedAllObjects()
    }

    /// The next object, or nil when there are no more (the statement is then released). (Disfavoured,
    /// as `allObjects()` is.)
    @_disfavoredOverload
    public func nextObject() throws -> Any? {
        try nextObject(ofOpened: objectType)
    }

    /// The next object as `Object` (the model the select was prepared for), or nil when there are no more.
    public func nextObject<Object: TableDecodable>(of type: Object.Type = Object.self) throws -> Object? {
        try checkObjectType(Object.self)
        return try typedNextObject()
    }

    private func allObjects<Object: TableDecodable>(ofOpened type: Object.Type) throws -> [Any] {
        let objects: [Object] = try typedAllObjects()
        return objects
    }

    private func nextObject<Object: TableDecodable>(ofOpened type: Object.Type) throws -> Any? {
        let object: Object? = try typedNextObject()
        return object
    }

    private func checkObjectType<Object>(_ type: Object.Type) throws {
        guard Object.self != objectType else { return }
        let message = propertyNames.map { "\($0.joined(separator: ", ")) is not a property of \(Object.self): this select was prepared on \(objectType)'s properties" }
            ?? "this select reads \(objectType) objects, not \(Object.self)"
        throw reportError(WCDBError(level: .interface, message: message,
                                    sql: statement.description, path: database.path, tag: database.tag, operation: "select"))
    }

    /// Every (remaining) object; `Object` is the select's model.
    func typedAllObjects<Object: TableDecodable>() throws -> [Object] {
        if cursor.isStarted || cursor.isCompleted {
            var objects: [Object] = []
            while let object: Object = try typedNextObject() { objects.append(object) }
            return objects
        }
        let query = ObjectQuery<Object>(source: .tree(statement.statementNode), mapping: mapping)
        return try database.withHandle(forWriting: false) { handle in try query.all(on: handle) }
    }

    /// The next object; `Object` is the select's model.
    func typedNextObject<Object: TableDecodable>() throws -> Object? {
        guard let row = try cursor.step(statement) else { return nil }
        do {
            return try Object.decode(from: row, mapping: mapping)
        } catch {
            cursor.finish()
            throw error
        }
    }
}

/// A ``Select`` whose model is in its type: `allObjects()` is `[Object]` and `nextObject()` `Object?`
/// without an annotation. Every preparing call returns one; it can be kept as a `Select`.
public final class TypedSelect<Object: TableDecodable>: Select {
    init(database: HandleProvider, properties: [PropertyConvertible]?, table: String, isDistinct: Bool) {
        super.init(database: database, of: Object.self, properties: properties, from: [table], isDistinct: isDistinct)
    }

    init(database: HandleProvider, from tables: [TableOrSubqueryConvertible], isDistinct: Bool) {
        super.init(database: database, of: Object.self, properties: nil, from: tables, isDistinct: isDistinct)
    }

    /// Every (remaining) object.
    public func allObjects() throws -> [Object] { try typedAllObjects() }

    /// The next object, or nil when there are no more (the statement is then released).
    public func nextObject() throws -> Object? { try typedNextObject() }
}

extension HandleProvider {
    /// A chain-call select of `Object`s from `table`.
    public func prepareSelect<Object: TableDecodable>(of type: Object.Type, fromTable table: String,
                                                      isDistinct: Bool = false) throws -> TypedSelect<Object> {
        TypedSelect(database: self, properties: nil, table: table, isDistinct: isDistinct)
    }

    /// A chain-call select of some of `Object`'s properties from `table`, the model given by the result
    /// type (`let select: TypedSelect<Sample> = …`, `… .allObjects() as [Sample]`).
    public func prepareSelect<Object: TableDecodable>(on properties: PropertyConvertible..., fromTable table: String,
                                                      isDistinct: Bool = false) throws -> TypedSelect<Object> {
        try reportingErrors { try properties.checkBelong(to: Object.self, operation: "select") }
        return TypedSelect(database: self, properties: properties, table: table, isDistinct: isDistinct)
    }

    /// A chain-call select of some properties from `table`, of the model they belong to (WCDB 2.x:
    /// `let select = try database.prepareSelect(on: Sample.Properties.identifier, fromTable: …)`).
    /// Properties of no model, or of two, are refused with a `WCDBError`.
    public func prepareSelect(on properties: PropertyConvertible..., fromTable table: String,
                              isDistinct: Bool = false) throws -> Select {
        try select(on: properties, fromTable: table, isDistinct: isDistinct)
    }

    /// `prepareSelect(on:fromTable:isDistinct:)` with the properties as an array.
    func select(on properties: [PropertyConvertible], fromTable table: String, isDistinct: Bool) throws -> Select {
        let models = properties.compactMap { $0.asProperty().tableDecodableType }
        guard let model = models.first else {
            throw reportedError(.interface("prepareSelect(on:fromTable:) needs properties of a model, to know what to decode; use prepareSelect(of:fromTable:) or prepareRowSelect(on:fromTable:)",
                                           operation: "select"))
        }
        return try select(of: model, on: properties, fromTable: table, isDistinct: isDistinct)
    }

    private func select<Object: TableDecodable>(of model: Object.Type, on properties: [PropertyConvertible],
                                                fromTable table: String, isDistinct: Bool) throws -> Select {
        try reportingErrors { try properties.checkBelong(to: Object.self, operation: "select") }
        return TypedSelect<Object>(database: self, properties: properties, table: table, isDistinct: isDistinct)
    }
}
