import CSQLCipher
import Foundation
import WCDBTestSupport
import XCTest
@testable import WCDBSwift

/// The parts the pool is built from, each on its own, and their behaviour through a real database.
final class PoolPartsTests: CoreTestCase {
    // MARK: HandlePool

    func testHandlePoolServesTicketsInArrivalOrderAndRespectsItsBound() {
        var pool = HandlePool(path: path(), maxHandles: 2, isInMemory: false)
        let first = pool.checkOutAtOnce(for: 1)
        let second = pool.checkOutAtOnce(for: 2)
        XCTAssertNotNil(first)
        XCTAssertNotNil(second)
        XCTAssertNil(pool.checkOutAtOnce(for: 3), "two handles at most")
        let early = pool.enqueue()
        let late = pool.enqueue()
        pool.checkIn(first!)
        XCTAssertNil(pool.checkOut(ticket: late, for: 4), "the later ticket waits for the earlier one")
        XCTAssertTrue(pool.checkOut(ticket: early, for: 3) === first)
        XCTAssertNil(pool.checkOutAtOnce(for: 5), "someone still queues")
        pool.checkIn(second!)
        XCTAssertTrue(pool.checkOut(ticket: late, for: 4) === second)
        XCTAssertEqual(pool.counts.total, 2)
    }

    func testHandlePoolHoldsOthersBackDuringACloseButNotTheCloser() {
        var pool = HandlePool(path: path(), maxHandles: 4, isInMemory: false)
        pool.closingThread = 7
        XCTAssertNil(pool.checkOutAtOnce(for: 8))
        XCTAssertTrue(pool.isHeldBack(8))
        XCTAssertNotNil(pool.checkOutAtOnce(for: 7))
        XCTAssertEqual(pool.counts.total, 1)
        pool.closingThread = nil
        XCTAssertNotNil(pool.checkOutAtOnce(for: 8))
    }

    func testAnInMemoryPoolHasOneHandle() {
        var pool = HandlePool(path: ":memory:#t", maxHandles: 16, isInMemory: true)
        XCTAssertEqual(pool.maxHandles, 1)
        XCTAssertNotNil(pool.checkOutAtOnce(for: 1))
        XCTAssertNil(pool.checkOutAtOnce(for: 2))
    }

    // MARK: WriteToken

    func testWriteTokenKnowsWhenAWaitCouldNeverEnd() {
        let handle = Handle(path: path())
        let pin = Pin(handle: handle, threadID: 11, registered: true, lease: nil)
        var token = WriteToken()
        XCTAssertTrue(token.takeIfUncontended(for: .pin(pin)))
        XCTAssertTrue(token.wouldDeadlock(waitingOn: 11))
        XCTAssertFalse(token.wouldDeadlock(waitingOn: 12))
        let lease = HandleLease(handle: handle)
        let ticket = token.enqueue()
        XCTAssertTrue(token.hasWaiters)
        XCTAssertFalse(token.isTurn(of: ticket))
        token.release()
        XCTAssertTrue(token.isTurn(of: ticket))
        XCTAssertFalse(token.takeIfUncontended(for: .lease(lease)), "a queued ticket goes first")
        token.take(ticket: ticket, for: .lease(lease))
        XCTAssertFalse(token.wouldDeadlock(waitingOn: 11), "an idle Transaction object: someone else may end it")
        lease.activeThread = 11
        XCTAssertTrue(token.wouldDeadlock(waitingOn: 11))
    }

    // MARK: DatabaseSettings

    func testSettingsMoveTheGenerationEachKindOfChangeNeeds() {
        var settings = DatabaseSettings()
        let start = (settings.configGeneration, settings.cipherGeneration, settings.traceGeneration)
        settings.setConfig(ConfigEntry(name: "b", order: 2, callback: { _ in }))
        settings.setConfig(ConfigEntry(name: "a", order: 2, callback: { _ in }))
        settings.setConfig(ConfigEntry(name: "z", order: 1, callback: { _ in }))
        XCTAssertEqual(settings.sortedConfigs.map(\.name), ["z", "a", "b"], "by order, then name")
        XCTAssertEqual(settings.configGeneration, start.0 + 3)
        settings.removeConfig(named: "missing")
        XCTAssertEqual(settings.configGeneration, start.0 + 3, "removing nothing changes nothing")
        settings.setReadOnly(true)
        settings.setReadOnly(true)
        XCTAssertEqual(settings.cipherGeneration, start.1 + 1, "a mode change reopens handles once")
        settings.setSQLTracer { _ in }
        XCTAssertEqual(settings.traceGeneration, start.2 + 1)
        XCTAssertEqual(settings.configGeneration, start.0 + 3)
    }

    // MARK: Guarded

