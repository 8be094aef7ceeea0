/// A chain-call select of model objects (Swift guide 2.2): configure it with `where`, `order(by:)`,
/// `limit`…, then read everything with `allObjects()` or stream it with `nextObject()`.
///
/// Streaming keeps one statement (and its handle) until the last row has been read, or until the
/// Select is released. A Select belongs to the thread that uses it: it is not `Sendable`.
public final class Select<Object: TableDecodable> {
    let database: HandleRepresentable
    let statement: StatementSelect
    let mapping: PropertyMapping
    /// `SELECT … FROM table`, and the clauses `allObjects()` runs with their literals lifted into
    /// bound values (so a repeated lookup by another key reuses one prepared statement); nil once the
    /// select uses GROUP BY, HAVING or `limit(from:to:)`, which then run as written.
    private let head: String
    private var liftable: ClauseTail? = ClauseTail(condition: nil, orderBy: nil, limit: nil, offset: nil)
    private lazy var cursor = StatementCursor(database: database)

    /// True once the last row has been read: streaming never restarts the query.
    public var isCompleted: Bool { cursor.isCompleted }

    init(database: HandleRepresentable, properties: [PropertyConvertible]?, table: String, isDistinct: Bool) {
        let binding = Object.objectRelationalMapping
        let selected = (properties ?? binding.properties).map { $0.asProperty() }
        self.database = database
        statement = StatementSelect().select(distinct: isDistinct, selected).from(table)
        head = StatementSelect.sql(distinct: isDistinct, columns: selected, table: table)
        mapping = PropertyMapping(propertyCount: binding.properties.count, selectedPropertyIndexes: selected.map(\.propertyIndex))
    }

    /// The SQL this select runs.
    public var description: String { statement.description }

    @discardableResult public func `where`(_ condition: Condition) -> Select {
        statement.where(condition)
        liftable?.condition = condition
        return self
    }
    @discardableResult public func order(by orderList: OrderBy...) -> Select { order(by: orderList) }
    @discardableResult public func order(by orderList: [OrderBy]) -> Select {
        statement.order(by: orderList)
        if var clauses = liftable {
            clauses.orderBy = (clauses.orderBy ?? []) + orderList
            liftable = clauses
        }
        return self
    }
    @discardableResult public func limit(from begin: Limit, to end: Limit) -> Select {
        statement.limit(from: begin, to: end)
        liftable = nil
        return self
    }
    @discardableResult public func limit(_ limit: Limit) -> Select {
        statement.limit(limit)
        liftable?.limit = limit
        return self
    }
    @discardableResult public func limit(_ limit: Limit, offset: Offset) -> Select { self.limit(limit).offset(offset) }
    @discardableResult public func offset(_ offset: Offset) -> Select {
        statement.offset(offset)
        liftable?.offset = offset
        return self
    }
    @discardableResult public func group(by expressions: ExpressionConvertible...) -> Select {
        statement.group(by: expressions)
        liftable = nil
        return self
    }
    @discardableResult public func having(_ condition: Condition) -> Select {
        statement.having(condition)
        liftable = nil
        return self
    }

    /// Every (remaining) object.
    public func allObjects() throws -> [Object] {
        if cursor.isStarted || cursor.isCompleted {
            var objects: [Object] = []
            while let object = try nextObject() { objects.append(object) }
            return objects
        }
        let source = liftable?.source(after: head) ?? { let (sql, values) = statement.boundSQL; return .byText(sql, arguments: values) }()
        let query = ObjectQuery<Object>(source: source, mapping: mapping)
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
        try properties.checkBelong(to: Object.self, operation: "select")
        return Select(database: self, properties: properties, table: table, isDistinct: isDistinct)
    }
}
