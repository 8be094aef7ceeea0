/// The one-object insert WCDB users write in a loop, `insert(object, intoTable: t)`: every column, `INSERT`
/// (or `INSERT OR REPLACE` / `OR IGNORE`).
///
/// Its statement is the handle's cache's front entry when the last call was the same (model, table,
/// operation), so a loop of calls neither hashes a key nor builds an `ObjectInserter`; otherwise one is
/// built and finds (or prepares) the statement as the array inserts do. Functions, not a value built
/// per call (see `KeyedRead`).
@usableFromInline
enum KeyedInsert {
    /// Inserts `object` on `handle`; returns the rowid SQLite assigned when the object asked for
    /// auto-increment, else nil.
    @inlinable
    static func run<Object: TableEncodable>(_ object: Object, table: String, onConflict conflict: ConflictAction?,
                                            on handle: Handle) throws -> Int64? {
        let entry = try handle.frontStatement(model: ObjectIdentifier(Object.self), table: table,
                                              operation: ObjectInserter<Object>.operation(conflict), condition: nil, properties: nil)
            ?? ObjectInserter<Object>(properties: nil, table: table, onConflict: conflict).statement(on: handle)
        // The entry's `propertyCount` holds the auto-increment key's parameter (0: none).
        let autoIncrementParameter = Int32(truncatingIfNeeded: entry.propertyCount)
        return try entry.withStatement { statement in
            defer { statement.reset() }
            Object.bindAll(object, to: statement)
            var assignsRowID = false
            if autoIncrementParameter > 0, Object.insertsWithNewRowID(object) {
                statement.bindNull(toIndex: autoIncrementParameter)
                assignsRowID = true
            }
            _ = try statement.step()
            return assignsRowID ? handle.lastInsertedRowID : nil
        }
    }
}
