// WCDB Swift 2.x makes a column definition from a column (`column.asDef(with: .integer64)`) and adds
// constraints with `constraint(_:)`; 1.x writes `ColumnDef(with:and:)` and `addConstraint(_:)`.

extension Column {
    /// A column definition of this column (WCDB 2.x spelling of `ColumnDef(with:and:)`).
    public func asDef(with type: ColumnType? = nil) -> ColumnDef { ColumnDef(with: self, and: type) }
}

extension Property {
    /// A column definition of this property's column (WCDB 2.x).
    public func asDef(with type: ColumnType? = nil) -> ColumnDef { ColumnDef(with: self, and: type) }
}

extension TypedProperty {
    /// A column definition of this property's column (WCDB 2.x).
    public func asDef(with type: ColumnType? = nil) -> ColumnDef { ColumnDef(with: self, and: type) }
}

extension ColumnDef {
    /// Adds `constraint` (WCDB 2.x spelling of `addConstraint(_:)`).
    @discardableResult
    public func constraint(_ constraint: ColumnConstraint) -> ColumnDef { addConstraint(constraint) }
}
