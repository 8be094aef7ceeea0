import CSQLCipher
import Foundation
import WCDBTestSupport
import XCTest
@testable import WCDBSwift

/// Every error reaches the tracers, once, with its location; failures on the way out are not dropped.
final class LostErrorTests: CoreTestCase {
    /// Interrupts `handle` while one of its statements is pending, so that SQLite keeps the interrupt for
    /// the next statement: the way to make a ROLLBACK fail on purpose.
    private func interruptWithPendingRead(on handle: Handle) throws -> HandleStatement {
        let pending = try handle.prepare("SELECT a FROM t")
        XCTAssertTrue(try pending.step())
        sqlite3_interrupt(handle.rawPointer)
        return pending
    }

    func testAFailedRollbackIsThrownByRollbackAndTheHandleIsNotPooledInATransaction() throws {
        let database = Database(withPath: path())
        try database.exec("CREATE TABLE t(a)")
        let errors = Box<[WCDBError]>([])
        database.traceError { error in errors.with { $0.append(error) } }
        try database.begin()
        let pending = try database.withHandle(forWriting: true) { handle in
            try handle.exec("INSERT INTO t VALUES(1)")
            return try interruptWithPendingRead(on: handle)
        }
        XCTAssertThrowsError(try database.rollback()) { error in
            XCTAssertEqual((error as? WCDBError)?.code, .Interrupt)
            XCTAssertEqual((error as? WCDBError)?.sql, "ROLLBACK")
        }
        pending.finalize()
        XCTAssertTrue(errors.get.contains { $0.sql == "ROLLBACK" && $0.path == database.path })
        XCTAssertTrue(errors.get.contains { $0.level == .warning && $0.operation == "checkin" },
                      "the pool did not take the handle back inside a transaction")
        XCTAssertFalse(database.isInTransaction)
        XCTAssertEqual(try count(database), 0)
    }

    func testAFailedRollbackAfterAnErrorIsReportedAndTheFirstErrorThrown() throws {
        let database = Database(withPath: path())
        try database.exec("CREATE TABLE t(a)")
        let errors = Box<[WCDBError]>([])
        database.traceError { error in errors.with { $0.append(error) } }
        struct Failure: Error {}
        var pending: HandleStatement?
        XCTAssertThrowsError(try database.run(transaction: { (handle: Handle) in
            try handle.exec("INSERT INTO t VALUES(1)")
            pending = try interruptWithPendingRead(on: handle)
            throw Failure()
        })) { XCTAssertTrue($0 is Failure) }
        pending?.finalize()
        XCTAssertTrue(errors.get.contains { $0.sql == "ROLLBACK" && $0.code == SQLITE_INTERRUPT })
        XCTAssertEqual(try count(database), 0)
    }

    func testEachErrorReachesTheTracersOnceWithPathAndTag() throws {
        let database = Database(withPath: path())
        database.tag = 42
        let global = Box<[WCDBError]>([])
        let local = Box<[WCDBError]>([])
        Database.globalTraceError { error in global.with { $0.append(error) } }
        database.traceError { error in local.with { $0.append(error) } }
        XCTAssertThrowsError(try database.exec("SELECT * FROM missing"))
        XCTAssertThrowsError(try database.withHandle(forWriting: false) { _ in
            throw WCDBError.interface("a misuse found by the ORM")  // not reported where it was made
        })
        XCTAssertEqual(local.get.map(\.message), ["no such table: missing", "a misuse found by the ORM"])
        XCTAssertEqual(global.get.filter { $0.path == database.path }.count, 2)
        XCTAssertEqual(local.get.map(\.tag), [42, 42])
        XCTAssertEqual(local.get.map(\.path), [database.path, database.path])
    }

