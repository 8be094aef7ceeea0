import CSQLCipher
import Foundation
import XCTest
@testable import WCDBSwift

final class HandleTests: CoreTestCase {
    func testHandleExecPrepareAndState() throws {
        let handle = Handle(path: path())
        try handle.open()
        defer { handle.close() }
        try handle.exec("CREATE TABLE t(a INTEGER, b TEXT, c REAL, d BLOB)")
        let insert = try handle.prepare("INSERT INTO t VALUES(?, ?, ?, ?)")
        insert.bind(integer: 7, toIndex: 1)
        insert.bind(text: "seven", toIndex: 2)
        insert.bind(double: 7.5, toIndex: 3)
        insert.bind(blob: Data([7]), toIndex: 4)
        XCTAssertFalse(try insert.step())
        XCTAssertEqual(handle.changes, 1)
        XCTAssertEqual(handle.lastInsertedRowID, 1)
        insert.reset()
        insert.clearBindings()
        try insert.run()
        XCTAssertEqual(handle.totalChanges, 2)
        insert.finalize()

        let select = try handle.prepare("SELECT a, b, c, d FROM t ORDER BY rowid")
        XCTAssertEqual(select.columnCount, 4)
        XCTAssertEqual(select.columnNames, ["a", "b", "c", "d"])
        XCTAssertTrue(try select.step())
        XCTAssertEqual(select.columnInteger(atIndex: 0), 7)
        XCTAssertEqual(select.columnText(atIndex: 1), "seven")
        XCTAssertEqual(select.columnDouble(atIndex: 2), 7.5)
        XCTAssertEqual(select.columnBlob(atIndex: 3), Data([7]))
        XCTAssertEqual(select.row(), [7, "seven", 7.5, .blob(Data([7]))])
        XCTAssertTrue(try select.step())
        XCTAssertEqual(select.row(), [nil, nil, nil, nil])  // cleared bindings bind NULL
        XCTAssertFalse(try select.step())
        XCTAssertFalse(handle.isInTransaction)
        try handle.exec("BEGIN")
        XCTAssertTrue(handle.isInTransaction)
        try handle.exec("ROLLBACK")
        // select is left unfinalized: close() must finalize it.
        handle.close()
        XCTAssertFalse(handle.isOpened)
    }

    func testErrorsCarryContext() throws {
        let handle = Handle(path: path())
        try handle.open()
        defer { handle.close() }
        XCTAssertThrowsError(try handle.prepare("SELEC 1")) { error in
            let error = error as! WCDBError
            XCTAssertEqual(error.level, .sqlite)
            XCTAssertEqual(error.code, .Error)
            XCTAssertEqual(error.sql, "SELEC 1")
            XCTAssertEqual(error.path, self.path())
            XCTAssertEqual(error.operation, "prepare")
            XCTAssertTrue(error.message?.contains("syntax error") ?? false)
            XCTAssertTrue(error.description.contains("SELEC 1"))
        }
        try handle.exec("CREATE TABLE u(a UNIQUE)")
        try handle.exec("INSERT INTO u VALUES(1)")
        let insert = try handle.prepare("INSERT INTO u VALUES(1)")
        defer { insert.finalize() }
        XCTAssertThrowsError(try insert.step()) { error in
            let error = error as! WCDBError
            XCTAssertEqual(error.code, .Constraint)
            XCTAssertEqual(error.extendedCode, 2067)  // SQLITE_CONSTRAINT_UNIQUE
            XCTAssertEqual(error.operation, "step")
        }
    }

    func testStatementCacheByID() throws {
        let handle = Handle(path: path())
        try handle.open()
        defer { handle.close() }
        let key = CachedSQL("SELECT ?")
        let other = CachedSQL("SELECT ?")
        XCTAssertNotEqual(key.id, other.id)
        let first = try handle.cachedStatement(for: key)
        first.bind(integer: 5, toIndex: 1)
        XCTAssertTrue(try first.step())
        XCTAssertEqual(first.columnInteger(atIndex: 0), 5)
        // Same object back, reset (can step again) with bindings cleared.
        let second = try handle.cachedStatement(for: key)
        XCTAssertTrue(first === second)
        XCTAssertTrue(try second.step())
        XCTAssertTrue(second.isNull(atIndex: 0))
        XCTAssertFalse(try handle.cachedStatement(for: other) === first)
        XCTAssertEqual(handle.cachedStatementCount, 2)
        // A finalized cached statement is prepared again.
        second.finalize()
        let third = try handle.cachedStatement(for: key)
        XCTAssertFalse(third === second)
        XCTAssertTrue(try third.step())
    }

    /// A cached SELECT left mid-iteration must not pin an old snapshot on its handle after the operation.
    func testCachedStatementsAreResetWhenTheOperationEnds() throws {
        let database = Database(withPath: path())
        try database.exec("CREATE TABLE t(a)")
        try database.exec("INSERT INTO t VALUES(1), (2)")
        let select = CachedSQL("SELECT a FROM t")
        let first = try database.withHandle(forWriting: false) { handle -> ObjectIdentifier in
            let statement = try handle.cachedStatement(for: select)
            XCTAssertTrue(try statement.step())  // one row read, statement still busy
            return ObjectIdentifier(handle)
        }
        // Another connection writes.
        let outsider = Handle(path: database.path)
        try outsider.open()
        try outsider.exec("INSERT INTO t VALUES(3)")
        outsider.close()
        try database.withHandle(forWriting: false) { handle in
            XCTAssertEqual(ObjectIdentifier(handle), first)
            XCTAssertEqual(try handle.scalar("SELECT count(*) FROM t"), 3)
        }
    }
}
