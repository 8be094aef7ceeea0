import Foundation

/// Everything the runtime knows about a model's table: its columns in property order, constraints,
/// indexes, and the SQL of the model's common operations, built once and reused.
///
/// Generated code builds one per model (`Model.objectRelationalMapping`) with the `add…` calls below.
public struct TableBinding<Root>: Sendable {
    /// Every column property, in declaration order (property `i` is `properties[i]`).
    public let properties: [Property]
    public private(set) var columns: [ColumnBinding] = []
    public private(set) var indexes: [IndexBinding] = []
    /// Suffixes of indexes (table name + suffix) that `create(table:of:)` drops if they exist
    /// (`@DropIndex`, the seeds' `WCDB_INDEX_TO_BE_DROPPED`).
    public private(set) var indexSuffixesToDrop: [String] = []
    public private(set) var tableConstraints: [TableConstraint] = []
    public var isWithoutRowID = false
    /// WCDB 2.x's `enableAutoIncrementForExistingTable`: `create(table:of:)` on an existing table whose
    /// integer primary key lacks `AUTOINCREMENT` adds it (schema rewrite, `sqlite_sequence` seeded with
    /// the largest key), so rowids of deleted rows are never reused there either.
    public var enableAutoIncrementForExistingTable = false
    /// The properties (by index) that form the primary key: one for `@PrimaryKey`, several for
    /// `@MultiPrimary`; empty when the model declares none (its rows are then keyed by rowid only).
    public private(set) var primaryKeyPropertyIndexes: [Int] = []
    public var virtualTable: VirtualTableBinding?

    /// The SQL of this model's operations, by key, built on first use.
    @usableFromInline let statements = BindingStatementCache()

    @_spi(WCDBGenerated) public init(properties: [Property]) {
        self.properties = properties
    }

    // MARK: Building (called by generated code)

    @_spi(WCDBGenerated) public mutating func addColumn(_ property: PropertyConvertible, type: ColumnType, primaryKey: PrimaryKeyBinding? = nil,
                                   notNull: Bool = false, unique: UniqueBinding? = nil, defaultValue: ColumnDefaultValue? = nil,
                                   collate: String? = nil, foreignKey: ForeignKeyBinding? = nil) {
        if primaryKey != nil { primaryKeyPropertyIndexes = [property.asProperty().propertyIndex] }
        columns.append(ColumnBinding(
            property: property.asProperty(), type: type, primaryKey: primaryKey, isNotNull: notNull, unique: unique,
            defaultValue: defaultValue, collate: collate, foreignKey: foreignKey, checks: []))
    }

    @_spi(WCDBGenerated) public mutating func addIndex(suffix: String, isUnique: Bool, members: [IndexedProperty], isForNewTableOnly: Bool = false) {
        indexes.append(IndexBinding(suffix: suffix, isUnique: isUnique, members: members, isForNewTableOnly: isForNewTableOnly))
    }

    /// `@MultiForeignKey("name", table:, column:)` on several properties: `CONSTRAINT name FOREIGN KEY(members…)
    /// REFERENCES table(columns…)`, 2.x's `BindForeginKey` over several columns.
    @_spi(WCDBGenerated) public mutating func addMultiForeignKey(named name: String, members: [PropertyConvertible], table: String, columns: [String],
                                            onDelete: ForeignKey.Action? = nil, onUpdate: ForeignKey.Action? = nil) {
        var key = ForeignKey().references(with: table).columns(columns.map { Column(named: $0) })
        if let onDelete { key = key.onDelete(onDelete) }
        if let onUpdate { key = key.onUpdate(onUpdate) }
        tableConstraints.append(TableConstraint(named: name).foreignKey(members.map { $0.asProperty() }, foreignKey: key))
    }

    /// `@DropIndex("_suffix")`: creating the table drops the index named table name + `suffix`.
    @_spi(WCDBGenerated) public mutating func addIndexToDrop(suffix: String) {
        indexSuffixesToDrop.append(suffix)
    }

    @_spi(WCDBGenerated) public mutating func addMultiPrimary(named name: String, members: [IndexedProperty], onConflict: ConflictAction? = nil) {
        primaryKeyPropertyIndexes = members.map(\.property.propertyIndex)
        tableConstraints.append(TableConstraint(named: name).primaryKey().indexed(by: members.map(\.indexedColumn))
            .onConflict(onConflict))
    }

    @_spi(WCDBGenerated) public mutating func addMultiUnique(named name: String, members: [IndexedProperty], onConflict: ConflictAction? = nil) {
        tableConstraints.append(TableConstraint(named: name).unique().indexed(by: members.map(\.indexedColumn))
            .onConflict(onConflict))
    }

