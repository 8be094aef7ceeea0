import Foundation
import PowerLossVFS
import Testing
import WCDBSwift
import WCDBTestSupport

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

    /// What one round saw: the file operations counted, whether the work ended before the cut, how many
    /// sectors were unsynced at the cut, and what the checks after it found wrong.
    struct RoundResult {
        var operations: Int64 = 0
        var finishedBeforeCut = false
        var unsyncedSectors: Int64 = 0
        var failures: [String] = []
    }

    /// Runs `round` once without a cut (to count its operations), then `rounds` times with the cut after
    /// a random number of them, expecting no failure, and some cuts inside the work with unsynced writes.
    static func cutRounds(_ work: String, scenario: String, rounds: Int,
                          _ round: (_ dieAfter: Int64?, _ seed: UInt64) throws -> RoundResult) throws {
        var random = SeededGenerator(seed: seed(work + " " + scenario))
        let calibration = try round(nil, 0)
        #expect(calibration.finishedBeforeCut, "the run without a cut did not finish the \(work)")
        #expect(calibration.failures.isEmpty, "the run without a cut: \(calibration.failures)")
        var cutsMidWork = 0, unsyncedSectors: Int64 = 0
        for index in 0..<rounds {
            let dieAfter = Int64.random(in: 0..<calibration.operations, using: &random)
            let result = try round(dieAfter, random.next())
            if !result.finishedBeforeCut { cutsMidWork += 1 }
            unsyncedSectors += result.unsyncedSectors
            let label = "\(scenario), round \(index), cut after \(dieAfter) of \(calibration.operations) operations"
            #expect(result.failures.isEmpty, "\(label): \(result.failures)")
        }
        print("power loss, \(work): \(scenario): \(rounds) cuts, \(cutsMidWork) before the \(work) finished, \(unsyncedSectors) sectors unsynced at the cut")
        #expect(cutsMidWork > 0 || rounds < 4, "no cut fell inside the \(work)")
        #expect(unsyncedSectors > 0 || rounds < 4, "no cut found an unsynced write: the VFS did not see the \(work)")
    }
}
