/// What a handle's cached statement does: the one key its `StatementCache` finds statements by.
///
/// A statement the runtime builds from a model is keyed by its structure — model, table, operation, the
/// properties it names and its condition's shape — so the verbs find it without rendering anything. A
/// condition's shape is its node when the node is shared (a generated property's `id == ?` is one object
/// for every call: compared by identity, and held here so the identity can't be reused); any other
/// condition by its SQL with `?` for values. SQL the caller keeps in a `CachedSQL` is keyed by its id;
/// SQL written by hand, or a tree built per call (whose values are collected as it renders), by its
/// text. Text keys are the ones that may not repeat, so the cache bounds them.
@usableFromInline
struct StatementKey: Hashable {
    @usableFromInline
    enum Operation: UInt8, Sendable {
        /// Every column of the model, no clause.
        case select
        case insert, insertOrReplace, insertOrIgnore
        /// `UPDATE … SET properties WHERE key = ?…` (objects written back by their primary key).
        case updateByKey
        /// Every column `WHERE clause`; `…Limited` adds `LIMIT ?`.
        case selectWhere, selectWhereLimited
        /// `UPDATE … SET properties WHERE clause`.
        case updateWhere
        /// `DELETE FROM … WHERE clause`.
        case deleteWhere
        /// A caller's `CachedSQL`, by id.
        case cachedSQL
        /// SQL by its text.
        case text
    }

    @usableFromInline let operation: Operation
    /// The model (for a delete, which has none, the verb's type); nil for SQL.
    @usableFromInline let model: ObjectIdentifier?
    @usableFromInline let table: String
    @usableFromInline let properties: PropertyIndexes?
    /// The condition's node when it is shared (see above), compared by identity.
    @usableFromInline let node: ExpressionNode?
    /// The condition's SQL when its node is not shared; the SQL of `.text` and `.cachedSQL` keys.
    @usableFromInline let text: String
    /// A `CachedSQL`'s id (0 otherwise).
    @usableFromInline let id: Int

    /// The key of a model's statement.
    @usableFromInline
    init(_ operation: Operation, model: ObjectIdentifier, table: String, properties: PropertyIndexes? = nil,
         condition: ExpressionNode? = nil) {
        self.operation = operation
        self.model = model
        self.table = table
        self.properties = properties
        if let condition, !condition.isShared {
            node = nil
            text = condition.shapeSQL
        } else {
            node = condition
            text = ""
        }
        id = 0
    }

    /// The key of SQL text.
    init(sql: String) {
        self.init(operation: .text, text: sql, id: 0)
    }

    /// The key of a caller's `CachedSQL`.
    init(_ cached: CachedSQL) {
        self.init(operation: .cachedSQL, text: cached.sql, id: cached.id)
    }

    private init(operation: Operation, text: String, id: Int) {
        self.operation = operation
        model = nil
        table = ""
        properties = nil
        node = nil
        self.text = text
        self.id = id
    }

    /// Whether the cache bounds statements of this key (least recently used out): text may embed
    /// changing values, so it must not grow the cache without end.
    var isBounded: Bool { operation == .text || (model != nil && node == nil && !text.isEmpty) }

    @usableFromInline
    static func == (left: StatementKey, right: StatementKey) -> Bool {
        left.operation == right.operation && left.id == right.id && left.node === right.node && left.model == right.model
            && left.properties == right.properties && left.table == right.table && left.text == right.text
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
        hasher.combine(operation)
        hasher.combine(id)
        hasher.combine(node.map(ObjectIdentifier.init))
        hasher.combine(model)
        hasher.combine(properties)
        hasher.combine(table)
        hasher.combine(text)
    }
}
