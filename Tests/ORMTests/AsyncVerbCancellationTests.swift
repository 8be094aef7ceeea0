import Foundation
import Testing
import WCDBSwift
import WCDBTestSupport

/// The one-line verbs' async forms and a table's transactions: a cancelled Task stops the verb and
/// rolls back what it wrote.
@Suite("Cancelling the Task of an async verb", .serialized)
struct AsyncVerbCancellationTests {
    /// A multi-object insert is one transaction: cancelled part way, it leaves no row.
    @Test func aCancelledInsertOfManyObjectsLeavesNoRow() async throws {
        let scratch = try ScratchDatabase.withOwnerTable("async")
        let database = scratch.database
        let owners = (1...400_000).map { Owner(id: Int64($0), name: "owner \($0)") }
        // Cancelled from the inserting thread once 1,000 rows are in: a test Task sleeping until then
        // could wake only after the insert ended when the suite keeps the cooperative pool busy.
        let task = Box<Task<Void, Error>?>(nil)
        let cancelled = Box<ContinuousClock.Instant?>(nil)
        let inserts = Box(0)
        // How soon it stops is counted in rows inserted after cancel(), not timed: the awaiting test
        // resumes only when the cooperative pool has a thread, which a busy suite can delay by seconds.
        let insertsAfterCancel = Box(0)
        database.traceSQL { sql in
            if sql.hasPrefix("INSERT"), cancelled.get != nil { insertsAfterCancel.with { $0 += 1 } }
            guard sql.hasPrefix("INSERT"), inserts.with({ $0 += 1; return $0 }) >= 1_000, cancelled.get == nil,
                  let running = task.get else { return }
            cancelled.with { $0 = .now }
            running.cancel()
        }
        let running = Task { try await database.insert(objects: owners, intoTable: "owner") }
        task.with { $0 = running }
        let result = await running.result
        let latency = (cancelled.get ?? .now).duration(to: .now)
        database.traceSQL(nil)
        print("AsyncVerbCancellationTests: insert(objects:) of 400,000 ended \(String(format: "%.1f", Double(latency.components.attoseconds) / 1e15 + Double(latency.components.seconds) * 1000)) ms after cancel(), \(insertsAfterCancel.get) rows inserted after it, \(try scratch.ownerCount()) rows left")
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(insertsAfterCancel.get < 100)
        #expect(try scratch.ownerCount() == 0)
        try await database.insert(objects: Array(owners.prefix(3)), intoTable: "owner")
        #expect(try scratch.ownerCount() == 3)
    }

    @Test func aTaskCancelledBeforeTheVerbWritesNothing() async throws {
        let scratch = try ScratchDatabase.withOwnerTable("async")
        let database = scratch.database
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await database.insert(objects: [Owner(id: 1, name: "a")], intoTable: "owner")
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(try scratch.ownerCount() == 0)
    }

    /// `try await table.run(transaction:)` is the async form, which a cancelled Task rolls back.
    @Test func aTablesTransactionRunsAsync() async throws {
        let scratch = try ScratchDatabase.withOwnerTable("async")
        let table = scratch.database.getTable(named: "owner", of: Owner.self)
        let ranInTask = Box(false)
        try await table.run(transaction: {
            if withUnsafeCurrentTask(body: { $0 != nil }) { ranInTask.with { $0 = true } }
            try table.insert(objects: [Owner(id: 1, name: "a")])
        })
        #expect(!ranInTask.get)
        #expect(try scratch.ownerCount() == 1)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await table.run(transaction: { try table.insert(objects: [Owner(id: 2, name: "b")]) })
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(try scratch.ownerCount() == 1)
    }
}
