import CSQLCipher

/// Keeps the rows a migration prelude moves (INSERTs into the target, see `SQLRendering.prelude`) out of
/// `Handle.lastInsertedRowID`, as on one table, where only the caller's own inserts count.
///
/// Set after a statement whose prelude moved rows but which inserted none itself: SQLite's last rowid is
/// then the last moved row's, and the handle reports `reported` (what it reported before the prelude)
/// while SQLite's value is still `moved`. It ends at the next insert of the caller's that inserts a row:
/// SQLite may give that row the very rowid `moved` (the moved row was deleted since), and it is then the
/// caller's row.
@usableFromInline
struct MovedRowIDMask {
    let moved: Int64
    let reported: Int64

    /// Whether `sql` is an INSERT or a REPLACE (its first keyword; a `WITH` prefix is not looked into:
    /// trees say what they are, see `SQLRendering.isInsert`).
    static func isInsert(_ sql: String) -> Bool {
        let keyword = sql.drop { $0.isWhitespace }.prefix(7).uppercased()
        return keyword.hasPrefix("INSERT") || keyword == "REPLACE"
    }
}

extension Handle {
    /// After an insert of the caller's ran to its end: a row inserted ends the mask.
    @inlinable
    func insertDidFinish() {
        guard lastInsertedRowIDMask != nil, let db = rawPointer, sqlite3_changes(db) > 0 else { return }
        lastInsertedRowIDMask = nil
    }
}
