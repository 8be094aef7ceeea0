import CSQLCipher
import Foundation

/// A config: runs on every handle when it opens (and on open handles when configs change).
public typealias Config = @Sendable (_ handle: Handle) throws -> Void
/// The order configs run in: smaller first. The built-in "basic" config runs at 0; the cipher before all.
public typealias ConfigOrder = Int

extension Database {
    /// The name of the built-in config setting journal_mode WAL, synchronous NORMAL, locking_mode NORMAL.
    public static let basicConfigName = "com.Tencent.WCDB.Config.Basic"
    /// The order of the built-in basic config (0): configs of a smaller order run before it, larger
    /// after it.
    public static let basicConfigOrder: ConfigOrder = 0

    /// PRAGMA locking_mode NORMAL, synchronous NORMAL, journal_mode WAL (WCDB Swift 1.x's `fullfsync` is a
    /// macOS-only pragma and means nothing on Linux). The busy timeout is set before any config.
    static let basicConfig: Config = { handle in
        try handle.exec("PRAGMA locking_mode = NORMAL")
        try handle.exec("PRAGMA synchronous = NORMAL")
        // A read-only handle can't change the journal mode (the file keeps the one it has).
        if !handle.isReadOnly, try handle.scalar("PRAGMA journal_mode").stringValue.lowercased() != "wal" {
            try handle.exec("PRAGMA journal_mode = WAL")
        }
    }

    /// The name of the built-in config that runs WAL checkpoints on a background thread instead of inside
    /// the commit that fills the WAL (SQLite's auto-checkpoint). Remove it
    /// (`removeConfig(named: Database.autoCheckpointConfigName)`) to have commits checkpoint inline again.
    public static let autoCheckpointConfigName = "com.Tencent.WCDB.Config.AutoCheckpoint"

    /// Runs right after the basic config, so that a config of the app's that sets `PRAGMA
    /// wal_autocheckpoint` (order 1 or more) takes the connection back to SQLite's own auto-checkpoint.
    static func autoCheckpointConfig() -> ConfigEntry {
        let invocations = ConfigInvocations()
        return ConfigEntry(name: autoCheckpointConfigName, order: basicConfigOrder + 1, callback: { handle in
            BackgroundCheckpoint.install(on: handle)
            invocations.recordInvocation(on: handle)
        }, uninvocation: { BackgroundCheckpoint.uninstall(from: $0) }, invocations: invocations)
    }

    /// Sets the config `name` (replacing one of the same name), or removes it when `callback` is nil.
    /// Configs run in `order` on every handle opened from now on, and again on open handles at their
    /// next use.
    public func setConfig(named name: String, with callback: Config?, orderBy order: ConfigOrder = 100) {
        if let callback {
            core.setConfig(ConfigEntry(name: name, order: order, callback: callback))
        } else {
            core.removeConfig(named: name)
        }
    }

    /// Removes the config `name`. Connections that already ran it keep its effect, unless it was set with
    /// an uninvocation (`setConfig(named:withInvocation:withUninvocation:withPriority:)`), which then runs
    /// on each of them at its next use.
    public func removeConfig(named name: String) {
        core.removeConfig(named: name)
    }
}
