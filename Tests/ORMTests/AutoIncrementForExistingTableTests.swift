import Foundation
import WCDBSwift
import XCTest

/// WCDB 2.x's `enableAutoIncrementForExistingTable`, as `@PrimaryKey(autoIncrement: true,
/// enableAutoIncrementForExistingTable: true)`.
final class Counter: TableCodable {
    // @PrimaryKey(autoIncrement: true, enableAutoIncrementForExistingTable: true)
    var id: Int = 0
    var name: String = ""
    var isAutoIncrement: Bool = true
    var lastInsertedRowID: Int64 = 0

    init() {}
    init(name: String) { self.name = name }
}

final class AutoIncrementForExistingTableTests: DatabaseTestCase {
    private func tableSQL(_ table: String) throws -> String {
        try strings("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = '\(table)'").first ?? ""
    }

    func testExistingTableGetsAutoIncrementAndNeverReusesAKey() throws {
        try database.exec("CREATE TABLE counter(id INTEGER PRIMARY KEY, name TEXT)")
        try database.exec("INSERT INTO counter(id, name) VALUES (1, 'a'), (2, 'b'), (3, 'c')")
        try database.exec("DELETE FROM counter WHERE id = 3")

        try database.create(table: "counter", of: Counter.self)
        let sql = try tableSQL("counter")
        XCTAssertTrue(sql.contains("PRIMARY KEY AUTOINCREMENT"), sql)
        // Seeded with the largest key present, as WCDB does (3 was deleted before the upgrade).
        XCTAssertEqual(try strings("SELECT seq FROM sqlite_sequence WHERE name = 'counter'"), ["2"])
        let counter = Counter(name: "d")
        try database.insert(objects: counter, intoTable: "counter")
        XCTAssertEqual(counter.lastInsertedRowID, 3)
        // From now on a deleted largest key is never handed out again (plain rowids would reuse 4).
        let doomed = Counter(name: "e")
        try database.insert(objects: doomed, intoTable: "counter")
        XCTAssertEqual(doomed.lastInsertedRowID, 4)
        try database.exec("DELETE FROM counter WHERE id = 4")
        let counter2 = Counter(name: "f")
        try database.insert(objects: counter2, intoTable: "counter")
        XCTAssertEqual(counter2.lastInsertedRowID, 5)
        XCTAssertEqual(try strings("PRAGMA integrity_check"), ["ok"])

        // A second create changes nothing.
        let before = try tableSQL("counter")
        try database.create(table: "counter", of: Counter.self)
        XCTAssertEqual(try tableSQL("counter"), before)
        let rows: [Counter] = try database.getObjects(fromTable: "counter")
        XCTAssertEqual(rows.map(\.name), ["a", "b", "d", "f"])
    }

    func testEmptyExistingTableNeedsNoSequenceRow() throws {
        try database.exec("CREATE TABLE counter(id INTEGER PRIMARY KEY, name TEXT)")
        try database.create(table: "counter", of: Counter.self)
        XCTAssertTrue(try tableSQL("counter").contains("AUTOINCREMENT"))
        let counter = Counter(name: "first")
        try database.insert(objects: counter, intoTable: "counter")
        XCTAssertEqual(counter.lastInsertedRowID, 1)
    }

    func testTableWithoutAnIntegerKeyIsRefusedAndLeftAlone() throws {
        try database.exec("CREATE TABLE counter(id TEXT PRIMARY KEY, name TEXT)")
        try database.exec("INSERT INTO counter(id, name) VALUES ('x', 'kept')")
        let before = try tableSQL("counter")
        XCTAssertThrowsError(try database.create(table: "counter", of: Counter.self))
        XCTAssertEqual(try tableSQL("counter"), before)
        XCTAssertEqual(try strings("SELECT name FROM counter"), ["kept"])
        XCTAssertEqual(try strings("PRAGMA integrity_check"), ["ok"])
    }

    func testNewTableIsCreatedWithAutoIncrement() throws {
        try database.create(table: "counter", of: Counter.self)
        XCTAssertTrue(try tableSQL("counter").contains("AUTOINCREMENT"))
    }
}
