import Foundation
import Synchronization

/// Everything the runtime knows about a model's table: its columns in property order, constraints,
/// indexes, and the SQL of the model's common operations, built once and reused.
///
/// Generated code builds one per model (`Model.objectRelationalMapping`) with the `add…` calls below.
/// Its fields live in one immutable object (`Contents`): every one-line call reads the model's binding
/// through a generic getter, and copying the binding is then one retain instead of one per field. A
/// change while it is built makes new contents (a model's binding is built once).
public struct TableBinding<Root>: Sendable {
    /// The fields, immutable; `statements` (the SQL cache) is shared by every version of them.
    @usableFromInline final class Contents: Sendable {
        let properties: [Property]
        let columns: [ColumnBinding]
        let indexes: [IndexBinding]
        let indexSuffixesToDrop: [String]
        let tableConstraints: [TableConstraint]
        let isWithoutRowID: Bool
        let enableAutoIncrementForExistingTable: Bool
        let primaryKeyPropertyIndexes: [Int]
        let virtualTable: VirtualTableBinding?
        @usableFromInline let statements: BindingStatementCache
        /// See `TableBinding.autoIncrementColumnIndex`; found once here, read on every insert.
        let autoIncrementColumnIndex: Int?

        init(properties: [Property], columns: [ColumnBinding] = [], indexes: [IndexBinding] = [],
             indexSuffixesToDrop: [String] = [], tableConstraints: [TableConstraint] = [], isWithoutRowID: Bool = false,
             enableAutoIncrementForExistingTable: Bool = false, primaryKeyPropertyIndexes: [Int] = [],
             virtualTable: VirtualTableBinding? = nil, statements: BindingStatementCache = BindingStatementCache()) {
            self.properties = properties
            self.columns = columns
            self.indexes = indexes
            self.indexSuffixesToDrop = indexSuffixesToDrop
            self.tableConstraints = tableConstraints
            self.isWithoutRowID = isWithoutRowID
            self.enableAutoIncrementForExistingTable = enableAutoIncrementForExistingTable
            self.primaryKeyPropertyIndexes = primaryKeyPropertyIndexes
            self.virtualTable = virtualTable
            self.statements = statements
            if isWithoutRowID {
                autoIncrementColumnIndex = nil
            } else {
                autoIncrementColumnIndex = columns.firstIndex(where: \.isRowID)
                    ?? columns.firstIndex { $0.primaryKey != nil && ($0.type == .integer32 || $0.type == .integer64) }
            }
        }

        /// A copy with some fields changed (building only).
        func with(columns: [ColumnBinding]? = nil, indexes: [IndexBinding]? = nil, indexSuffixesToDrop: [String]? = nil,
                  tableConstraints: [TableConstraint]? = nil, isWithoutRowID: Bool? = nil,
                  enableAutoIncrementForExistingTable: Bool? = nil, primaryKeyPropertyIndexes: [Int]? = nil,
                  virtualTable: VirtualTableBinding?? = nil) -> Contents {
            Contents(properties: properties, columns: columns ?? self.columns, indexes: indexes ?? self.indexes,
                     indexSuffixesToDrop: indexSuffixesToDrop ?? self.indexSuffixesToDrop,
                     tableConstraints: tableConstraints ?? self.tableConstraints,
                     isWithoutRowID: isWithoutRowID ?? self.isWithoutRowID,
                     enableAutoIncrementForExistingTable: enableAutoIncrementForExistingTable ?? self.enableAutoIncrementForExistingTable,
                     primaryKeyPropertyIndexes: primaryKeyPropertyIndexes ?? self.primaryKeyPropertyIndexes,
                     virtualTable: virtualTable ?? self.virtualTable, statements: statements)
        }
    }

    @usableFromInline private(set) var contents: Contents

