import CSQLCipher
import Foundation

/// What one connection's transactions changed, from SQLite's hooks, for the database's observations.
///
/// The update hook notes each changed table of the open transaction; the commit hook moves them to
/// `committed`; the rollback hook forgets them. The pool publishes `committed` when the operation that
/// holds the handle ends outside a transaction (`DatabaseCore.leave`): only then is the commit on disk
/// and visible to the readers that fetch the observed results. The hooks run on the thread that holds
/// the handle (the pool's pin), as every other per-call field of a handle does: no lock.
///
/// SQLite skips the update hook for WITHOUT ROWID tables and for `DELETE` without `WHERE` (its truncate
/// optimization). The second is turned off by this connection's authorizer (`SQLITE_IGNORE` for
/// `SQLITE_DELETE`, SQLite's documented way): rows are deleted one by one and reported. For the first,
/// a commit also says whether it changed rows at all (`sqlite3_total_changes`), which wakes the
/// observations of WITHOUT ROWID tables (`ReadRegion.wakesOnAnyChange`).
final class ChangeTracker {
    /// Tables changed by the open transaction (lowercased).
    @exclusivity(unchecked) private var pending: Set<String> = []
    /// Tables changed by transactions committed since the last publication (lowercased).
    @exclusivity(unchecked) private(set) var committed: Set<String> = []
    /// Whether a transaction committed since the last publication changed any row.
    @exclusivity(unchecked) private(set) var committedRows = false
    /// Whether the open transaction compiled a statement that changes the schema (the authorizer saw it).
    @exclusivity(unchecked) private var changingSchema = false
    /// Whether a transaction committed since the last publication changed the schema: a table, view,
    /// index or trigger a read reads may be another now, so every observation fetches again.
    @exclusivity(unchecked) private(set) var committedSchema = false
    /// `sqlite3_total_changes` at the last commit.
    @exclusivity(unchecked) private var totalChangesAtCommit: Int64 = 0
    /// The last table the update hook saw, as bytes and as its lowercased name: a run of changes to one
    /// table, in one transaction or in many, compares bytes and allocates nothing.
    @exclusivity(unchecked) private var lastTable: [CChar] = [0]
    @exclusivity(unchecked) private var lastTableName = ""
    /// Whether `lastTableName` is in `pending` already.
    @exclusivity(unchecked) private var lastTableIsPending = false
    /// While an observed fetch computes its region: the tables the statements compiled since read.
    @exclusivity(unchecked) var recordedReads: Set<String>?
    /// While an observed fetch runs: the SQL of the statements compiled for it (`Handle.prepareStatement`).
    @exclusivity(unchecked) var recordedSQL: [String] = []
    /// The table whose SQLITE_DROP_TABLE the authorizer saw last, when that was its last call.
    @exclusivity(unchecked) var droppingTable: String?
    /// The connection, for the commit hook (SQLite passes it only the context).
    @exclusivity(unchecked) private var connection: OpaquePointer?

