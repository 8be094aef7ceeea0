import Foundation
import Testing
import WCDBRepair
import WCDBSwift

/// Keyed repair of files in either SQLCipher format, on either engine: the same damage to a
/// SQLCipher 4 file and to a SQLCipher 3 file brings back as many rows, and never a wrong one. The files
/// come from the real SQLCipher 4 engine (`cipher_compatibility = 3` for SQLCipher 3).
@Suite struct CipherFormatRepairTests {
    /// One way a file is written and damaged, and how many of its rows must come back.
    struct Scenario: Sendable, CustomTestStringConvertible {
        let name: String
        var rows = 400
        var pageSize = 4096
        /// The page size `recover` is told (the reader finds the real one).
        var declaredPageSize = 4096
        var wal = false
        var rawKey = false
        /// Whether every row comes back; else at least `minimumShare` of them, and (SQLCipher 4) no
        /// fewer than from the SQLCipher 3 file but for `tolerance`.
        var recoversEverything = true
        var minimumShare = 1.0
        let damage: @Sendable (CipherFormatFixture) throws -> Void
        var testDescription: String { name }
    }

    static let tolerance = 0.05

    static let scenarios = [
        Scenario(name: "healthy") { _ in },
        Scenario(name: "page 1 zeroed: schema and salt from the material") { try $0.zero(pages: [1]) },
        Scenario(name: "every table interior page zeroed", rows: 1500) { try $0.zero(pages: try $0.pages(ofKind: [5])) },
        Scenario(name: "rows in the WAL, an uncommitted tail after them", wal: true) { _ in },
        Scenario(name: "1024-byte pages, recover told 4096", pageSize: 1024) { _ in },
        Scenario(name: "raw key, page 1 zeroed", rawKey: true) { try $0.zero(pages: [1]) },
        Scenario(name: "every 20th page zeroed", rows: 1500, recoversEverything: false, minimumShare: 0.75) { try $0.zero(every: 20) },
        Scenario(name: "one byte flipped in 20 pages", rows: 1500, recoversEverything: false, minimumShare: 0.75) { fixture in
            for page in stride(from: 3, through: fixture.pageCount, by: max(1, fixture.pageCount / 20)) {
                try fixture.overwrite(offset: (page - 1) * fixture.pageSize + 1000, bytes: [0x5A])
            }
        },
        Scenario(name: "truncated to 60%", rows: 1500, recoversEverything: false, minimumShare: 0.33) { fixture in
            #expect(truncate(fixture.path, off_t(fixture.pageCount * 6 / 10 * fixture.pageSize)) == 0)
        },
    ]

    /// The exact and wrong rows `recover` brings back from `scenario`'s file in `format`.
    private func recover(_ scenario: Scenario, _ format: CipherFormatCase) throws -> (exact: Int, wrong: Int, total: Int) {
        let fixture = try CipherFormatFixture(format, rows: scenario.rows, pageSize: scenario.pageSize, wal: scenario.wal,
                                              rawKey: scenario.rawKey)
        try fixture.writeMaterial()
        try scenario.damage(fixture)
        let output = Database(withPath: fixture.directory + "/recovered.db")
        defer { output.close() }
        try output.recover(fromPath: fixture.path, withPageSize: Int32(scenario.declaredPageSize), databaseKey: fixture.key,
                           backupKey: fixture.key)
        let counted = fixture.count(try Dump(output))
        return (counted.exact, counted.wrong, fixture.totalRows)
    }

