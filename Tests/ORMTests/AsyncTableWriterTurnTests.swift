import Foundation
import Testing
@testable import WCDBSwift
import WCDBTestSupport

/// Polls `condition` (without blocking the cooperative pool) for at most a minute; whether it held.
private func eventually(_ condition: () -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + .seconds(60)
    while !condition() {
        if ContinuousClock.now > deadline { return false }
        try await Task.sleep(for: .milliseconds(1))
    }
    return true
}

/// A `Table`'s async write forms are writers too: with the 4 writers' turns taken (Core/Pool/WriterSlots),
/// an async insert through a Table waits for one before it takes a handle, and a cancel ends that wait.
@Suite("An async write through a Table waits for a writer's turn")
struct AsyncTableWriterTurnTests {
    @Test func aCancelledAsyncTableInsertLeavesTheLineWithoutAHandle() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-turn-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let database = Database(withPath: directory.appendingPathComponent("turns.db").path)
        try await database.create(table: "owner", of: Owner.self)
        database.setBusyTimeout(60)  // the waiters below wait for the holder, on a busy machine too
        let table = database.getTable(named: "owner", of: Owner.self)

        // Four blocking writers take every turn: one holds the write lock, three wait for it.
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let writers = DispatchGroup()
        let outcomes = Box<[Bool]>([])
        func write(_ body: @escaping @Sendable () throws -> Void) {
            writers.enter()
            Thread.detachNewThread {
                let ok = (try? body()) != nil
                outcomes.with { $0.append(ok) }
                writers.leave()
            }
        }
        write {
            try database.run(transaction: { _ in
                try database.insert(objects: [Owner(id: 100, name: "holder")], intoTable: "owner")
                holding.signal()
                release.wait()
            })
        }
        while holding.wait(timeout: .now()) == .timedOut { try await Task.sleep(for: .milliseconds(1)) }
        for id in 101...103 {
            write { try database.insert(objects: [Owner(id: Int64(id), name: "waiter")], intoTable: "owner") }
        }
        let core = database.core
        #expect(try await eventually { core.state.withLock { $0.writerSlots.taken == 4 && $0.writeToken.queuedCount == 3 } })

        let task = Task { try await table.insert(objects: [Owner(id: 1, name: "async")], intoTable: "owner") }
        #expect(try await eventually { core.state.withLock { $0.writerSlots.hasWaiters } }, "it never waited for a turn")
        #expect(core.handleCounts.total == 4, "the waiting writer took a handle")
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(!core.state.withLock { $0.writerSlots.hasWaiters })

        release.signal()
        while writers.wait(timeout: .now()) == .timedOut { try await Task.sleep(for: .milliseconds(1)) }
        #expect(outcomes.get == [true, true, true, true])
        #expect(try database.getValue("SELECT count(*) FROM owner").int64Value == 4)
    }
}
