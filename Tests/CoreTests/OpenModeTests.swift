import CSQLCipher
import Foundation
import WCDBTestSupport
import XCTest
@testable import WCDBSwift

/// WCDB 2.x's read-only and in-memory databases, and a handle of one's own.
final class OpenModeTests: CoreTestCase {
    func testAReadOnlyDatabaseReadsAndRefusesWritesWithoutTouchingTheFile() throws {
        let writer = Database(withPath: path())
        try writer.exec("CREATE TABLE t(a)")
        try writer.exec("INSERT INTO t VALUES(1)")
        writer.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: writer.path))

        let reader = Database(at: URL(fileURLWithPath: path()), readOnly: true)
        XCTAssertTrue(reader.isReadOnly)
        XCTAssertEqual(try count(reader), 1)
        XCTAssertThrowsError(try reader.exec("INSERT INTO t VALUES(2)")) { error in
            XCTAssertEqual((error as? WCDBError)?.code, .Readonly)
        }
        try reader.withHandle(forWriting: false) { XCTAssertTrue($0.isReadOnly) }
        reader.close()
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: writer.path)), before)

        // Back to read-write: handles reopen.
        let again = Database(at: path(), readOnly: false)
        try again.exec("INSERT INTO t VALUES(3)")
        XCTAssertEqual(try count(again), 2)
    }

    func testAReadOnlyDatabaseNeverCreatesItsFile() {
        let reader = Database(at: path("missing.db"), readOnly: true)
        XCTAssertThrowsError(try reader.exec("SELECT 1")) { error in
            XCTAssertEqual((error as? WCDBError)?.code, .CantOpen)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("missing.db")))
    }

    func testInMemoryDatabasesAreSeparateAndSharedByTheirThreads() throws {
        let first = Database.createInMemoryDatabase()
        let second = Database.createInMemoryDatabase()
        XCTAssertTrue(first.isInMemory)
        XCTAssertNotEqual(first.path, second.path)
        try first.exec("CREATE TABLE t(a)")
        XCTAssertFalse(try second.isTableExists("t"))
        runThreads(4) { index in
            for value in 0..<25 { try? first.exec("INSERT INTO t VALUES(\(index * 100 + value))") }
        }
        XCTAssertEqual(try count(first), 100, "every thread wrote into the same in-memory database")
        try first.run(transaction: { try first.exec("INSERT INTO t VALUES(-1)") })
        XCTAssertEqual(try count(first), 101)
        XCTAssertFalse(FileManager.default.fileExists(atPath: first.path))
        XCTAssertThrowsError(try first.getHandle())
        first.close()
        XCTAssertFalse(try first.isTableExists("t"), "closing discards an in-memory database")
    }

    func testGetHandleGivesAConfiguredConnectionOfOnesOwn() throws {
        let database = Database(withPath: path())
        database.setCipher(key: Data("secret".utf8))
        try database.exec("CREATE TABLE t(a)")
        let handle = try database.getHandle(writeHint: true)
        XCTAssertTrue(handle.isOpened)
        try handle.exec("INSERT INTO t VALUES(1)")  // keyed like the pool's handles
        XCTAssertEqual(try handle.scalar("PRAGMA journal_mode").stringValue, "wal")
        XCTAssertEqual(try count(database), 1)
        handle.close()
        XCTAssertFalse(handle.isOpened)
    }
}
