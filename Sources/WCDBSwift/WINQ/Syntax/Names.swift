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

    static let all = ColumnName(name: "*", isAll: true)
}

/// A table as the tree holds it: its name and the schema that qualifies it. Unquoted.
struct TableName: Sendable, Equatable {
    var name: String
    var schema: String?
}