    /// Installs the hooks and the authorizer on `handle`'s connection. The tracker must outlive the
    /// connection (the handle owns both, and closes the connection first).
    func install(on db: OpaquePointer) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        connection = db
        sqlite3_update_hook(db, ChangeTracker.updateHook, context)
        sqlite3_commit_hook(db, ChangeTracker.commitHook, context)
        sqlite3_rollback_hook(db, ChangeTracker.rollbackHook, context)
        installAuthorizer(on: db)
        totalChangesAtCommit = Int64(sqlite3_total_changes(db))
    }

    /// Puts this tracker's authorizer back (after a feature that installed its own).
    func installAuthorizer(on db: OpaquePointer) {
        sqlite3_set_authorizer(db, ChangeTracker.authorizer, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Whether a transaction that changed rows committed since the last `clearCommitted()`.
    var hasCommitted: Bool { committedRows || committedSchema || !committed.isEmpty }

    /// Forgets what committed (published, or nobody observes).
    func clearCommitted() {
        committed.removeAll(keepingCapacity: true)
        committedRows = false
        committedSchema = false
    }

    private func noteChange(of table: UnsafePointer<CChar>) {
        if strcmp(table, lastTable) != 0 {
            let name = String(cString: table)
            lastTable = Array(name.utf8CString)
            lastTableName = name.lowercased()
            lastTableIsPending = false
        }
        if !lastTableIsPending {
            pending.insert(lastTableName)
            lastTableIsPending = true
        }
    }

    private func noteCommit() {
        if committed.isEmpty {
            swap(&committed, &pending)  // no copy: `pending` takes the empty set and its capacity
        } else {
            committed.formUnion(pending)
        }
        pending.removeAll(keepingCapacity: true)
        lastTableIsPending = false
        if changingSchema {
            committedSchema = true
            changingSchema = false
        }
        if let connection {
            let total = Int64(sqlite3_total_changes(connection))
            if total != totalChangesAtCommit { committedRows = true }
            totalChangesAtCommit = total
        }
    }

    private func noteRollback() {
        pending.removeAll(keepingCapacity: true)
        lastTableIsPending = false
        changingSchema = false
    }

    private static func tracker(_ context: UnsafeMutableRawPointer?) -> ChangeTracker? {
        context.map { Unmanaged<ChangeTracker>.fromOpaque($0).takeUnretainedValue() }
    }

    private static let updateHook: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?,
                                                   UnsafePointer<CChar>?, sqlite3_int64) -> Void = { context, _, _, table, _ in
        guard let table else { return }
        tracker(context)?.noteChange(of: table)
    }

    // The commit hook runs before the commit is written, so nothing is published here (a reader would not
    // see it yet); returning 0 lets the commit go on.
    private static let commitHook: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { context in
        tracker(context)?.noteCommit()
        return 0
    }

    private static let rollbackHook: @convention(c) (UnsafeMutableRawPointer?) -> Void = { context in
        tracker(context)?.noteRollback()
    }

    private static let authorizer: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
                                                   UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32 = {
        context, action, first, _, _, _ in
        guard let tracker = tracker(context) else { return SQLITE_OK }
        // `DROP TABLE` authorizes SQLITE_DROP_TABLE (or its temp, virtual and view forms), then SQLITE_DELETE of
        // the same table, where SQLITE_IGNORE would skip the drop silently: that one is let through.
        let dropping = tracker.droppingTable
        tracker.droppingTable = nil
        switch action {
        case SQLITE_DROP_TABLE, SQLITE_DROP_TEMP_TABLE, SQLITE_DROP_VTABLE, SQLITE_DROP_VIEW, SQLITE_DROP_TEMP_VIEW:
            tracker.droppingTable = first.map { String(cString: $0) }
            if action != SQLITE_DROP_TEMP_TABLE && action != SQLITE_DROP_TEMP_VIEW { tracker.changingSchema = true }
            return SQLITE_OK
        case SQLITE_DELETE:
            // Turns the truncate optimization off (it deletes without the update hook); for a DELETE
            // statement's SQLITE_DELETE, SQLITE_IGNORE means exactly that, and the rows are still deleted.
            guard let first, strncmp(first, "sqlite_", 7) != 0 else { return SQLITE_OK }
            if let dropping, strcmp(first, dropping) == 0 { return SQLITE_OK }
            return SQLITE_IGNORE
        case SQLITE_CREATE_TABLE, SQLITE_CREATE_INDEX, SQLITE_CREATE_VIEW, SQLITE_CREATE_TRIGGER, SQLITE_CREATE_VTABLE,
             SQLITE_DROP_INDEX, SQLITE_DROP_VIEW, SQLITE_DROP_TRIGGER, SQLITE_ALTER_TABLE:
            // Noted at compile time: the statement normally runs next, in this transaction.
            tracker.changingSchema = true
            return SQLITE_OK
        case SQLITE_READ:
            if let first, tracker.recordedReads != nil {
                tracker.recordedReads!.insert(String(cString: first).lowercased())
            }
            return SQLITE_OK
        default:
            return SQLITE_OK
        }
    }
}
