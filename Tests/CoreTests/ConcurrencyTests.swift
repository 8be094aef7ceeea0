import CSQLCipher
import Foundation
import WCDBTestSupport
import XCTest
@testable import WCDBSwift

final class ConcurrencyTests: CoreTestCase {
    func testOneWriterFourReadersLoseNothing() throws {
        let database = Database(withPath: path())
        try database.exec("CREATE TABLE t(a INTEGER)")
        let deadline = Date().addingTimeInterval(2)
        let errors = Box<[String]>([])
        let written = Box<Int64>(0)
        let reads = Box<Int>(0)
        runThreads(5) { index in
            if index == 0 {
                var next: Int64 = 0
                while Date() < deadline {
                    next += 1
                    do {
                        if next % 10 == 0 {
                            try database.run(transaction: {
                                try database.exec("INSERT INTO t VALUES(\(next))")
                            })
                        } else {
                            try database.exec("INSERT INTO t VALUES(\(next))")
                        }
                        written.with { $0 = next }
                    } catch {
                        errors.with { $0.append("write: \(error)") }
                    }
                }
            } else {
                var last: Int64 = 0
                while Date() < deadline {
                    do {
                        let rows = try database.getRows("SELECT count(*), max(a) FROM t")
                        let count = rows[0][0].int64Value
                        // Never goes back, and rows are never half-visible.
                        if count < last { errors.with { $0.append("count went back \(last) -> \(count)") } }
                        if count != rows[0][1].int64Value { errors.with { $0.append("gap: \(rows)") } }
                        last = count
                        reads.with { $0 += 1 }
                    } catch {
                        errors.with { $0.append("read: \(error)") }
                    }
                }
            }
        }
        XCTAssertEqual(errors.get, [])
        XCTAssertGreaterThan(written.get, 10)
        XCTAssertGreaterThan(reads.get, 10)
        XCTAssertEqual(try database.getValue("SELECT count(*) FROM t").int64Value, written.get)
        XCTAssertEqual(try database.getValue("SELECT sum(a) FROM t").int64Value, written.get * (written.get + 1) / 2)
        XCTAssertLessThanOrEqual(database.core.handleCounts.total, Database.defaultMaxHandles)
    }

    func testCloseWhileFourThreadsReadAndWrite() throws {
        let database = Database(withPath: path())
        try database.exec("CREATE TABLE t(a INTEGER)")
        let stop = Box(false)
        let errors = Box<[String]>([])
        let writes = Box<Int>(0)
        let group = DispatchGroup()
        for index in 0..<4 {
            group.enter()
            Thread.detachNewThread {
                while !stop.get {
                    do {
                        if index % 2 == 0 {
                            try database.exec("INSERT INTO t VALUES(\(index))")
                            writes.with { $0 += 1 }
                        } else {
                            _ = try database.getRows("SELECT count(*) FROM t")
                        }
                    } catch {
                        errors.with { $0.append("\(error)") }
                    }
                }
                group.leave()
            }
        }
        Thread.sleep(forTimeInterval: 0.2)
        var closedStates: [Bool] = []
        for _ in 0..<3 {
            try database.close(onClosed: {
                closedStates.append(database.isOpened)
                // Safe to touch the files: nobody holds a connection.
                XCTAssertEqual(self.openDescriptors(on: database.path), 0)
                let size = try database.getFilesSize()
                XCTAssertGreaterThan(size, 0)
            })
            Thread.sleep(forTimeInterval: 0.1)
        }
        stop.with { $0 = true }
        group.wait()
        XCTAssertEqual(closedStates, [false, false, false])
        XCTAssertEqual(errors.get, [])
        XCTAssertEqual(try database.getValue("SELECT count(*) FROM t").int64Value, Int64(writes.get))
    }

    func testBlockadeHoldsOtherThreads() throws {
        let database = Database(withPath: path())
        try database.exec("CREATE TABLE t(a)")
        database.blockade()
        XCTAssertTrue(database.isBlockaded)
        let finished = Box(false)
        let group = DispatchGroup()
        group.enter()
        Thread.detachNewThread {
            try? database.exec("INSERT INTO t VALUES(1)")
            finished.with { $0 = true }
            group.leave()
        }
        Thread.sleep(forTimeInterval: 0.2)
        XCTAssertFalse(finished.get)
        // The blockading thread itself may still work.
        XCTAssertEqual(try database.getValue("SELECT count(*) FROM t"), 0)
        database.unblockade()
        group.wait()
        XCTAssertTrue(finished.get)
        XCTAssertFalse(database.isBlockaded)
        XCTAssertEqual(try database.getValue("SELECT count(*) FROM t"), 1)
    }

