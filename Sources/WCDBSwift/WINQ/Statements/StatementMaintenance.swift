/// Maintenance statements: VACUUM, REINDEX, ANALYZE.

/// `VACUUM [schema]`
public final class StatementVacuum: Statement {
    private var schema: String?

    public init() {}

    @discardableResult
    public func vacuum(_ schema: String? = nil) -> StatementVacuum {
        self.schema = schema
        return self
    }

    public var description: String { "VACUUM" + (schema.map { " " + SQLIdentifier.quote($0) } ?? "") }
}

/// `REINDEX`, `REINDEX collation`, `REINDEX [schema.]table|index`
public final class StatementReindex: Statement {
    private var target: String?
    private var schema: String?

    public init() {}

    @discardableResult public func reindex() -> StatementReindex { target = nil; return self }
    @discardableResult public func reindex(collation: String) -> StatementReindex { target = collation; return self }
    @discardableResult public func reindex(table: String) -> StatementReindex { target = table; return self }
    @discardableResult public func reindex(index: String) -> StatementReindex { target = index; return self }
    @discardableResult public func of(schema: String) -> StatementReindex { self.schema = schema; return self }

    public var description: String {
        "REINDEX" + (target.map { " " + SQLIdentifier.qualified($0, schema: schema) } ?? "")
    }
}

/// `ANALYZE`, `ANALYZE schema`, `ANALYZE [schema.]table|index`
public final class StatementAnalyze: Statement {
    private var target: String?
    private var schema: String?

    public init() {}

    @discardableResult public func analyze() -> StatementAnalyze { target = nil; return self }
    @discardableResult public func analyze(table: String) -> StatementAnalyze { target = table; return self }
    @discardableResult public func analyze(index: String) -> StatementAnalyze { target = index; return self }
    @discardableResult public func analyze(schema: String) -> StatementAnalyze { target = nil; self.schema = schema; return self }
    @discardableResult public func of(schema: String) -> StatementAnalyze { self.schema = schema; return self }

    public var description: String {
        if let target { return "ANALYZE " + SQLIdentifier.qualified(target, schema: schema) }
        return "ANALYZE" + (schema.map { " " + SQLIdentifier.quote($0) } ?? "")
    }
}
