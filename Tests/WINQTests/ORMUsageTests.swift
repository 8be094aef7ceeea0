import Foundation
@_spi(WCDBGenerated) @testable import WCDBSwift
import XCTest

/// The shapes the ORM builds from `Properties.all`: arrays in, bind parameters, qualified names.
final class ORMUsageTests: XCTestCase {
    let schema = "CREATE TABLE message(localID INTEGER PRIMARY KEY, content TEXT, score REAL);"

    func testStatementsFromPropertyLists() {
        let all = Message.Properties.all
        let insert = StatementInsert().insert(intoTable: "message", with: all).values(Expression.bindParameters(all.count))
        XCTAssertEqual(insert.description, "INSERT INTO message(localID, content, score) VALUES(?, ?, ?)")
        assertAccepted(insert, setup: schema)
        let select = StatementSelect().select(all).from("message").where(Message.Properties.localID == Expression.bindParameter)
            .order(by: [Message.Properties.score.asOrder(by: .descending)]).limit(1)
        XCTAssertEqual(select.description,
                       "SELECT localID, content, score FROM message WHERE localID = ? ORDER BY score DESC LIMIT 1")
        assertAccepted(select, setup: schema)
        let update = StatementUpdate().update(table: "message")
        for property in all.dropFirst() { update.set(property).to(Expression.bindParameter) }
        update.where(Message.Properties.localID == 1).order(by: [Message.Properties.localID]).limit(1)
        XCTAssertEqual(update.description,
                       "UPDATE message SET content = ?, score = ? WHERE localID = 1 ORDER BY localID LIMIT 1")
        assertAccepted(update, setup: schema)
        let delete = StatementDelete().delete(fromTable: "message").order(by: [Message.Properties.localID]).limit(2)
        XCTAssertEqual(delete.description, "DELETE FROM message ORDER BY localID LIMIT 2")
        assertAccepted(delete, setup: schema)
        let create = StatementCreateTable().create(table: "message").ifNotExists().with(columns: [
            ColumnDef(with: Message.Properties.localID, and: .integer64).makePrimary(isAutoIncrement: true),
            ColumnDef(with: Message.Properties.content, and: .text).makeNotNull(),
            ColumnDef(with: Message.Properties.score, and: .float),
        ])
        XCTAssertEqual(create.description, "CREATE TABLE IF NOT EXISTS message(localID INTEGER PRIMARY KEY AUTOINCREMENT, "
            + "content TEXT NOT NULL, score REAL)")
        assertAccepted(create)
        let count = StatementSelect().select(Message.Properties.any.count()).from("message")
        XCTAssertEqual(count.description, "SELECT COUNT(*) FROM message")
        assertAccepted(count, setup: schema)
    }

    func testVirtualTableArgumentsStaySingle() {
        for good in ["subject", "tokenize=porter", "tokenize=unicode61 \"remove_diacritics=1\"", "prefix='2,3'",
                     "content=\"\"", "x(1, 2)", "[a,b]"] {
            XCTAssertTrue(StatementCreateVirtualTable.isSingleArgument(good), good)
        }
        for bad in ["a, b", "x); DROP TABLE t; --", "a)", "(a", "'open", "a -- c", "a /* c", "a;", "a\0b"] {
            XCTAssertFalse(StatementCreateVirtualTable.isSingleArgument(bad), bad)
        }
        // A hostile argument is passed as one quoted literal: no crash, no injected SQL.
        let hostile = StatementCreateVirtualTable().create(virtualTable: "t").using(module: "fts4").arguments("body", "x); DROP TABLE t; --")
        XCTAssertEqual(hostile.description, "CREATE VIRTUAL TABLE t USING fts4(body, 'x); DROP TABLE t; --')")
    }

    func testLiteralValueAPI() {
        XCTAssertEqual(LiteralValue(42).description, "42")
        XCTAssertEqual(LiteralValue("a'b").description, "'a''b'")
        XCTAssertEqual(LiteralValue(Data([0x0F])).description, "X'0F'")
        XCTAssertEqual(LiteralValue(1.5).description, "1.5")
        XCTAssertEqual(LiteralValue(true).description, "1")
        XCTAssertEqual(LiteralValue.null.description, "NULL")
        XCTAssertEqual(LiteralValue.currentTimestamp.description, "CURRENT_TIMESTAMP")
        XCTAssertEqual(("x" as String).asLiteralValue().description, "'x'")
        XCTAssertEqual((LiteralValue(1) + 2).description, "1 + 2")
    }
}