    func testCommitAfterSQLiteRolledBackByItselfSaysSo() throws {
        let database = Database(withPath: path())
        try database.exec("CREATE TABLE t(a)")
        XCTAssertThrowsError(try database.run(transaction: { (handle: Handle) in
            try handle.exec("INSERT INTO t VALUES(1)")
            try handle.exec("ROLLBACK")  // as SQLite does after SQLITE_FULL or an interrupted write
        })) { error in
            XCTAssertEqual((error as? WCDBError)?.code, .Abort)
            XCTAssertTrue((error as? WCDBError)?.message?.contains("rolled the transaction back") ?? false)
        }
        XCTAssertEqual(try count(database), 0)
    }

    /// The same through a Transaction object: its commit() after SQLite's own rollback says what happened
    /// (it used to say "No transaction to commit").
    func testTransactionObjectCommitAfterSQLiteRolledBackByItselfSaysSo() throws {
        let database = Database(withPath: path())
        try database.exec("CREATE TABLE t(a)")
        let transaction = try database.getTransaction()
        try transaction.begin()
        try transaction.exec("INSERT INTO t VALUES(1)")
        try transaction.exec("ROLLBACK")  // as SQLite does after SQLITE_FULL or an interrupted write
        XCTAssertThrowsError(try transaction.commit()) { error in
            XCTAssertEqual((error as? WCDBError)?.code, .Abort)
        }
        XCTAssertThrowsError(try transaction.commit()) { error in
            XCTAssertTrue((error as? WCDBError)?.message?.contains("No transaction to commit") ?? false, "\(error)")
        }
        XCTAssertEqual(try count(database), 0)
    }

    func testPurgeClosesIdleHandlesAndIsOpenedTellsTheTruth() throws {
        let database = Database(withPath: path())
        try database.exec("CREATE TABLE t(a)")
        XCTAssertTrue(database.isOpened)
        database.purge()
        XCTAssertFalse(database.isOpened)
        XCTAssertEqual(openDescriptors(on: database.path), 0)
        XCTAssertEqual(try count(database), 0)
        XCTAssertTrue(database.isOpened)
        let transaction = try database.getTransaction()  // a leased handle stays open
        Database.purge()
        XCTAssertTrue(database.isOpened)
        _ = transaction
    }
}

/// A database file deleted or replaced while open: writes are refused instead of lost.
final class MovedFileTests: CoreTestCase {
    func testAWriteAfterTheFileWasDeletedThrowsReadOnlyDatabaseMoved() throws {
        let database = Database(withPath: path())
        try database.exec("CREATE TABLE t(a)")
        try database.exec("INSERT INTO t VALUES(1)")
        let errors = Box<[WCDBError]>([])
        database.traceError { error in errors.with { $0.append(error) } }
        for file in database.paths where FileManager.default.fileExists(atPath: file) {
            try FileManager.default.removeItem(atPath: file)
        }
        XCTAssertThrowsError(try database.exec("INSERT INTO t VALUES(2)")) { error in
            XCTAssertEqual((error as? WCDBError)?.code, .Readonly)
            XCTAssertEqual((error as? WCDBError)?.extendedCode, 1032)  // SQLITE_READONLY_DBMOVED
        }
        XCTAssertThrowsError(try database.run(transaction: { try database.exec("INSERT INTO t VALUES(3)") }))
        XCTAssertEqual(errors.get.first?.extendedCode, 1032)
        // Closing lets the database start over at its path.
        database.close()
        try database.exec("CREATE TABLE t(a)")
        try database.exec("INSERT INTO t VALUES(4)")
        XCTAssertEqual(try count(database), 1)
    }

    func testAFileReplacedUnderTheDatabaseIsDetectedByATransactionObject() throws {
        let database = Database(withPath: path())
        try database.exec("CREATE TABLE t(a)")
        let transaction = try database.getTransaction()
        try transaction.exec("INSERT INTO t VALUES(1)")
        let other = path("other.db")
        let replacement = Database(withPath: other)
        try replacement.exec("CREATE TABLE t(a)")
        replacement.close()
        _ = rename(other, database.path)
        XCTAssertThrowsError(try transaction.begin()) { error in
            XCTAssertEqual((error as? WCDBError)?.extendedCode, 1032)
        }
    }
}
