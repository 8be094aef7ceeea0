// WCDB Swift 1.x's names of a value bound as a column (the guide's `let row: [ColumnCodableBase]`).

/// WCDB 1.x name of a value that can be bound as a column (`update(table:on:with row:)`).
public typealias ColumnEncodableBase = ColumnEncodable
/// The guide's name for the element type of a row of values
/// (`let row: [ColumnCodableBase] = ["row"]` for `update(table:on:with:)`); here an alias of
/// `ColumnEncodable`. In WCDB the protocol of that name only declares `columnType` (`ColumnTyped` here).
public typealias ColumnCodableBase = ColumnEncodable
