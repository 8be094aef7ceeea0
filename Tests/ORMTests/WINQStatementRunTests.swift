import Foundation
import WCDBSwift
import XCTest

/// WINQ's bind parameters, column definitions and RAISE print what WCDB prints and run on a real database.
final class WINQStatementRunTests: DatabaseTestCase {
    func testBindParametersColumnDefsAndRaiseRun() throws {
        XCTAssertEqual(BindParameter(2).description, "?2")
        XCTAssertEqual(BindParameter("key").description, ":key")
        XCTAssertEqual(BindParameter.def.description, "?")
        XCTAssertEqual(BindParameter.bindParameters(3).map(\.description), ["?1", "?2", "?3"])
        let definition = Column(named: "score").asDef(with: .integer64).constraint(.notNull()).constraint(.default(0))
        XCTAssertEqual(TestObject.Properties.variable2.asDef(with: .text).description, ColumnDef(with: TestObject.Properties.variable2, and: .text).description)
        try database.exec(StatementCreateTable().create(table: "scores").with(columns: definition))
        try database.exec(StatementInsert().insert(intoTable: "scores", with: Column(named: "score")).values(7))
        try database.withHandle(forWriting: true) { handle in
            let statement = try handle.prepare("SELECT score FROM scores WHERE score = \(BindParameter(1))")
            defer { statement.finalize() }
            statement.bind(7, toIndex: 1)
            XCTAssertTrue(try statement.step())
            XCTAssertEqual(statement.value(atIndex: 0), .integer(7))
        }
        // A trigger that refuses with RAISE(ABORT, …).
        XCTAssertEqual(RaiseFunction().ignore().description, "RAISE(IGNORE)")
        try database.exec("CREATE TRIGGER noNegative BEFORE INSERT ON scores WHEN new.score < 0 BEGIN SELECT \(RaiseFunction().abort(with: "no negative scores")); END")
        XCTAssertThrowsError(try database.exec("INSERT INTO scores VALUES(-1)")) { error in
            XCTAssertTrue((error as? WCDBError)?.message?.contains("no negative scores") ?? false, "\(error)")
        }
    }
}
