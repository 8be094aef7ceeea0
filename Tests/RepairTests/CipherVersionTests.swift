import Foundation
import Testing
import WCDBSwift

/// `setCipher(key:pageSize:cipherVersion:)` as WCDB 2.x users call it, on files the real SQLCipher
/// engine wrote in each format: SQLCipher 1 and 2 open with their settings, a SQLCipher 4 file is
/// converted in place at its first open (also with the default version), and nothing else is touched.
@Suite(.enabled(if: SQLCipher4Tool.isAvailable, Comment(rawValue: SQLCipher4Tests.engineMissing)))
struct CipherVersionTests {
    let directory = HostileFiles.makeDirectory("cipher-version")
    static let key = "version key"

    private func write(_ name: String, _ options: [String]) throws -> (path: String, expected: Dump) {
        let path = directory + "/\(name).db"
        try SQLCipher4Tool.run(["write", path, Self.key, "--rows", "120"] + options)
        return (path, try SQLCipher4Tool.dump(path, key: Self.key, options: options))
    }

    @Test("A SQLCipher 4 file opens, converted in place, with its WAL's committed rows", arguments: [
        Database.CipherVersion.version4, .defaultVerion,
    ])
    func sqlcipher4FileOpens(version: Database.CipherVersion) throws {
        let (path, expected) = try write("v4-\(version.rawValue)", ["--wal"])
        let database = Database(withPath: path)
        database.setCipher(key: Data(Self.key.utf8), cipherVersion: version)
        try Dump.compare(try Dump(database), expected)
        #expect(try database.getValue("PRAGMA integrity_check").stringValue == "ok")
        database.close()
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains("sqlcipher") }
        #expect(leftovers.isEmpty, "\(leftovers)")
        // Converted for good: the next open reads it as SQLCipher 3 directly, and writes work.
        let again = Database(withPath: path)
        again.setCipher(key: Data(Self.key.utf8))
        try again.exec("CREATE TABLE after(a)")
        #expect(try again.getValue("SELECT count(*) FROM messages").int64Value == Int64(expected.tables["messages"]?.count ?? -1))
        again.close()
    }

    @Test("A SQLCipher 4 file is not converted when the key is wrong or version 3 is asked for", arguments: [
        ("wrong key", Database.CipherVersion.version4), ("version 3", .version3),
    ])
    func sqlcipher4FileLeftAlone(name: String, version: Database.CipherVersion) throws {
        let (path, _) = try write("left-\(version.rawValue)", [])
        let before = try HostileFiles.contents(path)
        let database = Database(withPath: path)
        database.setCipher(key: Data((name == "wrong key" ? "other" : Self.key).utf8), cipherVersion: version)
        #expect(throws: WCDBError.self) { try database.getValue("SELECT count(*) FROM messages") }
        database.close()
        #expect(try HostileFiles.contents(path) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("left-\(version.rawValue)") }
                    == ["left-\(version.rawValue).db"])
    }

    @Test("wcdb import and wcdb export move files between SQLCipher 4 and this engine")
    func toolImportAndExport() throws {
        let (path, expected) = try write("tool-v4", ["--wal"])
        let imported = directory + "/tool-v3.db"
        let keyed = ["--key", Self.key]
        let importRun = try ToolSafetyTests.wcdb(["import", path, imported] + keyed)
        #expect(importRun.status == 0, "\(importRun.output)")
        #expect(try ToolSafetyTests.wcdb(["check", imported] + keyed).status == 0)
        let exported = directory + "/tool-back-v4.db"
        // What a killed export left beside its destination (a finished process's id: no process has it now)
        // is removed by the next run, which says so.
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try child.run()
        child.waitUntilExit()
        let dead = child.processIdentifier
        let stale = [exported + ".exporting-\(dead)-5eed", exported + ".exporting-\(dead)-5eed-journal", exported + ".converting-\(dead)-c0de",
                     exported + ".exporting-\(dead)"]
        for path in stale { #expect(FileManager.default.createFile(atPath: path, contents: Data("partial".utf8))) }
        let exportRun = try ToolSafetyTests.wcdb(["export", imported, exported, "--cipher-version", "4"] + keyed)
        #expect(exportRun.status == 0, "\(exportRun.output)")
        for path in stale { #expect(!FileManager.default.fileExists(atPath: path), "\(path) is left") }
        #expect(exportRun.output.contains("removed") && exportRun.output.contains(".exporting-\(dead)"), "\(exportRun.output)")
        try Dump.compare(try SQLCipher4Tool.dump(exported, key: Self.key), expected)
        #expect(try ToolSafetyTests.wcdb(["export", imported, directory + "/x.db", "--cipher-version", "3"] + keyed).status == 64)
        #expect(try ToolSafetyTests.wcdb(["import", path, directory + "/y.db", "--key", "wrong"]).status == 4)
        #expect(!FileManager.default.fileExists(atPath: directory + "/y.db"))
    }

    @Test("SQLCipher 1 and 2 files open with their own settings", arguments: [
        (1, Database.CipherVersion.version1), (2, .version2),
    ])
    func olderFormatsOpen(compatibility: Int, version: Database.CipherVersion) throws {
        let options = ["--compat", "\(compatibility)", "--page-size", "1024"]
        let (path, expected) = try write("v\(compatibility)", options)
        let database = Database(withPath: path)
        database.setCipher(key: Data(Self.key.utf8), pageSize: 1024, cipherVersion: version)
        defer { database.close() }
        try Dump.compare(try Dump(database), expected)
    }
}