    func testHandlesAreBoundedAndWaitingIsFair() throws {
        let database = Database(withPath: path())
        try database.exec("CREATE TABLE t(a)")
        let maxSeen = Box(0)
        let active = Box(0)
        runThreads(Database.defaultMaxHandles + 8) { _ in
            _ = try? database.withHandle(forWriting: false) { handle in
                let now = active.with { $0 += 1; return $0 }
                maxSeen.with { $0 = max($0, now) }
                Thread.sleep(forTimeInterval: 0.05)
                active.with { $0 -= 1 }
                return try handle.scalar("SELECT 1")
            }
        }
        XCTAssertLessThanOrEqual(maxSeen.get, Database.defaultMaxHandles)
        XCTAssertGreaterThan(maxSeen.get, 1)
        XCTAssertLessThanOrEqual(database.core.handleCounts.total, Database.defaultMaxHandles)
    }

    /// Another process-level connection holding the write lock: we wait (busy timeout), not fail.
    func testBusyIsMetByWaiting() throws {
        let database = Database(withPath: path())
        try database.exec("CREATE TABLE t(a)")
        nonisolated(unsafe) let outsider = Handle(path: database.path)
        try outsider.open()
        try outsider.exec("BEGIN IMMEDIATE")
        try outsider.exec("INSERT INTO t VALUES(1)")
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) {
            try? outsider.exec("COMMIT")
        }
        let start = Date()
        try database.exec("INSERT INTO t VALUES(2)")
        XCTAssertGreaterThan(Date().timeIntervalSince(start), 0.2)
        XCTAssertEqual(try database.getValue("SELECT count(*) FROM t"), 2)
        outsider.close()
    }
}

final class StressTests: CoreTestCase {
    /// Everything at once for a second: pooled reads and writes, nested embedded transactions,
    /// Transaction objects, CoreStatements and close(onClosed:). No error, no deadlock, no lost write.
    func testMixedWorkload() throws {
        let database = Database(withPath: path())
        try database.exec("CREATE TABLE t(a INTEGER)")
        let deadline = Date().addingTimeInterval(1.0)
        let errors = Box<[String]>([])
        let committed = Box<Int64>(0)
        runThreads(6) { index in
            while Date() < deadline {
                do {
                    switch index {
                    case 0:
                        try database.run(transaction: {
                            try database.exec("INSERT INTO t VALUES(1)")
                            try database.run(embeddedTransaction: {
                                try database.exec("INSERT INTO t VALUES(1)")
                            })
                        })
                        committed.with { $0 += 2 }
                    case 1:
                        let transaction = try database.getTransaction()
                        try transaction.run(transaction: {
                            try transaction.exec("INSERT INTO t VALUES(1)")
                        })
                        committed.with { $0 += 1 }
                    case 2:
                        let statement = try database.prepare("SELECT count(*) FROM t")
                        _ = try statement.step()
                        statement.finalize()
                    case 3:
                        try database.close(onClosed: {
                            if database.isOpened { errors.with { $0.append("open inside onClosed") } }
                        })
                    case 4:
                        XCTAssertThrowsError(try database.run(transaction: {
                            try database.exec("INSERT INTO t VALUES(100)")
                            throw Failure()
                        }))
                    default:
                        _ = try database.getRows("SELECT a FROM t LIMIT 5")
                        database.purge()
                    }
                } catch {
                    errors.with { $0.append("\(index): \(error)") }
                }
            }
        }
        XCTAssertEqual(errors.get, [])
        XCTAssertEqual(try database.getValue("SELECT count(*) FROM t").int64Value, committed.get)
        XCTAssertEqual(try database.getValue("SELECT count(*) FROM t WHERE a = 100").int64Value, 0)
        XCTAssertEqual(database.core.handleCounts.idle, database.core.handleCounts.total)
    }
}
