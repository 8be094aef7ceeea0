import CSQLCipher

/// What happened to a database (WCDB 2.x's `Database.Operation`).
public enum DatabaseOperation: Int, Sendable {
    /// The first `Database` object of a path was made.
    case Create = 0
    /// `tag` was set.
    case SetTag = 1
    /// A connection was opened, its cipher and configs applied.
    case OpenHandle = 2
}

/// WCDB 2.x's database-operation tracer: the database, what happened, and details keyed by the
/// `Database.OperationInfoKey…` names.
public typealias DatabaseOperationTracer = @Sendable (_ database: Database, _ operation: DatabaseOperation,
                                                      _ info: [String: FundamentalValue]) -> Void

enum DatabaseOperationTrace {
    static let tracer = LockedValue<DatabaseOperationTracer?>(nil)

    static func report(_ core: DatabaseCore, _ operation: DatabaseOperation, _ info: [String: FundamentalValue] = [:]) {
        guard let tracer = tracer.withLock({ $0 }) else { return }
        tracer(Database(core: core), operation, info)
    }

    /// Called by the pool after it opened `handle` (its lock not held).
    static func openedHandle(_ handle: Handle, of core: DatabaseCore) {
        guard tracer.withLock({ $0 != nil }) else { return }
        let handleCount = core.handleCounts.total
        var info: [String: FundamentalValue] = [
            Database.OperationInfoKeyHandleCount: .integer(Int64(handleCount)),
            Database.OperationInfoKeyHandleOpenTime: .integer(Int64(handle.openNanoseconds)),
        ]
        if let db = handle.rawPointer {
            var used: Int32 = 0
            var highwater: Int32 = 0
            if sqlite3_db_status(db, SQLITE_DBSTATUS_SCHEMA_USED, &used, &highwater, 0) == SQLITE_OK {
                info[Database.OperationInfoKeySchemaUsage] = .integer(Int64(used))
            }
        }
        if let counts = try? handle.prepare("SELECT type, count(*) FROM sqlite_master GROUP BY type") {
            defer { counts.finalize() }
            var byType: [String: Int64] = [:]
            while (try? counts.step()) == true { byType[counts.columnText(atIndex: 0)] = counts.columnInteger(atIndex: 1) }
            info[Database.OperationInfoKeyTableCount] = .integer(byType["table"] ?? 0)
            info[Database.OperationInfoKeyIndexCount] = .integer(byType["index"] ?? 0)
            info[Database.OperationInfoKeyTriggerCount] = .integer(byType["trigger"] ?? 0)
        }
        report(core, .OpenHandle, info)
    }
}

extension Database {
    /// The number of connections of the database, counting the one just opened.
    public static let OperationInfoKeyHandleCount = "HandleCount"
    /// The time `sqlite3_open_v2` took, in nanoseconds.
    public static let OperationInfoKeyHandleOpenTime = "HandleOpenTime"
    /// The heap memory, in bytes, the connection's schema uses (`SQLITE_DBSTATUS_SCHEMA_USED`), read
    /// after the schema was loaded.
    public static let OperationInfoKeySchemaUsage = "SchemaUsage"
    /// WCDB 2.x's CPU time of the open. Declared so that 2.x code compiles; not reported here (the info
    /// has no value under it): use `OperationInfoKeyHandleOpenTime`, the wall time of `sqlite3_open_v2`.
    public static let OperationInfoKeyHandleOpenCPUTime = "HandleOpenCPUTime"
    /// The tables of the schema (`sqlite_master`), internal ones included.
    public static let OperationInfoKeyTableCount = "TableCount"
    /// The indexes of the schema, automatic ones included.
    public static let OperationInfoKeyIndexCount = "IndexCount"
    /// The triggers of the schema.
    public static let OperationInfoKeyTriggerCount = "TriggerCount"

    /// Sets (or with nil removes) the process-wide tracer of database operations (WCDB 2.x): creation
    /// of a path's first `Database`, `tag` changes, and each connection opened. Off by default.
    public static func globalTraceDatabaseOperation(_ tracer: DatabaseOperationTracer?) {
        DatabaseOperationTrace.tracer.withLock { $0 = tracer }
    }
}
