import Foundation
import WCDBSwift
import XCTest

/// A database's files: opened by path or URL, checkpointed, sized, moved and removed.
final class DatabaseFilesTests: DatabaseTestCase {
    func testPathAndURLOpenOneDatabaseAndCheckpointsEmptyTheWAL() throws {
        let path = directory.appendingPathComponent("at.db").path
        let byPath = Database(at: path)
        let byURL = Database(at: URL(fileURLWithPath: path))
        try byPath.create(table: TestObject.name, of: TestObject.self)
        try byPath.insert(TestObject(1, "wal"), intoTable: TestObject.name)
        XCTAssertEqual(byURL.tag, byPath.tag, "one path, one shared core")
        XCTAssertEqual(byURL.urls.map(\.path), byPath.paths)
        try byPath.passiveCheckpoint()
        try byPath.truncateCheckpoint()
        let wal = try XCTUnwrap(byPath.paths.first { $0.hasSuffix("-wal") })
        let walSize = try FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int
        XCTAssertEqual(walSize, 0, "a truncating checkpoint empties the WAL")
        let read: TestObject? = try byURL.getObject(fromTable: TestObject.name)
        XCTAssertEqual(read?.variable2, "wal")
        byPath.close()
    }

    func testFilesAndURLs() throws {
        try database.create(table: TestObject.name, of: TestObject.self)
        XCTAssertEqual(database.urls.map(\.path), database.paths)
        XCTAssertTrue(database.paths.contains(database.path + "-wal"))
        try database.close {
            XCTAssertGreaterThan(try self.database.getFilesSize(), 0)
        }
        let newDirectory = directory.appendingPathComponent("newDirectory").path
        try database.moveFiles(toDirectory: newDirectory)
        XCTAssertTrue(FileManager.default.fileExists(atPath: newDirectory + "/test.db"))
        try database.close {
            try self.database.removeFiles()
        }
        XCTAssertFalse(database.paths.contains { FileManager.default.fileExists(atPath: $0) })
    }
}
