import Foundation
import Synchronization
@testable import WCDBSwift
import Testing
import WCDBTestSupport

/// Observed reads (`Database.observe(_:)`): the first element is the result now, then one per commit that
/// changed a table the read reads; unrelated commits and rollbacks fetch nothing; cancellation and close
/// end the sequence. The fetches are counted through the fetch closure itself.
@Suite(.timeLimit(.minutes(1))) struct ObservationTests {
    /// An atomic count (ThreadSanitizer sees atomics; it does not see `Mutex` on Linux).
    final class Counter: Sendable {
        let value = Atomic<Int>(0)
        func increment() { value.wrappingAdd(1, ordering: .sequentiallyConsistent) }
        var count: Int { value.load(ordering: .sequentiallyConsistent) }
    }

    /// A database with tables `t(a)` and `u(b)`.
    static func scratch(_ label: String = "observation") throws -> ScratchDatabase {
        let scratch = ScratchDatabase(label)
        try scratch.database.exec("CREATE TABLE t(a INTEGER); CREATE TABLE u(b INTEGER)")
        return scratch
    }

    /// `SELECT count(*) FROM <table>`, counting fetches.
    static func count(_ table: String, in database: Database, fetches: Counter) -> DatabaseObservation<Int64> {
        database.observe { handle in
            fetches.increment()
            return try handle.getValue(on: Column.all.count(), fromTable: table).int64Value
        }
    }

    @Test func theFirstElementIsTheResultNowThenOnePerCommit() async throws {
        let scratch = try Self.scratch()
        let database = scratch.database
        try await database.exec("INSERT INTO t VALUES (1)")
        let fetches = Counter()
        var results = Self.count("t", in: database, fetches: fetches).makeAsyncIterator()
        #expect(try await results.next() == 1)
        try await database.exec("INSERT INTO t VALUES (2)")
        #expect(try await results.next() == 2)
        // A thousand changes in one transaction: one commit, one element.
        try await database.run(transaction: { handle in
            for value in 0..<1_000 { try handle.exec("INSERT INTO t VALUES (\(value))") }
        })
        #expect(try await results.next() == 1_002)
        #expect(fetches.count == 3)
    }

    @Test func commitsToOtherTablesAndRollbacksFetchNothing() async throws {
        let scratch = try Self.scratch()
        let database = scratch.database
        let fetches = Counter()
        var results = Self.count("t", in: database, fetches: fetches).makeAsyncIterator()
        #expect(try await results.next() == 0)
        for value in 0..<50 { try await database.exec("INSERT INTO u VALUES (\(value))") }
        struct Abandon: Error {}
        await #expect(throws: Abandon.self) {
            try await database.run(transaction: { handle in
                try handle.exec("INSERT INTO t VALUES (1)")
                throw Abandon()
            })
        }
        try await database.exec("INSERT INTO t VALUES (7)")
        #expect(try await results.next() == 1)
        #expect(fetches.count == 2, "only the first fetch and the one after the commit to t")
    }

    /// SQLite reports no row of these to the update hook unless the runtime asks: `DELETE` without
    /// `WHERE` (the truncate optimization) and WITHOUT ROWID tables.
    @Test(arguments: ["DELETE FROM t", "INSERT INTO w VALUES (9, 9)", "UPDATE w SET v = 1", "DELETE FROM w"])
    func changesSQLiteDoesNotReportRowByRowAreSeen(_ change: String) async throws {
        let scratch = try Self.scratch()
        let database = scratch.database
        try await database.exec("CREATE TABLE w(k INTEGER PRIMARY KEY, v) WITHOUT ROWID")
        try await database.exec("INSERT INTO t VALUES (1), (2), (3); INSERT INTO w VALUES (1, 0), (2, 0)")
        var results = database.observe { handle in
            try handle.scalar("SELECT (SELECT count(*) FROM t) * 100 + (SELECT count(*) FROM w) * 10 + (SELECT total(v) FROM w)").int64Value
        }.makeAsyncIterator()
        let before = try #require(try await results.next())
        try await database.exec(change)
        let after = try await results.next()
        #expect(after == (try await database.getRows("SELECT (SELECT count(*) FROM t) * 100 + (SELECT count(*) FROM w) * 10 + (SELECT total(v) FROM w)")[0][0].int64Value))
        #expect(after != before)
    }

    /// The authorizer that turns the truncate optimization off must not turn drops off: SQLite asks it
    /// for SQLITE_DELETE of the table a DROP drops, too.
    @Test(arguments: ["CREATE TABLE x(a)", "CREATE TEMP TABLE x(a)", "CREATE VIEW x AS SELECT 1",
                      "CREATE TEMP VIEW x AS SELECT 1", "CREATE VIRTUAL TABLE x USING fts4(a)"])
    func dropsStillDrop(_ create: String) async throws {
        let scratch = try Self.scratch()
        let database = scratch.database
        try await database.withHandle(forWriting: true) { handle in
            try handle.exec(create)
            try handle.exec(create.contains("VIEW") ? "DROP VIEW x" : "DROP TABLE x")
            try handle.exec(create)  // no "already exists"
        }
    }

    @Test func readsThroughAViewAndAJoinAreTracked() async throws {
        let scratch = try Self.scratch()
        let database = scratch.database
        try await database.exec("CREATE VIEW pairs AS SELECT t.a, u.b FROM t JOIN u ON t.a = u.b")
        try await database.exec("INSERT INTO t VALUES (1), (2)")
        let fetches = Counter()
        var results = database.observe { handle in
            fetches.increment()
            return try database.getRows("SELECT a FROM pairs ORDER BY a").map { $0[0].int64Value }
        }.makeAsyncIterator()
        #expect(try await results.next() == [])
        try await database.exec("INSERT INTO u VALUES (2)")  // the view's other table
        #expect(try await results.next() == [2])
        #expect(fetches.count == 2)
    }

    /// A view defined again over another table: the schema change wakes the observation, whose next
    /// fetch finds the new table.
    @Test func aViewDefinedAgainIsFollowedToItsNewTable() async throws {
        let scratch = try Self.scratch()
        let database = scratch.database
        try await database.exec("CREATE VIEW v AS SELECT a AS value FROM t")
        var results = database.observe { handle in try handle.scalar("SELECT count(*) FROM v").int64Value }.makeAsyncIterator()
        #expect(try await results.next() == 0)
        try await database.exec("DROP VIEW v")
        try await database.exec("CREATE VIEW v AS SELECT b AS value FROM u")
        _ = try await results.next()  // woken by the schema change
        try await database.exec("INSERT INTO u VALUES (1)")
        var last = try await results.next()
        while last != 1 { last = try await results.next() }
        #expect(last == 1)
    }

    /// A handle of the caller's own (`getHandle()`) writes outside the pool: its commits are seen too.
    @Test func commitsOfAHandleOutsideThePoolAreSeen() async throws {
        let scratch = try Self.scratch()
        let database = scratch.database
        var results = Self.count("t", in: database, fetches: Counter()).makeAsyncIterator()
        #expect(try await results.next() == 0)
        let own = try database.getHandle()
        try own.exec("INSERT INTO t VALUES (1)")
        #expect(try await results.next() == 1)
        let insert = try own.prepare("INSERT INTO t VALUES (2)")
        try insert.run()
        insert.finalize()
        #expect(try await results.next() == 2)
        own.close()
    }

    @Test func aKeyedDatabaseIsObservedAlike() async throws {
        let scratch = ScratchDatabase("observation-keyed")
        let database = scratch.database
        database.setCipher(key: Data("secret".utf8))
        try await database.exec("CREATE TABLE t(a INTEGER)")
        var results = database.observe { handle in try handle.scalar("SELECT count(*) FROM t").int64Value }.makeAsyncIterator()
        #expect(try await results.next() == 0)
        try await database.exec("INSERT INTO t VALUES (1)")
        #expect(try await results.next() == 1)
    }

    @Test func removeDuplicatesSkipsAnEqualResult() async throws {
        let scratch = try Self.scratch()
        let database = scratch.database
        try await database.exec("INSERT INTO t VALUES (1)")
        let fetches = Counter()
        let observation = Self.count("t", in: database, fetches: fetches).removeDuplicates()
        let firstTwo = Task {
            var results = observation.makeAsyncIterator()
            return [try await results.next(), try await results.next()]
        }
        try await Self.waitUntil { fetches.count == 1 }
        try await database.exec("UPDATE t SET a = 5")  // t changed, its count did not: fetched, not yielded
        try await Self.waitUntil { fetches.count == 2 }
        try await database.exec("INSERT INTO t VALUES (2)")
        #expect(try await firstTwo.value == [1, 2])
        #expect(fetches.count == 3)
    }

    @Test func closingTheDatabaseEndsTheObservationWithAnError() async throws {
        let scratch = try Self.scratch()
        let database = scratch.database
        var results = Self.count("t", in: database, fetches: Counter()).makeAsyncIterator()
        #expect(try await results.next() == 0)
        await database.close()
        await #expect(throws: WCDBError.self) { try await results.next() }
        #expect(database.core.observations.observerCount == 0)
        // The database itself reopens for the next call, as after any close.
        try await database.exec("INSERT INTO t VALUES (1)")
    }

    @Test func anErrorOfTheFetchIsThrownAndEndsTheSequence() async throws {
        let scratch = try Self.scratch()
        var results = scratch.database.observe { handle in try handle.scalar("SELECT count(*) FROM missing") }.makeAsyncIterator()
        await #expect(throws: WCDBError.self) { try await results.next() }
        #expect(try await results.next() == nil)
        #expect(scratch.database.core.observations.observerCount == 0)
    }

    @Test func cancellingAThousandObservingTasksRemovesEveryObservation() async throws {
        let scratch = try Self.scratch()
        let database = scratch.database
        let observation = Self.count("t", in: database, fetches: Counter())
        let started = Counter()
        let tasks = (0..<1_000).map { _ in
            Task {
                for try await _ in observation { started.increment() }
            }
        }
        try await Self.waitUntil { started.count == 1_000 }
        #expect(database.core.observations.observerCount == 1_000)
        for task in tasks { task.cancel() }
        for task in tasks { try await task.value }
        #expect(database.core.observations.observerCount == 0)
        // No handle is left checked out: close does not wait (it would time out with SQLITE_BUSY).
        try await database.close(onClosed: {})
        try await database.exec("INSERT INTO t VALUES (1)")
    }

    @Test func theCallbackFormStopsWithItsToken() async throws {
        let scratch = try Self.scratch()
        let database = scratch.database
        let seen = Box<[Int64]>([])
        let token = Self.count("t", in: database, fetches: Counter()).start { value in seen.with { $0.append(value) } }
        try await Self.waitUntil { seen.get == [0] }
        try await database.exec("INSERT INTO t VALUES (1)")
        try await Self.waitUntil { seen.get == [0, 1] }
        token.cancel()
        try await Self.waitUntil { database.core.observations.observerCount == 0 }
        try await database.exec("INSERT INTO t VALUES (2)")
        try await Task.sleep(for: .milliseconds(50))
        #expect(seen.get == [0, 1])
    }

    /// Writers on four threads commit to two tables while three observations read them: after the
    /// writers stop, each observation's last element equals a fresh read.
    @Test func underConcurrentWritersTheLastElementIsTheDatabaseAfterTheLastCommit() async throws {
        let scratch = try Self.scratch()
        let database = scratch.database
        let queries = ["SELECT count(*) FROM t", "SELECT total(b) FROM u", "SELECT count(*) FROM t JOIN u ON t.a = u.b"]
        let latest = Box<[Int: FundamentalValue]>([:])
        let observers = queries.enumerated().map { index, sql in
            Task {
                for try await value in database.observe({ handle in try handle.scalar(sql) }) {
                    latest.with { $0[index] = value }
                }
            }
        }
        try await Self.waitUntil { latest.get.count == queries.count }
        DispatchQueue.concurrentPerform(iterations: 4) { writer in
            for value in 0..<100 {
                try? database.exec(writer % 2 == 0 ? "INSERT INTO t VALUES (\(value))" : "INSERT INTO u VALUES (\(value))")
            }
        }
        var freshValues: [FundamentalValue] = []
        for sql in queries { freshValues.append(try await database.getRows(sql)[0][0]) }
        let fresh = freshValues
        #expect(fresh[0].int64Value == 200)
        try await Self.waitUntil { queries.indices.allSatisfy { latest.get[$0] == fresh[$0] } }
        for observer in observers { observer.cancel() }
    }

    /// Waits, polling, for `condition` (bounded by the suite's time limit).
    static func waitUntil(_ condition: @Sendable () -> Bool) async throws {
        while !condition() { try await Task.sleep(for: .milliseconds(2)) }
    }
}
