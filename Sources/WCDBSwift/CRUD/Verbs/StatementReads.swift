// WCDB 2.x reads the result of any WINQ statement: `getValue(from:)`, `getRow(from:)`,
// `getColumn(from:)`, `getRows(from:)`, and objects with `getObject(from:)` / `getObjects(from:)`,
// whose result columns are matched to the model's properties by name. Each call prepares the
// statement (through the database's rewriters) with its values bound, and finalizes it.

extension HandleProvider {
    /// Every row of `statement`, as values. The statement's values are bound, not printed into the SQL
    /// (a statement holding `BindParameter` placeholders of your own runs with them printed in, as its
    /// `description`). Takes the write token unless it is a `SELECT`.
    /// - Throws: `WCDBError` with SQLite's error.
    public func getRows(from statement: Statement) throws -> MultiRowsValue {
        try read(statement) { handleStatement in
            var rows = MultiRowsValue()
            while try handleStatement.step() { rows.append(handleStatement.row()) }
            return rows
        }
    }

    /// The first row of `statement`, or nil when it has none. Values are bound (see `getRows(from:)`).
    public func getRow(from statement: Statement) throws -> OneRowValue? {
        try read(statement) { handleStatement in
            try handleStatement.step() ? handleStatement.row() : nil
        }
    }

    /// The first column of every row of `statement`. Values are bound (see
    /// `getRows(from:)`).
    public func getColumn(from statement: Statement) throws -> OneColumnValue {
        try read(statement) { handleStatement in
            var column = OneColumnValue()
            while try handleStatement.step() { column.append(handleStatement.value(atIndex: 0)) }
            return column
        }
    }

    /// The first value of the first row of `statement`, or nil when it has no row. Values are bound
    /// (see `getRows(from:)`).
    public func getValue(from statement: Statement) throws -> FundamentalValue? {
        try read(statement) { handleStatement -> FundamentalValue? in
            // Not a ternary: FundamentalValue is nil-literal expressible, and `nil` there would be `.null`.
            guard try handleStatement.step() else { return Optional.none }
            return handleStatement.value(atIndex: 0)
        }
    }

    /// Every row of `statement` decoded as `Object`: a result column named like a property (ignoring
    /// case) fills it; a non-optional property that no column names makes the read throw. Values are
    /// bound (see `getRows(from:)`).
    /// - Throws: `WCDBError` — SQLite's error, or a row that does not decode.
    public func getObjects<Object: TableDecodable>(from statement: Statement, of type: Object.Type = Object.self) throws -> [Object] {
        try read(statement) { handleStatement in
            let mapping = Self.mapping(of: Object.self, to: handleStatement)
            var objects: [Object] = []
            while try handleStatement.step() { objects.append(try Object.decode(from: handleStatement, mapping: mapping)) }
            return objects
        }
    }

    /// The first row of `statement` decoded as `Object` (see `getObjects(from:of:)`), or nil when it
    /// has none. Values are bound (see `getRows(from:)`).
    public func getObject<Object: TableDecodable>(from statement: Statement, of type: Object.Type = Object.self) throws -> Object? {
        try read(statement) { handleStatement in
            guard try handleStatement.step() else { return nil }
            return try Object.decode(from: handleStatement, mapping: Self.mapping(of: Object.self, to: handleStatement))
        }
    }

    private func read<T>(_ statement: Statement, _ body: (HandleStatement) throws -> T) throws -> T {
        try withHandle(forWriting: !Database.isReadOnly(statement)) { handle in
            let handleStatement = try handle.addingMissingColumns(for: statement) { try handle.prepareRendered(statement) }
            defer { handleStatement.finalize() }
            return try body(handleStatement)
        }
    }

    private static func mapping<Object: TableDecodable>(of type: Object.Type, to statement: HandleStatement) -> PropertyMapping {
        let properties = Object.objectRelationalMapping.properties
        var indexByName: [String: Int] = [:]
        for (index, property) in properties.enumerated() { indexByName[property.name.lowercased()] = index }
        let selected = statement.columnNames.map { indexByName[$0.lowercased()] ?? -1 }
        return PropertyMapping(propertyCount: properties.count, selectedPropertyIndexes: selected)
    }
}
