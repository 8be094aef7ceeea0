/// A temp view that stands in for a main-database table in a rewritten statement (data migration reads
/// a target table through `temp.wcdb_union_<table>`, aliased as the table): the one place that knows
/// the name, so that a later rewriter (compression) finds the table behind the view.
enum TableStandIn {
    static let prefix = "wcdb_union_"

    /// The view that stands in for main-database `table`.
    static func view(for table: String) -> TableName { TableName(name: prefix + table, schema: "temp") }

    static func isMain(_ table: TableName) -> Bool { table.schema == nil || table.schema?.lowercased() == "main" }

    /// The main-database table `name` is or stands in for; nil for a table of another schema.
    static func mainTable(_ name: TableName) -> String? {
        if isMain(name) { return name.name }
        if name.schema?.lowercased() == "temp", name.name.hasPrefix(prefix) { return String(name.name.dropFirst(prefix.count)) }
        return nil
    }
}
