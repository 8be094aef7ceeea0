import Foundation
import PowerLossVFS
import Testing
import WCDBSwift
import WCDBTestSupport

private typealias Item = MigrationItem.Properties

/// A power cut at a random moment of a data migration (its steps, the WAL checkpoints between them, the
/// clean-up that empties and drops a source in the target's file), under the power-loss VFS: the writes since each file's last sync are
/// lost, or torn at 512-byte sectors. After the cut, with the migration configured again, both files
/// pass `integrity_check`, the target reads every original row exactly once (moved or not), the
/// migration runs to its end and cleans up, and the target then stores exactly the original rows.
@Suite(.serialized) struct MigrationPowerLossTests {
    struct Scenario: CustomTestStringConvertible, Sendable {
        var crossFile: Bool  // the source in another file (attached), else in the target's file
        var torn: Bool
        var testDescription: String { "\(crossFile ? "source in another file" : "source in the same file")\(torn ? " torn" : "")" }
    }

    static let scenarios = [false, true].flatMap { crossFile in [false, true].map { Scenario(crossFile: crossFile, torn: $0) } }
    static let rounds = PowerLoss.rounds(default: 6)
    static let rows: Int64 = 1500
    static let original = (1...rows).map { MigrationItem(id: $0, content: "row \($0) " + String(repeating: "m", count: 60)) }

    init() throws { try PowerLoss.install() }

    @Test(arguments: scenarios)
    func aPowerCutDuringMigrationLosesNoRowAndTheMigrationFinishes(_ scenario: Scenario) throws {
        try PowerLoss.cutRounds("migration", scenario: scenario.testDescription, rounds: Self.rounds) { dieAfter, seed in
            try MigrationRound(scenario: scenario, dieAfter: dieAfter, seed: seed).run()
        }
    }
}

/// One migration under the power-loss VFS: the fixture (on the disk), the steps, the cut, and what is there after.
private struct MigrationRound {
    let scenario: MigrationPowerLossTests.Scenario
    let dieAfter: Int64?
    let seed: UInt64

    static let targetKey = Data("power-loss target".utf8)
    static let sourceKey = Data("power-loss source".utf8)

    func run() throws -> PowerLoss.RoundResult {
        try PowerLoss.withTrackedDirectory { directory in
            var result = PowerLoss.RoundResult()
            let targetPath = directory.appendingPathComponent("target.db").path
            let sourcePath = scenario.crossFile ? directory.appendingPathComponent("source.db").path : nil

            // The fixture, checkpointed: on the disk before the cuts begin.
            let source = Database(withPath: sourcePath ?? targetPath)
            source.setCipher(key: sourcePath == nil ? Self.targetKey : Self.sourceKey)
            try source.create(table: "old", of: MigrationItem.self)
            try source.insert(objects: MigrationPowerLossTests.original, intoTable: "old")
            try source.exec("PRAGMA wal_checkpoint(TRUNCATE)")
            source.close()
            let target = open(targetPath, sourcePath)
            try target.create(table: "new", of: MigrationItem.self)
            try target.exec("PRAGMA wal_checkpoint(TRUNCATE)")

            let setUp = plvfs_operations()
            if let dieAfter { plvfs_die_after(dieAfter) }
            do {
                var steps = 0
                while !Self.isDone(target) && steps < 10_000 {
                    try target.stepMigration()
                    steps += 1
                }
                result.finishedBeforeCut = Self.isDone(target)
            } catch {
                // the machine stopped
            }
            result.operations = plvfs_operations() - setUp
            result.unsyncedSectors = try target.close { plvfs_cut(scenario.torn ? 1 : 0, seed) }
            if result.unsyncedSectors < 0 { result.failures.append("the cut could not rewrite the files") }

            // After the power comes back: a new process opens the files as they are now.
            plvfs_track(nil)
            result.failures += afterTheCut(targetPath, sourcePath)
            return result
        }
    }

    private func afterTheCut(_ targetPath: String, _ sourcePath: String?) -> [String] {
        var failures: [String] = []
        do {
            if let sourcePath, FileManager.default.fileExists(atPath: sourcePath) {
                let source = Database(withPath: sourcePath)
                source.setCipher(key: Self.sourceKey)
                defer { source.close() }
                let integrity = try source.getValue("PRAGMA integrity_check").stringValue
                if integrity != "ok" { failures.append("source integrity: \(integrity)") }
            }
            let target = open(targetPath, sourcePath)
            defer { target.close() }
            let integrity = try target.getValue("PRAGMA main.integrity_check").stringValue
            if integrity != "ok" { failures.append("target integrity: \(integrity)") }
            let read: [MigrationItem] = try target.getObjects(fromTable: "new", orderBy: [Item.id.asOrder(by: .ascending)])
            if read != MigrationPowerLossTests.original {
                failures.append("read through the target: \(read.count) rows (\(Set(read.map(\.id)).count) ids) of \(MigrationPowerLossTests.rows), or changed")
            }
            var steps = 0
            while !Self.isDone(target) && steps < 10_000 {
                try target.stepMigration()
                steps += 1
            }
            if !Self.isDone(target) { failures.append("the migration did not finish (and clean up) after the cut") }
            // The source's table is gone from the target's file: renamed to a leftover, emptied, dropped.
            let left = try target.getRows("SELECT name FROM main.sqlite_master WHERE type = 'table' AND name IN ('old') "
                                          + "OR name LIKE 'wcdb_migration_leftover%'").map(\.[0].stringValue)
            if !left.isEmpty { failures.append("after the clean-up the target's file still holds \(left)") }
            // Raw SQL is not rewritten: what the target's own table stores.
            let stored = try target.getRows("SELECT id, content FROM main.new ORDER BY id")
                .map { MigrationItem(id: $0[0].int64Value, content: $0[1].stringValue) }
            if stored != MigrationPowerLossTests.original {
                failures.append("after the migration the target stores \(stored.count) rows of \(MigrationPowerLossTests.rows), or changed")
            }
        } catch {
            failures.append("after the cut: \(error)")
        }
        return failures
    }

    /// Migrated, and a source in the target's file freed (the clean-up's steps, cut too).
    private static func isDone(_ target: Database) -> Bool {
        target.isMigrated() && target.isMigrationCleanedUp()
    }

    private func open(_ targetPath: String, _ sourcePath: String?) -> Database {
        let database = Database(withPath: targetPath)
        database.setCipher(key: Self.targetKey)
        database.addMigration(sourcePath: sourcePath, sourceCipher: sourcePath == nil ? nil : Self.sourceKey) { info in
            if info.table == "new" { info.sourceTable = "old" }
        }
        return database
    }
}
