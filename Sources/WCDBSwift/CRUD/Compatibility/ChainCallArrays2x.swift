// WCDB Swift 2.x's chain calls take their properties or columns as an array as well as listed
// (`prepareSelect(on: Sample.Properties.all, fromTable: "t")`); a Swift variadic parameter does not take
// an array, so each array form is its own overload, doing what the listed form does.

extension HandleProvider {
    /// A chain-call select of `properties` of `Object`s from `table` (the array form of
    /// `prepareSelect(on:fromTable:isDistinct:)`, the model given by the result type).
    public func prepareSelect<Object: TableDecodable>(on properties: [PropertyConvertible], fromTable table: String,
                                                      isDistinct: Bool = false) throws -> TypedSelect<Object> {
        try reportingErrors { try properties.checkBelong(to: Object.self, operation: "select") }
        return TypedSelect(database: self, properties: properties, table: table, isDistinct: isDistinct)
    }

    /// A chain-call select of `properties` from `table`, of the model they belong to (WCDB 2.x's
    /// `prepareSelect(on: Sample.Properties.all, fromTable:)`).
    public func prepareSelect(on properties: [PropertyConvertible], fromTable table: String,
                              isDistinct: Bool = false) throws -> Select {
        try select(on: properties, fromTable: table, isDistinct: isDistinct)
    }

    /// A chain-call select of `columns` (every column when empty) from `table`, read as values (the array
    /// form of `prepareRowSelect(on:fromTable:isDistinct:)`).
    public func prepareRowSelect(on columns: [ColumnResultConvertible], fromTable table: String,
                                 isDistinct: Bool = false) throws -> RowSelect {
        RowSelect(database: self, columns: columns, tables: [table], isDistinct: isDistinct)
    }

    /// A chain-call select of `columns` (every column when empty) from `tables`, read as values (the
    /// array form of `prepareRowSelect(on:fromTables:isDistinct:)`).
    public func prepareRowSelect(on columns: [ColumnResultConvertible], fromTables tables: [String],
                                 isDistinct: Bool = false) throws -> RowSelect {
        RowSelect(database: self, columns: columns, tables: tables, isDistinct: isDistinct)
    }

    /// A chain-call insert of `properties` of `Object`s (the array form, the model given by the result type).
    public func prepareInsert<Object: TableEncodable>(on properties: [PropertyConvertible], intoTable table: String) throws -> TypedInsert<Object> {
        try TypedInsert(database: self, properties: properties, table: table, onConflict: nil)
    }

    /// A chain-call insert of `properties`, of the model they belong to (the array form).
    public func prepareInsert(on properties: [PropertyConvertible], intoTable table: String) throws -> Insert {
        try insert(on: properties, intoTable: table, onConflict: nil)
    }

    /// A chain-call `INSERT OR REPLACE` of `properties`, of the model they belong to (the array form).
    public func prepareInsertOrReplace(on properties: [PropertyConvertible], intoTable table: String) throws -> Insert {
        try insert(on: properties, intoTable: table, onConflict: .replace)
    }

    /// A chain-call `INSERT OR IGNORE` of `properties`, of the model they belong to (the array form).
    public func prepareInsertOrIgnore(on properties: [PropertyConvertible], intoTable table: String) throws -> Insert {
        try insert(on: properties, intoTable: table, onConflict: .ignore)
    }
}

extension TableBound {
    /// A chain-call select of some of this table's properties (the array form of `prepareSelect(on:isDistinct:)`).
    public func prepareSelect(on properties: [PropertyConvertible], isDistinct: Bool = false) throws -> TypedSelect<Root> {
        try reportingErrors { try properties.checkBelong(to: Root.self, operation: "select") }
        return TypedSelect(database: self, properties: properties, table: name, isDistinct: isDistinct)
    }

    /// A chain-call row select on this table (the array form of `prepareRowSelect(on:isDistinct:)`).
    public func prepareRowSelect(on columns: [ColumnResultConvertible], isDistinct: Bool = false) throws -> RowSelect {
        RowSelect(database: self, columns: columns.isEmpty ? [Column.all] : columns, tables: [name], isDistinct: isDistinct)
    }

    /// A chain-call insert of some of this table's properties (the array form of `prepareInsert(on:_:)`).
    public func prepareInsert(on properties: [PropertyConvertible]) throws -> TypedInsert<Root> {
        try prepareInsert(on: properties, onConflict: nil)
    }

    /// A chain-call `INSERT OR REPLACE` of some of this table's properties (the array form).
    public func prepareInsertOrReplace(on properties: [PropertyConvertible]) throws -> TypedInsert<Root> {
        try prepareInsert(on: properties, onConflict: .replace)
    }

    /// A chain-call `INSERT OR IGNORE` of some of this table's properties (the array form).
    public func prepareInsertOrIgnore(on properties: [PropertyConvertible]) throws -> TypedInsert<Root> {
        try prepareInsert(on: properties, onConflict: .ignore)
    }
}
