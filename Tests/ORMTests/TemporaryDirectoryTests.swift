import Foundation
import WCDBSwift
import XCTest

/// `Database.setDefaultTemporaryDirectory`: SQLite's temporary files go there; a missing directory is
/// created, one that cannot be changes nothing, nil resets it.
final class TemporaryDirectoryTests: DatabaseTestCase {
    func testDefaultTemporaryDirectory() throws {
        defer { Database.setDefaultTemporaryDirectory(nil) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent("it's temp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        XCTAssertTrue(Database.setDefaultTemporaryDirectory(temporary.path))
        XCTAssertEqual(try rows("PRAGMA temp_store_directory")[0][0].stringValue, temporary.path)
        // A missing directory is created (WCDB 2.x); one that cannot be changes nothing.
        let missing = directory.appendingPathComponent("missing/nested")
        XCTAssertTrue(Database.setDefaultTemporaryDirectory(missing.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: missing.path))
        XCTAssertEqual(try rows("PRAGMA temp_store_directory")[0][0].stringValue, missing.path)
        XCTAssertFalse(Database.setDefaultTemporaryDirectory("/dev/null/cannot"))
        XCTAssertEqual(try rows("PRAGMA temp_store_directory")[0][0].stringValue, missing.path, "unchanged")
        XCTAssertTrue(Database.setDefaultTemporaryDirectory(nil))
        XCTAssertEqual(try rows("PRAGMA temp_store_directory").first?.first?.stringValue ?? "", "")
    }
}
