import Foundation

/// The generator's model of one `TableCodable` type: what the extractor read from the source and
/// what the emitter turns into Swift. Plain data, so golden tests can also assert on it.
struct ModelDescription: Equatable {
    enum Kind: Equatable {
        case structure
        case finalClass
    }

    /// The qualified type name (`Outer.Message` for nested types).
    var typeName: String
    var kind: Kind
    /// The access modifier the generated members carry ("public", "package" or "" for internal).
    var accessModifier: String
    var position: SourcePosition
    /// The `#if` conditions the model is declared under (all must hold), outermost first.
    var conditions: [String] = []

    var columns: [ColumnDescription] = []
    /// Stored properties that are not columns (`@Ignore`), kept so a struct's decoder can initialise them.
    var ignoredProperties: [StoredProperty] = []
    var withoutRowID = false
    /// `@PrimaryKey(autoIncrement: true, enableAutoIncrementForExistingTable: true)`.
    var enablesAutoIncrementForExistingTable = false
    /// `@DropIndex("_suffix")`: indexes (table name + suffix) that creating the table drops.
    var indexSuffixesToDrop: [IndexToDrop] = []
    var tableChecks: [CheckDescription] = []
    var virtualTable: VirtualTableDescription?
    /// True when the type has CodingKeys of its own (it declares them, or is Codable for JSON), so the
    /// generated `typealias CodingKeys = Properties` would clash.
    var hasOwnCodingKeys = false
    /// Whether the model is written (`TableCodable` or `TableEncodable`) and read (`TableCodable` or
    /// `TableDecodable`): the generator emits only those halves.
    var encodes = true
    var decodes = true

    /// The name of the generated list of every column: `all`, unless a column is itself named `all`.
    var allPropertiesName: String {
        columns.contains { $0.property.name == "all" } ? "allProperties" : "all"
    }

    var indexes: [IndexDescription] {
        var order: [String] = []
        var bySuffix: [String: IndexDescription] = [:]
        for column in columns {
            for index in column.indexes {
                if bySuffix[index.suffix] == nil {
                    order.append(index.suffix)
                    bySuffix[index.suffix] = IndexDescription(suffix: index.suffix, isUnique: false, members: [])
                }
                bySuffix[index.suffix]!.isUnique = bySuffix[index.suffix]!.isUnique || index.isUnique
                bySuffix[index.suffix]!.isForNewTableOnly = bySuffix[index.suffix]!.isForNewTableOnly || index.isForNewTableOnly
                bySuffix[index.suffix]!.members.append(IndexMember(propertyName: column.property.name, order: index.order))
            }
        }
        return order.map { bySuffix[$0]! }
    }

    /// `@MultiForeignKey` members grouped by name in declaration order; table and actions from the first
    /// member that gives them (disagreements are reported by the extractor).
    var multiForeignKeys: [MultiForeignKeyDescription] {
        var order: [String] = []
        var byName: [String: MultiForeignKeyDescription] = [:]
        for column in columns {
            for member in column.multiForeignKeys {
                var key = byName[member.name] ?? MultiForeignKeyDescription(name: member.name, table: member.table, properties: [],
                                                                             referencedColumns: [], onDelete: nil, onUpdate: nil)
                if byName[member.name] == nil { order.append(member.name) }
                key.properties.append(column.property.name)
                key.referencedColumns.append(member.column)
                key.onDelete = key.onDelete ?? member.onDelete
                key.onUpdate = key.onUpdate ?? member.onUpdate
                byName[member.name] = key
            }
        }
        return order.compactMap { byName[$0] }
    }

    /// Multi-column constraints grouped by name in declaration order.
    func groupedConstraints(_ pick: (ColumnDescription) -> [NamedMember])
        -> [(name: String, members: [IndexMember], onConflict: String?)] {
        var order: [String] = []
        var byName: [String: [IndexMember]] = [:]
        var conflictByName: [String: String] = [:]
        for column in columns {
            for member in pick(column) {
                if byName[member.name] == nil { order.append(member.name) }
                byName[member.name, default: []].append(IndexMember(propertyName: column.property.name, order: member.order))
                if let action = member.onConflict, conflictByName[member.name] == nil { conflictByName[member.name] = action }
            }
        }
        return order.map { ($0, byName[$0] ?? [], conflictByName[$0]) }
    }
}

/// A stored property as declared.
struct StoredProperty: Equatable {
    var name: String
    /// The declared type, as written (`Int?`, `[String]`, `Date`).
    var typeText: String
    /// The initial value expression, as written, if any.
    var defaultText: String?
    var isLet: Bool
    var position: SourcePosition

