// WCDB Swift 2.x passes a schema as a `Schema` (`Schema.main`, `Schema(with: "archive")`) where 1.x passes its
// name, and spells `of(schema:)` as `schema(_:)` on ALTER TABLE, ANALYZE and PRAGMA. Each forwards to the
// name-taking method.

extension StatementDelete {
    /// Qualifies the statement's object by a schema given as a `Schema` (or its name).
    @discardableResult
    public func of(schema: SchemaConvertible) -> StatementDelete { of(schema: schema.asSchema().name) }
}

extension StatementInsert {
    /// Qualifies the statement's object by a schema given as a `Schema` (or its name).
    @discardableResult
    public func of(schema: SchemaConvertible) -> StatementInsert { of(schema: schema.asSchema().name) }
}

extension StatementUpdate {
    /// Qualifies the statement's object by a schema given as a `Schema` (or its name).
    @discardableResult
    public func of(schema: SchemaConvertible) -> StatementUpdate { of(schema: schema.asSchema().name) }
}

extension StatementCreateTable {
    /// Qualifies the statement's object by a schema given as a `Schema` (or its name).
    @discardableResult
    public func of(schema: SchemaConvertible) -> StatementCreateTable { of(schema: schema.asSchema().name) }
}

extension StatementCreateIndex {
    /// Qualifies the statement's object by a schema given as a `Schema` (or its name).
    @discardableResult
    public func of(schema: SchemaConvertible) -> StatementCreateIndex { of(schema: schema.asSchema().name) }
}

extension StatementCreateView {
    /// Qualifies the statement's object by a schema given as a `Schema` (or its name).
    @discardableResult
    public func of(schema: SchemaConvertible) -> StatementCreateView { of(schema: schema.asSchema().name) }
}

extension StatementCreateTrigger {
    /// Qualifies the statement's object by a schema given as a `Schema` (or its name).
    @discardableResult
    public func of(schema: SchemaConvertible) -> StatementCreateTrigger { of(schema: schema.asSchema().name) }
}

extension StatementCreateVirtualTable {
    /// Qualifies the statement's object by a schema given as a `Schema` (or its name).
    @discardableResult
    public func of(schema: SchemaConvertible) -> StatementCreateVirtualTable { of(schema: schema.asSchema().name) }
}

extension StatementDropTable {
    /// Qualifies the statement's object by a schema given as a `Schema` (or its name).
    @discardableResult
    public func of(schema: SchemaConvertible) -> StatementDropTable { of(schema: schema.asSchema().name) }
}

extension StatementDropIndex {
    /// Qualifies the statement's object by a schema given as a `Schema` (or its name).
    @discardableResult
    public func of(schema: SchemaConvertible) -> StatementDropIndex { of(schema: schema.asSchema().name) }
}

extension StatementDropView {
    /// Qualifies the statement's object by a schema given as a `Schema` (or its name).
    @discardableResult
    public func of(schema: SchemaConvertible) -> StatementDropView { of(schema: schema.asSchema().name) }
}

extension StatementDropTrigger {
    /// Qualifies the statement's object by a schema given as a `Schema` (or its name).
    @discardableResult
    public func of(schema: SchemaConvertible) -> StatementDropTrigger { of(schema: schema.asSchema().name) }
}

extension StatementReindex {
    /// Qualifies the statement's object by a schema given as a `Schema` (or its name).
    @discardableResult
    public func of(schema: SchemaConvertible) -> StatementReindex { of(schema: schema.asSchema().name) }
}

extension StatementAnalyze {
    /// Qualifies the statement's object by a schema given as a `Schema` (or its name).
    @discardableResult
    public func of(schema: SchemaConvertible) -> StatementAnalyze { of(schema: schema.asSchema().name) }

    /// Qualifies the statement's object by a schema (2.x spelling of `of(schema:)`).
    @discardableResult
    public func schema(_ schema: SchemaConvertible) -> StatementAnalyze { of(schema: schema.asSchema().name) }
}

extension StatementAlterTable {
    /// Qualifies the statement's object by a schema given as a `Schema` (or its name).
    @discardableResult
    public func of(schema: SchemaConvertible) -> StatementAlterTable { of(schema: schema.asSchema().name) }

    /// Qualifies the statement's object by a schema (2.x spelling of `of(schema:)`).
    @discardableResult
    public func schema(_ schema: SchemaConvertible) -> StatementAlterTable { of(schema: schema.asSchema().name) }
}

extension StatementPragma {
    /// Qualifies the statement's object by a schema given as a `Schema` (or its name).
    @discardableResult
    public func of(schema: SchemaConvertible) -> StatementPragma { of(schema: schema.asSchema().name) }

    /// Qualifies the statement's object by a schema (2.x spelling of `of(schema:)`).
    @discardableResult
    public func schema(_ schema: SchemaConvertible) -> StatementPragma { of(schema: schema.asSchema().name) }
}

extension Column {
    /// This column qualified by a schema given as a `Schema` (or its name); printed only with a table.
    public func of(schema: SchemaConvertible) -> Column { of(schema: schema.asSchema().name) }
}
