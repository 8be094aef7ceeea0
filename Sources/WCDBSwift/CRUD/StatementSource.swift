/// Runs work on one of the handle's cached statements: by id for SQL the runtime built once from a
/// model's binding, by text (a small bounded cache) for SQL built per call with the caller's clauses.
/// The statement is always reset afterwards, so no read transaction stays open behind the caller's back.
@usableFromInline
enum StatementSource {
    case cached(CachedSQL)
    case byText(String)

    @inlinable
    var sql: String {
        switch self {
        case .cached(let cached): return cached.sql
        case .byText(let sql): return sql
        }
    }

    @inlinable
    func withStatement<T>(on handle: Handle, _ body: (HandleStatement) throws -> T) throws -> T {
        switch self {
        case .cached(let cached):
            let statement = try handle.cachedStatement(for: cached)
            defer { statement.reset() }
            return try body(statement)
        case .byText(let sql):
            let statement = try handle.cachedStatement(forSQL: sql)
            defer { statement.reset() }
            return try body(statement)
        }
    }
}
