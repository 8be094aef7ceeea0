import Foundation
@testable import WCDBSwift
import WCDBRepair
import WCDBTestSupport
import XCTest

/// The WCDB 2.x flow: backup(), retrieve(with:) at the database's own path, deposit, notifications.
final class RetrieveTests: XCTestCase {
    func testRetrieveRebuildsInPlaceAndKeepsTheDamagedFile() throws {
        let fixture = try RepairFixture(name: "retrieve", messages: 600)
        let database = Database(withPath: fixture.path)
        try database.backup()
        database.close()
        _ = try fixture.zero(fraction: 0.05, seed: 8)
        var percentages: [Double] = []
        var increments: [Double] = []
        let score = try database.retrieve { percentage, increment in
            percentages.append(percentage)
            increments.append(increment)
            return true
        }
        // WCDB 2.x's contract: each increment is the change of percentage, always > 0; the last call at 1.0.
        XCTAssertTrue(increments.allSatisfy { $0 > 0 }, "\(increments)")
        XCTAssertEqual(zip(percentages, [0] + percentages).map { $0 - $1 }, increments)
        XCTAssertGreaterThan(score, 0.7)
        XCTAssertLessThanOrEqual(score, 1)
        XCTAssertEqual(percentages.last ?? 0, 1, accuracy: 0.0001)
        let result = try fixture.compare(database)
        XCTAssertEqual(result.wrong, 0)
        XCTAssertGreaterThan(result.exact, fixture.totalRows * 3 / 4)
        XCTAssertEqual(try database.getValue("PRAGMA integrity_check").stringValue, "ok")
        XCTAssertTrue(FileManager.default.fileExists(atPath: fixture.path + ".damaged"))
    }

    func testCancelledRetrieveLeavesFilesAsTheyWere() throws {
        let fixture = try RepairFixture(name: "retrieve-cancel", messages: 300)
        let database = Database(withPath: fixture.path)
        try database.backup()
        database.close()
        try fixture.zero(pages: [3])
        let before = try Data(contentsOf: URL(fileURLWithPath: fixture.path))
        XCTAssertThrowsError(try database.retrieve { percentage, _ in percentage < 0.3 })
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: fixture.path)), before)
        XCTAssertFalse(FileManager.default.fileExists(atPath: fixture.path + ".retrieving"))
    }

    func testDepositThenRetrieveBringsRowsBack() throws {
        let fixture = try RepairFixture(name: "deposit", messages: 200)
        let database = Database(withPath: fixture.path)
        try database.deposit()
        XCTAssertTrue(database.containDepositedFiles())
        XCTAssertEqual(try database.getValue("SELECT count(*) FROM messages").int64Value, 0)
        // Same schema and sequence: new ids continue after the deposited ones.
        try database.exec("INSERT INTO messages(content) VALUES('after deposit')")
        XCTAssertEqual(try database.getValue("SELECT max(id) FROM messages").int64Value, 201)
        try database.backup()
        _ = try database.retrieve(with: nil)
        XCTAssertFalse(database.containDepositedFiles())
        let result = try fixture.compare(database)
        XCTAssertEqual(result.exact, fixture.totalRows)
        XCTAssertEqual(result.wrong, 1, "the row written after the deposit is not among the originals")
        XCTAssertEqual(try database.getValue("SELECT content FROM messages WHERE id = 201").stringValue, "after deposit")
    }

    func testCorruptionNotificationFiresOnceOffTheCallingThread() throws {
        let fixture = try RepairFixture(name: "notify", messages: 300)
        let database = Database(withPath: fixture.path)
        let calls = Box(0)
        let fired = expectation(description: "notified")
        XCTAssertTrue(Thread.isMainThread)
        database.setNotification { corrupted in
            XCTAssertEqual(corrupted.path, fixture.path)
            XCTAssertFalse(Thread.isMainThread, "fired off the calling thread")
            calls.with { $0 += 1 }
            fired.fulfill()
        }
        XCTAssertFalse(database.checkIfCorrupted())
        XCTAssertFalse(database.isAlreadyCorrupted())
        database.close()
        try fixture.zero(pages: Array(2...fixture.pageCount / 2))
        for _ in 0..<3 { _ = try? database.getRows("SELECT * FROM messages") }
        XCTAssertTrue(database.checkIfCorrupted())
        XCTAssertTrue(database.isAlreadyCorrupted())
        wait(for: [fired], timeout: 5)
        Thread.sleep(forTimeInterval: 0.2)
        XCTAssertEqual(calls.get, 1)
        database.setNotification(whenCorrupted: nil)
    }

    func testFilteredBackupLeavesTablesOut() throws {
        let fixture = try RepairFixture(name: "filter", messages: 200)
        let database = Database(withPath: fixture.path)
        database.filterBackup { $0 != "notes" }
        try database.backup()
        database.filterBackup(tableShouldBeBackedUp: nil)
        database.close()
        try fixture.zero(pages: [1])
        let result = try fixture.recover()
        XCTAssertEqual(result.wrong, 0)
        XCTAssertEqual(result.exact, fixture.expected["messages"]!.count + fixture.expected["tags"]!.count,
                       "notes has no schema in the material, so its rows go to lost_and_found")
    }

    func testAutoBackupWritesMaterialAfterChanges() throws {
        let fixture = try RepairFixture(name: "auto", messages: 20)
        let database = Database(withPath: fixture.path)
        database.setAutoBackup(enable: true, interval: 0.1)
        defer { database.setAutoBackup(enable: false) }
        try database.exec("CREATE TABLE later(x)")
        let deadline = Date().addingTimeInterval(5)
        var names: [String] = []
        while Date() < deadline {
            if let material = try? BackupMaterial.readNewest(forDatabase: fixture.path, key: nil) {
                names = material.entries.map(\.name)
                if names.contains("later") { break }
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTAssertTrue(names.contains("later"), "\(names)")
    }

    func testPathsCarryTheMaterial() throws {
        let fixture = try RepairFixture(name: "paths", messages: 10)
        let database = Database(withPath: fixture.path)
        try database.backup()
        XCTAssertTrue(database.paths.contains(database.materialPaths[0]))
        XCTAssertTrue(database.paths.contains(database.depositDirectory))
    }
}
