import Foundation
import Testing
import WCDBSwift

/// A database in a directory of its own, removed afterwards.
private final class DepositScratch {
    let directory = NSTemporaryDirectory() + "wcdb-deposit-tests/" + UUID().uuidString
    var path: String { directory + "/test.db" }

    init() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    func database(key: Data?) -> Database {
        let database = Database(withPath: path)
        if let key { database.setCipher(key: key) }
        return database
    }

    /// Zeroes the first 100 bytes of the file (an encrypted file's salt with them), as 2.x's
    /// `corruptHeader()` does after a checkpoint.
    func corruptHeader(of database: Database) throws {
        try database.close {
            try database.truncateCheckpoint()
            let file = try #require(FileHandle(forWritingAtPath: path))
            file.write(Data(count: 100))
            try file.close()
        }
    }

    func ids(_ database: Database) throws -> [Int64] {
        try database.getRows("SELECT id FROM t ORDER BY id").map { $0[0].int64Value }
    }
}

/// `deposit()` as WCDB 2.x's `RepairTests` use it: the new database has backup material of its own, so a
/// later header corruption still retrieves everything; and a database whose header is already damaged,
/// never backed up, can still be deposited (the new one starts without tables), and `retrieve` then
/// scores what it could read.
@Suite struct DepositTests {
    @Test(arguments: [nil, Data("deposit key".utf8)])
    func depositedThenDamagedHeaderRetrievesEveryRow(key: Data?) throws {
        let scratch = try DepositScratch()
        let database = scratch.database(key: key)
        defer { database.close() }
        try database.exec("CREATE TABLE t(id INTEGER PRIMARY KEY AUTOINCREMENT, body TEXT)")
        try database.exec("INSERT INTO t(body) VALUES('one'), ('two')")
        try database.deposit()
        try database.exec("INSERT INTO t(body) VALUES('three')")
        #expect(try scratch.ids(database) == [3])
        try scratch.corruptHeader(of: database)

        var last = 0.0
        let score = try database.retrieve { percentage, increment in
            #expect(increment > 0 && percentage - last == increment)
            last = percentage
            return true
        }
        #expect(score == 1.0 && last == 1.0)
        #expect(try scratch.ids(database) == [1, 2, 3])
    }

    @Test(arguments: [nil, Data("deposit key".utf8)])
    func damagedNeverBackedUpDatabaseDepositsEmpty(key: Data?) throws {
        let scratch = try DepositScratch()
        let database = scratch.database(key: key)
        defer { database.close() }
        try database.exec("CREATE TABLE t(id INTEGER PRIMARY KEY, body TEXT)")
        try database.exec("INSERT INTO t(body) VALUES('one'), ('two')")
        try scratch.corruptHeader(of: database)
        try database.deposit()
        #expect(database.containDepositedFiles())
        #expect(try database.getRows("SELECT name FROM sqlite_master").isEmpty)

        // Unencrypted, the damaged header does not stop the reader (unlike WCDB 2.x's, which needs it);
        // encrypted, the salt went with it, so the deposited file reads nothing and weighs in as 0.
        let score = try database.retrieve(with: nil)
        if key == nil {
            #expect(score == 1.0)
            #expect(try scratch.ids(database) == [1, 2])
        } else {
            #expect(score < 0.5)
            #expect((try? scratch.ids(database)) ?? [] == [])
        }
    }
}

extension DepositTests {
    /// Deposits an earlier version left in `<path>.deposited` are retrieved like the others.
    @Test func depositsInTheEarlierFolderAreRetrieved() throws {
        let scratch = try DepositScratch()
        let database = scratch.database(key: nil)
        defer { database.close() }
        try database.exec("CREATE TABLE t(id INTEGER PRIMARY KEY AUTOINCREMENT, body TEXT)")
        try database.exec("INSERT INTO t(body) VALUES('one'), ('two')")
        try database.deposit()
        try database.close {
            try FileManager.default.moveItem(atPath: database.depositDirectory, toPath: database.path + ".deposited")
        }
        #expect(database.containDepositedFiles())
        _ = try database.retrieve(with: nil)
        #expect(try scratch.ids(database) == [1, 2])
        try database.removeDepositedFiles()
        #expect(!FileManager.default.fileExists(atPath: database.path + ".deposited"))
    }
}
