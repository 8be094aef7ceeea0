import Foundation
import WCDBRepair
import WCDBSwift
import XCTest

/// Committed WAL frames are read only up to the first broken checksum, as SQLite itself does: the
/// frames after it are not trusted, even where they are intact.
final class WALTests: XCTestCase {
    func testFramesAfterABrokenChecksumAreNotTrusted() throws {
        for key in [nil, Data("wal-key".utf8)] {
            let directory = NSTemporaryDirectory() + "wcdb-wal-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let path = directory + "/db"
            let database = Database(withPath: path)
            if let key { database.setCipher(key: key) }
            try database.exec("PRAGMA journal_mode = WAL")
            try database.exec("PRAGMA wal_autocheckpoint = 0")
            try database.exec("CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT)")
            try database.run(transaction: {
                for i in 1...500 { _ = try database.getRows("INSERT INTO t(v) VALUES(?)", values: [.text("old \(i)")]) }
            })
            let firstCommitEnd = try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int ?? 0
            try database.exec("UPDATE t SET v = 'new ' || id")
            // Copy while open: closing would checkpoint the WAL into the file.
            for suffix in ["", "-wal"] { try FileManager.default.copyItem(atPath: path + suffix, toPath: directory + "/copy" + suffix) }
            database.close()

            // One flipped byte in the first frame of the UPDATE's commit: its checksum breaks, and every
            // later frame (intact, and newer) must be ignored too.
            let wal = try FileHandle(forUpdating: URL(fileURLWithPath: directory + "/copy-wal"))
            try wal.seek(toOffset: UInt64(firstCommitEnd + 24 + 200))
            let byte = try XCTUnwrap(wal.readData(ofLength: 1).first)
            try wal.seek(toOffset: UInt64(firstCommitEnd + 24 + 200))
            wal.write(Data([byte ^ 0x10]))
            try wal.close()

            let source = try PageSource(path: directory + "/copy", pageSize: 4096, key: key)
            XCTAssertEqual(source.walFrameCount, (firstCommitEnd - 32) / (24 + 4096), "frames up to the last sound commit")
            let recovered = Database(withPath: directory + "/recovered.db")
            try recovered.recover(fromPath: directory + "/copy", databaseKey: key, backupKey: key)
            let rows = try recovered.getRows("SELECT id, v FROM t ORDER BY id")
            XCTAssertEqual(rows.count, 500)
            XCTAssertEqual(rows.filter { $0[1].stringValue == "old \($0[0].int64Value)" }.count, 500,
                           "every row as of the last sound commit, none from the broken one (key: \(key != nil))")
        }
    }
}
