import Foundation

// Names of WCDB Swift 1.x and 2.x that code written for them calls on `Database` and `Handle`; each does
// what its original does, through this library's own API (the better spelling, where it differs, is
// named in the deprecation).

extension Database {
    /// WCDB 2.x's nested name of ``ConfigPriority``.
    public typealias ConfigPriority = WCDBSwift.ConfigPriority
    /// WCDB 2.x's nested name of ``PerformanceInfo``.
    public typealias PerformanceInfo = WCDBSwift.PerformanceInfo
    /// WCDB 2.x's nested name of ``DatabaseOperation``.
    public typealias Operation = DatabaseOperation
    /// WCDB 2.x's nested name of ``Config``.
    public typealias Config = WCDBSwift.Config

    /// The name of the config `setLiteMode(enable:)` sets.
    static let liteModeConfigName = "com.Tencent.WCDB.Config.LiteMode"

    /// WCDB 2.x's lite mode (off by default): on every connection, `journal_mode` and `synchronous` are
    /// `OFF`, which saves most of the I/O and makes a crash likelier to corrupt the file; a transaction
    /// cannot be rolled back then (SQLite keeps no journal). `enable: false` returns the connections to
    /// the basic config's WAL and `synchronous = NORMAL`.
    public func setLiteMode(enable: Bool) {
        guard enable else {
            removeConfig(named: Database.liteModeConfigName)
            return
        }
        setConfig(named: Database.liteModeConfigName, withInvocation: { handle in
            try handle.exec("PRAGMA journal_mode = OFF")
            try handle.exec("PRAGMA synchronous = OFF")
        }, withUninvocation: { handle in
            try handle.exec("PRAGMA journal_mode = WAL")
            try handle.exec("PRAGMA synchronous = NORMAL")
        }, withPriority: .low)
    }

    /// WCDB Swift 1.x's `moveFiles(toDirectory:withExtraFiles:)`: moves the database's files and
    /// `extraFiles` (paths of files of the app's own) into `directory`.
    @available(*, deprecated, message: "move the extra files yourself after moveFiles(toDirectory:)")
    public func moveFiles(toDirectory directory: String, withExtraFiles extraFiles: [String]) throws {
        try moveFiles(toDirectory: directory, including: extraFiles.map { Database.normalize($0) })
    }

    /// WCDB Swift 1.x's spelling of `globalTraceError(_:)`.
    @available(*, deprecated, renamed: "globalTraceError(_:)")
    public static func globalTrace(ofError tracer: ErrorTracer?) { globalTraceError(tracer) }

    /// WCDB Swift 1.x's spelling of `globalTraceSQL(_:)`.
    @available(*, deprecated, renamed: "globalTraceSQL(_:)")
    public static func globalTrace(ofSQL tracer: SQLTracer?) { globalTraceSQL(tracer) }

    /// WCDB Swift 1.x's spelling of `globalTracePerformance(_:)`.
    @available(*, deprecated, renamed: "globalTracePerformance(_:)")
    public static func globalTrace(ofPerformance tracer: PerformanceTracer?) { globalTracePerformance(tracer) }
}

extension Handle {
    /// WCDB Swift 1.x's spelling of ``isReadOnly``.
    @available(*, deprecated, renamed: "isReadOnly")
    public var isReadonly: Bool { isReadOnly }

    /// Finalizes the statements this connection keeps prepared (WCDB 2.x's name of
    /// `finalizeCachedStatements()`); a `HandleStatement` the caller prepared stays the caller's.
    @available(*, deprecated, renamed: "finalizeCachedStatements()")
    public func finalizeAllStatement() { finalizeCachedStatements() }
}

extension Handle {
    /// The database this connection belongs to (WCDB 2.x): a `Database` sharing its core (tag, configs,
    /// pool), or one of this connection's path when the connection is standalone (`Handle(path:)`).
    public func getDatabase() -> Database {
        if let core { return Database(core: core) }
        return Database(withPath: path)
    }
}

extension Handle {
    /// Whether the handle's own statement (`prepare(_:)` on the handle, WCDB 2.x) is prepared and not yet
    /// finalized.
    public var isPrepared: Bool { mainStatement != nil }

    /// Clears the values bound to the handle's own statement (WCDB 2.x), which `prepare(_:)` made.
    public func clearBindings() { mainStatement?.clearBindings() }
}
