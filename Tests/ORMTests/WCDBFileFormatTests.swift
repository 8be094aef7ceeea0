import Foundation
import WCDBSwift
import XCTest

/// A value stored in a column as JSON (WCDB 2.x's `ColumnJSONCodable`).
struct Coordinate: ColumnJSONCodable, Equatable, Hashable {
    var latitude: Double
    var longitude: Double
}

/// A model with every type whose stored form WCDB fixes: dates, collections, JSON values.
struct WCDBStoredForms: TableCodable {
    // @PrimaryKey
    var id: Int = 0
    var date: Date = Date(timeIntervalSince1970: 0)
    var names: [String] = []
    var scores: [String: Int] = [:]
    var tags: Set<String> = []
    var place: Coordinate? = nil
    var numbers: [Double]? = nil
}

/// Files move between WCDB and us with the same values: raw SQL writes exactly what WCDB 2.x writes
/// (a REAL of seconds since 1970, JSON bytes in a BLOB) and the model reads it; the model writes and
/// raw SQL reads WCDB's forms back.
final class WCDBFileFormatTests: DatabaseTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try database.create(table: "forms", of: WCDBStoredForms.self)
    }

    func testReadsWhatWCDBWrote() throws {
        // What WCDB's builtin coders produce: Value(timeIntervalSince1970), Value(JSONEncoder().encode(x)).
        try database.exec("""
            INSERT INTO forms(id, date, names, scores, tags, place, numbers) VALUES(1, 1700000000.5,
              CAST('["a","b"]' AS BLOB), CAST('{"y":2,"x":1}' AS BLOB), CAST('["q","p"]' AS BLOB),
              CAST('{"longitude":2.5,"latitude":1.25}' AS BLOB), NULL)
            """)
        let read: WCDBStoredForms? = try database.getObject(fromTable: "forms")
        let object = try XCTUnwrap(read)
        XCTAssertEqual(object.date, Date(timeIntervalSince1970: 1_700_000_000.5))
        XCTAssertEqual(object.names, ["a", "b"])
        XCTAssertEqual(object.scores, ["x": 1, "y": 2])
        XCTAssertEqual(object.tags, ["p", "q"])
        XCTAssertEqual(object.place, Coordinate(latitude: 1.25, longitude: 2.5))
        XCTAssertNil(object.numbers)
        // SQL reads the date as WCDB documents it.
        XCTAssertEqual(try strings("SELECT datetime(date, 'unixepoch') FROM forms"), ["2023-11-14 22:13:20"])
    }

    func testWritesWhatWCDBReads() throws {
        var object = WCDBStoredForms()
        object.id = 2
        object.date = Date(timeIntervalSince1970: 86_400.25)
        object.names = ["x"]
        object.scores = ["b": 2, "a": 1]
        object.tags = ["z", "a", "m"]
        object.place = Coordinate(latitude: -1, longitude: 0.5)
        try database.insert(object, intoTable: "forms")
        let row = try XCTUnwrap(try rows("SELECT typeof(date), date, typeof(names), names, scores, tags, place FROM forms").first)
        XCTAssertEqual(row[0], .text("real"))
        XCTAssertEqual(row[1], .double(86_400.25))
        XCTAssertEqual(row[2], .text("blob"))
        XCTAssertEqual(row[3], .blob(Data(#"["x"]"#.utf8)))
        XCTAssertEqual(row[4], .blob(Data(#"{"a":1,"b":2}"#.utf8)))
        XCTAssertEqual(row[5], .blob(Data(#"["a","m","z"]"#.utf8)), "a set is stored sorted")
        XCTAssertEqual(row[6], .blob(Data(#"{"latitude":-1,"longitude":0.5}"#.utf8)))
        // What WCDB would decode from those bytes (JSONDecoder on the BLOB) is the value written.
        XCTAssertEqual(try JSONDecoder().decode(Set<String>.self, from: row[5].dataValue), object.tags)
        XCTAssertEqual(try JSONDecoder().decode(Coordinate.self, from: row[6].dataValue), object.place)
    }

    func testTextJSONWrittenByEarlierVersionsStillReads() throws {
        try database.exec(#"INSERT INTO forms(id, names, scores, tags, numbers) VALUES(3, '["old"]', '{"k":7}', '[1]', '')"#)
        try database.exec(#"UPDATE forms SET tags = '["t"]' WHERE id = 3"#)
        let read: WCDBStoredForms? = try database.getObject(fromTable: "forms")
        let object = try XCTUnwrap(read)
        XCTAssertEqual(object.names, ["old"])
        XCTAssertEqual(object.scores, ["k": 7])
        XCTAssertEqual(object.tags, ["t"])
        XCTAssertEqual(object.numbers, [], "an empty value reads as an empty collection")
    }

    func testEqualSetsAreEqualInSQL() throws {
        // Built in different orders, with different capacities, so their iteration orders can differ.
        var first = Set<String>(minimumCapacity: 64)
        for word in ["delta", "alpha", "charlie", "bravo", "echo"] { first.insert(word) }
        var second = Set<String>()
        for word in ["echo", "bravo", "alpha", "delta", "charlie"] { second.insert(word) }
        var a = WCDBStoredForms(); a.id = 1; a.tags = first
        var b = WCDBStoredForms(); b.id = 2; b.tags = second
        try database.insert([a, b], intoTable: "forms")
        XCTAssertEqual(try rows("SELECT count(DISTINCT tags) FROM forms")[0][0], .integer(1))
        let matches = try database.getRows("SELECT id FROM forms WHERE tags = ? ORDER BY id", values: [second.archivedValue()])
        XCTAssertEqual(matches.map { $0[0] }, [.integer(1), .integer(2)], "a set compares equal to its stored form in SQL")
    }

    func testCollectionThatFailsToEncodeThrowsAndWritesNothing() throws {
        var good = WCDBStoredForms(); good.id = 1; good.numbers = [1]
        var bad = WCDBStoredForms(); bad.id = 2; bad.numbers = [1, .nan]  // JSON has no NaN
        XCTAssertThrowsError(try database.insert([good, bad], intoTable: "forms")) { error in
            let wcdbError = error as? WCDBError
            XCTAssertNotNil(wcdbError)
            XCTAssertEqual(wcdbError?.operation, "encode")
            XCTAssertTrue(wcdbError?.message?.contains("Array<Double>") ?? false, "\(error)")
        }
        XCTAssertEqual(try rows("SELECT count(*) FROM forms")[0][0], .integer(0), "the batch rolled back")

        try database.insert(good, intoTable: "forms")
        XCTAssertThrowsError(try database.update(table: "forms", on: WCDBStoredForms.Properties.numbers, with: bad,
                                                 where: WCDBStoredForms.Properties.id == 1))
        XCTAssertThrowsError(try database.update(table: "forms", on: WCDBStoredForms.Properties.numbers,
                                                 with: [[Double.infinity]] as [ColumnEncodable]))
        let kept: WCDBStoredForms? = try database.getObject(fromTable: "forms")
        XCTAssertEqual(kept?.numbers, [1], "the stored value is untouched, not NULL")
        // The statement is usable again after the failure.
        try database.insert(bad.withNumbers([2]), intoTable: "forms")
        XCTAssertEqual(try rows("SELECT count(*) FROM forms")[0][0], .integer(2))
    }
}

extension WCDBFileFormatTests {
    func testCoreStatementBindFailureThrowsAtStepUntilCleared() throws {
        let statement = try database.prepare("INSERT INTO forms(id, numbers) VALUES(?, ?)")
        defer { statement.finalize() }
        statement.bind(1, toIndex: 1)
        statement.bind([Double.nan], toIndex: 2)
        XCTAssertThrowsError(try statement.step()) { error in
            XCTAssertEqual((error as? WCDBError)?.operation, "encode")
        }
        XCTAssertEqual(try rows("SELECT count(*) FROM forms")[0][0], .integer(0))
        // A bind that fails and is cleared before stepping leaves no stale error behind.
        try statement.reset()
        statement.bind([Double.infinity], toIndex: 2)
        statement.clearBindings()
        statement.bind(2, toIndex: 1)
        statement.bind([0.5], toIndex: 2)
        XCTAssertFalse(try statement.step())
        XCTAssertEqual(try rows("SELECT id, numbers FROM forms"), [[.integer(2), .blob(Data("[0.5]".utf8))]])
    }
}

private extension WCDBStoredForms {
    func withNumbers(_ numbers: [Double]) -> WCDBStoredForms {
        var copy = self
        copy.numbers = numbers
        return copy
    }
}
