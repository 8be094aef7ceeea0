import Foundation
import PowerLossVFS
import Testing
import WCDBSwift
import WCDBTestSupport

private typealias Field = CompressedMessage.Properties

/// A power cut at a random moment of the compression of existing rows (zstd, its steps of up to 100
/// rows), under the power-loss VFS: the writes since each file's last sync are lost, or torn at
/// 512-byte sectors. After the cut, with compression configured again, the database passes
/// `integrity_check`, every row reads back with its original text and payload (compressed or not yet),
/// the compression runs to its end, and then every row is compressed and still reads back the same.
@Suite(.serialized) struct CompressionPowerLossTests {
    struct Scenario: CustomTestStringConvertible, Sendable {
        var keyed: Bool
        var torn: Bool
        var testDescription: String { "\(keyed ? "keyed" : "plain")\(torn ? " torn" : "")" }
    }

    static let scenarios = [false, true].flatMap { keyed in [false, true].map { Scenario(keyed: keyed, torn: $0) } }
    static let rounds = PowerLoss.rounds(default: 6)
    static let rows: Int64 = 450
    static let original = (1...rows).map { id in
        CompressedMessage(id: id, kind: id % 3,
                          text: (0..<6).map { "message \(id) says the train leaves at \(($0 * 7 + Int(id)) % 24) o'clock" }.joined(separator: "; "),
                          payload: id % 5 == 0 ? nil : Data((0..<300).map { UInt8(truncatingIfNeeded: $0 % 17 &+ Int(id)) }))
    }

    init() throws { try PowerLoss.install() }

    @Test(arguments: scenarios)
    func aPowerCutDuringCompressionChangesNoValueAndTheCompressionFinishes(_ scenario: Scenario) throws {
        try PowerLoss.cutRounds("compression", scenario: scenario.testDescription, rounds: Self.rounds) { dieAfter, seed in
            try CompressionRound(scenario: scenario, dieAfter: dieAfter, seed: seed).run()
        }
    }
}

/// One compression under the power-loss VFS: the rows (on the disk), the steps, the cut, and what is there after.
private struct CompressionRound {
    let scenario: CompressionPowerLossTests.Scenario
    let dieAfter: Int64?
    let seed: UInt64

    static let key = Data("power-loss compression".utf8)
    /// The type code of a value compressed without a dictionary ((2 << 1)).
    static let normalMarker: Int64 = 4

    func run() throws -> PowerLoss.RoundResult {
        try PowerLoss.withTrackedDirectory { directory in
            var result = PowerLoss.RoundResult()
            let path = directory.appendingPathComponent("compressed.db").path

            // The rows, written before compression is configured and checkpointed: on the disk before the cuts begin.
            let plain = Database(withPath: path)
            if scenario.keyed { plain.setCipher(key: Self.key) }
            try plain.create(table: "message", of: CompressedMessage.self)
            try plain.insert(objects: CompressionPowerLossTests.original, intoTable: "message")
            try plain.exec("PRAGMA wal_checkpoint(TRUNCATE)")
            plain.close()

            let database = open(path)
            let setUp = plvfs_operations()
            if let dieAfter { plvfs_die_after(dieAfter) }
            do {
                var steps = 0
                while !database.isCompressed() && steps < 1000 {
                    try database.stepCompression()
                    steps += 1
                }
                result.finishedBeforeCut = database.isCompressed()
            } catch {
                // the machine stopped
            }
            result.operations = plvfs_operations() - setUp
            result.unsyncedSectors = try database.close { plvfs_cut(scenario.torn ? 1 : 0, seed) }
            if result.unsyncedSectors < 0 { result.failures.append("the cut could not rewrite the files") }

            // After the power comes back: a new process opens the file as it is now.
            plvfs_track(nil)
            result.failures += afterTheCut(path)
            return result
        }
    }

    private func afterTheCut(_ path: String) -> [String] {
        var failures: [String] = []
        do {
            let database = open(path)
            defer { database.close() }
            let integrity = try database.getValue("PRAGMA integrity_check").stringValue
            if integrity != "ok" { failures.append("integrity: \(integrity)") }
            let read: [CompressedMessage] = try database.getObjects(fromTable: "message", orderBy: [Field.id.asOrder(by: .ascending)])
            if read != CompressionPowerLossTests.original {
                failures.append("after the cut \(read.count) rows of \(CompressionPowerLossTests.rows) read back, or a value changed")
            }
            var steps = 0
            while !database.isCompressed() && steps < 1000 {
                try database.stepCompression()
                steps += 1
            }
            if !database.isCompressed() { failures.append("the compression did not finish after the cut") }
            let compressed = try database.getValue(from: StatementSelect().select(Column.all.count()).from("message")
                .where(Column(named: "WCDB_CT_text") == Self.normalMarker))?.int64Value ?? -1
            if compressed != CompressionPowerLossTests.rows {
                failures.append("after the compression \(compressed) texts of \(CompressionPowerLossTests.rows) are compressed")
            }
            let final: [CompressedMessage] = try database.getObjects(fromTable: "message", orderBy: [Field.id.asOrder(by: .ascending)])
            if final != CompressionPowerLossTests.original {
                failures.append("after the compression \(final.count) rows of \(CompressionPowerLossTests.rows) read back, or a value changed")
            }
        } catch {
            failures.append("after the cut: \(error)")
        }
        return failures
    }

    private func open(_ path: String) -> Database {
        let database = Database(withPath: path)
        if scenario.keyed { database.setCipher(key: Self.key) }
        database.setCompression { info in
            if info.tableName == "message" {
                info.addZSTDNormalCompress(to: Field.text)
                info.addZSTDNormalCompress(to: Field.payload)
            }
        }
        return database
    }
}
