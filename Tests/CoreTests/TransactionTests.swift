import CSQLCipher
import Foundation
import WCDBTestSupport
import XCTest
@testable import WCDBSwift

struct Failure: Error {}

final class TransactionTests: CoreTestCase {
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

    func testRunTransactionCommitsAndRollsBackOnError() throws {
        try database.run(transaction: {
            XCTAssertTrue(database.isInTransaction)
            try database.exec("INSERT INTO t VALUES(1)")
            XCTAssertEqual(try count(database), 1)  // reads inside see the transaction's writes
        })
        XCTAssertFalse(database.isInTransaction)
        XCTAssertThrowsError(try database.run(transaction: {
            try database.exec("INSERT INTO t VALUES(2)")
            throw Failure()
        })) { XCTAssertTrue($0 is Failure) }
        XCTAssertEqual(try count(database), 1)
    }

    func testControllableTransaction() throws {
        try database.run(controllableTransaction: {
            try database.exec("INSERT INTO t VALUES(1)")
            return false
        })
        XCTAssertEqual(try count(database), 0)
        try database.run(controllableTransaction: {
            try database.exec("INSERT INTO t VALUES(1)")
            return true
        })
        XCTAssertEqual(try count(database), 1)
    }

    func testNestedEmbeddedTransactionsRollBackTogether() throws {
        XCTAssertThrowsError(try database.run(transaction: {
            try database.exec("INSERT INTO t VALUES(1)")
            try database.run(embeddedTransaction: {
                try database.exec("INSERT INTO t VALUES(2)")
                try database.run(embeddedTransaction: {
                    try database.exec("INSERT INTO t VALUES(3)")
                })
            })
            XCTAssertEqual(try count(database), 3)
            throw Failure()
        }))
        XCTAssertEqual(try count(database), 0)

        // Committed together with the outer one.
        try database.run(embeddedTransaction: {
            try database.exec("INSERT INTO t VALUES(1)")
            try database.run(embeddedTransaction: {
                try database.exec("INSERT INTO t VALUES(2)")
            })
        })
        XCTAssertEqual(try count(database), 2)

        // An inner failure caught by the outer body undoes only the inner part.
        try database.run(transaction: {
            try database.exec("INSERT INTO t VALUES(3)")
            XCTAssertThrowsError(try database.run(embeddedTransaction: {
                try database.exec("INSERT INTO t VALUES(4)")
                throw Failure()
            }))
        })
        XCTAssertEqual(try database.getValue("SELECT group_concat(a) FROM t ORDER BY rowid"), "1,2,3")
    }

    func testBeginCommitRollback() throws {
        try database.begin()
        XCTAssertTrue(database.isInTransaction)
        try database.exec("INSERT INTO t VALUES(1)")
        try database.rollback()
        XCTAssertFalse(database.isInTransaction)
        XCTAssertEqual(try count(database), 0)
        try database.begin()
        try database.exec("INSERT INTO t VALUES(1)")
        try database.commit()
        XCTAssertEqual(try count(database), 1)
        XCTAssertThrowsError(try database.commit())
        XCTAssertEqual(database.core.handleCounts.idle, database.core.handleCounts.total)
    }

    func testOtherThreadsNeverSeeHalfATransaction() throws {
        let insideDone = DispatchSemaphore(value: 0)
        let outsideChecked = DispatchSemaphore(value: 0)
        let seen = Box<Int64>(-1)
        let database = self.database!
        Thread.detachNewThread {
            insideDone.wait()
            seen.with { $0 = (try? database.getValue("SELECT count(*) FROM t").int64Value) ?? -2 }
            outsideChecked.signal()
        }
        try database.run(transaction: {
            try database.exec("INSERT INTO t VALUES(1)")
            insideDone.signal()
            outsideChecked.wait()
        })
        XCTAssertEqual(seen.get, 0)
        XCTAssertEqual(try count(database), 1)
    }

    func testTransactionObjectAcrossThreads() throws {
        let transaction = try database.getTransaction()
        XCTAssertFalse(transaction.isInTransaction)
        try transaction.begin()
        let database = self.database!
        let group = DispatchGroup()
        group.enter()
        Thread.detachNewThread {
            // Used serially from another thread.
            XCTAssertTrue(transaction.isInTransaction)
            do {
                try transaction.exec("INSERT INTO t VALUES(1)")
            } catch {
                XCTFail("\(error)")
            }
            // Another thread through the database does not see it yet.
            XCTAssertEqual(try? database.getValue("SELECT count(*) FROM t").int64Value, 0)
            group.leave()
        }
        group.wait()
        XCTAssertEqual(try transaction.withHandle(forWriting: false) { try $0.scalar("SELECT count(*) FROM t") }, 1)
        try transaction.commit()
        XCTAssertEqual(try count(database), 1)

        try transaction.run(transaction: {
            XCTAssertTrue(transaction.isInTransaction)
            // The database on this thread runs on the transaction's handle.
            try database.exec("INSERT INTO t VALUES(2)")
            try transaction.run(embeddedTransaction: {
                try transaction.exec("INSERT INTO t VALUES(3)")
            })
            XCTAssertEqual(try count(database), 3)
        })
        XCTAssertThrowsError(try transaction.run(transaction: {
            try transaction.exec("INSERT INTO t VALUES(4)")
            throw Failure()
        }))
        XCTAssertEqual(try count(database), 3)
        // Nested, both forms are savepoints (2.x).
        try transaction.run(transaction: { try transaction.run(transaction: {}) })
        try transaction.run(transaction: { try transaction.run(controllableTransaction: { true }) })
    }

    func testTransactionReleasesItsHandle() throws {
        do {
            let transaction = try database.getTransaction()
            try transaction.begin()
            try transaction.exec("INSERT INTO t VALUES(1)")
        }  // dropped mid-transaction: rolled back, handle and writer released
        XCTAssertEqual(try count(database), 0)
        try database.exec("INSERT INTO t VALUES(1)")
        XCTAssertEqual(database.core.handleCounts.idle, database.core.handleCounts.total)
    }

    func testWithHandleNestsOnOneHandle() throws {
        try database.withHandle(forWriting: false) { outer in
            try database.withHandle(forWriting: true) { inner in
                XCTAssertTrue(outer === inner)
                try inner.exec("INSERT INTO t VALUES(1)")
            }
            try database.run(embeddedTransaction: {
                try database.withHandle(forWriting: true) { inner in
                    XCTAssertTrue(outer === inner)
                    XCTAssertTrue(inner.isInTransaction)
                }
            })
        }
        XCTAssertEqual(try count(database), 1)
    }

    func testRawBeginNeverReturnsToThePoolOpen() throws {
        let warnings = Box<[WCDBError]>([])
        Database.globalTraceError { error in warnings.with { $0.append(error) } }
        try database.exec("BEGIN")
        try database.exec("INSERT INTO t VALUES(1)")  // a separate operation: the raw transaction is gone
        XCTAssertFalse(database.isInTransaction)
        XCTAssertEqual(warnings.get.map(\.level), [.warning])
        XCTAssertEqual(try count(database), 1)
    }
}
