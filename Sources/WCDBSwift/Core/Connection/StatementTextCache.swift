/// A handle's statements for SQL built per call (a query with the caller's clauses), found by text.
///
/// Bounded, least recently used out: SQL that still embeds changing values (a chain call, raw SQL
/// text) rarely repeats and must not grow the cache without end, while the queries a loop repeats stay.
/// A linear scan, most recent first: at this size comparing lengths (then bytes) costs less than
/// hashing the SQL twice per miss, and the query a loop repeats is found at the front.
struct StatementTextCache {
    /// Most recently used first; each statement's `sql` is its key.
    private(set) var statements: [HandleStatement] = []
    let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    /// The live statement prepared from `sql`, moved to the front; nil when there is none.
    mutating func statement(forSQL sql: String) -> HandleStatement? {
        guard let index = statements.firstIndex(where: { $0.sql == sql }) else { return nil }
        let statement = statements[index]
        if statement.isFinalized {
            statements.remove(at: index)
            return nil
        }
        if index != 0 {
            statements.remove(at: index)
            statements.insert(statement, at: 0)
        }
        return statement
    }

    /// Adds a statement just prepared; returns the least recently used one when the cache was full,
    /// for the caller to finalize.
    mutating func insert(_ statement: HandleStatement) -> HandleStatement? {
        statements.insert(statement, at: 0)
        return statements.count > limit ? statements.removeLast() : nil
    }

    /// Takes `statement` out (its step failed), without finalizing it.
    mutating func remove(_ statement: HandleStatement) {
        statements.removeAll { $0 === statement }
    }

    /// Empties the cache, finalizing every statement.
    mutating func finalizeAll() {
        for statement in statements { statement.finalize() }
        statements.removeAll()
    }
}
