import Foundation
import WCDBSwift
import XCTest

/// The seeds' index-to-be-dropped and index-only-for-new-tables (`WCDB_INDEX_TO_BE_DROPPED`,
/// `WCDB_INDEX_FOR_NEWLY_CREATED_TABLE_ONLY`) as `@DropIndex` and `@Index(…, forNewTableOnly: true)`.
// @DropIndex("_legacy")
struct Ledger: TableCodable {
    // @PrimaryKey
    var id: Int = 0
    // @Index("_amount")
    var amount: Int = 0
    // @Index("_memo", forNewTableOnly: true)
    var memo: String = ""
}

final class IndexLifecycleTests: DatabaseTestCase {
    private func indexNames(of table: String) throws -> Set<String> {
        // PRAGMA index_list: seq, name, unique, origin, partial.
        Set(try strings("PRAGMA index_list(\(table))", column: 1).filter { !$0.hasPrefix("sqlite_autoindex") })
    }

    func testNewTableGetsEveryIndexAndNoDroppedOne() throws {
        try database.create(table: "ledger", of: Ledger.self)
        XCTAssertEqual(try indexNames(of: "ledger"), ["ledger_amount", "ledger_memo"])
    }

    func testExistingTableLosesTheDroppedIndexAndDoesNotGainTheNewTableOnlyOne() throws {
        // The table as an earlier version of the app made it: an index the model now drops, none of the new ones.
        try database.exec("CREATE TABLE ledger(id INTEGER PRIMARY KEY, amount INTEGER, memo TEXT)")
        try database.exec("CREATE INDEX ledger_legacy ON ledger(memo)")
        try database.insert(objects: Ledger(id: 1, amount: 5, memo: "kept"), intoTable: "ledger")
        XCTAssertEqual(try indexNames(of: "ledger"), ["ledger_legacy"])

        try database.create(table: "ledger", of: Ledger.self)
        XCTAssertEqual(try indexNames(of: "ledger"), ["ledger_amount"])
        let rows: [Ledger] = try database.getObjects(fromTable: "ledger")
        XCTAssertEqual(rows.map(\.memo), ["kept"])
        // Creating again changes nothing: the dropped index stays dropped, the new-table-only one absent.
        try database.create(table: "ledger", of: Ledger.self)
        XCTAssertEqual(try indexNames(of: "ledger"), ["ledger_amount"])
    }
}

extension IndexLifecycleTests {
    func testCreatingAnExistingIndexAgainIsNoError() throws {
        try fillTestTable(with: [TestObject(1, "one"), TestObject(2, "two")])
        XCTAssertEqual(Column.all().description, Column.all.description)
        XCTAssertEqual(try database.getRows(on: [Column.all()], fromTable: TestObject.name).count, 2)
        try database.create(index: "byName", with: TestObject.Properties.variable2, forTable: TestObject.name)
        try database.create(index: "byName", with: TestObject.Properties.variable2, forTable: TestObject.name)  // exists: no error
        let index: Master? = try database.getObject(fromTable: Master.builtinTableName, where: Master.Properties.name == "byName")
        XCTAssertEqual(index?.tableName, TestObject.name)
        XCTAssertEqual(index?.sql, "CREATE INDEX byName ON testTable(variable2)")
        XCTAssertEqual(try database.getValue(on: TestObject.Properties.variable1.max(), fromTable: TestObject.name).intValue, 2)
    }
}
