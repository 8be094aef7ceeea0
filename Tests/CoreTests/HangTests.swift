import CSQLCipher
import Foundation
import WCDBTestSupport
import XCTest
@testable import WCDBSwift

/// Runs `body` on its own thread and returns what it returns; nil when it has not returned within
/// `seconds`: a hang fails the test instead of hanging the suite (the stuck thread is left behind).
func finishing<T: Sendable>(within seconds: Double = 5, _ body: @escaping @Sendable () -> T) -> T? {
    let result = Box<T?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        let value = body()
        result.with { $0 = value }
        done.signal()
    }
    guard done.wait(timeout: .now() + seconds) == .success else { return nil }
    return result.get
}

/// What an operation ended with, comparable in assertions: "ok" or the WCDBError's code.
func outcome(_ body: () throws -> Void) -> String {
    do {
        try body()
        return "ok"
    } catch let error as WCDBError {
        return "code \(error.code.rawValue)"
    } catch {
        return "\(error)"
    }
}

/// Waits that could never end are refused at once; waits that could are bounded by the busy timeout.
final class HangTests: CoreTestCase {
    var database: Database!

    override func setUp() {
        super.setUp()
        database = Database(withPath: path())
        try! database.exec("CREATE TABLE t(a)")
    }

    override func tearDown() {
        database = nil
        super.tearDown()
    }

    func testCloseInsideOnClosedClosesAgainInsteadOfWaitingForItself() {
        let database = database!
        let opened = Box<[Bool]>([])
        let result = finishing {
            outcome {
                try database.close(onClosed: {
                    database.close()
                    try database.exec("INSERT INTO t VALUES(1)")  // reopens, inside the callback
                    opened.with { $0.append(database.isOpened) }
                    try database.close(onClosed: {
                        opened.with { $0.append(database.isOpened) }
                    })
                })
            }
        }
        XCTAssertEqual(result, "ok")
        XCTAssertEqual(opened.get, [true, false])
        XCTAssertEqual(try count(database), 1)
    }

    func testRemoveFilesAfterAnOperationInsideOnClosed() throws {
        let database = database!
        let result = finishing {
            outcome {
                try database.close(onClosed: {
                    try database.exec("INSERT INTO t VALUES(1)")
                    try database.removeFiles()
                })
            }
        }
        XCTAssertEqual(result, "ok")
        XCTAssertFalse(FileManager.default.fileExists(atPath: database.path))
        XCTAssertEqual(openDescriptors(on: database.path), 0)
    }

    func testMoveFilesAfterAnOperationInsideOnClosed() throws {
        let database = database!
        let destination = path("moved")
        let result = finishing {
            outcome {
                try database.close(onClosed: {
                    try database.exec("INSERT INTO t VALUES(1)")
                    try database.moveFiles(toDirectory: destination)
                })
            }
        }
        XCTAssertEqual(result, "ok")
        let moved = Database(withPath: (destination as NSString).appendingPathComponent("test.db"))
        XCTAssertEqual(try count(moved), 1)
    }

    func testTransactionObjectInsideRunTransactionOfTheSameThreadIsRefused() throws {
        let database = database!
        let transaction = try database.getTransaction()
        let errors = Box<[WCDBError]>([])
        database.traceError { error in errors.with { $0.append(error) } }
        let result = finishing {
            outcome {
                try database.run(transaction: {
                    try database.exec("INSERT INTO t VALUES(1)")
                    try transaction.exec("INSERT INTO t VALUES(2)")  // needs the write lock this thread holds
                })
            }
        }
        XCTAssertEqual(result, "code \(SQLITE_MISUSE)")
        XCTAssertEqual(try count(database), 0, "the transaction rolled back")
        XCTAssertTrue(errors.get.contains { $0.code == SQLITE_MISUSE && ($0.message ?? "").contains("holds itself") })
        // The object still works afterwards.
        try transaction.exec("INSERT INTO t VALUES(3)")
        XCTAssertEqual(try count(database), 1)
    }

    func testTransactionObjectAfterBeginOnTheSameThreadIsRefused() throws {
        let database = database!
        let transaction = try database.getTransaction()
        let result = finishing {
            outcome {
                try database.begin()
                defer { try? database.rollback() }
                try transaction.run(transaction: { try transaction.exec("INSERT INTO t VALUES(1)") })
            }
        }
        XCTAssertEqual(result, "code \(SQLITE_MISUSE)")
        XCTAssertEqual(try count(database), 0)
    }

