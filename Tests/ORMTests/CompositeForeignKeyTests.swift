import Foundation
import WCDBSwift
import XCTest

/// A row keyed by two columns, and one that references it by both (a composite foreign key, as 2.x's
/// `BindForeginKey` over several columns declares it).
struct Shelf: TableCodable {
    // @MultiPrimary("shelfKey")
    var aisle: Int = 0
    // @MultiPrimary("shelfKey")
    var level: Int = 0
}

struct Book: TableCodable {
    // @PrimaryKey
    var id: Int = 0
    // @MultiForeignKey("onShelf", table: "shelf", column: "aisle", onDelete: .cascade)
    var shelfAisle: Int = 0
    // @MultiForeignKey("onShelf", table: "shelf", column: "level")
    var shelfLevel: Int = 0
}

final class CompositeForeignKeyTests: DatabaseTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try database.exec("PRAGMA foreign_keys = ON")
        try database.create(table: "shelf", of: Shelf.self)
        try database.create(table: "book", of: Book.self)
    }

    func testConstraintIsInTheCreatedTable() throws {
        // PRAGMA foreign_key_list: id, seq, table, from, to, on_update, on_delete, match.
        let keys = try rows("PRAGMA foreign_key_list(book)")
        XCTAssertEqual(keys.map { $0[2].stringValue }, ["shelf", "shelf"])
        XCTAssertEqual(keys.map { $0[3].stringValue }, ["shelfAisle", "shelfLevel"])
        XCTAssertEqual(keys.map { $0[4].stringValue }, ["aisle", "level"])
        XCTAssertEqual(keys.map { $0[6].stringValue }, ["CASCADE", "CASCADE"])
        XCTAssertEqual(Set(keys.map { $0[0].int64Value }).count, 1, "one constraint over both columns")
    }

    func testBothColumnsMustMatchOneRow() throws {
        try database.insert(objects: Shelf(aisle: 1, level: 1), Shelf(aisle: 2, level: 2), intoTable: "shelf")
        try database.insert(objects: Book(id: 1, shelfAisle: 1, shelfLevel: 1), intoTable: "book")
        // Each value exists in some shelf row, but no row has both: refused, nothing written.
        XCTAssertThrowsError(try database.insert(objects: Book(id: 2, shelfAisle: 1, shelfLevel: 2), intoTable: "book"))
        // ON DELETE CASCADE over the pair.
        try database.delete(fromTable: "shelf", where: Shelf.Properties.aisle == 1)
        let books: [Book] = try database.getObjects(fromTable: "book")
        XCTAssertEqual(books.count, 0)
    }
}
