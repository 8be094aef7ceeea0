import Foundation
import PowerLossVFS
import Testing
import WCDBSwift

/// What the power-loss tests of this target share (the VFS is `Tests/PowerLossVFS`; CoreTests'
/// `PowerLossTests` describes it): the rounds, a seed per scenario, and a scratch directory under the VFS.
enum PowerLoss {
    /// `WCDB_POWER_LOSS_ROUNDS` sets the rounds for a long run (`scripts/power-loss.sh`).
    static func rounds(default value: Int) -> Int {
        ProcessInfo.processInfo.environment["WCDB_POWER_LOSS_ROUNDS"].flatMap { Int($0) } ?? value
    }

    /// FNV-1a of the scenario's name: each scenario's cuts are the same in every run.
    static func seed(_ name: String) -> UInt64 {
        name.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }

    /// Installs the VFS; the library opens a database first, so that SQLite's log callback is
    /// installed before SQLite initializes.
    static func install() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-power-loss-warm-up-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let warmUp = Database(withPath: directory.appendingPathComponent("warm-up.db").path)
        try warmUp.exec("CREATE TABLE t(a)")
        warmUp.close()
        #expect(plvfs_install() == 0)
    }

    /// Runs `body` with a new directory whose files the VFS tracks, holding the VFS's session (suites
    /// of several targets run at once); the directory goes afterwards.
    static func withTrackedDirectory<T>(_ body: (URL) throws -> T) throws -> T {
        // In memory where the machine has it: the VFS decides what survives, so a real fsync adds only time.
        let base = FileManager.default.isWritableFile(atPath: "/dev/shm") ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
        let directory = base.appendingPathComponent("wcdb-power-loss-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        plvfs_begin_session()
        defer { plvfs_end_session() }
        plvfs_track(directory.path)
        defer { plvfs_track(nil) }
        return try body(directory)
    }
}
