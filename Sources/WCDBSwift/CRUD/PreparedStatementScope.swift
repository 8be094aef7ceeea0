/// Runs work on a statement that is either one of the handle's cached statements (for SQL the
/// runtime built from a model's binding) or a one-off statement (for SQL with the caller's clauses),
/// and always leaves the handle clean: a cached statement is reset, a one-off is finalized, so no
/// read transaction stays open behind the caller's back.
@usableFromInline
enum StatementSource {
    case cached(CachedSQL)
    case oneOff(String)

    @inlinable
    var sql: String {
        switch self {
        case .cached(let cached): return cached.sql
        case .oneOff(let sql): return sql
        }
    }

    @inlinable
    func withStatement<T>(on handle: Handle, _ body: (HandleStatement) throws -> T) throws -> T {
        switch self {
        case .cached(let cached):
            let statement = try handle.cachedStatement(for: cached)
            defer { statement.reset() }
            return try body(statement)
        case .oneOff(let sql):
            let statement = try handle.prepare(sql)
            defer { statement.finalize() }
            return try body(statement)
        }
    }
}
