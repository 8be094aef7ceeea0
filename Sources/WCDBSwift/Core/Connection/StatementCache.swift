import CSQLCipher

/// A handle's prepared statements kept for reuse: one map, one key (`StatementKey`).
///
/// The entry found last is the front: a loop of calls asks for it again and finds it with a few
/// comparisons (`Handle.frontStatement`), before any key is hashed. Text keys are bounded (least
/// recently used out); the others name statements of the program's own shapes and stay. The statements
/// the running operation used are reset when it ends (so none keeps a read snapshot open), and those
/// whose step failed are evicted (the next call prepares afresh; the failed one is finalized once the
/// operation that holds it ends).
///
/// A class owned by one handle, used by the thread that holds the handle (the pool's pin): no lock, and
/// the row-by-row calls read `front` through one reference. Unchecked exclusivity, like every field a
/// handle uses per call (the runtime check costs a thread-local lookup per access).
@usableFromInline
final class StatementCache {
    @exclusivity(unchecked) private var entries: [StatementKey: CachedStatement] = [:]
    @exclusivity(unchecked) @usableFromInline private(set) var front: CachedStatement?
    /// The bounded keys, most recently used first.
    @exclusivity(unchecked) private var recentTexts: [StatementKey] = []
    private let textLimit: Int
    @exclusivity(unchecked) private var used: [HandleStatement] = []
    @exclusivity(unchecked) private var evicted: [HandleStatement] = []

    init(textLimit: Int) {
        self.textLimit = textLimit
    }

    /// The live entry of `key`, now the front and listed as used; nil when there is none.
    func entry(for key: StatementKey) -> CachedStatement? {
        guard let found = entries[key] else { return nil }
        if found.statement.isFinalized {
            remove(key)
            return nil
        }
        if key.isBounded, recentTexts.first != key, let index = recentTexts.firstIndex(of: key) {
            recentTexts.remove(at: index)
            recentTexts.insert(key, at: 0)
        }
        front = found
        markUsed(found.statement)
        return found
    }

    /// Caches an entry just prepared (replacing an evicted or finalized one), as the front; a bounded
    /// key pushes out the least recently used one when full.
    @discardableResult
    func insert(_ entry: CachedStatement) -> CachedStatement {
        let key = entry.key
        entry.statement.isCached = true
        if let replaced = entries.updateValue(entry, forKey: key), replaced.statement !== entry.statement {
            retire(replaced.statement)
        }
        if key.isBounded {
            recentTexts.removeAll { $0 == key }
            recentTexts.insert(key, at: 0)
            if recentTexts.count > textLimit, let victim = entries.removeValue(forKey: recentTexts.removeLast()) {
                if front === victim { front = nil }
                retire(victim.statement)
            }
        }
        front = entry
        markUsed(entry.statement)
        return entry
    }

    // MARK: Operations

    /// Lists an uncached statement too, so that the end of the operation resets it.
    func markUsed(_ statement: HandleStatement) {
        if !statement.isListedForReset {
            statement.isListedForReset = true
            used.append(statement)
        }
    }

    /// The SQL of the statements the running operation used.
    func usedSQL() -> [String] {
        used.compactMap { $0.isFinalized ? nil : sqlite3_sql($0.stmt).map { String(cString: $0) } }
    }

    /// Takes a statement whose step failed out of the cache: whatever state the failure left it in, the
    /// next call prepares a new one. It is finalized when the operation ends (its caller still holds it).
    func evict(_ statement: HandleStatement) {
        if let entry = entries.values.first(where: { $0.statement === statement }) { remove(entry.key) }
        statement.isCached = false
        evicted.append(statement)
    }

    private func remove(_ key: StatementKey) {
        guard let removed = entries.removeValue(forKey: key) else { return }
        if front === removed { front = nil }
        if key.isBounded { recentTexts.removeAll { $0 == key } }
    }

    /// The end of an operation: resets what it used, finalizes what was evicted.
    func endOperation() {
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

    /// Takes every statement out of the cache (the schema a rewriter rewrote them for is changing): each
    /// is finalized now, or when the running operation ends if it still uses it.
    func retireAll() {
        let all = entries.values
        entries.removeAll()
        recentTexts.removeAll()
        front = nil
        for entry in all { retire(entry.statement) }
    }

    /// A statement pushed out: finalized now unless the running operation still uses it.
    private func retire(_ statement: HandleStatement) {
        statement.isCached = false
        if statement.isListedForReset { evicted.append(statement) } else { statement.finalize() }
    }

    /// Finalizes every cached statement (closing the handle, or `finalizeCachedStatements()`).
    func finalizeAll() {
        for entry in entries.values { entry.statement.finalize() }
        entries.removeAll()
        recentTexts.removeAll()
        front = nil
        for statement in evicted { statement.finalize() }
        evicted.removeAll()
        for statement in used { statement.isListedForReset = false }
        used.removeAll()
    }

    /// How many statements are cached under keys of the program's shapes (unbounded) and of text.
    var counts: (shaped: Int, text: Int) {
        (entries.count - recentTexts.count, recentTexts.count)
    }
}
