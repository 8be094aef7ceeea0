import CSQLCipher

/// SQLite's own error log (`SQLITE_CONFIG_LOG`): the engine's notices and warnings (an automatic index,
/// a recovered WAL, a schema change) and each error as SQLite first sees it, before this library turns it
/// into a `WCDBError`.
///
/// SQLite accepts the log callback only before it initializes, so it is installed once, just before the
/// first connection opens, and forwards nothing until `Database.setSQLiteLogTrace(enable: true)`:
/// off, an entry costs one lock to read the switch, and SQLite logs only on errors and notices.
enum SQLiteLog {
    struct State {
        var enabled = false
        /// Whether SQLite took the callback (false when something initialized SQLite before us).
        var installed = false
        /// While the engine is probed for its features (`Engine`): the probes' expected failures are
        /// not the app's errors.
        var muted = false
    }

    static let state = LockedValue(State())

    private static let install: Void = {
        let rc = wcdb_sqlite3_config_log(sqliteLogCallback, nil)
        state.withLock { $0.installed = rc == SQLITE_OK }
    }()

    static func installBeforeFirstOpen() { _ = install }

    static func forward(code: Int32, message: String) {
        guard state.withLock({ $0.enabled && !$0.muted }), let tracer = globalTraceState.withLock({ $0.error }) else { return }
        tracer(WCDBError(level: .sqliteLog, code: code & 0xFF, extendedCode: code, message: message, operation: "sqlite log"))
    }
}

private let sqliteLogCallback: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?) -> Void = { _, code, message in
    SQLiteLog.forward(code: code, message: message.map { String(cString: $0) } ?? "")
}

extension Database {
    /// With `enable`, the global error tracer (`globalTraceError`) also receives SQLite's own log, as
    /// errors of level `.sqliteLog` (SQLite's code, and its message such as "no such table: t" or
    /// "automatic index on …"). Off by default. Returns false when the log is not available: SQLite was
    /// initialized by other code in the process before the first database of this library opened.
    @discardableResult
    public static func setSQLiteLogTrace(enable: Bool) -> Bool {
        SQLiteLog.installBeforeFirstOpen()
        return SQLiteLog.state.withLock { state in
            state.enabled = enable
            return state.installed
        }
    }
}
