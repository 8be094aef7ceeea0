import Foundation
import Testing
import WCDBSwift

/// A database file in a directory of its own, removed afterwards.
private final class VacuumScratch {
    let directory = NSTemporaryDirectory() + "wcdb-vacuum-tests/" + UUID().uuidString
    let database: Database

    init(key: Data? = nil) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        database = Database(withPath: directory + "/test.db")
        if let key { database.setCipher(key: key) }
    }

    deinit {
        database.close()
        try? FileManager.default.removeItem(atPath: directory)
    }

    func integer(_ sql: String) throws -> Int64 {
        try database.getRows(sql)[0][0].int64Value
    }

    /// A table of `count` rows of 1 KB each, then most of them deleted: free pages in the file.
    func makeFreePages(count: Int = 200) throws {
        try database.exec("CREATE TABLE t(id INTEGER PRIMARY KEY, body BLOB)")
        try database.run(transaction: {
            for id in 0..<count { try database.exec("INSERT INTO t VALUES(\(id), randomblob(1024))") }
        })
        try database.exec("DELETE FROM t WHERE id >= 10")
        try database.truncateCheckpoint()
    }
}

@Suite struct VacuumTests {
    /// WCDB 2.x's `RepairTests.testVacuum`: `vacuum { percentage, increment in … }` rebuilds the file
    /// without its free pages, keeps every row, and reports progress as 2.x's contract says (each
    /// increment > 0 and the change of percentage, the last at 1.0), on an encrypted database too.
    @Test(arguments: [nil, Data("vacuum key".utf8)])
    func vacuumDropsFreePagesAndKeepsRows(key: Data?) throws {
        let scratch = try VacuumScratch(key: key)
        try scratch.makeFreePages()
        #expect(try scratch.integer("PRAGMA freelist_count") > 0)
        var last = 0.0
        var reports: [(Double, Double)] = []
        try scratch.database.vacuum { percentage, increment in
            reports.append((percentage, increment))
            #expect(increment > 0 && percentage - last == increment)
            last = percentage
            return true
        }
        #expect(!reports.isEmpty && last == 1.0)
        #expect(try scratch.integer("PRAGMA freelist_count") == 0)
        #expect(try scratch.integer("SELECT count(*) FROM t") == 10)
        try scratch.database.vacuum(with: nil)
        #expect(try scratch.integer("SELECT count(*) FROM t") == 10)
    }

    /// `enableAutoVacuum(incremental:)` sets `auto_vacuum` on every connection (FULL, then INCREMENTAL
    /// on the same open database), and `incrementalVacuum(pages: 0)` gives every free page back; the
    /// query uses WINQ's `Pragma.freelistCount` as 2.x's test does.
    @Test func autoVacuumModesAndIncrementalVacuum() throws {
        let scratch = try VacuumScratch()
        let database = scratch.database
        database.enableAutoVacuum(incremental: false)
        #expect(try database.getValue(from: StatementPragma().pragma(.autoVacuum))?.intValue == 1)
        database.enableAutoVacuum(incremental: true)
        #expect(try database.getValue(from: StatementPragma().pragma(.autoVacuum))?.intValue == 2)

        try scratch.makeFreePages()
        let freePages = StatementPragma().pragma(.freelistCount)
        #expect(try database.getValue(from: freePages)?.intValue ?? 0 > 0)
        try database.incrementalVacuum(pages: 1)
        let afterOne = try database.getValue(from: freePages)?.intValue ?? 0
        #expect(afterOne > 0)
        try database.incrementalVacuum(pages: 0)
        #expect(try database.getValue(from: freePages)?.intValue == 0)
        #expect(try scratch.integer("SELECT count(*) FROM t") == 10)
    }
}