    @Test("Keyed recover brings back as many rows from a SQLCipher 4 file as from a SQLCipher 3 one",
          .enabled(if: SQLCipher4Tool.isAvailable, Comment(rawValue: CipherFormatFixture.engineMissing)),
          arguments: scenarios, CipherFormatCase.allCases)
    func recoverEitherFormat(_ scenario: Scenario, _ format: CipherFormatCase) throws {
        let result = try recover(scenario, format)
        #expect(result.wrong == 0)
        let share = Double(result.exact) / Double(result.total)
        if scenario.recoversEverything {
            #expect(result.exact == result.total)
        } else {
            #expect(share >= scenario.minimumShare, "\(result.exact) of \(result.total)")
            #expect(result.exact < result.total)
        }
        guard format != .sqlcipher3, !scenario.recoversEverything else { return }
        let reference = try recover(scenario, .sqlcipher3)
        let referenceShare = Double(reference.exact) / Double(reference.total)
        #expect(share >= referenceShare - CipherFormatRepairTests.tolerance,
                "SQLCipher 4: \(result.exact) of \(result.total); SQLCipher 3: \(reference.exact) of \(reference.total)")
    }

    @Test("The reader finds the format, page size and salt, trying the declared format first",
          .enabled(if: SQLCipher4Tool.isAvailable, Comment(rawValue: CipherFormatFixture.engineMissing)),
          arguments: CipherFormatCase.allCases)
    func detection(_ format: CipherFormatCase) throws {
        let fixture = try CipherFormatFixture(format, rows: 50, pageSize: 8192)
        let salt = Array(try Data(contentsOf: URL(fileURLWithPath: fixture.path)).prefix(16))
        for profiles in [CipherProfile.known, CipherProfile.known.reversed()] {
            let source = try PageSource(path: fixture.path, pageSize: 4096, key: fixture.key, profiles: profiles)
            #expect(source.cipherProfile == format.profile)
            // The real engine lays a new file out under SQLCipher 4's defaults (80 bytes left to the
            // codec), also when it is then keyed with SQLCipher 3's settings, whose codec uses 48.
            #expect(source.pageSize == 8192 && source.reserved == CipherProfile.sqlcipher4.reserve)
            #expect(source.salt == salt && source.keyFailure == nil)
            #expect(source.page(1)?.starts(with: Array("SQLite format 3\0".utf8)) == true)
        }
        // The declared format costs the only key derivation; the other one costs one more.
        let other = CipherProfile.known.first { $0 != format.profile }
        #expect(try PageSource(path: fixture.path, pageSize: 8192, key: fixture.key, profiles: [format.profile]).keyDerivations == 1)
        #expect(try PageSource(path: fixture.path, pageSize: 8192, key: fixture.key,
                               profiles: CipherProfile.ordered(preferring: [other])).keyDerivations == 2)
        let wrong = try PageSource(path: fixture.path, pageSize: 8192, key: Data("wrong".utf8))
        #expect(wrong.cipherProfile == nil && wrong.page(1) == nil && wrong.keyDerivations == 2)
        if case .wrongKeyOrNotADatabase = wrong.keyFailure {} else { Issue.record("\(String(describing: wrong.keyFailure))") }
        // With page 1 damaged, the pages themselves show the 80 bytes SQLite leaves unused.
        try fixture.overwrite(offset: 100, bytes: [UInt8](repeating: 0, count: 100))
        let lost = try PageSource(path: fixture.path, pageSize: 8192, key: fixture.key, salt: salt,
                                  profiles: CipherProfile.ordered(preferring: [format.profile]))
        #expect(lost.cipherProfile == format.profile && lost.reserved == CipherProfile.sqlcipher4.reserve)
        #expect(lost.keyDerivations == 1, "page 1 damaged, its salt intact: the declared format still costs one derivation")
        try fixture.overwrite(offset: 0, bytes: [UInt8](repeating: 0, count: 16))
        let saltless = try PageSource(path: fixture.path, pageSize: 8192, key: fixture.key, salt: salt,
                                      profiles: CipherProfile.ordered(preferring: [format.profile]))
        #expect(saltless.cipherProfile == format.profile && saltless.keyDerivations == 1, "a zeroed salt is skipped: the material's is used")
    }

    @Test("retrieve reads a damaged file of either format and rebuilds it in the format the engine writes for the declared one",
          .enabled(if: SQLCipher4Tool.isAvailable, Comment(rawValue: CipherFormatFixture.engineMissing)),
          arguments: CipherFormatCase.allCases)
    func retrieveEitherFormat(_ format: CipherFormatCase) throws {
        let fixture = try CipherFormatFixture(format, rows: 600)
        try fixture.writeMaterial()
        try fixture.zero(every: 20)
        let database = Database(withPath: fixture.path)
        database.setCipher(key: fixture.key, pageSize: 4096, cipherVersion: format.version)
        defer { database.close() }
        let score = try database.retrieve()
        #expect(score > 0.8)
        let counted = fixture.count(try Dump(database))
        #expect(counted.wrong == 0)
        #expect(Double(counted.exact) >= 0.75 * Double(fixture.totalRows), "\(counted.exact) of \(fixture.totalRows)")
        database.close()
        let rebuilt = try PageSource(path: fixture.path, pageSize: 4096, key: fixture.key)
        #expect(rebuilt.cipherProfile == CipherFormatRepairTests.written(for: format))
    }

    @Test("backup records the format the engine writes, the one the reader finds in the file")
    func materialRecordsTheFormat() throws {
        let fixture = try RepairFixture(name: "material-format", key: Data("material key".utf8), messages: 10)
        try fixture.backup()
        let material = try BackupMaterial.readNewest(forDatabase: fixture.path, key: fixture.key)
        let found = try PageSource(path: fixture.path, pageSize: 4096, key: fixture.key).cipherProfile
        #expect(found != nil && material.cipherProfile == found)
    }

    /// The format the engine writes for a declared one: SQLCipher 3.x only its own; 4.x the declared one.
    static func written(for format: CipherFormatCase) -> CipherProfile {
        let probe = Database(withPath: HostileFiles.makeDirectory("engine") + "/probe.db")
        defer { probe.close() }
        let version = (try? probe.getValue("PRAGMA cipher_version").stringValue) ?? "3"
        return version.hasPrefix("3") ? .sqlcipher3 : format.profile
    }
}
