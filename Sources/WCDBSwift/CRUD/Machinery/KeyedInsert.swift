/// The one-object insert WCDB users write in a loop, `insert(object, intoTable: t)`: every column, `INSERT`
/// (or `INSERT OR REPLACE` / `OR IGNORE`).
///
/// Its statement is kept in the handle's slot for the last row-by-row call, found by (model, table,
/// operation), so a loop of calls neither takes the binding's lock nor builds an `ObjectInserter`; the
/// first call builds one, which finds the SQL in the binding as the array inserts do. Functions, not a
/// value built per call (see `KeyedRead`).
@usableFromInline
enum KeyedInsert {
    /// The binding cache's operation of an insert with `conflict` (other actions insert plainly, as
    /// `ObjectInserter` does).
    @inlinable
    static func operation(_ conflict: ConflictAction?) -> BindingStatementKey.Operation {
        switch conflict {
        case .replace: .insertOrReplace
        case .ignore: .insertOrIgnore
        default: .insert
        }
    }

    /// Inserts `object` on `handle`; returns the rowid SQLite assigned when the object asked for
    /// auto-increment, else nil.
    @inlinable
    static func run<Object: TableEncodable>(_ object: Object, table: String, onConflict conflict: ConflictAction?,
                                            on handle: Handle) throws -> Int64? {
        let slot = try handle.keyedStatement(model: ObjectIdentifier(Object.self), table: table,
                                             operation: operation(conflict).rawValue, shape: nil, propertyIndexes: nil)
            ?? preparedSlot(Object.self, table: table, onConflict: conflict, on: handle)
        // The slot's `propertyCount` holds the auto-increment key's parameter (0: none).
        let autoIncrementParameter = Int32(truncatingIfNeeded: slot.propertyCount)
        return try slot.withStatement { statement in
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

    /// The slow half of `run`: the binding's statement (through `ObjectInserter`), prepared on `handle`,
    /// in the handle's slot.
    @usableFromInline
    static func preparedSlot<Object: TableEncodable>(_ model: Object.Type, table: String, onConflict conflict: ConflictAction?,
                                                     on handle: Handle) throws -> KeyedStatementSlot {
        let inserter = try ObjectInserter<Object>(properties: nil, table: table, onConflict: conflict)
        let slot = KeyedStatementSlot(model: ObjectIdentifier(model), table: table, operation: operation(conflict).rawValue,
                                      shape: nil, propertyIndexes: nil, statement: try handle.statementAddingColumns(for: inserter.sql),
                                      propertyCount: Int(inserter.autoIncrementParameter ?? 0), setIndexes: [])
        handle.lastKeyed = slot
        return slot
    }
}
