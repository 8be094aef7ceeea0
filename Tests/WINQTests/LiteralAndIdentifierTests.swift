import Foundation
import WCDBSwift
import XCTest

/// The one place for literals and the one place for identifiers.
final class LiteralAndIdentifierTests: XCTestCase {
    func testIntegers() {
        XCTAssertEqual(Expression(with: 0).description, "0")
        XCTAssertEqual(Expression(with: -42).description, "-42")
        XCTAssertEqual(Expression(with: Int64.max).description, "9223372036854775807")
        XCTAssertEqual(Expression(with: Int64.min).description, "-9223372036854775808")
        XCTAssertEqual(Expression(with: UInt8(255)).description, "255")
        // UInt64 beyond Int64 keeps its bit pattern, so it round-trips through INTEGER.
        XCTAssertEqual(Expression(with: UInt64.max).description, "-1")
        XCTAssertEqual(Expression(with: true).description, "1")
        XCTAssertEqual(Expression(with: false).description, "0")
    }

    func testDoublesRoundTrip() throws {
        let values: [Double] = [0.1, 2.0, -0.5, 1e-5, 1e300, 123456789.125, .pi, Double.leastNonzeroMagnitude,
                                Double.greatestFiniteMagnitude, 1.0 / 3.0]
        let database = TestDatabase()
        for value in values {
            let rows = try database.query(StatementSelect().select(value).description)
            XCTAssertEqual(rows.first?.first as? Double, value, "\(value) printed as \(Expression(with: value))")
        }
        XCTAssertEqual(Expression(with: Float(0.1)).description, "\(Double(Float(0.1)))")
        XCTAssertEqual(Expression(with: Double.nan).description, "NULL")
        let infinity = try database.query(StatementSelect().select(Double.infinity, -Double.infinity).description)
        XCTAssertEqual(infinity.first?[0] as? Double, .infinity)
        XCTAssertEqual(infinity.first?[1] as? Double, -.infinity)
    }

    func testStringsAndBlobs() throws {
        XCTAssertEqual(Expression(with: "it's").description, "'it''s'")
        XCTAssertEqual(Expression(with: "a\0b").description, "(+CAST(X'610062' AS TEXT))")
        XCTAssertEqual(Expression(with: Data([0x00, 0xAB, 0xFF])).description, "X'00ABFF'")
        XCTAssertEqual(Expression(with: Data()).description, "X''")
        XCTAssertEqual(Expression.null.description, "NULL")
        let missing: Int? = nil
        XCTAssertEqual(Expression(with: missing).description, "NULL")
        let rows = try TestDatabase().query(StatementSelect().select("a\0b", "it's", Data([1, 2])).description)
        XCTAssertEqual(rows.first?[0] as? String, "a\0b")
        XCTAssertEqual(rows.first?[1] as? String, "it's")
        XCTAssertEqual(rows.first?[2] as? Data, Data([1, 2]))
    }

    func testCurrentTimeLiterals() {
        let select = StatementSelect().select(Expression.currentTime, Expression.currentDate, Expression.currentTimestamp)
        XCTAssertEqual(select.description, "SELECT CURRENT_TIME, CURRENT_DATE, CURRENT_TIMESTAMP")
        assertAccepted(select)
    }

    func testBindParameters() {
        XCTAssertEqual(Expression.bindParameter.description, "?")
        XCTAssertEqual(Expression.bindParameter(2).description, "?2")
        XCTAssertEqual(Expression.bindParameter(named: "name").description, ":name")
        let insert = StatementInsert().insert(intoTable: "other", with: Column(named: "identifier"), Column(named: "name"))
            .values(Expression.bindParameters(2))
        XCTAssertEqual(insert.description, "INSERT INTO other(identifier, name) VALUES(?, ?)")
        assertAccepted(insert, setup: sampleSchema)
        assertAccepted(StatementSelect().select(Expression.bindParameter(2), Expression.bindParameter(named: "x")))
    }

    func testIdentifierQuoting() {
        XCTAssertEqual(SQLIdentifier.quote("identifier"), "identifier")
        XCTAssertEqual(SQLIdentifier.quote("_a1"), "_a1")
        XCTAssertEqual(SQLIdentifier.quote("1a"), "\"1a\"")
        XCTAssertEqual(SQLIdentifier.quote("select"), "\"select\"")
        XCTAssertEqual(SQLIdentifier.quote("Order"), "\"Order\"")
        XCTAssertEqual(SQLIdentifier.quote("a b"), "\"a b\"")
        XCTAssertEqual(SQLIdentifier.quote("a\"b"), "\"a\"\"b\"")
        XCTAssertEqual(SQLIdentifier.quote("é"), "\"é\"")
        XCTAssertEqual(SQLIdentifier.quote(""), "\"\"")
        XCTAssertEqual(SQLIdentifier.keywords.count, 147)
        // Every keyword, in any ASCII case, is quoted (the longest is CURRENT_TIMESTAMP); a longer
        // name that starts with one is not.
        for keyword in SQLIdentifier.keywords {
            XCTAssertEqual(SQLIdentifier.quote(keyword.lowercased()), "\"\(keyword.lowercased())\"")
            XCTAssertEqual(SQLIdentifier.quote(keyword.capitalized), "\"\(keyword.capitalized)\"")
        }
        XCTAssertEqual(SQLIdentifier.quote("current_timestampx"), "current_timestampx")
        XCTAssertEqual(SQLIdentifier.quote("a_long_column_name_over_seventeen_bytes"), "a_long_column_name_over_seventeen_bytes")
        XCTAssertEqual(Column(named: "from").in(table: "group").description, "\"group\".\"from\"")
        XCTAssertEqual(Column(named: "a").in(table: "t").of(schema: "main").description, "main.t.a")
        XCTAssertEqual(Column.all.description, "*")
        assertAccepted(StatementSelect().select(Column(named: "from").in(table: "group")).from("group"),
                       setup: "CREATE TABLE \"group\"(\"from\" INTEGER)")
    }
}
