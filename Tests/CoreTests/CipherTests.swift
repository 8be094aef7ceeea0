import CSQLCipher
import Foundation
import WCDBTestSupport
import XCTest
@testable import WCDBSwift

final class CipherTests: CoreTestCase {
    let secret = "WCDB-distinctive-plaintext-\(UUID().uuidString)"
    let key = Data("correct horse battery staple".utf8)

    func fileBytes(_ path: String) -> Data {
        FileManager.default.contents(atPath: path) ?? Data()
    }

    func contains(_ data: Data, _ string: String) -> Bool {
        data.range(of: Data(string.utf8)) != nil
    }

    /// Writes the secret, then closes so that the WAL is checkpointed into the main file.
    func writeSecret(_ database: Database) throws {
        try database.exec("CREATE TABLE t(a TEXT)")
        try database.run(transaction: {
            for _ in 0..<50 { try database.exec("INSERT INTO t VALUES('\(self.secret)')") }
        })
    }

    func testEncryptedRoundTripAndNoPlaintext() throws {
        let file = path("secret.db")
        do {
            let database = Database(withPath: file)
            database.setCipher(key: key)
            try writeSecret(database)
            // Before closing, the WAL is encrypted too.
            XCTAssertFalse(contains(fileBytes(file + "-wal"), secret))
            database.close()
        }
        XCTAssertGreaterThan(fileBytes(file).count, 4096)
        XCTAssertFalse(contains(fileBytes(file), secret))
        XCTAssertFalse(contains(fileBytes(file + "-wal"), secret))
        XCTAssertFalse(contains(fileBytes(file), "SQLite format 3"))

        let reopened = Database(withPath: file)
        reopened.setCipher(key: key)
        XCTAssertEqual(try reopened.getValue("SELECT count(*) FROM t WHERE a = ?", values: [.text(secret)]), 50)
    }

    /// The control: without a key the same bytes do appear, so the check above can fail.
    func testPlaintextVisibleWithoutKey() throws {
        let file = path("plain.db")
        do {
            let database = Database(withPath: file)
            try writeSecret(database)
            database.close()
        }
        XCTAssertTrue(contains(fileBytes(file), secret))
    }

    func testWrongOrMissingKeyGivesNotADBAndLeavesFileUntouched() throws {
        let file = path("secret.db")
        do {
            let database = Database(withPath: file)
            database.setCipher(key: key)
            try writeSecret(database)
            database.close()
        }
        let before = fileBytes(file)
        let errors = Box<[WCDBError]>([])
        Database.globalTraceError { error in errors.with { $0.append(error) } }
        do {
            let wrong = Database(withPath: file)
            wrong.setCipher(key: Data("wrong".utf8))
            XCTAssertThrowsError(try wrong.getValue("SELECT count(*) FROM t")) { error in
                let error = error as! WCDBError
                XCTAssertEqual(error.code, 26)  // SQLITE_NOTADB
                XCTAssertTrue(error.code == SQLITE_NOTADB)
                XCTAssertEqual(error.path, file)
                XCTAssertEqual(error.operation, "open")
            }
            XCTAssertFalse(wrong.canOpen)
            XCTAssertFalse(wrong.isOpened)
        }
        do {
            let missing = Database(withPath: file)
            XCTAssertThrowsError(try missing.exec("INSERT INTO t VALUES('x')")) { error in
                XCTAssertEqual((error as? WCDBError)?.code, .NotADatabase)
            }
        }
        XCTAssertTrue(errors.get.contains { $0.code == SQLITE_NOTADB })
        XCTAssertEqual(fileBytes(file), before)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file + "-wal") && fileBytes(file + "-wal").count > 0)
    }

    func testRawKeyAndRekey() throws {
        let file = path("raw.db")
        let rawKey = Data((0..<32).map { UInt8($0 * 7 % 256) })
        do {
            let database = Database(withPath: file)
            try database.setCipher(rawKey: rawKey)
            try writeSecret(database)
            database.close()
        }
        XCTAssertFalse(contains(fileBytes(file), secret))
        XCTAssertThrowsError(try Database(withPath: path("x.db")).setCipher(rawKey: Data([1, 2, 3])))
        do {
            // The raw key is not the passphrase of its own hex.
            let asPassphrase = Database(withPath: file)
            asPassphrase.setCipher(key: rawKey)
            XCTAssertFalse(asPassphrase.canOpen)
        }
        let database = Database(withPath: file)
        try database.setCipher(rawKey: rawKey)
        XCTAssertEqual(try count(database), 50)
        // Change to a passphrase.
        let newKey = Data("new passphrase".utf8)
        try database.rekey(to: newKey)
        XCTAssertEqual(try count(database), 50)
        database.close()
        let withNew = Database(withPath: file)
        withNew.setCipher(key: newKey)
        XCTAssertEqual(try count(withNew), 50)
        let withOld = Database(withPath: path("raw.db"))
        try withOld.setCipher(rawKey: rawKey)  // same core as withNew: the key is shared
        withOld.purge()
        XCTAssertFalse(withOld.canOpen)
        XCTAssertFalse(contains(fileBytes(file), secret))
        // Rekeying a plaintext database is refused with a clear error.
        let plain = Database(withPath: path("plain.db"))
        try plain.exec("CREATE TABLE t(a)")
        XCTAssertThrowsError(try plain.rekey(to: newKey)) { error in
            XCTAssertEqual((error as? WCDBError)?.level, .interface)
        }
    }

    func testCipherRunsBeforeOtherConfigs() throws {
        let file = path("order.db")
        let database = Database(withPath: file)
        database.setConfig(named: "early", with: { handle in
            // Would fail with SQLITE_NOTADB if the key were not applied yet.
            _ = try handle.scalar("SELECT count(*) FROM sqlite_master")
        }, orderBy: -100)
        database.setCipher(key: key)
        try writeSecret(database)
        database.close()
        XCTAssertEqual(try count(database), 50)
    }

    /// Keyed handles get the cache and temp-store settings NOTES.md chose; unkeyed ones keep SQLite's
    /// defaults; a config still has the last word.
    func testKeyedHandlesGetTheMeasuredCacheSettingsAndConfigsCanOverrideThem() throws {
        let keyed = Database(withPath: path("keyed.db"))
        keyed.setCipher(key: key)
        XCTAssertEqual(try keyed.getValue("PRAGMA cache_size").int64Value, -Int64(Database.defaultCipherCacheSizeKiB))
        XCTAssertEqual(try keyed.getValue("PRAGMA temp_store").int64Value, 2)
        keyed.close()

        let plain = Database(withPath: path("plain.db"))
        XCTAssertEqual(try plain.getValue("PRAGMA cache_size").int64Value, -2000)
        plain.close()

        let tuned = Database(withPath: path("tuned.db"))
        tuned.setCipher(key: key)
        tuned.setConfig(named: "cache", with: { handle in try handle.exec("PRAGMA cache_size = -4096") })
        XCTAssertEqual(try tuned.getValue("PRAGMA cache_size").int64Value, -4096)
        tuned.close()
    }
}
