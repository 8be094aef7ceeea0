import Foundation
import WCDBSwift
import XCTest

/// A database in a fresh temporary directory, removed when the test ends.
class DatabaseTestCase: XCTestCase {
    var directory: URL!
    var database: Database!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-orm-\(UUID().uuidString)")
        database = Database(withPath: directory.appendingPathComponent("test.db").path)
    }

    override func tearDownWithError() throws {
        database.close()
        database = nil
        try? FileManager.default.removeItem(at: directory)
    }

    /// The rows of a raw SQL query, for asserting on SQLite's own view (sqlite_master, PRAGMAs).
    func rows(_ sql: String) throws -> [[FundamentalValue]] {
        try database.getRows(sql)
    }

    func strings(_ sql: String, column: Int = 0) throws -> [String] {
        try rows(sql).map { $0[column].stringValue }
    }
}
