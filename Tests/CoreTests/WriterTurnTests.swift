import CSQLCipher
import Foundation
import Testing
@testable import WCDBSwift
import WCDBTestSupport

// At most four top-level writes hold or wait for a handle at once (WCDB 2.x's cap); a fifth waits for a
// turn before it takes one, holding nothing (Core/Pool/WriterSlots.swift).

/// A fresh database in a directory of its own, with `t(a INTEGER PRIMARY KEY, b TEXT)` created.
private func freshDatabase() throws -> Database {
    let directory = NSTemporaryDirectory() + "wcdb-writer-turn-tests/" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let database = Database(withPath: directory + "/test.db")
    try database.exec("CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT)")
    return database
}

/// WCDB 2.x's cap (`HandlePoolMaxAllowedNumberOfWriters`; its `testWriteWithHandleCountLimit` asserts it).
private let writerCap = 4

private let a = Property(named: "a", index: 0, root: nil)
private let b = Property(named: "b", index: 1, root: nil)

/// The pool's locked state, read once.
private func pool<R>(of database: Database, _ read: (CoreState) -> R) -> R {
    database.core.state.withLock { read($0) }
}

/// Polls `condition` every millisecond for at most `seconds`; whether it became true.
private func eventually(within seconds: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        if Date() > deadline { return false }
        usleep(1000)
    }
    return true
}

/// Runs blocking `body` on a dispatch queue, off Swift's cooperative pool (which a blocked test thread
/// would starve: the async writers under test need it to start).
private func offPool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: body()) }
    }
}

/// Four blocking writers holding every turn: the first in a transaction that holds the write lock
/// until `release()`, three waiting for that lock (each with a handle). Made without blocking; their
/// waits get a busy timeout of a minute, so that a slow, busy machine does not end them early.
private final class TurnHolders: Sendable {
    let database: Database
    private let holding = DispatchSemaphore(value: 0)
    private let releasing = DispatchSemaphore(value: 0)
    private let done = DispatchGroup()
    let outcomes = Box<[String]>([])

    init(_ database: Database) {
        self.database = database
        database.setBusyTimeout(60)
        start { try database.run(transaction: { _ in
            try database.exec("INSERT INTO t(a, b) VALUES(1000, 'holder')")
            self.holding.signal()
            self.releasing.wait()
        }) }
        done.enter()
        Thread.detachNewThread {
            self.holding.wait()
            for index in 1...3 {
                self.start { try database.exec("INSERT INTO t(a, b) VALUES(\(1000 + index), 'waiter')") }
            }
            self.done.leave()
        }
    }

    private func start(_ write: @escaping @Sendable () throws -> Void) {
        done.enter()
        Thread.detachNewThread {
            let result = outcome(write)
            self.outcomes.with { $0.append(result) }
            self.done.leave()
        }
    }

    /// Whether every turn is taken and the three waiters wait for the write lock (within a minute).
    func allTurnsTaken() -> Bool {
        eventually(within: 60) {
            pool(of: database) { $0.writerSlots.taken == writerCap && $0.writeToken.queuedCount == 3 }
        }
    }

    /// Lets the holder commit; waits for the four writes to end and returns how they ended.
    func release() -> [String] {
        releasing.signal()
        _ = done.wait(timeout: .now() + 60)
        return outcomes.get
    }
}

