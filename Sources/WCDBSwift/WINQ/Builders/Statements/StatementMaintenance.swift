/// Maintenance statements: VACUUM, REINDEX, ANALYZE.

/// `VACUUM [schema]`
public final class StatementVacuum: Statement {
    private var schema: String?

    /// `VACUUM`; `vacuum(_:)` names a schema.
    public init() {}

    /// `VACUUM` or `VACUUM schema` (SQLite 3.15+): rebuilds the database file, compacting it.
    /// SQLite refuses it inside a transaction.
    @discardableResult
    public func vacuum(_ schema: String? = nil) -> StatementVacuum {
        self.schema = schema
        return self
    }

    /// The statement's SQL.
    public var description: String { "VACUUM" + (schema.map { " " + SQLIdentifier.quoteSchema($0) } ?? "") }
}

/// `REINDEX`, `REINDEX collation`, `REINDEX [schema.]table|index`
public final class StatementReindex: Statement {
    private var target: String?
    private var schema: String?

    /// `REINDEX`: every index; the methods below narrow it.
    public init() {}

    /// `REINDEX`: rebuilds every index of every attached database.
    @discardableResult public func reindex() -> StatementReindex { target = nil; return self }
    /// `REINDEX collation`: rebuilds the indexes that use this collation.
    /// Do not combine it with `of(schema:)`: SQLite would read `schema.collation` as a table or index.
    @discardableResult public func reindex(collation: String) -> StatementReindex { target = collation; return self }
    /// `REINDEX table`: rebuilds the table's indexes.
    @discardableResult public func reindex(table: String) -> StatementReindex { target = table; return self }
    /// `REINDEX index`: rebuilds that index.
    @discardableResult public func reindex(index: String) -> StatementReindex { target = index; return self }
    /// Qualifies the table or index: `REINDEX schema.name`.
    @discardableResult public func of(schema: String) -> StatementReindex { self.schema = schema; return self }

    /// The statement's SQL.
    public var description: String {
        "REINDEX" + (target.map { " " + SQLIdentifier.qualified($0, schema: schema) } ?? "")
    }
}

/// `ANALYZE`, `ANALYZE schema`, `ANALYZE [schema.]table|index`
public final class StatementAnalyze: Statement {
    private var target: String?
    private var schema: String?

    /// `ANALYZE`: every schema; the methods below narrow it.
    public init() {}

    /// `ANALYZE`: gathers index statistics for the planner, for every attached database.
    @discardableResult public func analyze() -> StatementAnalyze { target = nil; return self }
    /// `ANALYZE table`: statistics for the table's indexes.
    @discardableResult public func analyze(table: String) -> StatementAnalyze { target = table; return self }
    /// `ANALYZE index`: statistics for that index.
    @discardableResult public func analyze(index: String) -> StatementAnalyze { target = index; return self }
    /// `ANALYZE schema`: statistics for one attached database; clears a table or index set before.
    @discardableResult public func analyze(schema: String) -> StatementAnalyze { target = nil; self.schema = schema; return self }
    /// Qualifies the table or index: `ANALYZE schema.name`.
    @discardableResult public func of(schema: String) -> StatementAnalyze { self.schema = schema; return self }

    /// The statement's SQL.
    public var description: String {
        if let target { return "ANALYZE " + SQLIdentifier.qualified(target, schema: schema) }
        return "ANALYZE" + (schema.map { " " + SQLIdentifier.quoteSchema($0) } ?? "")
    }
}
