// WCDB Swift 2.x's spellings of statement builders beside 1.x's; each forwards to the 1.x method and
// builds the same statement.

extension StatementSelect {
    /// A `VALUES(…)` row as this core, each call adding a row (2.x spelling of `values(_:)`).
    @discardableResult
    public func value(_ row: ExpressionConvertible...) -> StatementSelect { value(row) }

    /// A `VALUES(…)` row from an array (2.x spelling of `values(_:)`).
    @discardableResult
    public func value(_ row: [ExpressionConvertible]) -> StatementSelect { values(row) }
}

extension StatementDelete {
    /// `DELETE FROM table`, the table given by name or as a `QualifiedTable` (2.x spelling of
    /// `delete(fromTable:)`); a `QualifiedTable`'s schema, alias and index hint come with it.
    @discardableResult
    public func delete(from table: QualifiedTableConvertible) -> StatementDelete { setTable(table.asQualifiedTable()) }
}

extension StatementUpdate {
    /// `UPDATE table`, the table given as a `QualifiedTable` (or its name): its schema, alias and index
    /// hint come with it. 1.x writes `update(table:onConflict:)` with the name.
    @discardableResult
    public func update(table: QualifiedTableConvertible) -> StatementUpdate { setTable(table.asQualifiedTable()) }
}

extension StatementCreateTrigger {
    /// `CREATE [TEMP] TRIGGER name …` (2.x spelling of `createTrigger(_:)` and `temp()`).
    @discardableResult
    public func create(trigger name: String, isTemp: Bool = false) -> StatementCreateTrigger {
        createTrigger(name)
        return isTemp ? temp() : self
    }

    /// `UPDATE OF columns…`, after `update()` (2.x spelling of `updateOf(_:)`).
    @discardableResult
    public func of(columns: ColumnConvertible...) -> StatementCreateTrigger { updateOf(columns) }

    /// `UPDATE OF columns…` from an array, after `update()`.
    @discardableResult
    public func of(columns: [ColumnConvertible]) -> StatementCreateTrigger { updateOf(columns) }
}

extension StatementRollback {
    /// `ROLLBACK TO savepoint` (2.x spelling of `rollback(to:)`).
    @discardableResult
    public func rollback(toSavepoint savepoint: String) -> StatementRollback { rollback(to: savepoint) }
}

extension StatementRelease {
    /// `RELEASE savepoint` (2.x spelling of `release(_:)`).
    @discardableResult
    public func release(savepoint: String) -> StatementRelease { release(savepoint) }
}

extension StatementDetach {
    /// `DETACH schema` (2.x spelling of `detach(_:)`).
    @discardableResult
    public func detach(schema: SchemaConvertible) -> StatementDetach { detach(schema.asSchema().name) }
}

extension StatementAttach {
    /// `… AS schema`, the schema given as a `Schema` (or its name).
    @discardableResult
    public func `as`(_ schema: SchemaConvertible) -> StatementAttach { self.as(schema.asSchema().name) }
}

extension StatementVacuum {
    /// `VACUUM schema` (2.x spelling of `vacuum(_:)`); `vacuum()` vacuums the main database.
    @discardableResult
    public func vacuum(schema: SchemaConvertible) -> StatementVacuum { vacuum(schema.asSchema().name) }
}

extension StatementAnalyze {
    /// `ANALYZE [schema.]table`: statistics for the table's indexes (2.x spelling of `analyze(table:)`;
    /// the schema comes from `schema(_:)`).
    @discardableResult
    public func table(_ table: String) -> StatementAnalyze { analyze(table: table) }

    /// `ANALYZE [schema.]index`: statistics for that index (2.x spelling of `analyze(index:)`).
    @discardableResult
    public func index(_ index: String) -> StatementAnalyze { analyze(index: index) }
}
