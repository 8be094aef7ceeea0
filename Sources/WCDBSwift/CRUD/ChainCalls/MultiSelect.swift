/// A select across several tables that decodes one object per table from each row (Swift guide 2.2,
/// multi-table select).
///
/// Properties must name their table (`Message.Properties.text.in(table: "message")`, or a model's
/// whole list with `Message.Properties.all.in(table: "message")`); the properties of one table are
/// decoded into that property's model type. Each table may be selected partially: a left-out optional
/// property reads nil and a left-out non-optional property takes its declared initial value
/// (`var title = ""`); one without an initial value can't be left out, and preparing says so.
///
/// Read rows as typed tuples with `allObjects(of:)` (`[(Message, Conversation)]`, an optional model for
/// the right side of a LEFT JOIN), or, as in WCDB, as dictionaries from table name to object with
/// `allMultiObjects()`.
public final class MultiSelect: SelectClauses {
    let database: HandleProvider
    let parts: [MultiSelectPart]
    private lazy var cursor = StatementCursor(database: database)

    /// True once the last row has been read: streaming never restarts the query.
    public var isCompleted: Bool { cursor.isCompleted }

    /// Steps to the next row without reading it (WCDB 2.x's `Selectable.next()`): true when there was
    /// one; the next read starts after it.
    @discardableResult
    public func next() throws -> Bool { try cursor.step(statement) != nil }

    init(database: HandleProvider, properties: [PropertyConvertible], from tables: [TableOrSubqueryConvertible]) throws {
        self.database = database
        let selected = properties.map { $0.asProperty() }
        var order: [String] = []
        var byTable: [String: (type: any TableDecodable.Type, columns: [(property: Int, column: Int)])] = [:]
        for (column, property) in selected.enumerated() {
            guard let type = property.tableDecodableType else {
                throw WCDBError.interface("property \(property.name) does not belong to a TableDecodable model, so it can't be decoded",
                                          operation: "multi select")
            }
            let projected = type.objectRelationalMappingTables
            guard projected.isEmpty else {
                throw WCDBError.interface("\(type) is a projection model (its columns name their tables: \(projected.joined(separator: ", "))), which is a whole row already: read it with getObjects(fromTables:) or prepareSelect(of:fromTables:), not a multi-table select",
                                          operation: "multi select")
            }
            guard let table = property.tableName else {
                throw WCDBError.interface("multi-table select needs every property qualified by its table: write \(property.name).in(table: \"…\")",
                                          operation: "multi select")
            }
            if let entry = byTable[table] {
                guard ObjectIdentifier(entry.type) == ObjectIdentifier(type) else {
                    throw WCDBError.interface("table \"\(table)\" is selected with properties of both \(entry.type) and \(type); one table's columns decode into one model",
                                              operation: "multi select")
                }
            } else {
                order.append(table)
                byTable[table] = (type, [])
            }
            byTable[table]!.columns.append((property.propertyIndex, column))
        }
        var parts: [MultiSelectPart] = []
        var unselected: [String] = []
        for table in order {
            let entry = byTable[table]!
            var indexes = Array(repeating: -1, count: selected.count)
            for (property, column) in entry.columns { indexes[column] = property }
            let chosen = Set(entry.columns.map(\.property))
            unselected += entry.type.requiredColumnNames(notIn: chosen).map { "column \"\($0)\" of table \"\(table)\" (\(entry.type))" }
            let mapping = PropertyMapping(multiSelectPartOfCount: entry.type.propertyCount, selectedPropertyIndexes: indexes)
            parts.append(MultiSelectPart(table: table, type: entry.type, mapping: mapping,
                                         columns: entry.columns.map { Int32($0.column) }))
        }
        guard unselected.isEmpty else {
            let one = unselected.count == 1
            let what = one ? "whose property is not optional and has no initial value, so the object can't be built without it: select it, or declare the property optional or with an initial value (`= …`)"
                : "whose properties are not optional and have no initial value, so the objects can't be built without them: select them, or declare the properties optional or with initial values (`= …`)"
            throw WCDBError.interface("a multi-table select leaves out \(unselected.joined(separator: ", ")), \(what)",
                                      operation: "multi select")
        }
        self.parts = parts
        super.init(statement: StatementSelect().select(selected).from(tables))
    }

