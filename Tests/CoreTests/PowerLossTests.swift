import Foundation
import PowerLossVFS
import Testing
import WCDBSwift
import WCDBTestSupport

/// A power cut at a random moment of a run of commits, under the power-loss VFS (`Tests/PowerLossVFS`):
/// the writes since each file's last sync are lost, or torn at 512-byte sectors. After the cut the
/// database opens, passes `integrity_check`, holds every transaction whole or not at all, and holds what
/// its `synchronous` level promises: every acknowledged commit at FULL, and at NORMAL in WAL a prefix of
/// them (the last commits since the WAL's last sync may go, never one before a later one).
///
/// The commits include an explicit checkpoint (WAL) and a VACUUM. Each scenario runs its commits once without a cut to count the file operations, then `rounds` times
/// with the power cut after a random number of them. `WCDB_POWER_LOSS_ROUNDS` sets the rounds for a long
/// run (`scripts/power-loss.sh`).
@Suite(.serialized) struct PowerLossTests {
    struct Scenario: CustomTestStringConvertible, Sendable {
        var journal: String  // "WAL" or "DELETE"
        var synchronous: String  // "NORMAL" or "FULL"
        var keyed: Bool
        var torn: Bool
        var testDescription: String {
            "\(journal) \(synchronous)\(keyed ? " keyed" : "")\(torn ? " torn" : "")"
        }
        /// WAL at NORMAL syncs the WAL only when it checkpoints: the commits since may be lost.
        var keepsEveryAcknowledgedCommit: Bool { !(journal == "WAL" && synchronous == "NORMAL") }
    }

    static let scenarios: [Scenario] = ["WAL", "DELETE"].flatMap { journal in
        ["NORMAL", "FULL"].flatMap { synchronous in
            [false, true].flatMap { keyed in
                [false, true].map { Scenario(journal: journal, synchronous: synchronous, keyed: keyed, torn: $0) }
            }
        }
    }

    static let rounds = ProcessInfo.processInfo.environment["WCDB_POWER_LOSS_ROUNDS"].flatMap { Int($0) } ?? 16
    static let transactions = 30
    static let rowsPerTransaction = 3

    init() throws {
        // The library opens first, so that SQLite's log callback is installed before SQLite initializes.
        let warmUp = ScratchDatabase("power-loss-warm-up")
        try warmUp.database.exec("CREATE TABLE t(a)")
        #expect(plvfs_install() == 0)
    }

    @Test(arguments: scenarios)
    func aPowerCutKeepsWhatTheSynchronousLevelPromises(_ scenario: Scenario) throws {
        // FNV-1a of the scenario's name: each scenario's cuts are the same in every run.
        var random = SeededGenerator(seed: scenario.testDescription.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 })
        let calibration = try Round(scenario: scenario, dieAfter: nil, seed: 0).run()
        #expect(calibration.acknowledged == Self.transactions, "the run without a cut failed")
        var cutsMidRun = 0, lostAcknowledged = 0, unsyncedSectors: Int64 = 0
        for round in 0..<Self.rounds {
            let dieAfter = Int64.random(in: 0..<calibration.operations, using: &random)
            let result = try Round(scenario: scenario, dieAfter: dieAfter, seed: random.next()).run()
            if result.acknowledged < Self.transactions { cutsMidRun += 1 }
            if result.present < result.acknowledged { lostAcknowledged += 1 }
            unsyncedSectors += result.unsyncedSectors
            let label = "\(scenario.testDescription), round \(round), cut after \(dieAfter) of \(calibration.operations) operations"
            #expect(result.integrity == "ok", "\(label): \(result.integrity)")
            #expect(result.wholeTransactions, "\(label): a transaction is there in part")
            #expect(result.present <= result.acknowledged + 1, "\(label): \(result.present) of \(result.acknowledged) acknowledged")
            if scenario.keepsEveryAcknowledgedCommit {
                #expect(result.present >= result.acknowledged, "\(label): \(result.present) of \(result.acknowledged) acknowledged")
            }
        }
        print("PowerLossTests: \(scenario.testDescription): \(Self.rounds) cuts, \(cutsMidRun) inside the commits, \(unsyncedSectors) sectors unsynced at the cut, \(lostAcknowledged) lost acknowledged commits")
        #expect(cutsMidRun > 0, "no cut fell inside the commits")
        #expect(unsyncedSectors > 0, "no cut found an unsynced write: the VFS did not see the commits")
        if !scenario.keepsEveryAcknowledgedCommit {
            // What NORMAL gives up in WAL is seen: the cut does take unsynced commits away.
            #expect(lostAcknowledged > 0, "no cut lost an unsynced commit")
        }
    }
}