@Suite("Writers wait for one of four turns before they take a handle")
struct WriterTurnTests {
    /// WCDB 2.x's `testWriteWithHandleCountLimit`, with every result checked: 80 concurrent writes of
    /// every blocking kind all land, and the database never opens more than 4 handles.
    @Test func eightyMixedWritersLandOnAtMostFourHandles() throws {
        let database = try freshDatabase()
        // Ten rows per writer for the updates and deletes to find.
        try database.run(transaction: {
            for i in 0..<80 {
                let values = (0..<10).map { "(\(i * 100 + $0), 'seed')" }.joined(separator: ", ")
                try database.exec("INSERT INTO t(a, b) VALUES \(values)")
            }
        })
        let path = database.path
        let opened = Box<[Int64]>([])
        let errors = Box<[String]>([])
        withProcessWideTracers {
            Database.globalTraceDatabaseOperation { database, operation, info in
                guard database.path == path, operation == .OpenHandle else { return }
                opened.with { $0.append(info[Database.OperationInfoKeyHandleCount]?.int64Value ?? 0) }
            }
            defer { Database.globalTraceDatabaseOperation(nil) }
            database.close()  // every handle of the run is opened (and traced) below
            let finished = finishing(within: 60) {
                runThreads(80) { i in
                    let first = i * 100
                    let range = a >= first && a < first + 10
                    let result = outcome {
                        switch i % 8 {
                        case 0:
                            let values = (50..<60).map { "(\(first + $0), 'exec')" }.joined(separator: ", ")
                            try database.exec("INSERT INTO t(a, b) VALUES \(values)")
                        case 1:
                            try database.update(table: "t", on: [b], with: ["update"], where: range)
                        case 2:
                            try database.delete(fromTable: "t", where: a >= first && a < first + 5)
                        case 3:
                            try database.run(transaction: {
                                try database.update(table: "t", on: [b], with: ["transaction"], where: range)
                                usleep(1000)
                            })
                        case 4:
                            try database.begin()
                            try database.exec("INSERT INTO t(a, b) VALUES(\(first + 50), 'begin')")
                            usleep(1000)
                            try database.commit()
                        case 5:
                            try database.withHandle(forWriting: true) { handle in
                                try handle.exec("UPDATE t SET b = 'handle' WHERE a >= \(first) AND a < \(first + 10)")
                            }
                        case 6:
                            try database.run(controllableTransaction: {
                                try database.delete(fromTable: "t", where: a >= first + 5 && a < first + 10)
                                usleep(1000)
                                return true
                            })
                        default:
                            var calls = 0
                            try database.run(pausableTransaction: { handle, stop, _ in
                                try handle.exec("INSERT INTO t(a, b) VALUES(\(first + 50 + calls), 'pausable')")
                                calls += 1
                                stop = calls == 3
                            })
                        }
                    }
                    if result != "ok" { errors.with { $0.append("writer \(i): \(result)") } }
                }
                return true
            }
            #expect(finished == true, "80 writers still running after 60 s")
        }
        #expect(errors.get.isEmpty, "\(errors.get)")

        var expected: [Int64: String] = [:]
        for i in 0..<80 {
            let first = i * 100
            for k in 0..<10 { expected[Int64(first + k)] = "seed" }
            switch i % 8 {
            case 0: for k in 50..<60 { expected[Int64(first + k)] = "exec" }
            case 1: for k in 0..<10 { expected[Int64(first + k)] = "update" }
            case 2: for k in 0..<5 { expected[Int64(first + k)] = nil }
            case 3: for k in 0..<10 { expected[Int64(first + k)] = "transaction" }
            case 4: expected[Int64(first + 50)] = "begin"
            case 5: for k in 0..<10 { expected[Int64(first + k)] = "handle" }
            case 6: for k in 5..<10 { expected[Int64(first + k)] = nil }
            default: for k in 50..<53 { expected[Int64(first + k)] = "pausable" }
            }
        }
        var found: [Int64: String] = [:]
        for row in try database.getRows("SELECT a, b FROM t") { found[row[0].int64Value] = row[1].stringValue }
        #expect(found.count == expected.count)
        #expect(found == expected)

        // The pool closes no handle while the database is in use: its count is the most ever open at once.
        let total = pool(of: database) { $0.pool.counts.total }
        print("WriterTurnTests: 80 writers opened \(total) handles; OpenHandle traced \(opened.get)")
        #expect(total <= writerCap)
        #expect(opened.get.allSatisfy { $0 <= Int64(writerCap) }, "\(opened.get)")
    }

    /// Every handle held by a read that nests a write (it waits for the write lock with its handle) while
    /// more top-level writers than there are turns wait: everything finishes, nothing deadlocks.
    @Test func readsNestingWritesFinishWhileManyWritersWait() throws {
        let database = try freshDatabase()
        let readers = Database.defaultMaxHandles + 8
        let writers = 40
        let errors = Box<[String]>([])
        let finished = finishing(within: 30) {
            runThreads(readers + writers) { i in
                let result = outcome {
                    if i < readers {
                        try database.withHandle(forWriting: false) { handle in
                            _ = try handle.scalar("SELECT count(*) FROM t")
                            usleep(2000)  // while the others pile up
                            try database.exec("INSERT INTO t(a, b) VALUES(\(i), 'reader')")
                        }
                    } else {
                        try database.run(transaction: {
                            try database.exec("INSERT INTO t(a, b) VALUES(\(i), 'writer')")
                        })
                    }
                }
                if result != "ok" { errors.with { $0.append("\(i): \(result)") } }
            }
            return true
        }
        #expect(finished == true, "readers and writers still running after 30 s: a deadlock")
        #expect(errors.get.isEmpty, "\(errors.get)")
        #expect(try database.getValue("SELECT count(*) FROM t").int64Value == Int64(readers + writers))
    }

