import CSQLCipher
import Foundation
import XCTest
@testable import WCDBSwift

enum Kind: Int, ColumnCodable {
    case small = 1
    case large = 7
}

enum Mood: String, ColumnCodable {
    case happy
    case grumpy
}

final class ValueTests: CoreTestCase {
    func testFundamentalValueConversions() {
        let integer: FundamentalValue = 42
        XCTAssertEqual(integer.type, .integer64)
        XCTAssertEqual(integer.stringValue, "42")
        XCTAssertEqual(integer.doubleValue, 42)
        let double: FundamentalValue = 2.5
        XCTAssertEqual(double.type, .float)
        XCTAssertEqual(double.int64Value, 2)
        XCTAssertEqual(double.stringValue, "2.5")
        XCTAssertEqual(FundamentalValue(3.0).stringValue, "3.0")
        let text: FundamentalValue = "12abc"
        XCTAssertEqual(text.int64Value, 12)
        XCTAssertEqual(text.int32Value, 12)
        XCTAssertEqual(FundamentalValue("1.5e1x").doubleValue, 15)
        XCTAssertEqual(FundamentalValue("abc").int64Value, 0)
        XCTAssertEqual(text.dataValue, Data("12abc".utf8))
        let null: FundamentalValue = nil
        XCTAssertEqual(null.type, .null)
        XCTAssertEqual(null.int64Value, 0)
        XCTAssertEqual(null.stringValue, "")
        XCTAssertEqual(null.description, "NULL")
        XCTAssertEqual(FundamentalValue(true), .integer(1))
        XCTAssertEqual(FundamentalValue.blob(Data([0x31])).stringValue, "1")
        XCTAssertEqual(FundamentalValue(1e300).int64Value, Int64.max)
        let rows: FundamentalRowXColumn = [[1, "a"], [2, "b"]]
        XCTAssertEqual(rows[row: 1, column: 1], "b")
    }

    /// SQLite's own conversions agree with FundamentalValue's for the cases above.
    func testConversionsMatchSQLite() throws {
        let database = Database(withPath: path())
        let row = try database.getRows("SELECT CAST('12abc' AS INTEGER), CAST(2.5 AS TEXT), CAST(3.0 AS TEXT), CAST('1.5e1x' AS REAL)")[0]
        XCTAssertEqual(row[0], .integer(FundamentalValue("12abc").int64Value))
        XCTAssertEqual(row[1], .text(FundamentalValue(2.5).stringValue))
        XCTAssertEqual(row[2], .text(FundamentalValue(3.0).stringValue))
        XCTAssertEqual(row[3], .double(FundamentalValue("1.5e1x").doubleValue))
    }

    /// Binds `value` through the fast path and reads it back both through the fast path and through
    /// FundamentalValue.
    func roundTrip<T: ColumnCodable>(_ value: T, on handle: Handle, file: StaticString = #filePath,
                                     line: UInt = #line) throws -> (T, T) {
        let insert = try handle.prepare("INSERT INTO v(x) VALUES(?)")
        value.bindColumn(to: insert, atIndex: 1)
        XCTAssertFalse(try insert.step(), file: file, line: line)
        insert.finalize()
        let rowID = handle.lastInsertedRowID
        let select = try handle.prepare("SELECT x FROM v WHERE rowid = \(rowID)")
        defer { select.finalize() }
        XCTAssertTrue(try select.step(), file: file, line: line)
        let fast = try T.decodeColumn(from: select, atIndex: 0)
        guard let slow = T(with: select.value(atIndex: 0)) else {
            XCTFail("init?(with:) returned nil for \(T.self)", file: file, line: line)
            return (fast, fast)
        }
        // And the archived value is what the fast path stored.
        XCTAssertEqual(select.value(atIndex: 0), value.archivedValue(), file: file, line: line)
        return (fast, slow)
    }

    func check<T: ColumnCodable & Equatable>(_ value: T, on handle: Handle, file: StaticString = #filePath,
                                             line: UInt = #line) throws {
        let (fast, slow) = try roundTrip(value, on: handle, file: file, line: line)
        XCTAssertEqual(fast, value, "fast path \(T.self)", file: file, line: line)
        XCTAssertEqual(slow, value, "FundamentalValue path \(T.self)", file: file, line: line)
    }

