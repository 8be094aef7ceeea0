import Foundation

/// One column of a model's table, as the annotations describe it. Built by generated code.
public struct ColumnBinding: Sendable {
    /// The model property the column stores.
    public let property: Property
    /// The column's declared type, from the property's Swift type.
    public let type: ColumnType
    /// `@PrimaryKey(…)`, when this column is the primary key.
    public let primaryKey: PrimaryKeyBinding?
    /// Whether the column is `NOT NULL` (`@NotNull`).
    public let isNotNull: Bool
    /// `@Unique(…)`, when the column is `UNIQUE`.
    public let unique: UniqueBinding?
    /// `@Default(…)`: the column's `DEFAULT`, if any.
    public let defaultValue: ColumnDefaultValue?
    /// `@Collate("…")`: the collation name, if any.
    public let collate: String?
    /// `@ForeignKey(…)`: the column's `REFERENCES` clause, if any.
    public let foreignKey: ForeignKeyBinding?
    /// The column's `CHECK` constraints (`@Check(…)` on the property), in declaration order.
    public internal(set) var checks: [Expression]
    /// `@RowID` (virtual tables): the property is the table's `rowid` (FTS's `docid`), read by selects
    /// and written by inserts, and not declared as a column of the table.
    public internal(set) var isRowID = false
    /// `@NotIndexed` (FTS4, FTS5): the column is stored and read like the others but not indexed for
    /// `MATCH` (FTS4's `notindexed=` option, FTS5's `UNINDEXED`).
    public internal(set) var isNotIndexed = false
    /// Whether a read must select the column to build an object: the property is a struct's non-optional
    /// property without an initial value (`var handle: String`), which a left-out column can't fill. A
    /// multi-table select that leaves such a column out is refused when it is prepared.
    public internal(set) var isRequired = false

    /// The column name (`@Column("…")`, or the property name).
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
    /// The key's order (`order:`), or nil for SQLite's default.
    public let order: Order?
    /// Whether the column has SQL's `AUTOINCREMENT` keyword (`autoIncrement: true`): rowids are then
    /// never reused. Whether an insert asks SQLite for a new rowid is the model's `isAutoIncrement`.
    public let autoIncrement: Bool
    /// The key's `ON CONFLICT` action (`onConflict:`), if any.
    public let onConflict: ConflictAction?

    /// A primary key as `@PrimaryKey(order:autoIncrement:onConflict:)` describes it.
    @_spi(WCDBGenerated) public init(order: Order? = nil, autoIncrement: Bool = false, onConflict: ConflictAction? = nil) {
        self.order = order
        self.autoIncrement = autoIncrement
        self.onConflict = onConflict
    }
}

/// `@Unique(onConflict:)`.
public struct UniqueBinding: Sendable {
    /// The constraint's `ON CONFLICT` action (`onConflict:`), if any.
    public let onConflict: ConflictAction?

    /// A unique constraint as `@Unique(onConflict:)` describes it.
    @_spi(WCDBGenerated) public init(onConflict: ConflictAction? = nil) {
        self.onConflict = onConflict
    }
}

/// `@ForeignKey(table:column:onDelete:onUpdate:)`.
public struct ForeignKeyBinding: Sendable {
    /// The referenced table.
    public let table: String
    /// The referenced column.
    public let column: String
    /// The `ON DELETE` action, if any.
    public let onDelete: ForeignKey.Action?
    /// The `ON UPDATE` action, if any.
    public let onUpdate: ForeignKey.Action?

