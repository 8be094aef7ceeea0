import CSQLCipher

/// A handle's prepared statements kept for reuse, in one place: those named by a `CachedSQL` (a model
/// binding's statements, found by id), those of SQL built per call (found by text, least recently used
/// out), the ones the running operation used (reset when it ends, so none keeps a read snapshot open),
/// and the ones whose step failed (evicted: the next call prepares afresh, and the failed statement is
/// finalized once the operation that holds it ends).
struct StatementCache {
    private var byID: [Int: HandleStatement] = [:]
    /// A loop of one-line calls asks for the same statement each time: it is found without hashing.
    private var lastID = -1
    private var last: HandleStatement?
    private var byText: StatementTextCache
    private var used: [HandleStatement] = []
    private var evicted: [HandleStatement] = []

    init(textLimit: Int) {
        byText = StatementTextCache(limit: textLimit)
    }

    // MARK: By id

    /// The live statement cached under `id`, listed as used; nil when there is none.
    @inline(__always)
    mutating func statement(forID id: Int) -> HandleStatement? {
        if lastID == id, let last, !last.isFinalized { return markUsed(last) }
        guard let cached = byID[id], !cached.isFinalized else { return nil }
        lastID = id
        last = cached
        return markUsed(cached)
    }

    /// Caches a statement just prepared under `id` (replacing an evicted or finalized one).
    mutating func insert(_ statement: HandleStatement, forID id: Int) -> HandleStatement {
        statement.cacheID = id
        byID[id] = statement
        lastID = id
        last = statement
        return markUsed(statement)
    }

    // MARK: By text

    /// The live statement prepared from `sql`, listed as used; nil when there is none.
    mutating func statement(forSQL sql: String) -> HandleStatement? {
        byText.statement(forSQL: sql).map { markUsed($0) }
    }

    /// Caches a statement just prepared from its text; the least recently used one goes when full.
    mutating func insertByText(_ statement: HandleStatement) -> HandleStatement {
        statement.isCachedByText = true
        if let victim = byText.insert(statement) { retire(victim) }
        return markUsed(statement)
    }

    // MARK: Operations

    /// Lists an uncached statement too, so that the end of the operation resets it.
    @discardableResult
    mutating func markUsed(_ statement: HandleStatement) -> HandleStatement {
        if !statement.isListedForReset {
            statement.isListedForReset = true
            used.append(statement)
        }
        return statement
    }

    /// Takes a statement whose step failed out of the cache: whatever state the failure left it in, the
    /// next call prepares a new one. It is finalized when the operation ends (its caller still holds it).
    mutating func evict(_ statement: HandleStatement) {
        if let id = statement.cacheID, byID[id] === statement {
            byID.removeValue(forKey: id)
            if lastID == id { lastID = -1; last = nil }
        }
        if statement.isCachedByText { byText.remove(statement) }
        statement.cacheID = nil
        statement.isCachedByText = false
        evicted.append(statement)
    }

    /// The end of an operation: resets what it used, finalizes what was evicted.
    mutating func endOperation() {
        // Usually one statement: taken off the end (removing all of a list goes through a generic
        // subrange replacement).
        while let statement = used.popLast() {
            statement.isListedForReset = false
            if !statement.isFinalized, statement.needsReset {
                sqlite3_reset(statement.stmt)
                statement.needsReset = false
            }
        }
        if !evicted.isEmpty {
            for statement in evicted { statement.finalize() }
            evicted.removeAll()
        }
    }

    /// A statement pushed out: finalized now unless the running operation still uses it.
    private mutating func retire(_ statement: HandleStatement) {
        statement.isCachedByText = false
        if statement.isListedForReset { evicted.append(statement) } else { statement.finalize() }
    }

    /// Finalizes every cached statement (closing the handle, or `finalizeCachedStatements()`).
    mutating func finalizeAll() {
        for statement in byID.values { statement.finalize() }
        byID.removeAll()
        lastID = -1
        last = nil
        byText.finalizeAll()
        for statement in evicted { statement.finalize() }
        evicted.removeAll()
        for statement in used { statement.isListedForReset = false }
        used.removeAll()
    }

    var countByID: Int { byID.count }
    var countByText: Int { byText.statements.count }
}
