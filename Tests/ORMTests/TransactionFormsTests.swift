import Foundation
import Testing
import WCDBTestSupport
import WCDBSwift

/// The transaction forms are written once for everything that runs statements: each target commits,
/// rolls back on a throw, and (controllable form) rolls back on false in the same way, with the
/// seeds' closures and 2.x's closures that take the handle, blocking and async.
@Suite struct TransactionFormsTests {
    enum Target: String, CaseIterable, Sendable {
        case database, transaction, table, handle
    }

    private final class Scratch {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-forms-\(UUID().uuidString)")
        let database: Database

        init() throws {
            database = Database(withPath: directory.appendingPathComponent("forms.db").path)
            try database.create(table: "owner", of: Owner.self)
        }

        deinit {
            database.close()
            try? FileManager.default.removeItem(at: directory)
        }

        func ids() throws -> [Int64] {
            try database.getRows("SELECT id FROM owner ORDER BY id").map { $0[0].int64Value }
        }

        /// Runs `body` with the target's `HandleProvider`; a handle's is the pooled handle's own.
        func with(_ target: Target, _ body: (any HandleProvider) throws -> Void) throws {
            switch target {
            case .database: try body(database)
            case .transaction: try body(try database.getTransaction())
            case .table: try body(database.getTable(named: "owner", of: Owner.self))
            case .handle: try database.withHandle(forWriting: true) { handle in try body(handle) }
            }
        }
    }

    private struct Failure: Error {}

    private func insert(_ id: Int64, with target: any HandleProvider) throws {
        try target.insert(objects: [Owner(id: id, name: "\(id)")], intoTable: "owner")
    }

    @Test(arguments: Target.allCases)
    func everyTargetCommitsAndRollsBackTheSameWay(_ target: Target) throws {
        let scratch = try Scratch()
        try scratch.with(target) { target in
            try target.run(transaction: { try insert(1, with: target) })
            try target.run(transaction: { (handle: Handle) in try insert(2, with: handle) })
            #expect(throws: Failure.self) {
                try target.run(transaction: {
                    try insert(3, with: target)
                    throw Failure()
                })
            }
            try target.run(controllableTransaction: {
                try insert(4, with: target)
                return false
            })
            try target.run(controllableTransaction: { (handle: Handle) in
                try insert(5, with: handle)
                return true
            })
            try target.run(embeddedTransaction: { (handle: Handle) in try insert(6, with: handle) })
        }
        #expect(try scratch.ids() == [1, 2, 5, 6])
    }

    @Test(arguments: [Target.database, .transaction, .table])
    func theAsyncFormsCommitAndRollBackAsTheBlockingOnesDo(_ target: Target) async throws {
        let scratch = try Scratch()
        let provider: any HandleRepresentable = switch target {
        case .database: scratch.database
        case .transaction: try await scratch.database.getTransaction()
        default: scratch.database.getTable(named: "owner", of: Owner.self)
        }
        try await provider.run(transaction: { @Sendable in
            try provider.insert(objects: [Owner(id: 1, name: "1")], intoTable: "owner")
        })
        try await provider.run(transaction: { @Sendable (handle: Handle) in
            try handle.insert(objects: [Owner(id: 2, name: "2")], intoTable: "owner")
        })
        await #expect(throws: Failure.self) {
            try await provider.run(embeddedTransaction: { @Sendable in
                try provider.insert(objects: [Owner(id: 3, name: "3")], intoTable: "owner")
                throw Failure()
            })
        }
        try await provider.run(controllableTransaction: { @Sendable (handle: Handle) in
            try handle.insert(objects: [Owner(id: 4, name: "4")], intoTable: "owner")
            return false
        })
        #expect(try scratch.ids() == [1, 2])
    }

    /// A table bound to a `Transaction` object rather than a `Database`: it has every table form without
    /// writing one, and they run on the transaction's handle, so a rollback undoes them.
    private final class TransactionTable<Root: TableCodable>: TableBound {
        let transaction: Transaction
        let name: String

        init(_ transaction: Transaction, name: String) {
            self.transaction = transaction
            self.name = name
        }

        func withHandle<T>(forWriting: Bool, _ body: (Handle) throws -> T) throws -> T {
            try transaction.withHandle(forWriting: forWriting, body)
        }
        func run(embeddedTransaction body: () throws -> Void) throws { try transaction.run(embeddedTransaction: body) }
        func run(controllableTransaction body: () throws -> Bool) throws { try transaction.run(controllableTransaction: body) }
        func prepare(_ sql: String) throws -> CoreStatement { try transaction.prepare(sql) }
        func prepare(_ statement: Statement) throws -> CoreStatement { try transaction.prepare(statement) }
        var tag: Int? { transaction.tag }
        var path: String { transaction.path }
    }

    @Test func aTableBoundToATransactionGetsTheTableFormsAndRunsInIt() throws {
        let scratch = try Scratch()
        let transaction = try scratch.database.getTransaction()
        let table = TransactionTable<Owner>(transaction, name: "owner")
        try transaction.begin()
        try table.insert(objects: Owner(id: 1, name: "a"), Owner(id: 2, name: "b"))
        try table.update(on: Owner.Properties.name, with: Owner(id: 0, name: "c"), where: Owner.Properties.id == 2)
        #expect(try table.getObjects(orderBy: [Owner.Properties.id.asOrder(by: .ascending)]).map(\.name) == ["a", "c"])
        let select = try table.prepareSelect().where(Owner.Properties.id > 1)
        #expect(try select.allObjects().map(\.id) == [2])
        #expect(try table.getValue(on: Owner.Properties.id.count()).int64Value == 2)
        // Another thread's reads don't see the uncommitted rows; the transaction's rollback undoes them.
        let seenElsewhere = Box<[Int64]?>(nil)
        let done = DispatchSemaphore(value: 0)
        let database = scratch.database
        Thread {
            seenElsewhere.with { $0 = try? database.getRows("SELECT id FROM owner").map { $0[0].int64Value } }
            done.signal()
        }.start()
        done.wait()
        #expect(seenElsewhere.get == [])
        try transaction.rollback()
        #expect(try table.getObjects().isEmpty)
    }
}
