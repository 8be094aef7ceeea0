import Foundation
import Testing
import WCDBTestSupport
import WCDBSwift
import XCTest

/// The transaction forms are written once for everything that runs statements: each target commits,
/// rolls back on a throw, and (controllable form) rolls back on false in the same way, with the
/// seeds' closures and 2.x's closures that take the handle, blocking and async.
@Suite struct TransactionFormsTests {
    enum Target: String, CaseIterable, Sendable {
        case database, transaction, table, handle
    }

    private struct Failure: Error {}

    private func insert(_ id: Int64, with target: any HandleProvider) throws {
        try target.insert(objects: [Owner(id: id, name: "\(id)")], intoTable: "owner")
    }

    @Test(arguments: Target.allCases)
    func everyTargetCommitsAndRollsBackTheSameWay(_ target: Target) throws {
        let scratch = try ScratchDatabase.withOwnerTable("forms")
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
        #expect(try scratch.ownerIDs() == [1, 2, 5, 6])
    }

    @Test(arguments: [Target.database, .transaction, .table])
    func theAsyncFormsCommitAndRollBackAsTheBlockingOnesDo(_ target: Target) async throws {
        let scratch = try ScratchDatabase.withOwnerTable("forms")
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
        #expect(try scratch.ownerIDs() == [1, 2])
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
        let scratch = try ScratchDatabase.withOwnerTable("forms")
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

/// The blocking forms on a database, spelled both ways: commit, roll back on a throw or on false, nest only
/// as a savepoint (controllable transactions refuse to nest), and hand their closure the handle.
final class TransactionFormCallTests: DatabaseTestCase {
    func testTransactionsReceiveTheirHandle() throws {
        try fillTestTable(with: [TestObject(1, "one"), TestObject(2, "two")])
        try database.run(transaction: { handle in
            XCTAssertTrue(handle.isInTransaction)
            try handle.exec("INSERT INTO testTable(variable1, variable2) VALUES(10, 'in transaction')")
            try database.insert(TestObject(11, "same transaction"), intoTable: TestObject.name)
        })
        XCTAssertThrowsError(try database.run(transaction: { handle in
            try handle.exec("INSERT INTO testTable(variable1, variable2) VALUES(12, 'rolled back')")
            throw WCDBError.interface("stop")
        }))
        try database.run(controllableTransaction: { handle in
            try handle.exec("INSERT INTO testTable(variable1, variable2) VALUES(13, 'not committed')")
            return false
        })
        try database.run(embeddedTransaction: { handle in
            try handle.exec("INSERT INTO testTable(variable1, variable2) VALUES(14, 'embedded')")
        })
        // The 1.x closures without a handle still resolve.
        try database.run(transaction: {
            try database.insert(TestObject(15, "1.x"), intoTable: TestObject.name)
        })
        XCTAssertEqual(try storedTexts(), ["one", "two", "in transaction", "same transaction", "embedded", "1.x"])
    }

    // 1.4.3: transactions commit, roll back on error, and nest only when embedded.
    func testTransactionsCommitRollBackAndNestOnlyAsSavepoints() throws {
        try database.create(table: "sampleTable", of: SampleObject.self)
        let object = SampleObject()
        object.isAutoIncrement = true
        try database.run(transaction: {
            try database.insert(objects: object, intoTable: "sampleTable")
            let objects: [SampleObject] = try database.getObjects(fromTable: "sampleTable")
            XCTAssertEqual(objects.count, 1, "reads inside the transaction see its writes")
        })
        struct Failure: Error {}
        XCTAssertThrowsError(try database.run(transaction: {
            try database.insert(objects: object, intoTable: "sampleTable")
            throw Failure()
        })) { XCTAssertTrue($0 is Failure, "the error is rethrown") }
        XCTAssertEqual(try database.getValue(on: SampleObject.Properties.any.count(), fromTable: "sampleTable").int64Value, 1,
                       "the failed transaction rolled back")

        try database.run(controllableTransaction: {
            try database.insert(objects: object, intoTable: "sampleTable")
            return false
        })
        XCTAssertEqual(try database.getValue(on: SampleObject.Properties.any.count(), fromTable: "sampleTable").int64Value, 1)

        // The guide (1.x) says transactions don't nest; WCDB 2.x nests them as savepoints, and so do we
        // (see TransactionNestingTests).
        try database.run(transaction: {
            try database.run(embeddedTransaction: {
                try database.insert(objects: object, intoTable: "sampleTable")
            })
        })
        XCTAssertEqual(try database.getValue(on: SampleObject.Properties.any.count(), fromTable: "sampleTable").int64Value, 2)
    }
}

private extension ScratchDatabase {
    /// Runs `body` with the target's `HandleProvider`; a handle's is the pooled handle's own.
    func with(_ target: TransactionFormsTests.Target, _ body: (any HandleProvider) throws -> Void) throws {
        switch target {
        case .database: try body(database)
        case .transaction: try body(try database.getTransaction())
        case .table: try body(database.getTable(named: "owner", of: Owner.self))
        case .handle: try database.withHandle(forWriting: true) { handle in try body(handle) }
        }
    }
}
