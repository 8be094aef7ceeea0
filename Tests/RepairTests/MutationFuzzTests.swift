import Foundation
import Testing
import WCDBSwift
import WCDBTestSupport

/// Damages encrypted databases at random, as an attacker or a failing disk would, and recovers each:
/// no wrong row ever comes back from an authenticated (SQLCipher) file, the damaged input is never
/// changed, nothing is written beside it, and no input takes much longer than an undamaged one.
///
/// `swift test` runs a few dozen inputs; `REPAIR_FUZZ_RUNS=10000 swift test --filter MutationFuzzTests`
/// is the long run the repair documentation quotes (it prints its totals).
@Suite struct MutationFuzzTests {
    static let runs = Int(ProcessInfo.processInfo.environment["REPAIR_FUZZ_RUNS"] ?? "") ?? 40

    enum Mutation: CaseIterable {
        case flipBytes, zeroPage, randomPage, copyPage, truncate, walCommitSize, walPageNumber, walFlip
    }

    struct Totals: CustomStringConvertible {
        var inputs = 0, exact = 0, wrong = 0, failures = 0, slowest = 0.0, baseline = 0.0
        var description: String {
            "inputs \(inputs), exact rows \(exact), wrong rows \(wrong), recover errors \(failures), "
                + String(format: "slowest %.3f s (undamaged %.3f s)", slowest, baseline)
        }
    }

    @Test("Random damage to encrypted files gives no wrong row, changes no input, writes nothing beside it")
    func randomDamageOfEncryptedFiles() throws {
        let key = Data("fuzz-key".utf8)
        var random = SeededGenerator(seed: UInt64(ProcessInfo.processInfo.environment["REPAIR_FUZZ_SEED"] ?? "") ?? 26)
        var totals = Totals()
        let pristineRollback = try RepairFixture(name: "fuzz-rollback", key: key, messages: 120)
        let pristineWAL = try RepairFixture(name: "fuzz-wal", key: key, messages: 120, leaveInWAL: true)
        try pristineRollback.backup()
        totals.baseline = try timed { _ = try pristineRollback.recover() }
        for run in 0..<Self.runs {
            let pristine = run % 2 == 0 ? pristineRollback : pristineWAL
            // A rollback-journal file has no WAL to damage.
            let mutations = run % 2 == 0 ? Mutation.allCases.filter { ![.walCommitSize, .walPageNumber, .walFlip].contains($0) } : Mutation.allCases
            let mutation = mutations.randomElement(using: &random)!
            let damaged = try copy(pristine, to: "run-\(run)")
            try apply(mutation, to: damaged, using: &random)
            let before = try snapshot(damaged.directory)
            totals.inputs += 1
            let output = damaged.directory + "/../out-\(UUID().uuidString).db"
            let elapsed = try timed {
                let database = Database(withPath: output)
                defer { database.close() }
                do {
                    try database.recover(fromPath: damaged.path, databaseKey: key, backupKey: key)
                    // A WAL reader stops at a broken frame: rows as of the commit before are right too.
                    let result = try pristine.compare(database, acceptingPreviousCommit: pristine.walPath == pristineWAL.walPath)
                    totals.exact += result.exact
                    totals.wrong += result.wrong
                    #expect(result.wrong == 0, "run \(run), \(mutation): \(result.wrong) wrong rows")
                } catch is WCDBError {
                    totals.failures += 1
                }
            }
            totals.slowest = max(totals.slowest, elapsed)
            #expect(try snapshot(damaged.directory) == before, "run \(run), \(mutation): the input's folder changed")
            for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: output + suffix) }
            try? FileManager.default.removeItem(atPath: damaged.directory)
        }
        // An input may take longer than an undamaged file (it reads every page to find orphans), but
        // not by much: 2x plus a fixed allowance for a busy machine.
        #expect(totals.slowest <= 2 * totals.baseline + 1.0, "\(totals)")
        print("MutationFuzzTests: \(totals)")
    }

    private func timed(_ body: () throws -> Void) throws -> Double {
        let start = Date()
        try body()
        return Date().timeIntervalSince(start)
    }

    /// Every file of the folder with its bytes (the folder holds the input, its WAL and its material).
    private func snapshot(_ folder: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            result[name] = try HostileFiles.contents(folder + "/" + name)
        }
        return result
    }

    /// A copy of the fixture's folder (database, WAL, material) to damage.
    private func copy(_ fixture: RepairFixture, to name: String) throws -> RepairFixture {
        var copy = fixture
        let directory = fixture.directory + "-" + name
        try FileManager.default.copyItem(atPath: fixture.directory, toPath: directory)
        copy.relocate(to: directory)
        return copy
    }

    private func apply(_ mutation: Mutation, to fixture: RepairFixture, using random: inout SeededGenerator) throws {
        let pages = fixture.pageCount  // of the database file itself (a WAL fixture keeps most pages in its WAL)
        let pageSize = fixture.pageSize
        guard pages >= 1 else { return }
        switch mutation {
        case .flipBytes:
            for _ in 0..<Int.random(in: 1...24, using: &random) {
                let offset = Int.random(in: 0..<(pages * pageSize), using: &random)
                try HostileFiles.overwrite(fixture.path, at: offset, with: [UInt8.random(in: 0...255, using: &random)])
            }
        case .zeroPage:
            try fixture.zero(pages: [Int.random(in: 1...pages, using: &random)])
        case .randomPage:
            let page = Int.random(in: 1...pages, using: &random)
            try HostileFiles.overwrite(fixture.path, at: (page - 1) * pageSize,
                                       with: (0..<pageSize).map { _ in UInt8.random(in: 0...255, using: &random) })
        case .copyPage:
            let from = Int.random(in: 1...pages, using: &random), to = Int.random(in: 1...pages, using: &random)
            let bytes = Array(try HostileFiles.contents(fixture.path)[(from - 1) * pageSize..<from * pageSize])
            try HostileFiles.overwrite(fixture.path, at: (to - 1) * pageSize, with: bytes)
        case .truncate:
            #expect(Foundation.truncate(fixture.path, off_t(Int.random(in: 1...pages, using: &random) * pageSize)) == 0)
        case .walCommitSize:
            let claim = UInt32.random(in: 0...UInt32.max, using: &random)
            try HostileFiles.rewriteWAL(fixture.walPath) { _, header in
                if header[4..<8] != [0, 0, 0, 0] { header.replaceSubrange(4..<8, with: HostileFiles.big32(claim)) }
            }
        case .walPageNumber:
            let target = Int.random(in: 0..<64, using: &random)
            let page = UInt32.random(in: 1...UInt32(pages + 2), using: &random)
            try HostileFiles.rewriteWAL(fixture.walPath) { frame, header in
                if frame == target { header.replaceSubrange(0..<4, with: HostileFiles.big32(page)) }
            }
        case .walFlip:
            let size = (try? FileManager.default.attributesOfItem(atPath: fixture.walPath)[.size] as? Int) ?? 0
            guard size > 32 else { return }
            let offset = Int.random(in: 32..<size, using: &random)
            try HostileFiles.overwrite(fixture.walPath, at: offset, with: [UInt8.random(in: 0...255, using: &random)])
        }
    }
}
