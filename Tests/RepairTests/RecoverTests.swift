import Foundation
import WCDBRepair
import WCDBSwift
import WCDBTestSupport
import XCTest

/// Damages real database files and checks how many rows `recover` brings back exactly, and that no
/// wrong row comes back.
final class RecoverTests: XCTestCase {
    func testHealthyFileComesBackWhole() throws {
        let fixture = try RepairFixture(name: "healthy")
        let result = try fixture.recover()
        XCTAssertEqual(result.wrong, 0)
        XCTAssertEqual(result.exact, fixture.totalRows)
        // Indexes are rebuilt and the AUTOINCREMENT sequence kept ahead of the highest surviving id.
        XCTAssertEqual(try result.database.getValue("SELECT count(*) FROM sqlite_master WHERE name = 'messages_content'").int64Value, 1)
        XCTAssertEqual(try result.database.getValue("SELECT seq FROM sqlite_sequence WHERE name = 'messages'").int64Value, 400)
        XCTAssertEqual(try result.database.getValue("PRAGMA integrity_check").stringValue, "ok")
    }

    func testZeroedHeader() throws {
        let fixture = try RepairFixture(name: "header")
        try fixture.overwrite(offset: 0, bytes: [UInt8](repeating: 0, count: 100))
        let result = try fixture.recover()
        XCTAssertEqual(result.wrong, 0)
        XCTAssertEqual(result.exact, fixture.totalRows)
    }

    func testZeroedFirstPageWithMaterial() throws {
        let fixture = try RepairFixture(name: "page1")
        try fixture.backup()
        try fixture.zero(pages: [1])
        let result = try fixture.recover()
        XCTAssertEqual(result.wrong, 0)
        XCTAssertEqual(result.exact, fixture.totalRows)
    }

    func testZeroedFirstPageWithoutMaterialKeepsRowsApart() throws {
        let fixture = try RepairFixture(name: "page1-bare")
        try fixture.zero(pages: [1])
        let result = try fixture.recover()
        XCTAssertEqual(result.exact + result.wrong, 0, "no schema: no named table may receive rows")
        let lost = try result.database.getRows("SELECT name FROM sqlite_master WHERE name LIKE 'lost_and_found%'")
        XCTAssertFalse(lost.isEmpty)
    }

    func testInteriorPagesOnly() throws {
        let fixture = try RepairFixture(name: "interior", messages: 1500)
        try fixture.backup()
        let interior = try fixture.interiorPages()
        XCTAssertGreaterThan(interior.count, 1)
        try fixture.zero(pages: interior)
        let result = try fixture.recover()
        XCTAssertEqual(result.wrong, 0)
        XCTAssertEqual(result.exact, fixture.totalRows, "every leaf survives, so every row must come back")
    }

    func testZeroedFractionsOfPages() throws {
        for (fraction, minimum) in [(0.01, 0.9), (0.05, 0.75), (0.20, 0.45)] {
            let fixture = try RepairFixture(name: "zero-\(fraction)", messages: 1500)
            try fixture.backup()
            _ = try fixture.zero(fraction: fraction, seed: 5)
            let result = try fixture.recover()
            XCTAssertEqual(result.wrong, 0, "\(fraction)")
            XCTAssertGreaterThanOrEqual(Double(result.exact), minimum * Double(fixture.totalRows), "\(fraction)")
            XCTAssertLessThan(result.exact, fixture.totalRows)
        }
    }

    func testRowsStillInTheWAL() throws {
        let fixture = try RepairFixture(name: "wal", messages: 300, leaveInWAL: true)
        let walSize = try FileManager.default.attributesOfItem(atPath: fixture.walPath)[.size] as? Int ?? 0
        XCTAssertGreaterThan(walSize, 100_000, "the rows must still be in the WAL for this test")
        let result = try fixture.recover()
        XCTAssertEqual(result.wrong, 0)
        XCTAssertEqual(result.exact, fixture.totalRows)
    }

