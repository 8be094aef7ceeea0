// WCDB Swift 2.x makes a literal of any column value (`LiteralValue(date)`, `LiteralValue(myCodable)`):
// the value as its column stores it. WINQ cannot name the ORM's column protocols, so it lives here.

extension LiteralValue {
    /// The literal of a column value as the column stores it (its `archivedValue()`): a `Date` is its
    /// seconds since 1970, a custom `ColumnCodable` what it archives to.
    public init<T: ColumnEncodable>(_ value: T) { self.init(value.archivedValue()) }
}
