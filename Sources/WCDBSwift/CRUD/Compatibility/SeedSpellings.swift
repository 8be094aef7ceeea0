// Spellings the seeds' guide prints that the rest of the API writes differently; each forwards to the
// one implementation.

extension Column {
    /// `*` (the guide's 2.2 core-layer sample writes `Column.any`; same as `Column.all`).
    public static var any: Column { all }
}

extension StatementPragma {
    /// `PRAGMA name = value` in one call, as the guide's config sample writes it.
    @discardableResult
    public func pragma(_ pragma: Pragma, to value: ExpressionConvertible) -> StatementPragma {
        self.pragma(pragma).to(value)
    }
}

extension HandleProvider {
    /// A multi-table select with its condition, the properties listed inline (guide 2.2.2).
    public func prepareMultiSelect(on properties: PropertyConvertible..., fromTables tables: [String],
                                   where condition: Condition) throws -> MultiSelect {
        try prepareMultiSelect(on: properties, fromTables: tables, where: condition)
    }
}

extension Handle {
    /// Runs a WINQ statement (a config receives the handle: `try handle.exec(statementPragma)`).
    public func exec(_ statement: Statement) throws { try execRendered(statement) }
}
