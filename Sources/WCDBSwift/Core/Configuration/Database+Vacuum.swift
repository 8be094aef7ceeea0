import Foundation

extension Database {
    /// A progress report: `percentage` done so far (0...1) and `increment`, its change since the last
    /// report (always > 0); return false to stop (WCDB 2.x's `Database.ProgressUpdate`).
    public typealias ProgressUpdate = (_ percentage: Double, _ increment: Double) -> Bool

    /// Rebuilds the database file without its free pages (SQLite's `VACUUM`), with every other operation
    /// of this database blocked meanwhile, as `close(onClosed:)` does (WCDB 2.x).
    ///
    /// `progress` is called once, with (1.0, 1.0), when the rebuild is done: SQLite's `VACUUM` is one
    /// statement, so there is nothing to report or stop before. A database in memory needs no vacuum.
    /// - Throws: `WCDBError`: the busy timeout while waiting for running operations, or SQLite's error.
    public func vacuum(with progress: ProgressUpdate?) throws {
        guard !isInMemory else { return }
        try close {
            try withHandle(forWriting: true) { handle in try handle.exec("VACUUM") }
        }
        _ = progress?(1.0, 1.0)
    }

    /// Makes the file give back its free pages: at each commit (`incremental: false`, `auto_vacuum =
    /// FULL`), or when ``incrementalVacuum(pages:)`` asks (`incremental: true`, `INCREMENTAL`). A config
    /// that runs first on every connection (WCDB 2.x). SQLite changes the mode of a file that holds
    /// tables, from or to `NONE`, only at its next `VACUUM`.
    public func enableAutoVacuum(incremental: Bool) {
        let mode = incremental ? 2 : 1
        setConfig(named: Database.autoVacuumConfigName, withInvocation: { handle in
            let statement = try handle.prepare("PRAGMA auto_vacuum")
            let current = try statement.step() ? statement.row()[0].int64Value : nil
            statement.finalize()
            if current != Int64(mode) { try handle.exec("PRAGMA auto_vacuum = \(mode)") }
        }, withPriority: .highest)
    }

    /// Gives back up to `pages` free pages of a file in `auto_vacuum = INCREMENTAL` mode, all of them
    /// when `pages` is 0 (`PRAGMA incremental_vacuum`; WCDB 2.x). Does nothing in another mode.
    public func incrementalVacuum(pages: Int32) throws {
        try withHandle(forWriting: true) { handle in try handle.exec("PRAGMA incremental_vacuum(\(pages))") }
    }

    /// WCDB 2.x's name of the auto-vacuum config.
    static let autoVacuumConfigName = "com.Tencent.WCDB.Config.AutoVaccum"
}
