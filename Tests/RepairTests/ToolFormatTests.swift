import Foundation
import Testing
import WCDBRepair
import WCDBSwift

/// `wcdb` on files of either SQLCipher format, on either engine: `check`, `info` (which names the
/// format) and `recover` take the key however it is given, a wrong key still exits 4, and a right key
/// on a format the reader does not know says so.
@Suite struct ToolFormatTests {
    static let engineMissing = CipherFormatFixture.engineMissing

    private func wcdb(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
        try WCDBToolRunner.run(arguments, environment: environment)
    }

    @Test("check, info and recover read either format, with the key from --key, --key-file, WCDB_KEY or --raw-key",
          .enabled(if: SQLCipher4Tool.isAvailable, Comment(rawValue: engineMissing)), arguments: CipherFormatCase.allCases)
    func eitherFormat(_ format: CipherFormatCase) throws {
        let fixture = try CipherFormatFixture(format, rows: 600)
        let keyFile = fixture.directory + "/key"
        try Data((fixture.keyText + "\n").utf8).write(to: URL(fileURLWithPath: keyFile))
        #expect(try wcdb(["check", fixture.path, "--key", fixture.keyText]).status == 0)
        #expect(try wcdb(["check", fixture.path, "--key-file", keyFile]).status == 0)
        #expect(try wcdb(["check", fixture.path], environment: ["WCDB_KEY": fixture.keyText]).status == 0)
        #expect(try wcdb(["check", fixture.path, "--key", "wrong"]).status == 4)
        let info = try wcdb(["info", fixture.path, "--key", fixture.keyText, "--json"])
        #expect(info.status == 0 && info.output.contains("\"format\":\"\(format.profile.name)\""), "\(info.output)")

        try fixture.writeMaterial()
        try fixture.zero(every: 20)
        let destination = fixture.directory + "/rescued.db"
        let result = try wcdb(["recover", fixture.path, destination, "--key-file", keyFile])
        #expect(result.status == 0, "\(result.output)")
        #expect(try wcdb(["recover", fixture.path, fixture.directory + "/other.db", "--key", "wrong"]).status == 4)
        // The rescued file is in the source's format where the engine writes it.
        let rescuedFormat = try PageSource(path: destination, pageSize: 4096, key: fixture.key).cipherProfile
        #expect(rescuedFormat == CipherFormatRepairTests.written(for: format))
        let rescued = Database(withPath: destination)
        rescued.setCipher(key: fixture.key, pageSize: 4096, cipherVersion: format.version)
        defer { rescued.close() }
        let counted = fixture.count(try Dump(rescued))
        #expect(counted.wrong == 0)
        #expect(Double(counted.exact) >= 0.75 * Double(fixture.totalRows), "\(counted.exact) of \(fixture.totalRows)")
    }

    @Test("A raw key reads either format", .enabled(if: SQLCipher4Tool.isAvailable, Comment(rawValue: engineMissing)),
          arguments: CipherFormatCase.allCases)
    func rawKey(_ format: CipherFormatCase) throws {
        let fixture = try CipherFormatFixture(format, rows: 50, rawKey: true)
        let hex = String(fixture.keyText.dropFirst(2).dropLast())
        let info = try wcdb(["info", fixture.path, "--raw-key", hex])
        #expect(info.status == 0 && info.output.contains(format.profile.name), "\(info.output)")
        #expect(try wcdb(["check", fixture.path, "--raw-key", String(repeating: "0", count: 64)]).status == 4)
    }

    @Test("A right key on a format the reader does not know (HMAC-SHA256) is told from a wrong key",
          .enabled(if: SQLCipher4Tool.isAvailable, Comment(rawValue: engineMissing)))
    func unknownFormat() throws {
        let directory = HostileFiles.makeDirectory("unknown-format")
        let path = directory + "/sha256.db"
        try SQLCipher4Tool.run(["write", path, "right", "--rows", "30", "--hmac-algorithm", "HMAC_SHA256"])
        let source = try PageSource(path: path, pageSize: 4096, key: Data("right".utf8))
        guard case .unknownCipherFormat(_, let detail) = source.keyFailure else {
            Issue.record("\(String(describing: source.keyFailure))")
            return
        }
        #expect(detail.contains("SHA512") && detail.contains("last 48 bytes"), "\(detail)")
        let right = try wcdb(["check", path, "--key", "right"])
        #expect(right.status == 3 && right.output.contains("not in a SQLCipher format the reader knows"), "\(right.output)")
        let recovered = try wcdb(["recover", path, directory + "/out.db", "--key", "right"])
        #expect(recovered.status == 3, "\(recovered.output)")
        let wrong = try wcdb(["check", path, "--key", "wrong"])
        #expect(wrong.status == 4 && wrong.output.contains("decrypts with this key"), "\(wrong.output)")
    }
}