    // MARK: Dictionaries (WCDB)

    /// Every remaining row, each as a dictionary from table name to that table's object, read to the
    /// end. The first read prepares the select with the clauses as they are then; it never restarts.
    ///
    /// Every selected table has an entry, also when a LEFT JOIN found no row for it (its object then
    /// holds what its NULL columns read as); `allObjects(of:)` with an optional model tells them apart.
    /// - Throws: `WCDBError` — SQLite's error, or a row that does not decode (a column of the wrong
    ///   type); the statement is then released.
    public func allMultiObjects() throws -> [[String: any TableDecodable]] {
        var results: [[String: any TableDecodable]] = []
        while let result = try nextMultiObject() { results.append(result) }
        return results
    }

    /// The next row as a dictionary from table name to that table's object, or nil when none is left; the
    /// statement holds a handle of the database while rows remain. The first read prepares the select with the
    /// clauses as they are then; it never restarts.
    /// - Throws: `WCDBError` — SQLite's error, or a row that does not decode (a column of the wrong
    ///   type); the statement is then released.
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

    // MARK: Typed tuples

    /// Every remaining row as a tuple with one value per type, in the order given:
    /// `let rows: [(Message, Conversation)] = try select.allObjects(of: Message.self, Conversation.self)`.
    ///
    /// Each type reads the selected table whose properties are its model's (the first such table not
    /// taken by an earlier type, so a model joined with itself is given twice). An optional model
    /// (`Conversation?.self`) reads nil when every column selected from its table is NULL, which is how a
    /// LEFT JOIN leaves a table without a matching row: select a column that is never NULL in a real row
    /// (its primary key) to tell the two apart. With one type the result is a plain array (`[Message]`).
    ///
    /// The first read prepares the select with the clauses as they are then; it never restarts.
    /// - Throws: `WCDBError` — before reading, a type whose model no selected table has, or a selected
    ///   table no type reads; SQLite's error, or a row that does not decode, after which the statement is
    ///   released.
    public func allObjects<each Object: MultiSelectDecodable>(of types: repeat (each Object).Type) throws -> [(repeat each Object)] {
        let picked = try parts(for: repeat each types)
        var rows: [(repeat each Object)] = []
        while let row = try cursor.step(statement) {
            do {
                rows.append(try decodeRow(row, parts: picked, repeat each types))
            } catch {
                cursor.finish()
                throw error
            }
        }
        return rows
    }

    /// The next row as a tuple with one value per type, in the order given, or nil when none is left
    /// (see `allObjects(of:)` for how types meet tables). The statement holds a handle of the database
    /// while rows remain.
    /// - Throws: `WCDBError` — as `allObjects(of:)`.
    public func nextObject<each Object: MultiSelectDecodable>(of types: repeat (each Object).Type) throws -> (repeat each Object)? {
        let picked = try parts(for: repeat each types)
        guard let row = try cursor.step(statement) else { return nil }
        do {
            let tuple: (repeat each Object) = try decodeRow(row, parts: picked, repeat each types)
            return tuple
        } catch {
            cursor.finish()
            throw error
        }
    }

    /// The part each type reads, in the types' order: the first part of its model not taken before.
    private func parts<each Object: MultiSelectDecodable>(for types: repeat (each Object).Type) throws -> [MultiSelectPart] {
        var picked: [MultiSelectPart] = []
        var taken = Set<Int>()
        var names: [String] = []
        for type in repeat each types {
            let model = type.multiSelectModel
            names.append("\(type)")
            guard let index = parts.indices.first(where: { !taken.contains($0) && ObjectIdentifier(parts[$0].type) == ObjectIdentifier(model) }) else {
                let count = parts.filter { ObjectIdentifier($0.type) == ObjectIdentifier(model) }.count
                let message = count == 0
                    ? "this multi-table select selects no property of \(model), so it can't read \(type): select some (\(model).Properties.….in(table: \"…\")), or leave \(type).self out"
                    : "this multi-table select selects \(model) from only \(count) table\(count == 1 ? "" : "s"), so none is left for one more \(type): select its properties from another table (an alias), or ask for \(type) fewer times"
                throw reportError(WCDBError(level: .interface, message: message, sql: statement.description,
                                            path: database.path, tag: database.tag, operation: "multi select"))
            }
            taken.insert(index)
            picked.append(parts[index])
        }
        if let unread = parts.indices.first(where: { !taken.contains($0) }) {
            let part = parts[unread]
            throw reportError(WCDBError(level: .interface,
                                        message: "this multi-table select selects table \"\(part.table)\" (\(part.type)), which the types asked for (\(names.joined(separator: ", "))) do not read: add \(part.type).self, or leave its properties out",
                                        sql: statement.description, path: database.path, tag: database.tag, operation: "multi select"))
        }
        return picked
    }

