/// Runs work on one of the handle's cached statements: by id for SQL the runtime built once from a
/// model's binding, by text (a small bounded cache) for SQL built per call with the caller's clauses.
/// The statement is always reset afterwards, so no read transaction stays open behind the caller's back.
@usableFromInline
enum StatementSource {
    case cached(CachedSQL)
    /// SQL built per call; `arguments` are bound from index `firstArgumentIndex` on before `body` runs
    /// (the literals `ClauseTail.liftingLiterals()` took out of the text).
    case byText(String, arguments: [FundamentalValue] = [], firstArgumentIndex: Int32 = 1)

    @inlinable
    var sql: String {
        switch self {
        case .cached(let cached): return cached.sql
        case .byText(let sql, _, _): return sql
        }
    }

    @inlinable
    func withStatement<T>(on handle: Handle, _ body: (HandleStatement) throws -> T) throws -> T {
        switch self {
        case .cached(let cached):
            let statement = try handle.cachedStatement(for: cached)
            defer { statement.reset() }
            return try body(statement)
        case .byText(let sql, let arguments, let firstIndex):
            let statement = try handle.cachedStatement(forSQL: sql)
            defer { statement.reset() }
            for (offset, value) in arguments.enumerated() {
                statement.bind(value, toIndex: firstIndex + Int32(offset))
            }
            return try body(statement)
        }
    }
}