    func testEveryColumnTypeRoundTrips() throws {
        let database = Database(withPath: path())
        try database.exec("CREATE TABLE v(x)")
        try database.withHandle(forWriting: true) { handle in
            try check(Int.min, on: handle)
            try check(Int.max, on: handle)
            try check(Int8.min, on: handle)
            try check(Int16.max, on: handle)
            try check(Int32.min, on: handle)
            try check(Int64.max, on: handle)
            try check(UInt.max, on: handle)
            try check(UInt8.max, on: handle)
            try check(UInt16.max, on: handle)
            try check(UInt32.max, on: handle)
            try check(UInt64.max, on: handle)
            try check(UInt64(1) << 63, on: handle)
            try check(true, on: handle)
            try check(false, on: handle)
            try check(Float(3.25), on: handle)
            try check(Double.pi, on: handle)
            try check(-0.0 as Double, on: handle)
            try check("héllo 🌍", on: handle)
            try check("", on: handle)
            try check("nul\u{0}inside", on: handle)
            try check(URL(string: "https://example.com/a?b=c#d")!, on: handle)
            try check(Data([0, 1, 2, 255]), on: handle)
            try check(Data(), on: handle)
            try check([1, 2, 3], on: handle)
            try check(["b": 2, "a": 1], on: handle)
            try check(Set(["x", "y"]), on: handle)
            try check([[String]](), on: handle)
            try check(Kind.large, on: handle)
            try check(Mood.grumpy, on: handle)
            try check(Optional<Int>.none, on: handle)
            try check(Optional<String>.none, on: handle)
            try check(Optional<Kind>.some(.small), on: handle)
            try check(Optional<Date>.none, on: handle)
            try check(Optional<UInt64>.some(.max), on: handle)
            // Dates are stored as WCDB stores them (seconds since 1970): values made from such seconds
            // round-trip exactly, any other within a fraction of a microsecond.
            let dates = [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_700_000_000.25),
                         Date(timeIntervalSince1970: -86_400.5), Date.distantPast, Date.distantFuture]
            for date in dates {
                let (fast, slow) = try roundTrip(date, on: handle)
                XCTAssertEqual(fast.timeIntervalSince1970.bitPattern, date.timeIntervalSince1970.bitPattern)
                XCTAssertEqual(slow.timeIntervalSince1970.bitPattern, date.timeIntervalSince1970.bitPattern)
            }
            for date in [Date(), Date(timeIntervalSinceReferenceDate: 123456789.123456789)] {
                let (fast, slow) = try roundTrip(date, on: handle)
                XCTAssertEqual(fast.timeIntervalSince(date), 0, accuracy: 1e-6)
                XCTAssertEqual(slow.timeIntervalSince(date), 0, accuracy: 1e-6)
            }
        }
    }

    func testStoredFormsAndSQLConversion() throws {
        let database = Database(withPath: path())
        try database.exec("CREATE TABLE v(x)")
        try database.withHandle(forWriting: true) { handle in
            let statement = try handle.prepare("INSERT INTO v(x) VALUES(?)")
            defer { statement.finalize() }
            for value in [UInt64.max.archivedValue(), [3, 1].archivedValue(), ["b": 1, "a": 2].archivedValue(),
                          Kind.large.archivedValue(), true.archivedValue(),
                          Date(timeIntervalSince1970: 86400).archivedValue()] {
                statement.reset()
                statement.bind(value, toIndex: 1)
                try statement.run()
            }
        }
        let rows = try database.getRows("SELECT x, typeof(x) FROM v ORDER BY rowid")
        XCTAssertEqual(rows[0][0], .integer(-1))  // UInt64.max bit-cast
        XCTAssertEqual(rows[1][0], .blob(Data("[3,1]".utf8)))  // JSON in a BLOB, as WCDB
        XCTAssertEqual(rows[2][0], .blob(Data("{\"a\":2,\"b\":1}".utf8)))  // sorted keys
        XCTAssertEqual(rows[3][0], .integer(7))
        XCTAssertEqual(rows[4][0], .integer(1))
        XCTAssertEqual(rows[5][1], .text("real"))
        // The documented SQL conversion for dates.
        let converted = try database.getValue("SELECT datetime(x, 'unixepoch') FROM v WHERE rowid = 6")
        XCTAssertEqual(converted, .text("1970-01-02 00:00:00"))
    }

    func testColumnTypesAndNullDecoding() throws {
        XCTAssertEqual(Int.columnType, .integer64)
        XCTAssertEqual(Int32.columnType, .integer32)
        XCTAssertEqual(Bool.columnType, .integer32)
        XCTAssertEqual(Double.columnType, .float)
        XCTAssertEqual(Date.columnType, .float)
        XCTAssertEqual(String.columnType, .text)
        XCTAssertEqual(Data.columnType, .BLOB)
        XCTAssertEqual([Int].columnType, .BLOB)
        XCTAssertEqual(Kind.columnType, .integer64)
        XCTAssertEqual(Mood.columnType, .text)
        XCTAssertEqual(Optional<Data>.columnType, .BLOB)

        let database = Database(withPath: path())
        try database.withHandle(forWriting: false) { handle in
            let statement = try handle.prepare("SELECT NULL, 300, 'nope', 9")
            defer { statement.finalize() }
            XCTAssertTrue(try statement.step())
            XCTAssertEqual(try String.decodeColumn(from: statement, atIndex: 0), "")
            XCTAssertEqual(try Int.decodeColumn(from: statement, atIndex: 0), 0)
            XCTAssertNil(try Int?.decodeColumn(from: statement, atIndex: 0))
            XCTAssertEqual(try [Int].decodeColumn(from: statement, atIndex: 0), [])
            XCTAssertEqual(try Int8.decodeColumn(from: statement, atIndex: 1), 44)  // truncated like WCDB
            XCTAssertEqual(statement.columnType(atIndex: 1), .integer64)
            XCTAssertTrue(statement.isNull(atIndex: 0))
            XCTAssertThrowsError(try Mood.decodeColumn(from: statement, atIndex: 2)) { error in
                XCTAssertTrue("\(error)".contains("Mood"), "\(error)")
            }
            XCTAssertThrowsError(try Kind.decodeColumn(from: statement, atIndex: 3))
            XCTAssertThrowsError(try [Int].decodeColumn(from: statement, atIndex: 2)) { error in
                XCTAssertEqual((error as? WCDBError)?.level, .interface)
            }
        }
    }
}
