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
        XCTAssertEqual(FundamentalValue(0.1 + 0.2).stringValue, "0.30000000000000004", "Swift's shortest round-trip form, as WCDB")
        // TEXT reads as a number only when it is exactly one (WCDB's rule, not SQLite's CAST).
        XCTAssertEqual(FundamentalValue("12").int64Value, 12)
        XCTAssertEqual(FundamentalValue("-7").int32Value, -7)
        XCTAssertEqual(FundamentalValue("1.5e1").doubleValue, 15)
        let text: FundamentalValue = "12abc"
        XCTAssertEqual(text.int64Value, 0)
        XCTAssertEqual(text.int32Value, 0)
        XCTAssertEqual(FundamentalValue(" 12").int64Value, 0)
        XCTAssertEqual(FundamentalValue("1.5").int64Value, 0, "not an integer")
        XCTAssertEqual(FundamentalValue("1.5e1x").doubleValue, 0)
        XCTAssertEqual(FundamentalValue("99999999999").int32Value, 0, "out of Int32's range")
        XCTAssertEqual(text.dataValue, Data("12abc".utf8))
        // A BLOB never reads as a number; as text it is its UTF-8, or "" when invalid.
        let blob = FundamentalValue.blob(Data("5".utf8))
        XCTAssertEqual(blob.int64Value, 0)
        XCTAssertEqual(blob.int32Value, 0)
        XCTAssertEqual(blob.doubleValue, 0)
        XCTAssertEqual(blob.stringValue, "5")
        XCTAssertEqual(FundamentalValue.blob(Data([0xff, 0xfe])).stringValue, "")
        let null: FundamentalValue = nil
        XCTAssertEqual(null.type, .null)
        XCTAssertEqual(null.int64Value, 0)
        XCTAssertEqual(null.stringValue, "")
        XCTAssertEqual(null.description, "NULL")
        XCTAssertEqual(FundamentalValue(true), .integer(1))
        // Out of range REALs clamp instead of trapping; NaN is 0.
        XCTAssertEqual(FundamentalValue(1e300).int64Value, Int64.max)
        XCTAssertEqual(FundamentalValue(-1e300).int32Value, Int32.min)
        XCTAssertEqual(FundamentalValue(Double.nan).int64Value, 0)
        let rows: FundamentalRowXColumn = [[1, "a"], [2, "b"]]
        XCTAssertEqual(rows[row: 1, column: 1], "b")
    }

    /// `Value(Int32)` keeps its type; it is still the same SQLite INTEGER as a 64-bit value of the number.
    func testInt32ValuesKeepTheirType() throws {
        let int32 = Value(Int32(-5))
        XCTAssertEqual(int32.type, .integer32)
        XCTAssertEqual(Value(Int64(-5)).type, .integer64)
        XCTAssertEqual(int32, .integer(-5))
        XCTAssertEqual(Set([int32, Value(Int64(-5))]).count, 1, "equal values hash alike")
        XCTAssertNotEqual(int32, .double(-5))
        XCTAssertEqual(int32.int64Value, -5)
        XCTAssertEqual(int32.stringValue, "-5")
        XCTAssertEqual(Int32(7).archivedValue().type, .integer32)
        XCTAssertEqual(true.archivedValue().type, .integer32)
        XCTAssertEqual(Int16(3).archivedValue().type, .integer32)
        XCTAssertEqual(Int(3).archivedValue().type, .integer64)
        XCTAssertEqual(Value(Int32(8)).type, Int32.columnType)
        XCTAssertEqual(Value().type, .null)
        XCTAssertEqual(Value(nil).type, .null)
        XCTAssertEqual(Value("x" as String).type, .text)
        XCTAssertEqual(Value(Kind.large), .integer(7), "a column-codable value is its archived value")
        // Bound, it is an INTEGER like any other, and reads back as a 64-bit one.
        let database = Database(withPath: path())
        let rows = try database.getRows("SELECT ?, typeof(?)", values: [int32, int32])
        XCTAssertEqual(rows[0][0].type, .integer64)
        XCTAssertEqual(rows[0][0], int32)
        XCTAssertEqual(rows[0][1], "integer")
    }

    /// WCDB's conversions are not SQLite's CAST: where they differ, the value's accessors follow WCDB,
    /// and SQL gives SQLite's.
    func testConversionsDifferFromSQLiteCastOnPurpose() throws {
        let database = Database(withPath: path())
        let row = try database.getRows("SELECT CAST('12abc' AS INTEGER), CAST(X'35' AS INTEGER), CAST(3.0 AS TEXT), CAST('1.5e1x' AS REAL)")[0]
        XCTAssertEqual(row[0], .integer(12))
        XCTAssertEqual(FundamentalValue("12abc").int64Value, 0)
        XCTAssertEqual(row[1], .integer(5), "SQLite reads a BLOB's text as a number")
        XCTAssertEqual(FundamentalValue.blob(Data("5".utf8)).int64Value, 0)
        XCTAssertEqual(row[2], .text(FundamentalValue(3.0).stringValue), "both print 3.0")
        XCTAssertEqual(row[3], .double(15))
        XCTAssertEqual(FundamentalValue("1.5e1x").doubleValue, 0)
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
