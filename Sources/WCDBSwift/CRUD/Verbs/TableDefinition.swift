// WCDB 2.x's table calls from column definitions, without a model: `create(table:with:and:)` and
// `addColumn(with:forTable:)`.

extension HandleProvider {
    /// Creates `table` (if it does not exist) with `columnDefs` and table `constraints` (WCDB 2.x):
    /// `try database.create(table: "t", with: Column(named: "a").asDef(with: .integer64), and: [constraint])`.
    public func create(table: String, with columnDefs: ColumnDef..., and constraints: [TableConstraint]? = nil) throws {
        try create(table: table, with: columnDefs, and: constraints)
    }

    /// Creates `table` (if it does not exist) with `columnDefs` and table `constraints`.
    public func create(table: String, with columnDefs: [ColumnDef], and constraints: [TableConstraint]? = nil) throws {
        guard !columnDefs.isEmpty else {
            throw reportedError(.interface("create(table: \"\(table)\", with:) needs at least one column", operation: "create table"))
        }
        let statement = StatementCreateTable().create(table: table).ifNotExists().with(columns: columnDefs)
            .constraint(constraints ?? [])
        try withHandle(forWriting: true) { handle in try handle.execRendered(statement) }
    }

    /// Adds the column `columnDef` to `table` (`ALTER TABLE … ADD COLUMN`, WCDB 2.x).
    public func addColumn(with columnDef: ColumnDef, forTable table: String) throws {
        let statement = StatementAlterTable().alter(table: table).addColumn(with: columnDef)
        try withHandle(forWriting: true) { handle in try handle.execRendered(statement) }
    }
}