    /// A foreign key as `@ForeignKey(table:column:onDelete:onUpdate:)` describes it.
    @_spi(WCDBGenerated) public init(table: String, column: String, onDelete: ForeignKey.Action? = nil, onUpdate: ForeignKey.Action? = nil) {
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
    /// An integer literal; `true` and `false` are stored as 1 and 0.
    case integer(Int64)
    /// A real literal.
    case double(Double)
    /// A string literal (escaped when printed).
    case text(String)
    /// `DEFAULT NULL`.
    case null
    /// A BLOB literal, `DEFAULT X'…'` (`@Default(blob: "00ff")`).
    case blob([UInt8])
    /// `DEFAULT CURRENT_TIME` (`.currentTime`): the time of the insert, UTC, as `HH:MM:SS` text.
    case currentTime
    /// `DEFAULT CURRENT_DATE` (`.currentDate`): the date of the insert, UTC, as `YYYY-MM-DD` text.
    case currentDate
    /// `DEFAULT CURRENT_TIMESTAMP` (`.currentTimestamp`): UTC `YYYY-MM-DD HH:MM:SS` text.
    case currentTimestamp

    /// An integer default: `@Default(0)`.
    public init(integerLiteral value: Int64) { self = .integer(value) }
    /// A real default: `@Default(0.5)`.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// A text default: `@Default("")`.
    public init(stringLiteral value: String) { self = .text(value) }
    /// A boolean default, stored as 1 or 0: `@Default(true)`.
    public init(booleanLiteral value: Bool) { self = .integer(value ? 1 : 0) }

    var literal: LiteralValue {
        switch self {
        case .integer(let value): return LiteralValue(value)
        case .double(let value): return LiteralValue(value)
        case .text(let value): return LiteralValue(value)
        case .null: return .null
        case .blob(let bytes): return LiteralValue(Data(bytes))
        case .currentTime: return .currentTime
        case .currentDate: return .currentDate
        case .currentTimestamp: return .currentTimestamp
        }
    }
}

/// A property and its order in an index or a multi-column constraint.
public struct IndexedProperty: Sendable {
    /// The indexed property.
    public let property: Property
    /// Its order in the index or constraint (`order:`), or nil for SQLite's default.
    public let order: Order?

    /// `property` with its order, as an index or multi-column constraint member.
    @_spi(WCDBGenerated) public init(_ property: PropertyConvertible, order: Order? = nil) {
        self.property = property.asProperty()
        self.order = order
    }

    var indexedColumn: IndexedColumn {
        IndexedColumn(with: property.asColumn()).order(order)
    }
}

/// `@Index("_suffix", …)`: the index is named table name + suffix, as in WCDB.
public struct IndexBinding: Sendable {
    /// The suffix appended to the table name to name the index (`@Index("_suffix")`).
    public let suffix: String
    /// Whether it is a `UNIQUE` index (`unique: true`).
    public let isUnique: Bool
    /// The indexed properties, in declaration order.
    public let members: [IndexedProperty]
    /// Created with a new table only, never added to an existing one (`@Index(…, forNewTableOnly: true)`,
    /// WCDB's `WCDB_INDEX_FOR_NEWLY_CREATED_TABLE_ONLY`: indexing an old, large table is slow).
    public var isForNewTableOnly: Bool = false

    /// The index's name on `table`: the table name followed by `suffix`.
    public func indexName(forTable table: String) -> String { table + suffix }

    func createStatement(forTable table: String) -> StatementCreateIndex {
        StatementCreateIndex()
            .create(index: indexName(forTable: table), isUnique: isUnique)
            .ifNotExists()
            .on(table: table)
            .indexesBy(members.map(\.indexedColumn))
    }
}

/// `@VirtualTable(module:tokenizer:content:)`.
public struct VirtualTableBinding: Sendable {
    /// The virtual table module, `fts3`, `fts4`, or `fts5` where the engine has it.
    public let module: String
    /// The tokenizer, passed as `tokenize=…` (`wcdb`, `porter`, a registered one), or nil for the
    /// module's default.
    public let tokenizer: String?
    /// The content table (`content: "message"`, FTS4 only): the virtual table is an external-content
    /// index of that table (FTS4's `content=` option). It stores no copy of the text, reads it from the
    /// content table's row of the same rowid, and is kept in sync by the triggers that
    /// `create(virtualTable:of:)` creates on the content table. nil for an ordinary full-text table.
    public let content: String?

    /// A virtual table as `@VirtualTable(module:tokenizer:content:)` describes it.
    @_spi(WCDBGenerated) public init(module: String, tokenizer: String? = nil, content: String? = nil) {
        self.module = module
        self.tokenizer = tokenizer
        self.content = content
    }

    /// The names of the triggers that keep an external-content index named `table` in sync with its
    /// content table, in the order they are created: `table_ai` (after insert), `table_bi` (before
    /// insert, for `INSERT OR REPLACE` of an existing rowid), `table_bu` (before update), `table_bd`
    /// (before delete) and `table_au` (after update).
    public static func triggerNames(forIndex table: String) -> [String] {
        ["_ai", "_bi", "_bu", "_bd", "_au"].map { table + $0 }
    }
}
