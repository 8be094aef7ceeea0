import Foundation
import Testing
import WCDBSwift

/// `wcdb` for production: keys that stay out of the process list, raw keys, JSON for scripts, and a
/// damaged file left by `retrieve` that `recover` can still read with its material.
@Suite struct ToolKeyTests {
    let directory = HostileFiles.makeDirectory("tool-keys")

    private func wcdb(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
        try WCDBToolRunner.run(arguments, environment: environment)
    }

    @Test("The key comes from a file, from WCDB_KEY or as a raw key, and one way at a time")
    func keySources() throws {
        let fixture = try RepairFixture(name: "key-sources", key: Data("secret key".utf8), messages: 30)
        let keyFile = directory + "/key"
        try Data("secret key\n".utf8).write(to: URL(fileURLWithPath: keyFile))
        #expect(try wcdb(["check", fixture.path, "--key-file", keyFile]).status == 0)
        #expect(try wcdb(["check", fixture.path], environment: ["WCDB_KEY": "secret key"]).status == 0)
        #expect(try wcdb(["check", fixture.path], environment: ["WCDB_KEY": "other"]).status == 4)
        #expect(try wcdb(["check", fixture.path, "--key", "secret key", "--key-file", keyFile]).status == 64)
        #expect(try wcdb(["check", fixture.path, "--raw-key", "abc"]).status == 64)

        let raw = Data((0..<32).map { UInt8($0 * 7 & 0xFF) })
        let rawPath = directory + "/raw.db"
        let database = Database(withPath: rawPath)
        try database.setCipher(rawKey: raw)
        try database.exec("CREATE TABLE t(a)")
        _ = try database.getRows("INSERT INTO t VALUES(1)")
        database.close()
        let hex = raw.map { String(format: "%02x", $0) }.joined()
        let info = try wcdb(["info", rawPath, "--raw-key", hex])
        #expect(info.status == 0, "\(info.output)")
        #expect(info.output.contains("t: 1 rows"), "\(info.output)")
    }

    @Test("check and info print one JSON object with --json")
    func jsonOutput() throws {
        let fixture = try RepairFixture(name: "json", messages: 30)
        let info = try wcdb(["info", fixture.path, "--json"])
        #expect(info.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(info.output.utf8)) as? [String: Any])
        #expect(object["pageSize"] as? Int == 4096)
        let tables = try #require(object["tables"] as? [[String: Any]])
        #expect(tables.contains { $0["name"] as? String == "notes" && $0["rows"] as? Int == 30 })

        let missing = try wcdb(["check", directory + "/missing.db", "--json"])
        #expect(missing.status == 2)
        let failure = try #require(try JSONSerialization.jsonObject(with: Data(missing.output.utf8)) as? [String: Any])
        #expect(failure["status"] as? String == "cannot open")
    }

    @Test("recover of the .damaged file that retrieve leaves finds its material")
    func damagedFileKeepsItsMaterial() throws {
        let fixture = try RepairFixture(name: "damaged-material", messages: 200)
        let database = Database(withPath: fixture.path)
        try database.backup()
        database.close()
        try fixture.zero(pages: [1])
        _ = try database.retrieve(with: nil)
        database.close()
        let destination = directory + "/again.db"
        let result = try wcdb(["recover", fixture.path + ".damaged", destination])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("messages: 195 rows"), "\(result.output)")
    }

    @Test("recover --material reads material kept elsewhere; a file that is not material is refused before anything is written")
    func materialKeptElsewhere() throws {
        let fixture = try RepairFixture(name: "material-elsewhere", messages: 120)
        let database = Database(withPath: fixture.path)
        try database.backup()
        database.close()
        let kept = directory + "/kept.material"
        let newest = try #require(database.materialPaths.first { FileManager.default.fileExists(atPath: $0) })
        try FileManager.default.moveItem(atPath: newest, toPath: kept)
        for path in database.materialPaths { try? FileManager.default.removeItem(atPath: path) }
        try fixture.zero(pages: [1])

        // Without its material, a file whose page 1 is lost keeps its rows apart from their table.
        let blind = try wcdb(["recover", fixture.path, directory + "/blind.db"])
        #expect(!blind.output.contains("messages: 115 rows"), "\(blind.output)")
        let found = try wcdb(["recover", fixture.path, directory + "/found.db", "--material", kept])
        #expect(found.status == 0, "\(found.output)")
        #expect(found.output.contains("messages: 115 rows"), "\(found.output)")

        // A file that is not material is refused by name, and nothing is left at the destination.
        let notMaterial = directory + "/notes.txt"
        try Data("not a material file".utf8).write(to: URL(fileURLWithPath: notMaterial))
        let wrong = try wcdb(["recover", fixture.path, directory + "/wrong.db", "--material", notMaterial])
        #expect(wrong.status != 0, "\(wrong.output)")
        #expect(wrong.output.contains("notes.txt"), "\(wrong.output)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/wrong.db"))
    }
}
