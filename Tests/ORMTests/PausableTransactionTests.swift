import Foundation
import WCDBSwift
import XCTest

/// `run(pausableTransaction:)`: its closure runs in a transaction until it sets `stop`, and the transaction
/// pauses (commits and begins again) so other writers get in.
final class PausableTransactionTests: DatabaseTestCase {
    func testPausableTransactionClosureType() throws {
        try fillTestTable(with: [TestObject(1, "object1"), TestObject(2, "object2")])
        var inserted = 0
        let transaction: TransactionInterface.PausableTransactionClosure = { handle, stop, isNewTransaction in
            XCTAssertTrue(handle.isInTransaction)
            inserted += 1
            try handle.exec(StatementInsert().insert(intoTable: TestObject.name).values(100 + inserted, "paused"))
            stop = inserted == 3
        }
        try database.run(pausableTransaction: transaction)
        XCTAssertEqual(try database.getValue(on: Column.all().count(), fromTable: TestObject.name).intValue, 5)
        try database.begin()
        XCTAssertTrue(database.isInTransaction)
        try database.commit()
    }

    func testPausableTransactionYieldsToOtherWriters() throws {
        try database.exec("CREATE TABLE work(i INTEGER)")
        try database.exec("CREATE TABLE other(at INTEGER)")
        let segments = LockedBox(0)
        let finished = LockedBox<Int?>(nil)
        let done = DispatchSemaphore(value: 0)
        let otherWrote = LockedBox(false)
        let database = self.database!
        DispatchQueue.global().async {
            var count = 0
            do {
                try database.run(pausableTransaction: { handle, stop, isNewTransaction in
                    if isNewTransaction { segments.mutate { $0 += 1 } }
                    count += 1
                    try handle.exec("INSERT INTO work VALUES(\(count))")
                    usleep(1_000)
                    // Runs until the other writer got in (or a limit, so a failure cannot hang).
                    stop = (otherWrote.value && count >= 20) || count == 20_000
                })
                finished.mutate { $0 = count }
            } catch {
                XCTFail("\(error)")
            }
            done.signal()
        }
        let deadline = Date().addingTimeInterval(10)
        while segments.value == 0 && Date() < deadline { usleep(1_000) }
        // A writer from another thread gets in while the pausable transaction is still running.
        try database.exec("INSERT INTO other SELECT count(*) FROM work")
        otherWrote.mutate { $0 = true }
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
        let total = try XCTUnwrap(finished.value)
        XCTAssertLessThan(total, 20_000, "the other writer got in before the limit")
        XCTAssertGreaterThanOrEqual(segments.value, 2, "it paused for the other writer")
        let seen = try rows("SELECT at FROM other")[0][0].int64Value
        XCTAssertGreaterThan(seen, 0, "the other writer saw the committed segment")
        XCTAssertLessThan(seen, Int64(total), "and got in before the pausable transaction ended")
        XCTAssertEqual(try rows("SELECT count(*) FROM work")[0][0], .integer(Int64(total)))
    }
}