/// One database under the power-loss VFS: its commits, the cut, and what is there after.
private struct Round {
    let scenario: PowerLossTests.Scenario
    let dieAfter: Int64?
    let seed: UInt64

    struct Result {
        var operations: Int64 = 0
        var acknowledged = 0
        var present = 0
        var integrity = ""
        var wholeTransactions = false
        var unsyncedSectors: Int64 = 0
    }

    static let key = Data((0..<32).map { UInt8($0 &* 7 &+ 1) })

    func run() throws -> Result {
        // In memory where the machine has it: the VFS decides what survives, so a real fsync adds only time.
        let base = FileManager.default.isWritableFile(atPath: "/dev/shm") ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
        let directory = base.appendingPathComponent("wcdb-power-loss-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        plvfs_begin_session()
        defer { plvfs_end_session() }
        plvfs_track(directory.path)
        defer { plvfs_track(nil) }
        let path = directory.appendingPathComponent("power.db").path
        var result = Result()

        let database = try open(path)
        try database.exec("CREATE TABLE message(id INTEGER PRIMARY KEY, content TEXT)")
        try database.exec("CREATE TABLE counter(id INTEGER PRIMARY KEY, value INTEGER)")
        try database.exec("INSERT INTO counter VALUES(1, 0)")
        // The schema is on the disk before the cuts begin (WAL at NORMAL syncs only when it checkpoints).
        if scenario.journal == "WAL" { try database.exec("PRAGMA wal_checkpoint(TRUNCATE)") }
        let setUp = plvfs_operations()
        if let dieAfter { plvfs_die_after(dieAfter) }
        for transaction in 1...PowerLossTests.transactions {
            do {
                try database.run(transaction: {
                    for row in 1...PowerLossTests.rowsPerTransaction {
                        let id = (transaction - 1) * PowerLossTests.rowsPerTransaction + row
                        try database.exec("INSERT INTO message VALUES(\(id), '\(Self.content(id))')")
                    }
                    try database.exec("UPDATE counter SET value = \(transaction)")
                })
                result.acknowledged = transaction
                // An explicit checkpoint halfway and a VACUUM later, so that cuts also fall inside them.
                if scenario.journal == "WAL" && transaction == PowerLossTests.transactions / 2 {
                    try database.exec("PRAGMA wal_checkpoint(TRUNCATE)")
                }
                if transaction == PowerLossTests.transactions * 2 / 3 {
                    try database.exec("VACUUM")
                }
            } catch {
                break  // the machine stopped
            }
        }
        result.operations = plvfs_operations() - setUp
        result.unsyncedSectors = try database.close { plvfs_cut(scenario.torn ? 1 : 0, seed) }
        #expect(result.unsyncedSectors >= 0, "the cut could not rewrite the files")

        // After the power comes back: a new process would open the file as it is now.
        plvfs_track(nil)
        let reopened = try open(path)
        defer { reopened.close() }
        do {
            result.integrity = try reopened.getValue("PRAGMA integrity_check").stringValue
            let counter = try reopened.getValue("SELECT value FROM counter").int64Value
            let rows = try reopened.getRows("SELECT id, content FROM message ORDER BY id")
            result.present = Int(counter)
            let expected = (0..<Int(counter) * PowerLossTests.rowsPerTransaction).map { $0 + 1 }
            result.wholeTransactions = rows.map { Int($0[0].int64Value) } == expected
                && rows.allSatisfy { $0[1].stringValue == Self.content(Int($0[0].int64Value)) }
        } catch {
            result.integrity = "the database does not read: \(error)"
        }
        return result
    }

    private func open(_ path: String) throws -> Database {
        let database = Database(withPath: path)
        if scenario.keyed { try database.setCipher(rawKey: Self.key) }
        let journal = scenario.journal, synchronous = scenario.synchronous
        database.setConfig(named: Database.basicConfigName, with: { handle in
            try handle.exec("PRAGMA locking_mode = NORMAL")
            try handle.exec("PRAGMA synchronous = \(synchronous)")
            try handle.exec("PRAGMA journal_mode = \(journal)")
        }, orderBy: Database.basicConfigOrder)
        return database
    }

    /// Enough text per row that a transaction spans sectors and, now and then, pages.
    static func content(_ id: Int) -> String { String(repeating: "message \(id) ", count: 20) }
}
