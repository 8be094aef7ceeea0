/// A model property: the bridge between the ORM and WINQ.
///
/// It names a column (`name`), remembers which field of its model it maps (`propertyIndex`, in
/// declaration order, and `rootType`), may be qualified by a table (`in(table:)` prints `t.col`),
/// and may be *redirected*: `Sample.Properties.identifier.max().as(Sample.Properties.identifier)`
/// keeps the property's name and index (so the ORM decodes the result into `identifier`) while the
/// selected result column is `max(identifier) AS identifier`.
public struct Property: Sendable, CustomStringConvertible, ExpressionOperable, PropertyConvertible {
    /// Everything a property holds, behind one reference: a Property (and a `TypedProperty`) is then
    /// one word, so `[PropertyConvertible]` stores it inline instead of boxing each element, and a
    /// copy is one retain. Immutable; the `in(table:)`-style modifiers make a new one.
    private final class Storage: Sendable {
        let name: String
        let propertyIndex: Int
        let rootType: ObjectIdentifier?
        let tableName: String?
        let schemaName: String?
        let redirection: Expression?
        /// The Swift type of the model the property was generated for (any type; the ORM layer asks it
        /// for its protocols: `tableDecodableType`, `tableCodableType`), nil for a property made by hand.
        let modelType: Any.Type?
        let isAll: Bool
        /// `name` as SQL, quoted once here: every query that mentions the property prints it.
        let quotedName: String
        /// The property as an expression node (`name`, or `table.name` when qualified). Shared by every
        /// comparison of this property, which remembers the nodes derived from it (`(name = ?)`).
        let expressionNode: ExpressionNode

        init(name: String, propertyIndex: Int, rootType: ObjectIdentifier?, tableName: String?, schemaName: String?,
             redirection: Expression?, modelType: Any.Type?, isAll: Bool, isShared: Bool = false) {
            self.name = name
            self.propertyIndex = propertyIndex
            self.rootType = rootType
            self.tableName = tableName
            self.schemaName = schemaName
            self.redirection = redirection
            self.modelType = modelType
            self.isAll = isAll
            self.quotedName = isAll ? "*" : SQLIdentifier.quote(name)
            let column = ColumnName(name: name, table: tableName, schema: tableName == nil ? nil : schemaName, isAll: isAll,
                                    model: modelType)
            self.expressionNode = ExpressionNode(.column(column), isShared: isShared)
        }

        func with(tableName: String? = nil, schemaName: String? = nil, redirection: Expression? = nil) -> Storage {
            Storage(name: name, propertyIndex: propertyIndex, rootType: rootType, tableName: tableName ?? self.tableName,
                    schemaName: schemaName ?? self.schemaName, redirection: redirection ?? self.redirection,
                    modelType: modelType, isAll: isAll)
        }
    }

    private let storage: Storage

    /// The column name (unquoted); `*` for `Property.any`.
    public var name: String { storage.name }
    /// The position of the property in its model's binding, in declaration order (-1 for `Property.any`).
    public var propertyIndex: Int { storage.propertyIndex }
    /// The model type the property belongs to; `nil` for a property not made from a model.
    public var rootType: ObjectIdentifier? { storage.rootType }
    /// The table that qualifies the column, set by `in(table:)`.
    public var tableName: String? { storage.tableName }
    /// The schema that qualifies the table, set by `of(schema:)`; printed only with a table name.
    public var schemaName: String? { storage.schemaName }
    /// The expression selected for this property, if redirected.
    public var redirection: Expression? { storage.redirection }
    /// The Swift type of the model the property was generated for, nil for a property made by hand (the
    /// ORM layer's `tableDecodableType` and `tableCodableType` ask it for their protocols).
    var modelType: Any.Type? { storage.modelType }
    private var isAll: Bool { storage.isAll }

    /// The column name as SQL prints it (quoted if needed), without a table: what `SET name = …` takes.
    var quotedName: String { storage.quotedName }

    /// A property naming column `name`, at position `index` of the binding of the model `root` (`nil`: no
    /// model). Generated code makes one per model property.
    public init(named name: String, index: Int, root: ObjectIdentifier?) {
        self.init(named: name, index: index, root: root, modelType: nil)
    }

    /// `isShared`: the property lives as long as the program (a model's generated static property), so
    /// the nodes of its comparisons may be remembered by other nodes (see `ExpressionNode`).
    init(named name: String, index: Int, root: ObjectIdentifier?, modelType: Any.Type?, tableName: String? = nil,
         isShared: Bool = false) {
        storage = Storage(name: name, propertyIndex: index, rootType: root, tableName: tableName, schemaName: nil,
                          redirection: nil, modelType: modelType, isAll: false, isShared: isShared)
    }

    private init(all: ()) {
        storage = Storage(name: "*", propertyIndex: -1, rootType: nil, tableName: nil, schemaName: nil,
                          redirection: nil, modelType: nil, isAll: true)
    }

    private init(storage: Storage) { self.storage = storage }

    /// `*`, for the generated `Properties.any`.
    public static let any = Property(all: ())

    /// A copy qualified by `table` (`table.name`).
    public func `in`(table: String) -> Property {
        Property(storage: storage.with(tableName: table))
    }

    /// A copy qualified by `schema.table`. The schema is printed only with a table (`in(table:)`).
    public func of(schema: String) -> Property {
        Property(storage: storage.with(schemaName: schema))
    }

    /// A copy that selects `expression` as this property (see `Expression.as(_:)`).
    func redirected(to expression: Expression) -> Property {
        Property(storage: storage.with(redirection: expression.frozen))
    }

    /// Whether the property selects another expression (see `Expression.as(_:)`).
    public var isRedirected: Bool { redirection != nil }

    /// The property itself.
    public func asProperty() -> Property { self }

    /// The column the property names, with its table and schema; never the redirection.
    public func asColumn() -> Column {
        var column = isAll ? Column.all : Column(named: name)
        if let tableName {
            column = column.in(table: tableName)
            if let schemaName { column = column.of(schema: schemaName) }
        }
        column.model = modelType
        return column
    }

    /// The column as an expression (`name` or `table.name`); a redirection is not used here.
    public func asExpression() -> Expression {
        Expression(node: storage.expressionNode)
    }

    /// `(property op ?)`, the same node for every call.
    @usableFromInline
    func comparisonNode(_ op: ComparisonOperator) -> ExpressionNode {
        storage.expressionNode.compared(op)
    }

    /// The column, or `expr AS name` when redirected.
    public func asColumnResult() -> ColumnResult {
        guard let redirection else { return ColumnResult(with: asColumn()) }
        return ColumnResult(with: redirection).as(name)
    }

    /// The column as SQL: `name`, `table.name` or `schema.table.name`.
    public var description: String { asColumn().description }
}
