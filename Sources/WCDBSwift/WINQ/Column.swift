/// A column name, optionally qualified by table and schema: `Column(named: "a").in(table: "t")`
/// prints `t.a`. `Column.all` is `*`.
public struct Column: Sendable, CustomStringConvertible, ExpressionOperable, ColumnConvertible {
    public let name: String
    public private(set) var tableName: String?
    public private(set) var schemaName: String?
    /// `*` is not a name: it must never be quoted.
    let isAll: Bool

    public init(named name: String) {
        self.name = name
        self.isAll = false
    }

    private init(all: ()) {
        name = "*"
        isAll = true
    }

    /// `*`, as in `SELECT *` and `count(*)`.
    public static let all = Column(all: ())
    public static let rowid = Column(named: "rowid")

    /// This column qualified by a table: `table.column`.
    public func `in`(table: String) -> Column {
        var copy = self
        copy.tableName = table
        return copy
    }

    /// This column qualified by a schema too: `schema.table.column`.
    public func of(schema: String) -> Column {
        var copy = self
        copy.schemaName = schema
        return copy
    }

    /// The bare name, as in column lists (INSERT, UPDATE SET, column definitions).
    var nameDescription: String { isAll ? "*" : SQLIdentifier.quote(name) }

    public var description: String {
        guard tableName != nil else { return nameDescription }  // the common case, without the array
        var parts: [String] = []
        if let tableName {
            if let schemaName { parts.append(SQLIdentifier.quote(schemaName)) }
            parts.append(SQLIdentifier.quote(tableName))
        }
        parts.append(nameDescription)
        return parts.joined(separator: ".")
    }

    public func asColumn() -> Column { self }
    public func asExpression() -> Expression { Expression(sql: description, level: .primary, hasOwnParameters: false) }
}