    func testGuardedWaitTimesOutUnlessToldToKeepWaiting() {
        let guarded = Guarded(0)
        XCTAssertNil(guarded.wait(for: .anyChange, timeout: 0.05) { $0 > 0 ? $0 : nil })
        let asked = Box(0)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) {
            guarded.withLock(waking: .others) { $0 = 5 }
        }
        let value = guarded.wait(for: .anyChange, timeout: 0.05, keepWaiting: { _ in
            asked.with { $0 += 1 }
            return true
        }) { $0 > 0 ? $0 : nil }
        XCTAssertEqual(value, 5)
        XCTAssertGreaterThan(asked.get, 0, "the wait outlived its timeout only because keepWaiting said so")
    }

    /// A change wakes the first waiter of its reason only: the others are not asked again (no stampede),
    /// and each waiter that gets through wakes the next, so every free unit is taken in arrival order.
    func testAChangeWakesTheFirstWaiterOfItsReasonOnly() {
        // State: free units, and how often each waiter's attempt ran.
        struct Units { var free = 0; var attempts: [Int] = [0, 0, 0, 0]; var served: [Int] = [] }
        let guarded = Guarded(Units())
        let group = DispatchGroup()
        for waiter in 0..<4 {
            group.enter()
            Thread.detachNewThread {
                _ = guarded.wait(for: .handle, timeout: 10) { units -> Bool? in
                    units.attempts[waiter] += 1
                    guard units.free > 0 else { return nil }
                    units.free -= 1
                    units.served.append(waiter)
                    return true
                }
                group.leave()
            }
            // Each waiter is in line (its first attempt failed) before the next one starts.
            while guarded.withLock({ $0.attempts[waiter] }) == 0 { usleep(1000) }
        }
        // One unit: only the first waiter is woken; it takes the unit and wakes the second, which finds
        // nothing and sleeps again. The last two are never asked again.
        guarded.withLock(waking: .handle) { $0.free = 1 }
        while guarded.withLock({ $0.served.count }) < 1 || guarded.withLock({ $0.attempts[1] }) < 2 { usleep(1000) }
        usleep(50_000)
        XCTAssertEqual(guarded.withLock { $0.attempts }, [2, 2, 1, 1])
        // A change of another reason wakes none of them.
        guarded.withLock(waking: .writeToken) { _ in }
        usleep(50_000)
        XCTAssertEqual(guarded.withLock { $0.attempts }, [2, 2, 1, 1])
        // Three more units at once: the waiters pass the wake-up down the line and all get through.
        guarded.withLock(waking: .handle) { $0.free = 3 }
        XCTAssertEqual(group.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(guarded.withLock { $0.served }, [0, 1, 2, 3])
    }

    /// A waiter that times out passes on the wake-up it may have been given.
    func testAWaiterThatGivesUpPassesItsWakeUpOn() {
        let guarded = Guarded(0)
        let first = DispatchSemaphore(value: 0)
        let second = Box<Bool?>(nil)
        Thread.detachNewThread {
            _ = guarded.wait(for: .writeToken, timeout: 0.2) { _ -> Bool? in nil }  // never gets through
            first.signal()
        }
        usleep(20_000)  // the first waiter is in line
        Thread.detachNewThread {
            second.with { $0 = guarded.wait(for: .writeToken, timeout: 5) { $0 > 0 ? true : nil } }
        }
        usleep(20_000)
        // The change wakes only the first waiter, which can't use it; when it gives up, the second goes.
        guarded.withLock(waking: .writeToken) { $0 = 1 }
        XCTAssertEqual(first.wait(timeout: .now() + 5), .success)
        for _ in 0..<500 where second.get == nil { usleep(10_000) }
        XCTAssertEqual(second.get, true)
    }

    // MARK: Through a real database

    func testWritersGetTheWriteLockInArrivalOrder() throws {
        let database = Database(withPath: path())
        try database.exec("CREATE TABLE t(a)")
        let transaction = try database.getTransaction()
        try transaction.begin()
        let order = Box<[Int]>([])
        let group = DispatchGroup()
        for writer in 0..<4 {
            group.enter()
            Thread.detachNewThread {
                try? database.exec("INSERT INTO t VALUES(\(writer))")
                order.with { $0.append(writer) }
                group.leave()
            }
            // Each writer queues before the next one starts.
            while database.core.state.withLock({ $0.writeToken.queuedCount }) < writer + 1 { usleep(1000) }
        }
        try transaction.commit()
        XCTAssertEqual(group.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(order.get.count, 4)
        // The rows went in in the order the writers queued (each one's token came in turn).
        XCTAssertEqual(try database.getRows("SELECT a FROM t ORDER BY rowid").map { $0[0].int64Value }, [0, 1, 2, 3])
    }

    func testPinsLetATransactionsReadsSeeItsWritesAndOtherThreadsNot() throws {
        let database = Database(withPath: path())
        try database.exec("CREATE TABLE t(a)")
        let seenOutside = Box<Int64>(-1)
        try database.run(transaction: {
            try database.exec("INSERT INTO t VALUES(1)")
            XCTAssertEqual(try count(database), 1, "same thread: the transaction's handle")
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                seenOutside.with { $0 = (try? database.getValue("SELECT count(*) FROM t").int64Value) ?? -2 }
                done.signal()
            }
            done.wait()
        })
        XCTAssertEqual(seenOutside.get, 0, "another thread reads the last committed state")
        XCTAssertEqual(try count(database), 1)
    }
}
