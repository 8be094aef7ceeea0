import Foundation
import WCDBSwift
import XCTest

/// Databases of one path share their tag (and their open state), and so do their tables and transactions.
final class DatabaseTagTests: DatabaseTestCase {
    func testDatabasesOfOnePathShareTheirTag() throws {
        let path = directory.appendingPathComponent("tagged.db").path
        let database: Database = Database(at: path)
        database.tag = 99
        let other: Database? = Database(at: path)
        XCTAssertEqual(other!.tag, 99)
        XCTAssertEqual(other!.path, path)
        XCTAssertTrue(database.canOpen)
        XCTAssertTrue(database.isOpened)
        database.purge()
        XCTAssertFalse(database.isOpened)
        XCTAssertTrue(database.canOpen)
        Database.purge()
        XCTAssertFalse(database.isOpened)
    }

    // 1.4: Database, Table and Transaction share one tag.
    func testTagIsSharedByDatabaseTableAndTransaction() throws {
        try database.create(table: "sampleTable", of: SampleObject.self)
        database.tag = 1
        let alias = Database(withPath: database.path)
        XCTAssertEqual(alias.tag, 1)
        let table = try database.getTable(named: "sampleTable", of: SampleObject.self)
        XCTAssertEqual(table.tag, 1)
        let transaction = try database.getTransaction()
        XCTAssertEqual(transaction.tag, 1)
        database.tag = 2
        XCTAssertEqual(alias.tag, 2)
        XCTAssertEqual(table.tag, 2)
        XCTAssertEqual(transaction.tag, 2)
    }
}
