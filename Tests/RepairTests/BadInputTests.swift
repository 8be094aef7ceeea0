import Foundation
import WCDBRepair
import WCDBSwift
import XCTest

/// Input recovery must refuse with a clear WCDBError, deleting or overwriting nothing the user may
/// still need. (Wrong key, not a database, a missing file: RecoverTests.)
final class BadInputTests: XCTestCase {
    private func contents(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    private func copyMaterial(from other: Database, to fixture: RepairFixture) throws {
        for (from, to) in zip(other.materialPaths, BackupMaterial.paths(forDatabase: fixture.path)) {
            try? FileManager.default.removeItem(atPath: to)
            if FileManager.default.fileExists(atPath: from) { try FileManager.default.copyItem(atPath: from, toPath: to) }
        }
    }

    func testRetrieveOfAHealthyDatabaseRebuildsItLosslessly() throws {
        let fixture = try RepairFixture(name: "healthy-retrieve", messages: 100)
        let database = Database(withPath: fixture.path)
        try database.backup()
        database.close()
        let before = try contents(fixture.path)
        XCTAssertEqual(try database.retrieve(with: nil), 1.0)
        XCTAssertEqual(try fixture.compare(database).exact, fixture.totalRows)
        XCTAssertEqual(try fixture.compare(database).wrong, 0)
        XCTAssertEqual(try database.getValue("PRAGMA integrity_check").stringValue, "ok")
        database.close()
        XCTAssertEqual(try contents(fixture.path + ".damaged"), before, "the original is kept as it was")
    }

    func testASecondRetrieveKeepsTheFirstDamagedFile() throws {
        let fixture = try RepairFixture(name: "retrieve-twice", messages: 300)
        let database = Database(withPath: fixture.path)
        try database.backup()
        database.close()
        try fixture.zero(pages: [3])
        let firstDamage = try contents(fixture.path)
        try database.retrieve(with: nil)
        database.close()
        try fixture.zero(pages: [4])
        try database.retrieve(with: nil)
        XCTAssertEqual(try contents(fixture.path + ".damaged"), firstDamage, "the first damaged file is never replaced")
        XCTAssertTrue(FileManager.default.fileExists(atPath: fixture.path + ".damaged-2"))
    }

    func testRecoveringIntoTheDamagedFileItselfIsRefused() throws {
        let fixture = try RepairFixture(name: "into-itself", messages: 100)
        try fixture.zero(pages: [3])
        let before = try contents(fixture.path)
        let same = Database(withPath: fixture.path)
        XCTAssertThrowsError(try same.recover(fromPath: fixture.path)) { error in
            XCTAssertTrue("\(error)".contains("damaged file itself"), "\(error)")
        }
        same.close()
        XCTAssertEqual(try contents(fixture.path), before)
    }

    /// Page 1 lost: only the file's pages can tell the material is another database's.
    func testMaterialOfAnotherDatabaseIsRejectedWhenPageOneIsLost() throws {
        let fixture = try RepairFixture(name: "foreign-page1", messages: 100)
        let other = Database(withPath: fixture.directory + "/other.db")
        try other.exec("CREATE TABLE unrelated(x)")
        try other.backup()
        other.close()
        try copyMaterial(from: other, to: fixture)
        try fixture.zero(pages: [1])
        let out = Database(withPath: fixture.directory + "/out.db")
        XCTAssertThrowsError(try out.recover(fromPath: fixture.path)) { error in
            XCTAssertTrue("\(error)".contains("another database"), "\(error)")
        }
        XCTAssertEqual(try out.getValue("SELECT count(*) FROM sqlite_master").int64Value, 0, "nothing written")
    }

    func testEncryptedMaterialOfAnotherDatabaseIsRejected() throws {
        let key = Data("same-key".utf8)
        let fixture = try RepairFixture(name: "foreign-cipher", key: key, messages: 100)
        let other = try RepairFixture(name: "foreign-cipher-other", key: key, messages: 100)
        try other.backup()
        let otherDatabase = Database(withPath: other.path)
        try copyMaterial(from: otherDatabase, to: fixture)
        try fixture.zero(pages: [5])
        // The file's own salt decrypts its pages; the material carries another file's salt.
        XCTAssertThrowsError(try fixture.recover()) { error in
            XCTAssertTrue("\(error)".contains("another database"), "\(error)")
        }
        // With the file's salt lost too, nothing decrypts: said so, nothing guessed.
        try fixture.zero(pages: [1])
        XCTAssertThrowsError(try fixture.recover()) { error in
            XCTAssertTrue("\(error)".contains("no page decrypts"), "\(error)")
        }
    }

    /// A material older than a DROP TABLE: page 1's schema, read whole, is the truth, so the dropped
    /// table is not created again, and no rows of the table that reused its pages go into it.
    func testATableDroppedSinceTheBackupStaysDropped() throws {
        let fixture = try RepairFixture(name: "dropped", messages: 300)
        let database = Database(withPath: fixture.path)
        try database.backup()
        try database.exec("DROP TABLE notes")
        try database.exec("CREATE TABLE later(a INTEGER, b REAL, c TEXT, d BLOB)")  // the same shape, on reused pages
        try database.run(transaction: {
            for i in 1...300 { _ = try database.getRows("INSERT INTO later VALUES(?, 0.5, 'later', NULL)", values: [.integer(Int64(-i))]) }
        })
        database.close()
        let result = try fixture.recover()
        XCTAssertEqual(try result.database.getValue("SELECT count(*) FROM sqlite_master WHERE name = 'notes'").int64Value, 0)
        XCTAssertEqual(try result.database.getValue("SELECT count(*) FROM later").int64Value, 300)
        XCTAssertEqual(result.wrong, 0)
        XCTAssertEqual(result.exact, fixture.expected["messages"]!.count + fixture.expected["tags"]!.count)
    }
}
