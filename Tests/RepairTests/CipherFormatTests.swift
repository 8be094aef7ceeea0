import Foundation
import Testing
@testable import WCDBSwift
import WCDBTestSupport

/// A keyed file's format is the one the app declares, whatever SQLCipher is linked, and SQLCipher 4.12
/// (PyPI's sqlcipher3-wheels) is the reference reader and writer of SQLCipher 4 files: what this engine
/// writes with `.version4` on a SQLCipher 4 engine it reads; what it writes this engine opens, converted
/// where the declared version asks for it, and every conversion is told to the error tracers; a file
/// that does not open says whether the key is wrong or the format another.
@Suite(.enabled(if: SQLCipher4Tool.isAvailable, Comment(rawValue: SQLCipher4Tests.engineMissing)))
struct CipherFormatTests {
    let directory = HostileFiles.makeDirectory("cipher-format")
    static let key = "format key"

    private func open(_ path: String, _ version: Database.CipherVersion, key: String = CipherFormatTests.key) -> Database {
        let database = Database(withPath: path)
        database.setCipher(key: Data(key.utf8), cipherVersion: version)
        return database
    }

    @Test("A .version4 file written on a SQLCipher 4 engine is SQLCipher 4's own format",
          .enabled(if: Engine.current.cipherMajorVersion >= 4, "SQLCipher 3 keeps .version4 files in SQLCipher 3's format"))
    func version4IsSQLCipher4() throws {
        let path = directory + "/native-v4.db"
        let database = open(path, .version4)
        try database.exec("CREATE TABLE t(a INTEGER PRIMARY KEY AUTOINCREMENT, b TEXT)")
        try database.exec("INSERT INTO t VALUES(1, 'one'), (2, 'two')")
        database.close()
        let dump = try SQLCipher4Tool.dump(path, key: Self.key)
        #expect(dump.tables["t"]?.count == 2)
        #expect(FilePageOne(path: path, pageSize: 4096)?.formats(under: Data(Self.key.utf8)) == [.sqlcipher4])
    }

    // (Tables have AUTOINCREMENT: the reference dump reads `sqlite_sequence`.)
    @Test("The default version writes SQLCipher 3's format on every engine")
    func defaultIsSQLCipher3() throws {
        let path = directory + "/default.db"
        let database = open(path, .defaultVerion)
        try database.exec("CREATE TABLE t(a INTEGER PRIMARY KEY AUTOINCREMENT)")
        database.close()
        #expect(FilePageOne(path: path, pageSize: 4096)?.formats(under: Data(Self.key.utf8)) == [.sqlcipher3])
        let dump = try SQLCipher4Tool.dump(path, key: Self.key, options: ["--compat", "3"])
        #expect(dump.tables["t"] != nil)
    }

    @Test("Converting a SQLCipher 4 file for the default version is told to the error tracers")
    func conversionIsTraced() throws {
        let path = directory + "/traced.db"
        try SQLCipher4Tool.run(["write", path, Self.key, "--rows", "20"])
        let expected = try SQLCipher4Tool.dump(path, key: Self.key)
        let warnings = Box<[String]>([])
        try withProcessWideTracers {
            Database.globalTraceError { error in
                if error.level == .warning, error.path == path { warnings.with { $0.append(error.message ?? "") } }
            }
            defer { Database.globalTraceError(nil) }
            let database = open(path, .defaultVerion)
            defer { database.close() }
            try Dump.compare(try Dump(database), expected)
        }
        let told = warnings.get
        #expect(told.count == 1 && told[0].contains("converted from SQLCipher 4's format to SQLCipher 3's format"), "\(told)")
        #expect(FilePageOne(path: path, pageSize: 4096)?.formats(under: Data(Self.key.utf8)) == [.sqlcipher3])
    }

    @Test("On a SQLCipher 4 engine, .version4 converts a file kept in SQLCipher 3's format back",
          .enabled(if: Engine.current.cipherMajorVersion >= 4, "needs a SQLCipher 4 engine"))
    func version4ConvertsSQLCipher3Back() throws {
        let path = directory + "/back.db"
        let old = open(path, .version3)
        try old.exec("CREATE TABLE t(a INTEGER PRIMARY KEY AUTOINCREMENT, b TEXT)")
        try old.exec("CREATE TABLE n(x)")  // a rowid table without INTEGER PRIMARY KEY: rowids must survive
        try old.exec("INSERT INTO t VALUES(1, 'one'), (5, 'five')")
        try old.exec("INSERT INTO n(rowid, x) VALUES(7, 'seven'), (9, 'nine')")
        old.close()
        let database = open(path, .version4)
        #expect(try database.getRows("SELECT rowid, x FROM n ORDER BY rowid").map { $0[0].int64Value } == [7, 9])
        #expect(try database.getValue("SELECT b FROM t WHERE a = 5").stringValue == "five")
        database.close()
        #expect(FilePageOne(path: path, pageSize: 4096)?.formats(under: Data(Self.key.utf8)) == [.sqlcipher4])
        #expect(try SQLCipher4Tool.dump(path, key: Self.key).tables["t"]?.count == 2)
    }

    @Test("A file that does not open says whether the key is wrong or the format another", arguments: [true, false])
    func failedOpenIsExplained(rightKey: Bool) throws {
        let path = directory + "/explained-\(rightKey).db"
        try SQLCipher4Tool.run(["write", path, Self.key, "--rows", "5"])
        let before = try HostileFiles.contents(path)
        let database = open(path, .version3, key: rightKey ? Self.key : "another key")
        defer { database.close() }
        let error = try #require(throws: WCDBError.self) { try database.getValue("SELECT count(*) FROM messages") }
        #expect(error.code == .NotADatabase)
        let message = error.message ?? ""
        if rightKey {
            #expect(message.contains("the key is right, but the file is in SQLCipher 4's format") && message.contains(".version4"), "\(message)")
        } else {
            #expect(message.contains("wrong key"), "\(message)")
        }
        #expect(try HostileFiles.contents(path) == before, "the file is left as it was")
    }
}
