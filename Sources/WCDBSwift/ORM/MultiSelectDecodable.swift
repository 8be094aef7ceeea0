/// One table's share of a multi-table select's result row: the model its columns decode into, and where
/// they are. A ``MultiSelect`` builds one per selected table; ``MultiSelectDecodable`` values read from it.
public struct MultiSelectPart {
    /// The table its properties name (`in(table:)`): the key of `allMultiObjects()`'s dictionaries.
    public let table: String
    let type: any TableDecodable.Type
    let mapping: PropertyMapping
    /// The part's result columns, in select order.
    let columns: [Int32]

    init(table: String, type: any TableDecodable.Type, mapping: PropertyMapping, columns: [Int32]) {
        self.table = table
        self.type = type
        self.mapping = mapping
        self.columns = columns
    }

    /// Whether every column of this part is NULL in the statement's current row, as a LEFT JOIN
    /// leaves a table that has no matching row.
    func isNull(in statement: HandleStatement) -> Bool {
        columns.allSatisfy { statement.isNull(atIndex: $0) }
    }
}

/// A value that a multi-table select's typed read (`allObjects(of:)`) makes from one table's share of a
/// row: every `TableDecodable` model, and an optional model (`Conversation?`), which is nil when that
/// table's columns are all NULL (a LEFT JOIN without a match). Models get it from `TableDecodable`;
/// nothing else needs to adopt it.
public protocol MultiSelectDecodable {
    /// The model whose properties are read: the type itself, or the optional's wrapped model.
    static var multiSelectModel: any TableDecodable.Type { get }

    /// Reads the value from `part`'s columns of `statement`'s current row.
    static func decode(_ part: MultiSelectPart, of statement: HandleStatement) throws -> Self
}

extension TableDecodable {
    /// The model itself.
    public static var multiSelectModel: any TableDecodable.Type { Self.self }

    /// Reads the object from `part`'s columns, its left-out properties as a multi-table select reads
    /// them (optional ones nil, the others their initial values).
    public static func decode(_ part: MultiSelectPart, of statement: HandleStatement) throws -> Self {
        try decode(from: statement, mapping: part.mapping)
    }
}

extension Optional: MultiSelectDecodable where Wrapped: TableDecodable {
    /// The wrapped model.
    public static var multiSelectModel: any TableDecodable.Type { Wrapped.self }

    /// nil when every column of `part` is NULL (a LEFT JOIN without a match), else the wrapped model's object.
    public static func decode(_ part: MultiSelectPart, of statement: HandleStatement) throws -> Wrapped? {
        part.isNull(in: statement) ? nil : try Wrapped.decode(from: statement, mapping: part.mapping)
    }
}