    /// Every column property, in declaration order (property `i` is `properties[i]`).
    public var properties: [Property] { contents.properties }
    /// The model's columns, in property order, with their types and column constraints.
    public var columns: [ColumnBinding] { contents.columns }
    /// The model's indexes (`@Index`), each named table name + suffix when created.
    public var indexes: [IndexBinding] { contents.indexes }
    /// Suffixes of indexes (table name + suffix) that `create(table:of:)` drops if they exist
    /// (`@DropIndex`, WCDB's `WCDB_INDEX_TO_BE_DROPPED`).
    public var indexSuffixesToDrop: [String] { contents.indexSuffixesToDrop }
    /// The table constraints: composite primary keys and unique sets, composite foreign keys, table CHECKs.
    public var tableConstraints: [TableConstraint] { contents.tableConstraints }
    /// `WITHOUT ROWID` (`@WithoutRowID`).
    public var isWithoutRowID: Bool {
        get { contents.isWithoutRowID }
        set { contents = contents.with(isWithoutRowID: newValue) }
    }
    /// WCDB 2.x's `enableAutoIncrementForExistingTable`: `create(table:of:)` on an existing table whose
    /// integer primary key lacks `AUTOINCREMENT` adds it (schema rewrite, `sqlite_sequence` seeded with
    /// the largest key), so rowids of deleted rows are never reused there either.
    public var enableAutoIncrementForExistingTable: Bool {
        get { contents.enableAutoIncrementForExistingTable }
        set { contents = contents.with(enableAutoIncrementForExistingTable: newValue) }
    }
    /// The properties (by index) that form the primary key: one for `@PrimaryKey`, several for
    /// `@MultiPrimary`, a virtual table's `@RowID`; empty when the model declares none (its rows are then
    /// keyed by rowid only).
    public var primaryKeyPropertyIndexes: [Int] { contents.primaryKeyPropertyIndexes }
    /// The virtual table (`@VirtualTable`), when the model is one.
    public var virtualTable: VirtualTableBinding? {
        get { contents.virtualTable }
        set { contents = contents.with(virtualTable: .some(newValue)) }
    }

    /// The SQL of this model's operations, by key, built on first use.
    @usableFromInline var statements: BindingStatementCache { contents.statements }

    @_spi(WCDBGenerated) public init(properties: [Property]) {
        contents = Contents(properties: properties)
    }

    // MARK: Building (called by generated code)

    /// `rowID`: the property is a virtual table's rowid (`@RowID`); it then also keys the model's
    /// objects, as an integer primary key does. `notIndexed`: FTS4's `notindexed=` (`@NotIndexed`).
    /// `required`: a struct's non-optional property without an initial value, which every read must select.
    @_spi(WCDBGenerated) public mutating func addColumn(_ property: PropertyConvertible, type: ColumnType, primaryKey: PrimaryKeyBinding? = nil,
                                   rowID: Bool = false, notNull: Bool = false, unique: UniqueBinding? = nil,
                                   defaultValue: ColumnDefaultValue? = nil, collate: String? = nil, foreignKey: ForeignKeyBinding? = nil,
                                   notIndexed: Bool = false, required: Bool = false) {
        var column = ColumnBinding(
            property: property.asProperty(), type: type, primaryKey: primaryKey, isNotNull: notNull, unique: unique,
            defaultValue: defaultValue, collate: collate, foreignKey: foreignKey, checks: [])
        column.isRowID = rowID
        column.isNotIndexed = notIndexed
        column.isRequired = required
        let keys: [Int]? = rowID || (primaryKey != nil && !columns.contains(where: \.isRowID)) ? [property.asProperty().propertyIndex] : nil
        contents = contents.with(columns: columns + [column], primaryKeyPropertyIndexes: keys)
    }

    @_spi(WCDBGenerated) public mutating func addIndex(suffix: String, isUnique: Bool, members: [IndexedProperty], isForNewTableOnly: Bool = false) {
        let index = IndexBinding(suffix: suffix, isUnique: isUnique, members: members, isForNewTableOnly: isForNewTableOnly)
        contents = contents.with(indexes: indexes + [index])
    }

    /// `@MultiForeignKey("name", table:, column:)` on several properties: `CONSTRAINT name FOREIGN KEY(members…)
    /// REFERENCES table(columns…)`, 2.x's `BindForeginKey` over several columns.
    @_spi(WCDBGenerated) public mutating func addMultiForeignKey(named name: String, members: [PropertyConvertible], table: String, columns: [String],
                                            onDelete: ForeignKey.Action? = nil, onUpdate: ForeignKey.Action? = nil) {
        var key = ForeignKey().references(with: table).columns(columns.map { Column(named: $0) })
        if let onDelete { key = key.onDelete(onDelete) }
        if let onUpdate { key = key.onUpdate(onUpdate) }
        addTableConstraint(TableConstraint(named: name).foreignKey(members.map { $0.asProperty() }, foreignKey: key))
    }

    /// `@DropIndex("_suffix")`: creating the table drops the index named table name + `suffix`.
    @_spi(WCDBGenerated) public mutating func addIndexToDrop(suffix: String) {
        contents = contents.with(indexSuffixesToDrop: indexSuffixesToDrop + [suffix])
    }

    @_spi(WCDBGenerated) public mutating func addMultiPrimary(named name: String, members: [IndexedProperty], onConflict: ConflictAction? = nil) {
        contents = contents.with(primaryKeyPropertyIndexes: members.map(\.property.propertyIndex))
        addTableConstraint(TableConstraint(named: name).primaryKey().indexed(by: members.map(\.indexedColumn)).onConflict(onConflict))
    }

