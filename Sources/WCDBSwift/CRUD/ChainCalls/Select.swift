/// A chain-call select of model objects (Swift guide 2.2): configure it with `where`, `order(by:)`,
/// `limit`…, then read everything with `allObjects()` or stream it with `nextObject()`.
///
/// Streaming keeps one statement (and its handle) until the last row has been read, or until the
/// Select is released. A Select belongs to the thread that uses it: it is not `Sendable`.
public final class Select<Object: TableDecodable> {
    let database: HandleRepresentable
    let statement: StatementSelect
    let mapping: PropertyMapping
    private lazy var cursor = StatementCursor(database: database)

    /// True once the last row has been read: streaming never restarts the query.
    public var isCompleted: Bool { cursor.isCompleted }

    init(database: HandleRepresentable, properties: [PropertyConvertible]?, table: String, isDistinct: Bool) {
        let binding = Object.objectRelationalMapping
        let selected = (properties ?? binding.properties).map { $0.asProperty() }
        self.database = database
        statement = StatementSelect().select(distinct: isDistinct, selected).from(table)
        mapping = PropertyMapping(propertyCount: binding.properties.count, selectedPropertyIndexes: selected.map(\.propertyIndex))
    }

    /// The SQL this select runs.
    public var description: String { statement.description }

    // The clauses live in the statement, so they follow StatementSelect's rules: `order(by:)` adds terms,
    // `limit`, `offset` and `limit(from:to:)` replace. Their values are bound when it runs.
    @discardableResult public func `where`(_ condition: Condition) -> Select { statement.where(condition); return self }
    @discardableResult public func order(by orderList: OrderBy...) -> Select { order(by: orderList) }
    @discardableResult public func order(by orderList: [OrderBy]) -> Select { statement.order(by: orderList); return self }
    @discardableResult public func limit(from begin: Limit, to end: Limit) -> Select { statement.limit(from: begin, to: end); return self }
    @discardableResult public func limit(_ limit: Limit) -> Select { statement.limit(limit); return self }
    @discardableResult public func limit(_ limit: Limit, offset: Offset) -> Select { statement.limit(limit, offset: offset); return self }
    @discardableResult public func offset(_ offset: Offset) -> Select { statement.offset(offset); return self }
    @discardableResult public func group(by expressions: ExpressionConvertible...) -> Select { statement.group(by: expressions); return self }
    @discardableResult public func having(_ condition: Condition) -> Select { statement.having(condition); return self }

    /// Every (remaining) object.
    public func allObjects() throws -> [Object] {
        if cursor.isStarted || cursor.isCompleted {
            var objects: [Object] = []
            while let object = try nextObject() { objects.append(object) }
            return objects
        }
        let (sql, values) = statement.boundSQL
        let query = ObjectQuery<Object>(source: .byText(sql, arguments: values), mapping: mapping)
        return try database.withHandle(forWriting: false) { handle in try query.all(on: handle) }
    }

    /// The next object, or nil when there are no more (the statement is then released).
    public func nextObject() throws -> Object? {
        guard let row = try cursor.step(statement) else { return nil }
        do {
            return try Object.decode(from: row, mapping: mapping)
        } catch {
            cursor.finish()
            throw error
        }
    }
}

extension HandleRepresentable {
    /// A chain-call select of `Object`s from `table`.
    public func prepareSelect<Object: TableDecodable>(of type: Object.Type, fromTable table: String, isDistinct: Bool = false) throws -> Select<Object> {
        Select(database: self, properties: nil, table: table, isDistinct: isDistinct)
    }

    /// A chain-call select of some of `Object`'s properties from `table`.
    public func prepareSelect<Object: TableDecodable>(on properties: PropertyConvertible..., fromTable table: String,
                                                      isDistinct: Bool = false) throws -> Select<Object> {
        try reportingErrors { try properties.checkBelong(to: Object.self, operation: "select") }
        return Select(database: self, properties: properties, table: table, isDistinct: isDistinct)
    }
}
