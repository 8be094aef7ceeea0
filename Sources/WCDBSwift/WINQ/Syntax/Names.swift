/// A column as the tree holds it: its name, and the table and schema that qualify it. Unquoted: the
/// renderer quotes names, in one place.
struct ColumnName: Sendable, Equatable {
    /// The column's name (`*` for every column).
    var name: String
    /// The table that qualifies the column.
    var table: String?
    /// The schema that qualifies the table; printed only with a table.
    var schema: String?
    /// `*`, which is not a name and is never quoted.
    var isAll = false
    /// The model whose binding declares the column, when it came from a generated property: a statement
    /// that fails on a table lacking the column can add it from that declaration (auto-add-column).
    /// Not part of the column's identity.
    var model: Any.Type?

    static let all = ColumnName(name: "*", isAll: true)

    static func == (lhs: ColumnName, rhs: ColumnName) -> Bool {
        lhs.name == rhs.name && lhs.table == rhs.table && lhs.schema == rhs.schema && lhs.isAll == rhs.isAll
    }
}

/// A table as the tree holds it: its name and the schema that qualifies it. Unquoted.
struct TableName: Sendable, Equatable {
    var name: String
    var schema: String?
}
