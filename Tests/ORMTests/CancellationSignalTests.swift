import Foundation
import WCDBSwift
import XCTest

/// A handle's cancellation signal stops its running statement with SQLITE_INTERRUPT, which the error
/// tracer sees; detached, the handle runs normally again.
final class CancellationSignalTests: DatabaseTestCase {
    func testCancellationSignalStopsARunningStatement() throws {
        let signal = Handle.CancellatiionSignal()
        let started = Date()
        XCTAssertThrowsError(try database.run(transaction: { handle in
            handle.attach(cancellationSignal: signal)
            defer { handle.detachCancellationSignal() }
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { signal.cancel() }
            // Counts to a billion: minutes unless stopped.
            _ = try handle.scalar("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000000) SELECT count(*) FROM n")
        })) { error in
            XCTAssertEqual((error as? WCDBError)?.code, 9, "SQLITE_INTERRUPT: \(error)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
        XCTAssertTrue(signal.isCancelled)

        // Detached, the handle runs normally again.
        try database.run(transaction: { handle in
            XCTAssertEqual(try handle.scalar("SELECT 40 + 2"), .integer(42))
        })
        // A signal cancelled before the statement stops it at once.
        let early = Handle.CancellationSignal()
        early.cancel()
        try database.exec("CREATE TABLE t(a)")
        // Outside a transaction: SQLite rolls an explicit transaction back by itself when it interrupts a write.
        try database.withHandle(forWriting: true) { handle in
            handle.attach(cancellationSignal: early)
            defer { handle.detachCancellationSignal() }
            // More than one check interval of VM steps (a statement shorter than that can finish).
            XCTAssertThrowsError(try handle.exec("INSERT INTO t WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000) SELECT i FROM n"))
        }
        XCTAssertEqual(try rows("SELECT count(*) FROM t")[0][0], .integer(0))
    }

    func testCancellationReachesTheErrorTracerAsInterrupt() throws {
        try database.create(table: TestObject.name, of: TestObject.self)
        try database.insert((0..<2000).map { (i: Int) in TestObject(i, "\(i)") }, intoTable: TestObject.name)
        let interrupted = LockedBox(false)
        database.traceError { error in
            guard error.level == .Error else { return }
            XCTAssertEqual(error.code, .Interrupt)
            interrupted.mutate { $0 = true }
        }
        let signal = Handle.CancellatiionSignal()
        signal.cancel()
        let handle = try database.getHandle()
        handle.attach(cancellationSignal: signal)
        let objects: [TestObject]? = try? handle.getObjects(on: TestObject.Properties.all, fromTable: TestObject.name)
        XCTAssertNil(objects)
        handle.detachCancellationSignal()
        let again: [TestObject] = try handle.getObjects(on: TestObject.Properties.all, fromTable: TestObject.name,
                                                         where: TestObject.Properties.variable1 < 3)
        XCTAssertEqual(again.map(\.variable1), [0, 1, 2])
        let one: TestObject? = try handle.getObject(fromTable: TestObject.name, orderBy: [TestObject.Properties.variable1.order(.descending)])
        XCTAssertEqual(one?.variable1, 1999)
        XCTAssertTrue(interrupted.value)
        database.traceError(nil)
    }
}