    /// Readers are not held back by the writers' turns: with every turn taken, 8 concurrent reads each
    /// get a handle of their own at the same time.
    @Test func readsGetHandlesWhileEveryTurnIsTaken() throws {
        let database = try freshDatabase()
        let holders = TurnHolders(database)
        #expect(holders.allTurnsTaken())
        let inside = Box(0)
        let readers = 8
        let allInside = finishing(within: 60) {
            let together = Box(true)
            runThreads(readers) { _ in
                do {
                    try database.withHandle(forWriting: false) { handle in
                        _ = try handle.scalar("SELECT count(*) FROM t")
                        inside.with { $0 += 1 }
                        // Each read stays until all of them are in: only concurrent handles get there.
                        if !eventually(within: 30, { inside.get == readers }) { together.with { $0 = false } }
                    }
                } catch {
                    together.with { $0 = false }
                }
            }
            return together.get
        }
        #expect(allInside == true, "\(inside.get) of \(readers) reads got a handle")
        #expect(pool(of: database) { $0.pool.counts.total } == writerCap + readers)
        #expect(holders.release() == ["ok", "ok", "ok", "ok"])
    }

    /// A fifth blocking writer waits for a turn, without a handle, at most the busy timeout, then
    /// throws SQLITE_BUSY; the database stays usable.
    @Test func aWaitForATurnEndsAtTheBusyTimeout() throws {
        let database = try freshDatabase()
        let holders = TurnHolders(database)
        #expect(holders.allTurnsTaken())
        database.setBusyTimeout(0.2)  // the holders' waits began before, with a minute
        let handlesWhileWaiting = Box<[Int]>([])
        let sampling = Box(true)
        Thread.detachNewThread {
            while sampling.get {
                handlesWhileWaiting.with { $0.append(pool(of: database) { $0.pool.counts.total }) }
                usleep(5000)
            }
        }
        let started = Date()
        var code: Int?
        var message = ""
        do {
            try database.exec("INSERT INTO t(a, b) VALUES(1, 'fifth')")
        } catch let error as WCDBError {
            code = error.code.rawValue
            message = error.message ?? ""
        }
        let elapsed = Date().timeIntervalSince(started)
        sampling.with { $0 = false }
        #expect(code == Int(SQLITE_BUSY))
        #expect(message.contains("turn"), "\(message)")
        #expect(elapsed >= 0.15 && elapsed < 10, "\(elapsed) s")
        #expect(handlesWhileWaiting.get.allSatisfy { $0 <= writerCap }, "\(handlesWhileWaiting.get)")
        #expect(!pool(of: database) { $0.writerSlots.hasWaiters })
        database.setBusyTimeout(60)
        #expect(holders.release() == ["ok", "ok", "ok", "ok"])
        try database.exec("INSERT INTO t(a, b) VALUES(2, 'after')")
        #expect(try database.getValue("SELECT count(*) FROM t").int64Value == 5)
    }
}

/// An async write whose Task is cancelled while it waits for a turn leaves the line at once with
/// `CancellationError`; the writers ahead of it are not disturbed and the database stays usable.
@Suite("A cancelled async writer leaves the line for a turn", .serialized)
struct WriterTurnCancellationTests {
    @Test(arguments: AsyncForm.allCases.filter { $0.writesInATransaction && !$0.rawValue.hasPrefix("transactionObject") })
    func aCancelledWaitForATurnThrowsCancellationError(form: AsyncForm) async throws {
        // On a thread of its own: a starved cooperative pool would delay the writer's start past the holders' waits.
        try await withTaskExecutorPreference(Self.executor) { try await cancelledWait(form: form) }
    }

    static let executor = ThreadTaskExecutor()

    private func cancelledWait(form: AsyncForm) async throws {
        let database = try freshDatabase()
        let holders = TurnHolders(database)
        #expect(await offPool { holders.allTurnsTaken() })
        // An unstructured Task does not inherit the preference: it names the executor itself.
        let task = Task(executorPreference: Self.executor) { try await form.run(on: database) }
        let queued = await offPool { eventually(within: 60) { pool(of: database) { $0.writerSlots.hasWaiters } } }
        #expect(queued, "the async writer never waited for a turn")
        let handles = pool(of: database) { $0.pool.counts.total }
        let start = ContinuousClock.now
        task.cancel()
        let result = await task.result
        let elapsed = start.duration(to: .now)
        print("WriterTurnCancellationTests: \(form) returned \(elapsed) after the cancel")
        #expect(elapsed < .seconds(1), "returned \(elapsed) after the cancel")
        guard case .failure(let error) = result else {
            Issue.record("the cancelled write ran")
            _ = await offPool { holders.release() }
            return
        }
        #expect(error is CancellationError, "\(error)")
        #expect(handles <= writerCap, "the waiting writer held a handle: \(handles)")
        #expect(!pool(of: database) { $0.writerSlots.hasWaiters })
        #expect(await offPool { holders.release() } == ["ok", "ok", "ok", "ok"])
        try await database.exec("INSERT INTO t(a, b) VALUES(1, 'after')")
        #expect(try await database.getValue("SELECT count(*) FROM t").int64Value == 5)
    }
}