    @_spi(WCDBGenerated) public mutating func addMultiUnique(named name: String, members: [IndexedProperty], onConflict: ConflictAction? = nil) {
        addTableConstraint(TableConstraint(named: name).unique().indexed(by: members.map(\.indexedColumn)).onConflict(onConflict))
    }

    /// A `CHECK`: on one column when `column` is given, else on the table.
    @_spi(WCDBGenerated) public mutating func addCheck(_ condition: ExpressionConvertible, onColumn column: PropertyConvertible? = nil) {
        let expression = condition.asExpression()
        if let column, let index = columns.firstIndex(where: { $0.name == column.asProperty().name }) {
            var columns = self.columns
            columns[index].checks.append(expression)
            contents = contents.with(columns: columns)
        } else {
            addTableConstraint(TableConstraint().check(expression))
        }
    }

    private mutating func addTableConstraint(_ constraint: TableConstraint) {
        contents = contents.with(tableConstraints: tableConstraints + [constraint])
    }

    // MARK: Reading

    /// The index of the integer primary key (SQLite's rowid alias), or of a virtual table's `@RowID`,
    /// among the columns, if any: the column an auto-increment insert binds NULL to, with or without the
    /// AUTOINCREMENT keyword.
    public var autoIncrementColumnIndex: Int? { contents.autoIncrementColumnIndex }

    /// The tables a projection model's columns name (`@Column("title", table: "conversation")`), in
    /// declaration order without repeats; empty for a model that maps one table of its own.
    public var projectedTables: [String] {
        var tables: [String] = []
        for column in columns {
            if let table = column.property.tableName, !tables.contains(table) { tables.append(table) }
        }
        return tables
    }

    /// The column named `name` (compared without case, as SQLite does), if the model has one.
    public func column(named name: String) -> ColumnBinding? {
        columns.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// `CREATE TABLE IF NOT EXISTS table(…)` for this model.
    public func createTableStatement(named table: String) -> StatementCreateTable {
        let statement = StatementCreateTable().create(table: table).ifNotExists().with(columns: columns.map(\.columnDef))
        if !tableConstraints.isEmpty { statement.constraint(tableConstraints) }
        if isWithoutRowID { statement.withoutRowid() }
        return statement
    }

    /// `CREATE INDEX IF NOT EXISTS …` for each index of this model.
    public func createIndexStatements(forTable table: String) -> [StatementCreateIndex] {
        indexes.map { $0.createStatement(forTable: table) }
    }
}

/// A small lock-protected map from an operation key to its prepared SQL.
///
/// A model has a handful of these (select, insert, one per partial property set, one per condition
/// shape…) and the one-line API looks one up on every call, so the first few live in an array searched
/// linearly, compared against the caller's property list and condition shape in place (no key is built
/// unless the lookup misses; a condition's shape is compared by identity first, see `ExpressionNode`);
/// the rest in a dictionary.
@usableFromInline
final class BindingStatementCache: Sendable {
    private struct Entries {
        /// Immutable entries: a lookup reads them through one reference each, copying nothing.
        var recent: [BindingStatementEntry] = []
        /// Where the last lookup hit: a loop of calls repeats one key, checked before the scan.
        var lastHit = 0
        var others: [BindingStatementKey: BindingStatement] = [:]
    }

    private let entries = Mutex(Entries())
    private static let linearLimit = 16

    init() {}

    /// The statement of `operation` on `table` for `properties` (nil: the operation's default set) with
    /// the condition of shape `clause` (nil: none), built by `build` the first time.
    @usableFromInline
    func statement(_ operation: BindingStatementKey.Operation, table: String, properties: PropertyIndexes?,
                   clause: ExpressionNode? = nil, build: () -> BindingStatement) -> BindingStatement {
        if let found = entries.withLock({ entries -> BindingStatement? in
            let recent = entries.recent
            let lastHit = entries.lastHit
            if lastHit < recent.count, recent[lastHit].matches(operation, table: table, properties: properties, clause: clause) {
                return recent[lastHit].statement
            }
            for index in recent.indices where recent[index].matches(operation, table: table, properties: properties, clause: clause) {
                entries.lastHit = index
                return recent[index].statement
            }
            return nil
        }) {
            return found
        }
        // Not found by the condition's identity: a condition built per call (not a shared node) is found
        // by its text, rendered once here.
        let key = BindingStatementKey(operation: operation, table: table, properties: properties, clause: clause)
        if clause != nil, let found = entries.withLock({ entries -> BindingStatement? in
            for entry in entries.recent where entry.key == key { return entry.statement }
            return entries.others[key]
        }) {
            return found
        }
        // Built outside the lock (it renders SQL); a racing thread's equal statement is as good.
        let statement = build()
        entries.withLock { entries in
            if entries.recent.count < Self.linearLimit {
                entries.recent.append(BindingStatementEntry(key: key, statement: statement))
            } else {
                entries.others[key] = statement
            }
        }
        return statement
    }
}

/// One statement of the cache's linear part with its key.
private final class BindingStatementEntry: Sendable {
    let key: BindingStatementKey
    let statement: BindingStatement