    func testTransactionObjectInsideAnotherTransactionObjectsTransactionIsRefused() throws {
        let database = database!
        let outer = try database.getTransaction()
        let inner = try database.getTransaction()
        let result = finishing {
            outcome {
                try outer.run(transaction: {
                    try outer.exec("INSERT INTO t VALUES(1)")
                    try inner.run(transaction: { try inner.exec("INSERT INTO t VALUES(2)") })
                })
            }
        }
        XCTAssertEqual(result, "code \(SQLITE_MISUSE)")
        XCTAssertEqual(try count(database), 0)
    }

    func testCloseClosesTheHandlesOfIdleTransactionObjects() throws {
        let database = database!
        let transaction = try database.getTransaction()
        try transaction.exec("INSERT INTO t VALUES(1)")
        XCTAssertGreaterThan(openDescriptors(on: database.path), 0)
        let result = finishing { outcome { try database.close(onClosed: {}) } }
        XCTAssertEqual(result, "ok")
        XCTAssertFalse(database.isOpened)
        XCTAssertEqual(openDescriptors(on: database.path), 0)
        // The object reopens its handle at its next call.
        try transaction.run(transaction: { try transaction.exec("INSERT INTO t VALUES(2)") })
        XCTAssertEqual(try count(database), 2)
    }

    func testCloseWhileATransactionObjectHoldsTheWriteLockTimesOutWithBusy() throws {
        let database = database!
        database.setBusyTimeout(0.3)
        let transaction = try database.getTransaction()
        try transaction.begin()
        try transaction.exec("INSERT INTO t VALUES(1)")
        let result = finishing { outcome { try database.close(onClosed: {}) } }
        XCTAssertEqual(result, "code \(SQLITE_BUSY)")
        XCTAssertTrue(transaction.isInTransaction, "nothing was closed")
        try transaction.commit()
        XCTAssertEqual(try count(database), 1)
    }

    func testCloseInsideAnOperationIsRefusedAndReported() throws {
        let database = database!
        let errors = Box<[WCDBError]>([])
        database.traceError { error in errors.with { $0.append(error) } }
        let result = finishing {
            outcome {
                try database.run(transaction: {
                    database.close()  // does not throw, as in WCDB, but must not be silent
                    try database.exec("INSERT INTO t VALUES(1)")
                })
            }
        }
        XCTAssertEqual(result, "ok")
        XCTAssertEqual(errors.get.map(\.operation), ["close"])
        XCTAssertEqual(errors.get.first?.path, database.path)
        XCTAssertEqual(try count(database), 1)
    }

    func testAWaitForTheWriteLockIsBoundedByTheBusyTimeout() throws {
        let database = database!
        database.setBusyTimeout(0.3)
        XCTAssertEqual(database.busyTimeout, 0.3)
        let transaction = try database.getTransaction()
        try transaction.begin()
        let result = finishing { outcome { try database.exec("INSERT INTO t VALUES(1)") } }
        XCTAssertEqual(result, "code \(SQLITE_BUSY)")
        try transaction.commit()
        XCTAssertEqual(try count(database), 0)
    }

    func testAWriterWaitingWithinTheTimeoutGoesWhenTheLockIsFreed() throws {
        let database = database!
        let transaction = try database.getTransaction()
        try transaction.begin()
        try transaction.exec("INSERT INTO t VALUES(1)")
        let waiter = DispatchSemaphore(value: 0)
        let result = Box<String?>(nil)
        Thread.detachNewThread {
            let value = outcome { try database.exec("INSERT INTO t VALUES(2)") }
            result.with { $0 = value }
            waiter.signal()
        }
        Thread.sleep(forTimeInterval: 0.1)
        XCTAssertNil(result.get, "the writer waits for the transaction")
        try transaction.commit()
        XCTAssertEqual(waiter.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(result.get, "ok")
        XCTAssertEqual(try count(database), 2)
    }

    func testAWaitForAFreeHandleIsBounded() throws {
        let database = database!
        database.setBusyTimeout(0.3)
        // Hold every handle of the pool with unfinalized statements on other threads.
        let held = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        for _ in 0..<Database.defaultMaxHandles {
            Thread.detachNewThread {
                let statement = try? database.prepare("SELECT a FROM t")
                held.signal()
                release.wait()
                statement?.finalize()
            }
        }
        for _ in 0..<Database.defaultMaxHandles { held.wait() }
        let result = finishing { outcome { _ = try database.getValue("SELECT count(*) FROM t") } }
        XCTAssertEqual(result, "code \(SQLITE_BUSY)")
        for _ in 0..<Database.defaultMaxHandles { release.signal() }
    }
}
