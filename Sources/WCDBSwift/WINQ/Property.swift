/// A model property: the bridge between the ORM and WINQ.
///
/// It names a column (`name`), remembers which field of its model it maps (`propertyIndex`, in
/// declaration order, and `rootType`), may be qualified by a table (`in(table:)` prints `t.col`),
/// and may be *redirected*: `Sample.Properties.identifier.max().as(Sample.Properties.identifier)`
/// keeps the property's name and index (so the ORM decodes the result into `identifier`) while the
/// selected result column is `max(identifier) AS identifier`.
public struct Property: Sendable, CustomStringConvertible, ExpressionOperable, PropertyConvertible {
    public let name: String
    public let propertyIndex: Int
    public let rootType: ObjectIdentifier?
    public private(set) var tableName: String?
    public private(set) var schemaName: String?
    /// The expression selected for this property, if redirected.
    public private(set) var redirection: Expression?
    /// The model type that decodes this property, when it is a `TableDecodable` model's (multi-table
    /// selects decode each table's share of a row with it).
    public let tableDecodableType: (any TableDecodable.Type)?
    private let isAll: Bool
    /// `name` as SQL, quoted once here: every query that mentions the property prints it.
    private let quotedName: String

    public init(named name: String, index: Int, root: ObjectIdentifier?) {
        self.init(named: name, index: index, root: root, tableDecodableType: nil)
    }

    init(named name: String, index: Int, root: ObjectIdentifier?, tableDecodableType: (any TableDecodable.Type)?) {
        self.name = name
        self.propertyIndex = index
        self.rootType = root
        self.tableDecodableType = tableDecodableType
        self.isAll = false
        self.quotedName = SQLIdentifier.quote(name)
    }

    private init(all: ()) {
        name = "*"
        propertyIndex = -1
        rootType = nil
        tableDecodableType = nil
        isAll = true
        quotedName = "*"
    }

    /// `*`, for the generated `Properties.any`.
    public static let any = Property(all: ())

    /// A copy qualified by `table` (`table.name`).
    public func `in`(table: String) -> Property {
        var copy = self
        copy.tableName = table
        return copy
    }

    /// A copy qualified by `schema.table`.
    public func of(schema: String) -> Property {
        var copy = self
        copy.schemaName = schema
        return copy
    }

    /// A copy that selects `expression` as this property (see `Expression.as(_:)`).
    func redirected(to expression: Expression) -> Property {
        var copy = self
        copy.redirection = expression
        return copy
    }

    public var isRedirected: Bool { redirection != nil }

    public func asProperty() -> Property { self }

    public func asColumn() -> Column {
        var column = isAll ? Column.all : Column(named: name)
        if let tableName {
            column = column.in(table: tableName)
            if let schemaName { column = column.of(schema: schemaName) }
        }
        return column
    }

    public func asExpression() -> Expression {
        tableName == nil ? Expression(sql: quotedName, level: .primary) : asColumn().asExpression()
    }

    /// The column, or `expr AS name` when redirected.
    public func asColumnResult() -> ColumnResult {
        guard let redirection else { return ColumnResult(with: asColumn()) }
        return ColumnResult(with: redirection).as(name)
    }

    public var description: String { asColumn().description }
}