    func testDamagedWALFrameDropsLaterFramesOnly() throws {
        let fixture = try RepairFixture(name: "wal-damaged", messages: 300, leaveInWAL: true)
        let walSize = try FileManager.default.attributesOfItem(atPath: fixture.walPath)[.size] as? Int ?? 0
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: fixture.walPath))
        try handle.seek(toOffset: UInt64(walSize / 2))
        handle.write(Data([0xAB, 0xCD]))
        try handle.close()
        let result = try fixture.recover()
        XCTAssertEqual(result.wrong, 0, "frames after the broken checksum are not trusted")
        XCTAssertLessThan(result.exact, fixture.totalRows)
    }

    func testEncryptedRowsStillInTheWAL() throws {
        let fixture = try RepairFixture(name: "wal-cipher", key: Data("wal-key".utf8), messages: 200, leaveInWAL: true)
        let result = try fixture.recover()
        XCTAssertEqual(result.wrong, 0)
        XCTAssertEqual(result.exact, fixture.totalRows)
    }

    func testTruncation() throws {
        let fixture = try RepairFixture(name: "truncate", messages: 1500)
        try fixture.backup()
        try fixture.truncate(toPages: fixture.pageCount * 6 / 10)
        let result = try fixture.recover()
        XCTAssertEqual(result.wrong, 0)
        XCTAssertGreaterThan(result.exact, fixture.totalRows / 3)
    }

    func testEncryptedFileWithDamagedPages() throws {
        let key = Data("repair-secret".utf8)
        let fixture = try RepairFixture(name: "cipher", key: key, messages: 1500)
        try fixture.backup()
        var healthy = try fixture.recover()
        XCTAssertEqual(healthy.exact, fixture.totalRows)
        _ = try fixture.zero(fraction: 0.05, seed: 9)
        // Scattered bytes in other pages: each such page fails its HMAC and is skipped, never misread.
        var random = SeededGenerator(seed: 3)
        for _ in 0..<20 {
            let offset = Int.random(in: 4096..<(fixture.pageCount * 4096), using: &random)
            try fixture.overwrite(offset: offset, bytes: [UInt8.random(in: 0...255, using: &random)])
        }
        healthy = try fixture.recover()
        XCTAssertEqual(healthy.wrong, 0)
        XCTAssertGreaterThanOrEqual(Double(healthy.exact), 0.75 * Double(fixture.totalRows))
    }

    func testEncryptedZeroedFirstPageUsesSealedMaterial() throws {
        let key = Data("repair-secret".utf8)
        let fixture = try RepairFixture(name: "cipher-page1", key: key)
        try fixture.backup()
        // Page 1 holds the salt as well as the schema: both come from the material.
        try fixture.zero(pages: [1])
        let result = try fixture.recover()
        XCTAssertEqual(result.wrong, 0)
        XCTAssertEqual(result.exact, fixture.totalRows)
    }

    func testWrongKeyIsAClearError() throws {
        let fixture = try RepairFixture(name: "wrong-key", key: Data("right".utf8), messages: 20)
        let before = try Data(contentsOf: URL(fileURLWithPath: fixture.path))
        XCTAssertThrowsError(try fixture.recover(backupKey: nil, databaseKey: Data("wrong".utf8))) { error in
            XCTAssertTrue("\(error)".contains("key"), "\(error)")
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: fixture.path)), before, "the damaged file is never written")
    }

    func testNotADatabaseIsAClearError() throws {
        let directory = NSTemporaryDirectory() + "wcdb-repair-garbage-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var random = SeededGenerator(seed: 1)
        try Data((0..<40960).map { _ in UInt8.random(in: 0...255, using: &random) }).write(to: URL(fileURLWithPath: directory + "/x.db"))
        let out = Database(withPath: directory + "/out.db")
        XCTAssertThrowsError(try out.recover(fromPath: directory + "/x.db")) { error in
            XCTAssertTrue(error is WCDBError)
        }
        XCTAssertThrowsError(try out.recover(fromPath: directory + "/missing.db"))
    }

    func testMaterialOfAnotherDatabaseIsRejected() throws {
        let fixture = try RepairFixture(name: "mismatch", messages: 20)
        let other = Database(withPath: fixture.directory + "/other.db")
        try other.exec("CREATE TABLE unrelated(x)")
        try other.backup()
        other.close()
        for (from, to) in zip(other.materialPaths, BackupMaterial.paths(forDatabase: fixture.path))
            where FileManager.default.fileExists(atPath: from) {
            try FileManager.default.copyItem(atPath: from, toPath: to)
        }
        XCTAssertThrowsError(try fixture.recover()) { error in
            XCTAssertTrue("\(error)".contains("another database"), "\(error)")
        }
    }

    func testMaterialKeepsTwoGenerationsAndRejectsWrongKey() throws {
        let fixture = try RepairFixture(name: "material", key: Data("k".utf8), messages: 10)
        try fixture.backup()
        try fixture.backup()
        for path in BackupMaterial.paths(forDatabase: fixture.path) { XCTAssertTrue(FileManager.default.fileExists(atPath: path)) }
        try fixture.zero(pages: [2])
        XCTAssertNoThrow(try fixture.recover())
    }

    /// The seeds' flow: back up while healthy; when an operation meets SQLITE_CORRUPT, close and recover.
    func testSeedFlow() throws {
        let fixture = try RepairFixture(name: "seed", messages: 600)
        let database = Database(withPath: fixture.path)
        try database.backup(withKey: nil)
        database.close()
        _ = try fixture.zero(fraction: 0.05, seed: 2)
        try fixture.zero(pages: [1])
        do {
            _ = try database.getRows("SELECT count(*) FROM messages")
            _ = try database.getRows("SELECT * FROM notes")
        } catch let error as WCDBError where [11, 26].contains(error.code) {
            database.close()
            let recovered = Database(withPath: fixture.directory + "/recovered.db")
            try recovered.recover(fromPath: fixture.path, withPageSize: 4096, databaseKey: nil, backupKey: nil)
            let result = try fixture.compare(recovered)
            XCTAssertEqual(result.wrong, 0)
            XCTAssertGreaterThan(result.exact, fixture.totalRows * 3 / 4)
            return
        }
        XCTFail("the damaged file should fail with 11 or 26")
    }
}
