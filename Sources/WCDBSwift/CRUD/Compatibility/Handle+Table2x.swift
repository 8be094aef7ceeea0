// WCDB 2.x's Handle.getTable(named:of:).

extension Handle {
    /// The table `name` of `Root`s of this connection's database (WCDB 2.x's `Handle.getTable(named:of:)`),
    /// as `Database.getTable(named:of:)` makes it: its calls take handles as the database's do.
    public func getTable<Root: TableCodable>(named name: String, of type: Root.Type = Root.self) -> Table<Root> {
        getDatabase().getTable(named: name, of: type)
    }
}
