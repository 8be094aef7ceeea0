// WCDB 2.x reads the result of any WINQ statement: `getValue(from:)`, `getRow(from:)`,
// `getColumn(from:)`, `getRows(from:)`, and objects with `getObject(from:)` / `getObjects(from:)`,
// whose result columns are matched to the model's properties by name.

/// One row of values (WCDB 2.x's name).
public typealias OneRowValue = FundamentalRow
/// One column of values (WCDB 2.x's name).
public typealias OneColumnValue = FundamentalColumn
/// Rows of values (WCDB 2.x's name).
public typealias MultiRowsValue = FundamentalRowXColumn

extension HandleRepresentable {
    /// Every row of `statement`.
    public func getRows(from statement: Statement) throws -> MultiRowsValue {
        try read(statement) { handleStatement in
            var rows = MultiRowsValue()
            while try handleStatement.step() { rows.append(handleStatement.row()) }
            return rows
        }
    }

    /// The first row of `statement`, or nil when it has none.
    public func getRow(from statement: Statement) throws -> OneRowValue? {
        try read(statement) { handleStatement in
            try handleStatement.step() ? handleStatement.row() : nil
        }
    }

    /// The first column of every row of `statement`.
    public func getColumn(from statement: Statement) throws -> OneColumnValue {
        try read(statement) { handleStatement in
            var column = OneColumnValue()
            while try handleStatement.step() { column.append(handleStatement.value(atIndex: 0)) }
            return column
        }
    }

    /// The first value of the first row of `statement`, or nil when it has no row.
    public func getValue(from statement: Statement) throws -> FundamentalValue? {
        try read(statement) { handleStatement -> FundamentalValue? in
            // Not a ternary: FundamentalValue is nil-literal expressible, and `nil` there would be `.null`.
            guard try handleStatement.step() else { return Optional.none }
            return handleStatement.value(atIndex: 0)
        }
    }

    /// Every row of `statement` decoded as `Object`; result columns named like a property fill it.
    public func getObjects<Object: TableDecodable>(from statement: Statement, of type: Object.Type = Object.self) throws -> [Object] {
        try read(statement) { handleStatement in
            let mapping = Self.mapping(of: Object.self, to: handleStatement)
            var objects: [Object] = []
            while try handleStatement.step() { objects.append(try Object.decode(from: handleStatement, mapping: mapping)) }
            return objects
        }
    }

    /// The first row of `statement` decoded as `Object`, or nil when it has none.
    public func getObject<Object: TableDecodable>(from statement: Statement, of type: Object.Type = Object.self) throws -> Object? {
        try read(statement) { handleStatement in
            guard try handleStatement.step() else { return nil }
            return try Object.decode(from: handleStatement, mapping: Self.mapping(of: Object.self, to: handleStatement))
        }
    }

    private func read<T>(_ statement: Statement, _ body: (HandleStatement) throws -> T) throws -> T {
        let sql = statement.description
        return try withHandle(forWriting: !Database.isReadOnlySQL(sql)) { handle in
            let handleStatement = try handle.prepare(sql)
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
