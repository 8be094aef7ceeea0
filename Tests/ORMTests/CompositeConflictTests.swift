import Foundation
import WCDBSwift
import XCTest

/// A composite key that replaces on conflict and a composite unique pair that ignores duplicates,
/// as WCDB 2.x's `BindMultiPrimary(…, onConflict:)` / `BindMultiUnique(…, onConflict:)` declare them.
struct Seat: TableCodable {
    // @MultiPrimary("seatKey", onConflict: .replace)
    var row: Int = 0
    // @MultiPrimary("seatKey", order: .descending)
    var number: Int = 0
    // @MultiUnique("holderTicket", onConflict: .ignore)
    var holder: String = ""
    // @MultiUnique("holderTicket")
    var ticket: Int = 0
}

final class CompositeConflictTests: DatabaseTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try database.create(table: "seat", of: Seat.self)
    }

    func testConflictClausesAreInTheCreatedTable() throws {
        let sql = try strings("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'seat'").first ?? ""
        XCTAssertTrue(sql.contains("CONSTRAINT seatKey PRIMARY KEY(\"row\", number DESC) ON CONFLICT REPLACE"), sql)
        XCTAssertTrue(sql.contains("CONSTRAINT holderTicket UNIQUE(holder, ticket) ON CONFLICT IGNORE"), sql)
    }

    func testPlainInsertFollowsTheConstraintsActions() throws {
        try database.insert(objects: Seat(row: 1, number: 2, holder: "ann", ticket: 10), intoTable: "seat")
        // Same key: the primary key's REPLACE swaps the row in, where a plain INSERT would fail.
        try database.insert(objects: Seat(row: 1, number: 2, holder: "bob", ticket: 11), intoTable: "seat")
        // Same (holder, ticket) as bob's row, other key: the unique pair's IGNORE drops it silently.
        try database.insert(objects: Seat(row: 3, number: 4, holder: "bob", ticket: 11), intoTable: "seat")
        let seats: [Seat] = try database.getObjects(fromTable: "seat")
        XCTAssertEqual(seats.map(\.holder), ["bob"])
        XCTAssertEqual(seats.map(\.row), [1])
    }
}
