// The core layer's statement reads and binds values as a model property of their type would: these
// calls belong to the ORM layer (they need `ColumnEncodable`/`ColumnDecodable`), so they live here, as
// an extension of the core type.

extension CoreStatement {
    /// Binds a column value to parameter `index` (1-based) as a model property of its type is bound;
    /// nil binds NULL. A refused bind, or a JSON value that does not encode, makes the next `step()` throw.
    public func bind<T: ColumnEncodable>(_ value: T?, toIndex index: Int) {
        if let value {
            value.bindColumn(to: handleStatement, atIndex: Int32(index))
        } else {
            handleStatement.bindNull(toIndex: Int32(index))
        }
    }


    /// The value at `index` decoded as `T`, or nil when it is NULL or does not decode.
    public func value<T: ColumnDecodable>(atIndex index: Int, of type: T.Type = T.self) -> T? {
        let value = handleStatement.value(atIndex: Int32(index))
        if case .null = value { return nil }
        return T(with: value)
    }
}
