// WCDB Swift 2.x calls `Column.all()` and `Column.rowid()`; 1.x reads the constants `Column.all`, `Column.rowid`.

extension Column {
    /// The column itself, so WCDB 2.x's `Column.all()` compiles beside the `Column.all` constant (Swift
    /// allows no function of the same name as a property).
    public func callAsFunction() -> Column { self }
}
