/// Object writes: `insert` and `insertOrReplace` (Swift guide 1.3.1), as arrays, as variadic lists,
/// and, for structs with an auto-increment key, `inout` so the assigned key is written back.
extension HandleRepresentable {
    @inlinable
    public func insert<Object: TableEncodable>(objects: [Object], on properties: [PropertyConvertible]? = nil,
                                               intoTable table: String) throws {
        _ = try reportingErrors { try ObjectInserter<Object>(properties: properties, table: table, orReplace: false).insert(objects, on: self) }
    }

    @inlinable
    public func insert<Object: TableEncodable>(objects: Object..., on properties: [PropertyConvertible]? = nil,
                                               intoTable table: String) throws {
        try insert(objects: objects, on: properties, intoTable: table)
    }

    @inlinable
    public func insertOrReplace<Object: TableEncodable>(objects: [Object], on properties: [PropertyConvertible]? = nil,
                                                        intoTable table: String) throws {
        _ = try reportingErrors { try ObjectInserter<Object>(properties: properties, table: table, orReplace: true).insert(objects, on: self) }
    }

    @inlinable
    public func insertOrReplace<Object: TableEncodable>(objects: Object..., on properties: [PropertyConvertible]? = nil,
                                                        intoTable table: String) throws {
        try insertOrReplace(objects: objects, on: properties, intoTable: table)
    }

    /// Inserts `object` and, when it asked for auto-increment, stores the new key in it.
    @inlinable
    public func insert<Object: TableEncodable>(_ object: inout Object, on properties: [PropertyConvertible]? = nil,
                                               intoTable table: String) throws {
        try reportingErrors { try ObjectInserter<Object>(properties: properties, table: table, orReplace: false).insert(&object, on: self) }
    }

    /// Inserts or replaces `object` and, when it asked for auto-increment, stores the new key in it.
    @inlinable
    public func insertOrReplace<Object: TableEncodable>(_ object: inout Object, on properties: [PropertyConvertible]? = nil,
                                                        intoTable table: String) throws {
        try reportingErrors { try ObjectInserter<Object>(properties: properties, table: table, orReplace: true).insert(&object, on: self) }
    }

    // MARK: Partial inserts naming the properties inline (`on: Sample.Properties.identifier`)

    @inlinable
    public func insert<Object: TableEncodable>(objects: [Object], on property: PropertyConvertible, _ more: PropertyConvertible...,
                                               intoTable table: String) throws {
        try insert(objects: objects, on: [property] + more, intoTable: table)
    }

    @inlinable
    public func insert<Object: TableEncodable>(objects: Object..., on property: PropertyConvertible, _ more: PropertyConvertible...,
                                               intoTable table: String) throws {
        try insert(objects: objects, on: [property] + more, intoTable: table)
    }

    @inlinable
    public func insertOrReplace<Object: TableEncodable>(objects: [Object], on property: PropertyConvertible,
                                                        _ more: PropertyConvertible..., intoTable table: String) throws {
        try insertOrReplace(objects: objects, on: [property] + more, intoTable: table)
    }

    @inlinable
    public func insertOrReplace<Object: TableEncodable>(objects: Object..., on property: PropertyConvertible,
                                                        _ more: PropertyConvertible..., intoTable table: String) throws {
        try insertOrReplace(objects: objects, on: [property] + more, intoTable: table)
    }
}
