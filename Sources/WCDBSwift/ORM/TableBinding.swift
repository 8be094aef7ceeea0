import Foundation

/// Everything the runtime knows about a model's table: its columns in property order, constraints and
/// indexes.
///
/// Generated code builds one per model (`Model.objectRelationalMapping`) with the `add…` calls below.
/// Its fields live in one immutable object (`Contents`): every one-line call reads the model's binding
/// through a generic getter, and copying the binding is then one retain instead of one per field. A
/// change while it is built makes new contents (a model's binding is built once).
public struct TableBinding<Root>: Sendable {
    /// The fields, immutable.
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
        /// See `TableBinding.autoIncrementColumnIndex`; found once here, read on every insert.
        let autoIncrementColumnIndex: Int?

        init(properties: [Property], columns: [ColumnBinding] = [], indexes: [IndexBinding] = [],
             indexSuffixesToDrop: [String] = [], tableConstraints: [TableConstraint] = [], isWithoutRowID: Bool = false,
             enableAutoIncrementForExistingTable: Bool = false, primaryKeyPropertyIndexes: [Int] = [],
             virtualTable: VirtualTableBinding? = nil) {
            self.properties = properties
            self.columns = columns
            self.indexes = indexes
            self.indexSuffixesToDrop = indexSuffixesToDrop
            self.tableConstraints = tableConstraints
            self.isWithoutRowID = isWithoutRowID
            self.enableAutoIncrementForExistingTable = enableAutoIncrementForExistingTable
            self.primaryKeyPropertyIndexes = primaryKeyPropertyIndexes
            self.virtualTable = virtualTable
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
                     virtualTable: virtualTable ?? self.virtualTable)
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

    @_spi(WCDBGenerated) public init(properties: [Property]) {
        contents = Contents(properties: properties)
    }

    // MARK: Building (called by generated code)

    /// `rowID`: the property is a virtual table's rowid (`@RowID`); it then also keys the model's
    /// objects, as an integer primary key does. `notIndexed`: FTS4's `notindexed=`, FTS5's `UNINDEXED` (`@NotIndexed`).
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