    /// One row as the tuple: type `k` reads `parts[k]`.
    private func decodeRow<each Object: MultiSelectDecodable>(_ row: HandleStatement, parts: [MultiSelectPart],
                                                              _ types: repeat (each Object).Type) throws -> (repeat each Object) {
        var index = 0
        func next<Value: MultiSelectDecodable>(_ type: Value.Type) throws -> Value {
            defer { index += 1 }
            return try Value.decode(parts[index], of: row)
        }
        return (repeat try next(each types))
    }
}

extension TableDecodable {
    /// How many column properties the model has.
    static var propertyCount: Int { objectRelationalMapping.properties.count }

    /// The tables a projection model's columns name; empty for an ordinary model.
    static var objectRelationalMappingTables: [String] { objectRelationalMapping.projectedTables }

    /// The column names of the properties a read must select (`ColumnBinding.isRequired`) that are not
    /// in `selected` (property indexes).
    static func requiredColumnNames(notIn selected: Set<Int>) -> [String] {
        objectRelationalMapping.columns.filter { $0.isRequired && !selected.contains($0.property.propertyIndex) }.map(\.name)
    }
}

extension Array where Element == Property {
    /// Every property qualified by `table`, for a multi-table select:
    /// `Message.Properties.all.in(table: "message") + Conversation.Properties.all.in(table: "conversation")`.
    public func `in`(table: String) -> [Property] { map { $0.in(table: table) } }
}

extension HandleProvider {
    /// A chain-call select of `properties` from `tables` that decodes one object per table from each row.
    /// Each property must name its table (`Sample.Properties.identifier.in(table: "sampleTable")`).
    /// - Throws: `WCDBError` when a property names no table or belongs to no `TableDecodable` model, or
    ///   when a table's properties leave out one that is not optional and has no initial value.
    public func prepareMultiSelect(on properties: PropertyConvertible..., fromTables tables: [String]) throws -> MultiSelect {
        try reportingErrors { try MultiSelect(database: self, properties: properties, from: tables) }
    }

    /// A chain-call select of `properties` from `tables`, with an optional condition, that decodes one
    /// object per table from each row. Each property must name its table
    /// (`Sample.Properties.identifier.in(table: "sampleTable")`).
    /// - Throws: `WCDBError` when a property names no table or belongs to no `TableDecodable` model, or
    ///   when a table's properties leave out one that is not optional and has no initial value.
    public func prepareMultiSelect(on properties: [PropertyConvertible], fromTables tables: [String],
                                   where condition: Condition? = nil) throws -> MultiSelect {
        let select = try reportingErrors { try MultiSelect(database: self, properties: properties, from: tables) }
        if let condition { select.where(condition) }
        return select
    }

    /// A chain-call select of `properties` from a join (`Join(with: "message").leftJoin("conversation").on(…)`),
    /// with an optional condition, that decodes one object per table from each row. Each property must
    /// name its table; read the right side of a LEFT JOIN as an optional model
    /// (`allObjects(of: Message.self, Conversation?.self)`).
    /// - Throws: `WCDBError` when a property names no table or belongs to no `TableDecodable` model, or
    ///   when a table's properties leave out one that is not optional and has no initial value.
    public func prepareMultiSelect(on properties: [PropertyConvertible], from join: Join,
                                   where condition: Condition? = nil) throws -> MultiSelect {
        let select = try reportingErrors { try MultiSelect(database: self, properties: properties, from: [join]) }
        if let condition { select.where(condition) }
        return select
    }
}
