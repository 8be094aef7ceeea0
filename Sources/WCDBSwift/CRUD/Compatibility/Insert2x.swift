// WCDB Swift 2.x's unlabeled write spellings, `insert(_:intoTable:)` and `insertOrReplace(_:intoTable:)`
// (and on a table, `insert(_:)`, `insertOrReplace(_:)`), and `insertOrIgnore(objects:…)` with the label
// of the 1.x verbs. Each forwards to the one implementation in `Verbs/`.

extension HandleProvider {
    /// Inserts `objects` (2.x spelling of `insert(objects:on:intoTable:)`); several run in one
    /// embedded transaction.
    @inlinable
    public func insert<Object: TableEncodable>(_ objects: [Object], on properties: [PropertyConvertible]? = nil,
                                               intoTable table: String) throws {
        try insert(objects: objects, on: properties, intoTable: table)
    }

    /// Inserts the listed objects (2.x spelling of `insert(objects:on:intoTable:)`).
    @inlinable
    public func insert<Object: TableEncodable>(_ objects: Object..., on properties: [PropertyConvertible]? = nil,
                                               intoTable table: String) throws {
        try insert(objects: objects, on: properties, intoTable: table)
    }

    /// Inserts or replaces `objects` (2.x spelling of `insertOrReplace(objects:on:intoTable:)`).
    @inlinable
    public func insertOrReplace<Object: TableEncodable>(_ objects: [Object], on properties: [PropertyConvertible]? = nil,
                                                        intoTable table: String) throws {
        try insertOrReplace(objects: objects, on: properties, intoTable: table)
    }

    /// Inserts or replaces the listed objects (2.x spelling of `insertOrReplace(objects:on:intoTable:)`).
    @inlinable
    public func insertOrReplace<Object: TableEncodable>(_ objects: Object..., on properties: [PropertyConvertible]? = nil,
                                                        intoTable table: String) throws {
        try insertOrReplace(objects: objects, on: properties, intoTable: table)
    }

    /// Same as `insertOrIgnore(_:on:intoTable:)`, with the 1.x label.
    @inlinable
    public func insertOrIgnore<Object: TableEncodable>(objects: [Object], on properties: [PropertyConvertible]? = nil,
                                                       intoTable table: String) throws {
        try insertOrIgnore(objects, on: properties, intoTable: table)
    }
}

extension TableBound {
    /// Inserts `objects` (2.x spelling of `insert(objects:on:)`).
    public func insert(_ objects: [Root], on properties: [PropertyConvertible]? = nil) throws {
        try insert(objects: objects, on: properties)
    }

    /// Inserts the listed objects (2.x spelling of `insert(objects:on:)`).
    public func insert(_ objects: Root..., on properties: [PropertyConvertible]? = nil) throws {
        try insert(objects: objects, on: properties)
    }

    /// Inserts or replaces the listed objects (2.x spelling of `insertOrReplace(objects:on:)`).
    public func insertOrReplace(_ objects: Root..., on properties: [PropertyConvertible]? = nil) throws {
        try insertOrReplace(objects: objects, on: properties)
    }

    /// Inserts or replaces `objects` (2.x spelling of `insertOrReplace(objects:on:)`).
    public func insertOrReplace(_ objects: [Root], on properties: [PropertyConvertible]? = nil) throws {
        try insertOrReplace(objects: objects, on: properties)
    }
}
