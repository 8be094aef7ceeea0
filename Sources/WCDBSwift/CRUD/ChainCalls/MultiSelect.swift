/// A select across several tables that decodes one object per table from each row (Swift guide 2.2,
/// multi-table select): each result maps a table name to its object.
///
/// Properties must name their table (`Sample.Properties.identifier.in(table: "sampleTable")`); the
/// properties of one table are decoded into that property's model type.
public final class MultiSelect {
    /// One table's share of the result row.
    struct Part {
        let table: String
        let type: any TableDecodable.Type
        let mapping: PropertyMapping
    }

    let database: HandleRepresentable
    let statement: StatementSelect
    let parts: [Part]
    private lazy var cursor = StatementCursor(database: database)

    /// True once the last row has been read: streaming never restarts the query.
    public var isCompleted: Bool { cursor.isCompleted }

    init(database: HandleRepresentable, properties: [PropertyConvertible], tables: [String]) throws {
        self.database = database
        let selected = properties.map { $0.asProperty() }
        var order: [String] = []
        var byTable: [String: (type: any TableDecodable.Type, columns: [(property: Int, column: Int)])] = [:]
        for (column, property) in selected.enumerated() {
            guard let table = property.tableName else {
                throw WCDBError.interface("multi-table select needs every property qualified by its table: write \(property.name).in(table: \"…\")",
                                          operation: "multi select")
            }
            guard let type = property.tableDecodableType else {
                throw WCDBError.interface("property \(property.name) does not belong to a TableDecodable model, so it can't be decoded",
                                          operation: "multi select")
            }
            if byTable[table] == nil {
                order.append(table)
                byTable[table] = (type, [])
            }
            byTable[table]!.columns.append((property.propertyIndex, column))
        }
        parts = order.map { table in
            let entry = byTable[table]!
            let count = entry.type.propertyCount
            var indexes = Array(repeating: -1, count: selected.count)
            for (property, column) in entry.columns { indexes[column] = property }
            return Part(table: table, type: entry.type,
                        mapping: PropertyMapping(propertyCount: count, selectedPropertyIndexes: indexes))
        }
        statement = StatementSelect().select(selected).from(tables)
    }

    /// The SQL of the select with its values written as literals, for people; reading binds them.
    public var description: String { statement.description }

    /// Sets the condition, replacing one set before; its values are bound when the statement runs.
    @discardableResult public func `where`(_ condition: Condition) -> MultiSelect { statement.where(condition); return self }
    /// Adds ordering terms after those set before.
    @discardableResult public func order(by orderList: OrderBy...) -> MultiSelect { statement.order(by: orderList); return self }
    /// Adds ordering terms after those set before.
    @discardableResult public func order(by orderList: [OrderBy]) -> MultiSelect { statement.order(by: orderList); return self }
    /// Skips `offset` rows, replacing an offset set before (alone, it runs as `LIMIT -1 OFFSET n`).
    @discardableResult public func offset(_ offset: Offset) -> MultiSelect { statement.offset(offset); return self }
    /// Takes at most `limit` rows, replacing a limit set before.
    @discardableResult public func limit(_ limit: Limit) -> MultiSelect { statement.limit(limit); return self }
    /// Skips `offset` rows, then takes at most `limit`, replacing both.
    @discardableResult public func limit(_ limit: Limit, offset: Offset) -> MultiSelect { statement.limit(limit, offset: offset); return self }
    /// `LIMIT begin, end` as SQLite reads it: skips `begin` rows, then takes at most `end` (WCDB's
    /// spelling, as `Select.limit(from:to:)`).
    @discardableResult public func limit(from begin: Limit, to end: Limit) -> MultiSelect { statement.limit(from: begin, to: end); return self }

    /// Every remaining row, each as a dictionary from table name to that table's object, read to the
    /// end. The first read prepares the select with the clauses as they are then; it never restarts.
    /// - Throws: `WCDBError` — SQLite's error, or a row that does not decode (a non-optional property
    ///   the select left out, a column of the wrong type); the statement is then released.
    public func allMultiObjects() throws -> [[String: any TableDecodable]] {
        var results: [[String: any TableDecodable]] = []
        while let result = try nextMultiObject() { results.append(result) }
        return results
    }

    /// The next row as a dictionary from table name to that table's object, or nil when none is left; the
    /// statement holds a handle of the database while rows remain. The first read prepares the select with the
    /// clauses as they are then; it never restarts.
    /// - Throws: `WCDBError` — SQLite's error, or a row that does not decode (a non-optional property the
    ///   select left out, a column of the wrong type); the statement is then released.
    public func nextMultiObject() throws -> [String: any TableDecodable]? {
        guard let row = try cursor.step(statement) else { return nil }
        do {
            var result: [String: any TableDecodable] = [:]
            for part in parts {
                result[part.table] = try part.type.decode(from: row, mapping: part.mapping)
            }
            return result
        } catch {
            cursor.finish()
            throw error
        }
    }
}

extension TableDecodable {
    /// How many column properties the model has.
    static var propertyCount: Int { objectRelationalMapping.properties.count }
}

extension HandleRepresentable {
    /// A chain-call select of `properties` from `tables` that decodes one object per table from each row.
    /// Each property must name its table (`Sample.Properties.identifier.in(table: "sampleTable")`).
    /// - Throws: `WCDBError` when a property names no table or belongs to no `TableDecodable` model.
    public func prepareMultiSelect(on properties: PropertyConvertible..., fromTables tables: [String]) throws -> MultiSelect {
        try reportingErrors { try MultiSelect(database: self, properties: properties, tables: tables) }
    }

    /// A chain-call select of `properties` from `tables`, with an optional condition, that decodes one
    /// object per table from each row. Each property must name its table
    /// (`Sample.Properties.identifier.in(table: "sampleTable")`).
    /// - Throws: `WCDBError` when a property names no table or belongs to no `TableDecodable` model.
    public func prepareMultiSelect(on properties: [PropertyConvertible], fromTables tables: [String],
                                   where condition: Condition? = nil) throws -> MultiSelect {
        let select = try reportingErrors { try MultiSelect(database: self, properties: properties, tables: tables) }
        if let condition { select.where(condition) }
        return select
    }
}
