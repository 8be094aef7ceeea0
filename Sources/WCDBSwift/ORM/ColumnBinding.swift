/// One column of a model's table, as the annotations describe it. Built by generated code.
public struct ColumnBinding: Sendable {
    public let property: Property
    public let type: ColumnType
    public let primaryKey: PrimaryKeyBinding?
    public let isNotNull: Bool
    public let unique: UniqueBinding?
    public let defaultValue: ColumnDefaultValue?
    public let collate: String?
    public let foreignKey: ForeignKeyBinding?
    public internal(set) var checks: [Expression]

    public var name: String { property.name }

    /// The column definition printed in `CREATE TABLE` and `ALTER TABLE … ADD COLUMN`.
    public var columnDef: ColumnDef {
        var def = ColumnDef(with: property.asColumn(), and: type)
        if let primaryKey {
            def = def.makePrimary(orderBy: primaryKey.order, isAutoIncrement: primaryKey.autoIncrement, onConflict: primaryKey.onConflict)
        }
        if isNotNull { def = def.makeNotNull() }
        if let unique { def = def.makeUnique(onConflict: unique.onConflict) }
        if let defaultValue { def = def.makeDefault(to: defaultValue.literal) }
        if let collate { def = def.makeCollate(collate) }
        for check in checks { def = def.makeCheck(check) }
        if let foreignKey { def = def.makeForeignKey(foreignKey.foreignKey) }
        return def
    }
}

/// `@PrimaryKey(order:autoIncrement:onConflict:)`.
public struct PrimaryKeyBinding: Sendable {
    public let order: Order?
    public let autoIncrement: Bool
    public let onConflict: ConflictAction?

    public init(order: Order? = nil, autoIncrement: Bool = false, onConflict: ConflictAction? = nil) {
        self.order = order
        self.autoIncrement = autoIncrement
        self.onConflict = onConflict
    }
}

/// `@Unique(onConflict:)`.
public struct UniqueBinding: Sendable {
    public let onConflict: ConflictAction?

    public init(onConflict: ConflictAction? = nil) {
        self.onConflict = onConflict
    }
}

/// `@ForeignKey(table:column:onDelete:onUpdate:)`.
public struct ForeignKeyBinding: Sendable {
    public let table: String
    public let column: String
    public let onDelete: ForeignKey.Action?
    public let onUpdate: ForeignKey.Action?

    public init(table: String, column: String, onDelete: ForeignKey.Action? = nil, onUpdate: ForeignKey.Action? = nil) {
        self.table = table
        self.column = column
        self.onDelete = onDelete
        self.onUpdate = onUpdate
    }

    var foreignKey: ForeignKey {
        var key = ForeignKey(withForeignTable: table, and: Column(named: column))
        if let onDelete { key = key.onDelete(onDelete) }
        if let onUpdate { key = key.onUpdate(onUpdate) }
        return key
    }
}

/// A `@Default(…)` literal.
public enum ColumnDefaultValue: Sendable, Equatable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral, ExpressibleByBooleanLiteral {
    case integer(Int64)
    case double(Double)
    case text(String)
    case null
    case currentTime
    case currentDate
    case currentTimestamp

    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .text(value) }
    public init(booleanLiteral value: Bool) { self = .integer(value ? 1 : 0) }

    var literal: LiteralValue {
        switch self {
        case .integer(let value): return LiteralValue(value)
        case .double(let value): return LiteralValue(value)
        case .text(let value): return LiteralValue(value)
        case .null: return .null
        case .currentTime: return .currentTime
        case .currentDate: return .currentDate
        case .currentTimestamp: return .currentTimestamp
        }
    }
}

/// A property and its order in an index or a multi-column constraint.
public struct IndexedProperty: Sendable {
    public let property: Property
    public let order: Order?

    public init(_ property: PropertyConvertible, order: Order? = nil) {
        self.property = property.asProperty()
        self.order = order
    }

    var indexedColumn: IndexedColumn {
        IndexedColumn(with: property.asColumn()).order(order)
    }
}

/// `@Index("_suffix", …)`: the index is named table name + suffix, as in WCDB.
public struct IndexBinding: Sendable {
    public let suffix: String
    public let isUnique: Bool
    public let members: [IndexedProperty]
    /// Created with a new table only, never added to an existing one (`@Index(…, forNewTableOnly: true)`,
    /// the seeds' `WCDB_INDEX_FOR_NEWLY_CREATED_TABLE_ONLY`: indexing an old, large table is slow).
    public var isForNewTableOnly: Bool = false

    public func indexName(forTable table: String) -> String { table + suffix }

    func createStatement(forTable table: String) -> StatementCreateIndex {
        StatementCreateIndex()
            .create(index: indexName(forTable: table), isUnique: isUnique)
            .ifNotExists()
            .on(table: table)
            .indexesBy(members.map(\.indexedColumn))
    }
}

/// `@VirtualTable(module:tokenizer:)`.
public struct VirtualTableBinding: Sendable {
    public let module: String
    public let tokenizer: String?

    public init(module: String, tokenizer: String? = nil) {
        self.module = module
        self.tokenizer = tokenizer
    }
}