    init(key: BindingStatementKey, statement: BindingStatement) {
        self.key = key
        self.statement = statement
    }

    @inline(__always)
    func matches(_ operation: BindingStatementKey.Operation, table: String, properties: PropertyIndexes?,
                 clause: ExpressionNode?) -> Bool {
        key.matches(operation, table: table, properties: properties, clause: clause)
    }
}

/// The properties an operation names, as the caller gave them: a list, or one property and a variadic
/// rest (compared in place, so a call with `on: P.a` builds no array).
@usableFromInline
enum PropertyList {
    case list([PropertyConvertible])
    case first(PropertyConvertible, more: [PropertyConvertible])

    @usableFromInline var count: Int {
        switch self {
        case .list(let list): return list.count
        case .first(_, let more): return 1 + more.count
        }
    }

    /// The properties as one array (on a cache miss, or for a caller that needs it).
    @usableFromInline var all: [PropertyConvertible] {
        switch self {
        case .list(let list): return list
        case .first(let first, let more): return [first] + more
        }
    }

    /// The properties' indexes in their model, the key a binding's cache compares.
    @usableFromInline var indexes: PropertyIndexes {
        switch self {
        case .list(let list): return PropertyIndexes(list)
        case .first(let first, let more):
            return PropertyIndexes(first: first.propertyIndex, rest: more.isEmpty ? [] : more.map(\.propertyIndex))
        }
    }
}

/// A cached statement of a binding: its SQL, and the properties (by index) it binds in parameter
/// order, resolved when the caller gave none (nil when the operation binds every property in
/// declaration order).
@usableFromInline
final class BindingStatement: Sendable {
    @usableFromInline let sql: CachedSQL
    @usableFromInline let propertyIndexes: [Int]?

    @usableFromInline
    init(sql: CachedSQL, propertyIndexes: [Int]?) {
        self.sql = sql
        self.propertyIndexes = propertyIndexes
    }
}

/// What a cached statement of a binding does: the operation, the table, which properties (by index; nil
/// for the operation's default set) and the shape of its condition. A value key: a lookup compares a
/// few words.
@usableFromInline
struct BindingStatementKey: Hashable, Sendable {
    @usableFromInline
    enum Operation: UInt8, Sendable {
        case select, insert, insertOrReplace, insertOrIgnore, updateByKey
        /// Every column `WHERE clause`; `…Limited` adds `LIMIT ?`.
        case selectWhere, selectWhereLimited
        /// `UPDATE … SET properties WHERE clause`.
        case updateWhere
        /// `DELETE FROM … WHERE clause` (the handle's row-by-row slot only: a delete has no model).
        case deleteWhere
    }

    let operation: Operation
    let table: String
    let propertyIndexes: PropertyIndexes?
    /// The condition's SQL as it runs (`(id = ?)`): its values are bound, so one text serves every key.
    let clause: String
    /// The condition's node, kept alive here so that its identity can't be taken by another node: the
    /// same object means the same SQL, found without comparing text.
    let clauseNode: ExpressionNode?

    init(operation: Operation, table: String, properties: PropertyIndexes?, clause: ExpressionNode?) {
        self.operation = operation
        self.table = table
        self.propertyIndexes = properties
        self.clause = clause?.shapeSQL ?? ""
        self.clauseNode = clause
    }

    /// Whether this key is the call's, comparing the condition by identity (a key with another node may
    /// still be equal by text: see `BindingStatementCache`).
    func matches(_ operation: Operation, table: String, properties: PropertyIndexes?, clause: ExpressionNode?) -> Bool {
        clauseNode === clause && self.operation == operation && propertyIndexes == properties && self.table == table
    }

    @usableFromInline static func == (left: BindingStatementKey, right: BindingStatementKey) -> Bool {
        left.operation == right.operation && left.table == right.table && left.propertyIndexes == right.propertyIndexes
            && left.clause == right.clause
    }

    @usableFromInline func hash(into hasher: inout Hasher) {
        hasher.combine(operation)
        hasher.combine(table)
        hasher.combine(propertyIndexes)
        hasher.combine(clause)
    }
}