    /// `T?`, `Optional<T>` and `T!` columns are nullable and default to nil.
    var isOptional: Bool {
        let text = typeText.trimmingCharacters(in: .whitespaces)
        return text.hasSuffix("?") || text.hasSuffix("!") || text.hasPrefix("Optional<")
    }

    /// The type with one level of optionality removed.
    var wrappedTypeText: String {
        let text = typeText.trimmingCharacters(in: .whitespaces)
        if text.hasSuffix("?") || text.hasSuffix("!") { return String(text.dropLast()) }
        if text.hasPrefix("Optional<"), text.hasSuffix(">") { return String(text.dropFirst(9).dropLast()) }
        return text
    }
}

struct ColumnDescription: Equatable {
    var property: StoredProperty
    var columnName: String
    /// `@Column("name", table: "t")`: the table a projection model (decode-only) reads the column from.
    var tableName: String?
    var primaryKey: PrimaryKeyDescription?
    var isNotNull = false
    var unique: UniqueDescription?
    var defaultValue: DefaultValueDescription?
    var collate: String?
    var checks: [CheckDescription] = []
    var indexes: [IndexAnnotation] = []
    var multiPrimary: [NamedMember] = []
    var multiUnique: [NamedMember] = []
    var foreignKey: ForeignKeyDescription?
    var multiForeignKeys: [MultiForeignKeyMember] = []
    /// `@RowID` (virtual tables): the property is the table's rowid (FTS's docid), not a declared column.
    var isRowID = false
    /// `@NotIndexed` (FTS4, FTS5): the column is stored but not indexed (FTS4's `notindexed=` option,
    /// FTS5's `UNINDEXED`).
    var isNotIndexed = false

    /// A struct's non-optional property without an initial value: a read that leaves the column out
    /// can't build the object, so every read must select it.
    func isRequired(in model: ModelDescription) -> Bool {
        model.kind == .structure && !property.isOptional && property.defaultText == nil
    }
}

struct PrimaryKeyDescription: Equatable {
    var order: String?
    var autoIncrement: Bool
    var onConflict: String?
    var position: SourcePosition
}

struct UniqueDescription: Equatable {
    var onConflict: String?
}

/// A `@Default` literal as written (`""`, `0`, `-1.5`, `true`, `nil`, `.currentTimestamp`).
struct DefaultValueDescription: Equatable {
    var literalText: String
}

/// A `@Check` expression as written, with the property names it mentions and where it stands.
struct CheckDescription: Equatable {
    var expressionText: String
    var referencedProperties: [String]
    var position: SourcePosition
}

struct IndexAnnotation: Equatable {
    var suffix: String
    var order: String?
    var isUnique: Bool
    /// Created only with a new table, never added to an existing one (the seeds'
    /// `WCDB_INDEX_FOR_NEWLY_CREATED_TABLE_ONLY`); any member of a multi-column index may say so.
    var isForNewTableOnly = false
}

struct NamedMember: Equatable {
    var name: String
    var order: String?
    /// The constraint's `ON CONFLICT` action; any one member may give it (all that give it must agree).
    var onConflict: String? = nil
}

struct IndexToDrop: Equatable {
    var suffix: String
    var position: SourcePosition
}

struct IndexMember: Equatable {
    var propertyName: String
    var order: String?
}

struct IndexDescription: Equatable {
    var suffix: String
    var isUnique: Bool
    var members: [IndexMember]
    var isForNewTableOnly = false
}

/// One column of a composite foreign key: `@MultiForeignKey("name", table:, column:, onDelete:, onUpdate:)`.
struct MultiForeignKeyMember: Equatable {
    var name: String
    var table: String
    var column: String
    var onDelete: String?
    var onUpdate: String?
}

/// A composite `FOREIGN KEY(a, b) REFERENCES t(x, y)`, its members in declaration order.
struct MultiForeignKeyDescription: Equatable {
    var name: String
    var table: String
    var properties: [String]
    var referencedColumns: [String]
    var onDelete: String?
    var onUpdate: String?
}

struct ForeignKeyDescription: Equatable {
    var table: String
    var column: String
    var onDelete: String?
    var onUpdate: String?
}

struct VirtualTableDescription: Equatable {
    var module: String
    var tokenizer: String?
    /// `content: "table"`: an FTS4 external-content index of that table, kept in sync by triggers.
    var content: String? = nil

    /// FTS4's options (`content=`, `notindexed=`) exist only in module fts4.
    var isFTS4: Bool { module.lowercased() == "fts4" }
    /// `@NotIndexed`: FTS4's `notindexed=` option, or FTS5's `UNINDEXED` column option.
    var hasUnindexedColumns: Bool { isFTS4 || module.lowercased() == "fts5" }
}