    /// A `CHECK`: on one column when `column` is given, else on the table.
    @_spi(WCDBGenerated) public mutating func addCheck(_ condition: ExpressionConvertible, onColumn column: PropertyConvertible? = nil) {
        let expression = condition.asExpression()
        if let column, let index = columns.firstIndex(where: { $0.name == column.asProperty().name }) {
            columns[index].checks.append(expression)
        } else {
            tableConstraints.append(TableConstraint().check(expression))
        }
    }

    // MARK: Reading

    /// The index of the integer primary key (SQLite's rowid alias) among the columns, if any: the column
    /// an auto-increment insert binds NULL to, with or without the AUTOINCREMENT keyword.
    public var autoIncrementColumnIndex: Int? {
        guard !isWithoutRowID else { return nil }
        return columns.firstIndex { $0.primaryKey != nil && ($0.type == .integer32 || $0.type == .integer64) }
    }

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
/// A model has a handful of these (select, insert, one per partial property set…) and the one-line
/// API looks one up on every call, so the first few live in an array searched linearly, compared
/// against the caller's property list in place (no key is built unless the lookup misses); the rest
/// in a dictionary.
///
/// `@unchecked Sendable`: `lock` guards every access to the stored properties.
@usableFromInline
final class BindingStatementCache: @unchecked Sendable {
    private let lock = NSLock()
    // Unchecked exclusivity: `lock` serializes every access already.
    @exclusivity(unchecked) private var recentKeys: [BindingStatementKey] = []
    @exclusivity(unchecked) private var recentStatements: [BindingStatement] = []
    /// Where the last lookup hit: a loop of calls repeats one key, checked before the scan.
    @exclusivity(unchecked) private var lastHit = 0
    private var others: [BindingStatementKey: BindingStatement] = [:]
    private static let linearLimit = 16

    /// The statement of `operation` on `table` for `properties` (nil: the operation's default set),
    /// built by `build` the first time.
    @usableFromInline
    func statement(_ operation: BindingStatementKey.Operation, table: String, properties: [PropertyConvertible]?,
                   clause: String = "", build: () -> BindingStatement) -> BindingStatement {
        lock.lock()
        defer { lock.unlock() }
        if lastHit < recentKeys.count, recentKeys[lastHit].matches(operation, table: table, properties: properties, clause: clause) {
            return recentStatements[lastHit]
        }
        if let index = recentKeys.firstIndex(where: { $0.matches(operation, table: table, properties: properties, clause: clause) }) {
            lastHit = index
            return recentStatements[index]
        }
        let key = BindingStatementKey(operation: operation, table: table, propertyIndexes: properties?.map(\.propertyIndex),
                                      clause: clause)
        if let statement = others[key] { return statement }
        let statement = build()
        if recentKeys.count < Self.linearLimit {
            recentKeys.append(key)
            recentStatements.append(statement)
        } else {
            others[key] = statement
        }
        return statement
    }
}

/// A cached statement of a binding: its SQL, and the properties (by index) it binds in parameter
/// order, resolved when the caller gave none (nil when the operation binds every property in
/// declaration order).
@usableFromInline
struct BindingStatement: Sendable {
    @usableFromInline let sql: CachedSQL
    @usableFromInline let propertyIndexes: [Int]?

    @usableFromInline
    init(sql: CachedSQL, propertyIndexes: [Int]?) {
        self.sql = sql
        self.propertyIndexes = propertyIndexes
    }
}

/// What a cached statement of a binding does: the operation, the table, and which properties (by
/// index; nil for the operation's default set). A value key: a lookup compares a few words.
@usableFromInline
struct BindingStatementKey: Hashable, Sendable {
    @usableFromInline
    enum Operation: UInt8, Sendable {
        case select, insert, insertOrReplace, insertOrIgnore, updateByKey
        /// Every column `WHERE clause`; `…Limited` adds `LIMIT ?`.
        case selectWhere, selectWhereLimited
        /// `UPDATE … SET properties WHERE clause`.
        case updateWhere
    }

    let operation: Operation
    let table: String
    let propertyIndexes: [Int]?
    /// The clause's SQL as it runs (`(id = ?)`): its values are bound, so one text serves every key.
    let clause: String

    func matches(_ operation: Operation, table: String, properties: [PropertyConvertible]?, clause: String) -> Bool {
        guard self.operation == operation, self.table == table, self.clause == clause else { return false }
        switch (propertyIndexes, properties) {
        case (nil, nil): return true
        case (let indexes?, let properties?):
            return indexes.count == properties.count && zip(indexes, properties).allSatisfy { $0 == $1.propertyIndex }
        default: return false
        }
    }
}
