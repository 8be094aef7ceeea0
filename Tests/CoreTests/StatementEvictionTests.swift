import CSQLCipher
import Foundation
import XCTest
@testable import WCDBSwift

/// A cached statement whose step failed leaves the handle's cache: the next call prepares a fresh one,
/// and the failed one is finalized when its operation ends.
final class StatementEvictionTests: CoreTestCase {
    func testAFailedStepEvictsTheStatementFromTheTextCache() throws {
        let database = Database(withPath: path())
        try database.exec("CREATE TABLE u(a UNIQUE)")
        try database.withHandle(forWriting: true) { handle in
            let first = try handle.cachedStatement(forSQL: "INSERT INTO u VALUES(?)")
            first.bind(integer: 1, toIndex: 1)
            XCTAssertFalse(try first.step())
            XCTAssertTrue(try handle.cachedStatement(forSQL: "INSERT INTO u VALUES(?)") === first, "reused while it works")
            first.bind(integer: 1, toIndex: 1)
            XCTAssertThrowsError(try first.step())  // UNIQUE constraint failed
            XCTAssertEqual(handle.textCachedStatementCount, 0)
            XCTAssertFalse(first.isFinalized, "its caller may still read it until the operation ends")
            let second = try handle.cachedStatement(forSQL: "INSERT INTO u VALUES(?)")
            XCTAssertFalse(second === first)
            second.bind(integer: 2, toIndex: 1)
            XCTAssertFalse(try second.step())
            handle.resetUsedStatements()  // what the end of the operation does
            XCTAssertTrue(first.isFinalized)
            XCTAssertFalse(second.isFinalized)
        }
        XCTAssertEqual(try count(database, table: "u"), 2)
    }

    func testAFailedStepEvictsTheStatementCachedById() throws {
        let database = Database(withPath: path())
        try database.exec("CREATE TABLE u(a UNIQUE)")
        let key = CachedSQL("INSERT INTO u VALUES(?)")
        try database.withHandle(forWriting: true) { handle in
            let first = try handle.cachedStatement(for: key)
            first.bind(integer: 1, toIndex: 1)
            _ = try first.step()
            let again = try handle.cachedStatement(for: key)
            again.bind(integer: 1, toIndex: 1)
            XCTAssertThrowsError(try again.step())
            XCTAssertEqual(handle.cachedStatementCount, 0)
            XCTAssertFalse(try handle.cachedStatement(for: key) === first)
        }
    }

    func testABindSQLiteRefusesMakesTheStepThrowInsteadOfWritingNull() throws {
        let database = Database(withPath: path())
        try database.exec("CREATE TABLE u(a)")
        try database.withHandle(forWriting: true) { handle in
            let statement = try handle.cachedStatement(forSQL: "INSERT INTO u VALUES(?)")
            statement.bind(integer: 1, toIndex: 2)  // there is no parameter 2
            XCTAssertThrowsError(try statement.step()) { error in
                XCTAssertEqual((error as? WCDBError)?.code, .Range)
            }
            statement.bind(integer: 1, toIndex: 1)
            XCTAssertFalse(try statement.step())
            statement.bind(integer: 2, toIndex: 1)  // stepped to the end and not reset: SQLite refuses
            XCTAssertThrowsError(try statement.step()) { error in
                XCTAssertEqual((error as? WCDBError)?.code, .Misuse)
            }
        }
        XCTAssertEqual(try database.getRows("SELECT a FROM u").map { $0[0] }, [.integer(1)], "no NULL row")
    }

    func testACachedStatementLeftAtItsEndIsResetBeforeItsNextUse() throws {
        let database = Database(withPath: path())
        try database.exec("CREATE TABLE u(a)")
        for value in 1...3 {
            try database.withHandle(forWriting: true) { handle in
                let statement = try handle.cachedStatement(forSQL: "INSERT INTO u VALUES(?)")
                statement.bind(integer: Int64(value), toIndex: 1)
                XCTAssertFalse(try statement.step())  // left done, not reset
            }
        }
        XCTAssertEqual(try database.getRows("SELECT a FROM u ORDER BY a").map { $0[0] }, [.integer(1), .integer(2), .integer(3)])
    }
}
