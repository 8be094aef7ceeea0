import Foundation
import Synchronization
import Testing
@testable import WCDBRepair
import WCDBSwift
import WCDBTestSupport

/// Power cuts while backup material and SQLCipher 4 copies take their names (`DurablePlacement`). The
/// files are copied at the moment of the cut, before one of the placement's steps, and put back once the
/// call returned, less what a disk would not have kept: the unsynced data of the file being placed torn at 512-byte sectors, a name not
/// yet synced into its folder undone. Afterwards a material is the old generation or the new one (never
/// a torn mix) and a retrieve that needs it still recovers every row; a copy is absent or complete.
@Suite struct PowerCutPlacementTests {
    typealias Step = DurablePlacement.Step

    /// A cut before `step`; before `.syncFolder`, whether the name given is lost with the power.
    struct Cut: CustomTestStringConvertible, Sendable {
        let step: Step
        var nameLost = false
        var testDescription: String { "before \(step.rawValue)" + (nameLost ? ", the new name lost" : "") }
    }

    static let cuts: [Cut] = Step.allCases.map { Cut(step: $0) } + [Cut(step: .syncFolder, nameLost: true)]

    /// Runs `body` with the power cut in `folder` before `step`, then puts back the files `kept` selects
    /// as they were at the cut (a file made since is removed, one removed since comes back).
    static func cuttingPower(in folder: String, before step: Step, keeping kept: @escaping @Sendable (String) -> Bool,
                             _ body: () throws -> Void) throws {
        let snapshot = Mutex<[String: [UInt8]]?>(nil)
        let files = { @Sendable () -> [String] in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter(kept)
        }
        DurablePlacement.powerCuts.withLock {
            $0.append(DurablePlacement.PowerCut(folder: folder, step: step) {
                let taken = Dictionary(uniqueKeysWithValues: files().compactMap { name in contents(folder + "/" + name).map { (name, $0) } })
                snapshot.withLock { $0 = taken }
            })
        }
        defer { DurablePlacement.powerCuts.withLock { cuts in cuts.removeAll { $0.folder == folder } } }
        try body()
        let taken = try #require(snapshot.withLock { $0 }, "the placement never reached \(step)")
        for name in files() where taken[name] == nil { try FileManager.default.removeItem(atPath: folder + "/" + name) }
        for (name, bytes) in taken { try put(bytes, at: folder + "/" + name) }
    }

    /// What the disk may hold of a file whose data was never synced: some 512-byte sectors of it, the
    /// others zero, cut at a sector boundary.
    static func torn(_ bytes: [UInt8], seed: UInt64) -> [UInt8] {
        var random = SeededGenerator(seed: seed)
        let sectors = (bytes.count + 511) / 512
        let kept = Int.random(in: 0...sectors, using: &random)
        var result = [UInt8](repeating: 0, count: min(bytes.count, kept * 512))
        for sector in 0..<kept where Bool.random(using: &random) {
            let range = sector * 512..<min(bytes.count, sector * 512 + 512)
            result.replaceSubrange(range, with: bytes[range])
        }
        return result
    }

    static func contents(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { Array($0) }
    }

    static func put(_ bytes: [UInt8]?, at path: String) throws {
        if let bytes {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        } else if FileManager.default.fileExists(atPath: path) {
            try FileManager.default.removeItem(atPath: path)
        }
    }

    // MARK: Backup material

    @Test(arguments: cuts, [false, true])
    func materialWrite(_ cut: Cut, keyed: Bool) throws {
        let key = keyed ? Data("power cut".utf8) : nil
        let fixture = try RepairFixture(name: "cut-material", key: key, messages: 120)
        try fixture.backup()
        try fixture.backup()
        let generations = BackupMaterial.paths(forDatabase: fixture.path)
        let before = generations.map { Self.contents($0) }
        let newestBefore = try BackupMaterial.readNewest(forDatabase: fixture.path, key: key).createdAt
        // The write goes over the older generation, through `<generation>.tmp`.
        let ages = generations.map { (try? BackupMaterial.read(from: $0, key: key))?.createdAt ?? -1 }
        let target = ages[0] <= ages[1] ? 0 : 1
        let temporary = generations[target] + ".tmp"

        try Self.cuttingPower(in: fixture.directory, before: cut.step, keeping: { $0.contains(".material") }) {
            try fixture.backup()
        }
        switch cut.step {
        case .syncData:
            try Self.put(Self.contents(temporary).map { Self.torn($0, seed: UInt64(keyed ? 7 : 3)) }, at: temporary)
        case .syncFolder where cut.nameLost:
            let placed = Self.contents(generations[target])
            try Self.put(before[target], at: generations[target])
            try Self.put(placed, at: temporary)
        default:
            break
        }

        // Each generation is the old one or a sound new one; the newest is at least as new as before.
        for (index, path) in generations.enumerated() where Self.contents(path) != before[index] {
            #expect(throws: Never.self, "\(path) is neither the old generation nor a sound new one") {
                _ = try BackupMaterial.read(from: path, key: key)
            }
        }
        let newest = try BackupMaterial.readNewest(forDatabase: fixture.path, key: key)
        #expect(newest.createdAt >= newestBefore)
        // A retrieve that needs the material (page 1 zeroed: the schema, and a keyed file's salt) recovers.
        try fixture.zero(pages: [1])
        let recovered = try fixture.recover()
        defer { recovered.database.close() }
        #expect(recovered.exact == fixture.totalRows)
        #expect(recovered.wrong == 0)
    }

    // MARK: SQLCipher 4 copies

    @Test(arguments: cuts)
    func sqlcipher4ExportAndImport(_ cut: Cut) throws {
        let directory = NSTemporaryDirectory() + "wcdb-cut-copy-\(UUID().uuidString)"
        let out = directory + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let key = Data("power cut".utf8)
        let database = Database(withPath: directory + "/ours.db")
        database.setCipher(key: key)
        defer { database.close() }
        try database.exec("CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT)")
        try database.run(transaction: {
            for i in 1...500 { try database.exec("INSERT INTO t VALUES(\(i), '\(String(repeating: "v", count: 100))')") }
        })
        // Whether the copy's name is on the disk after the cut: only once it was given and not lost.
        let named = [.syncFolder, .done].contains(cut.step) && !cut.nameLost

        let exported = out + "/v4.db"
        try Self.cuttingPower(in: out, before: cut.step, keeping: { _ in true }) {
            try database.exportSQLCipher4(to: exported, kdfIterations: 1000)
        }
        if cut.nameLost { try Self.put(nil, at: exported) }
        #expect(FileManager.default.fileExists(atPath: exported) == named)
        // Absent, or complete: exported again when absent, then read whole by the import below.
        if !named { try database.exportSQLCipher4(to: exported, kdfIterations: 1000) }

        let imported = out + "/v3.db"
        try Self.cuttingPower(in: out, before: cut.step, keeping: { !$0.hasPrefix("v4.db") }) {
            try Database.importSQLCipher4(from: exported, to: imported, key: key, kdfIterations: 1000)
        }
        if cut.nameLost { try Self.put(nil, at: imported) }
        #expect(FileManager.default.fileExists(atPath: imported) == named)
        if !named { try Database.importSQLCipher4(from: exported, to: imported, key: key, kdfIterations: 1000) }
        let back = Database(withPath: imported)
        back.setCipher(key: key)
        defer { back.close() }
        #expect(try back.getValue("SELECT count(*) FROM t").int64Value == 500)
        #expect(try back.getValue("PRAGMA integrity_check").stringValue == "ok")
    }
}
