import Foundation
import Testing
import WCDBSwift
import WCDBTestSupport

/// Which transaction forms nest, and how: `run(transaction:)` inside another transaction is a savepoint
/// of it (WCDB 2.x), as `run(embeddedTransaction:)` always was; `run(controllableTransaction:)` and
/// `begin()` refuse to nest.
@Suite struct TransactionNestingTests {
    private struct Failure: Error {}

    @Test func anInnerTransactionThatThrowsUndoesOnlyItsOwnWork() throws {
        let scratch = try ScratchDatabase.withOwnerTable("nesting")
        let database = scratch.database
        try database.run(transaction: {
            try database.insert(objects: [Owner(id: 1, name: "outer")], intoTable: "owner")
            #expect(throws: Failure.self) {
                try database.run(transaction: {
                    try database.insert(objects: [Owner(id: 2, name: "inner")], intoTable: "owner")
                    throw Failure()
                })
            }
            try database.run(transaction: {
                try database.insert(objects: [Owner(id: 3, name: "inner")], intoTable: "owner")
            })
        })
        #expect(try scratch.ownerIDs() == [1, 3])
    }

    @Test func anInnerTransactionRollsBackWithTheOuterOne() throws {
        let scratch = try ScratchDatabase.withOwnerTable("nesting")
        let database = scratch.database
        #expect(throws: Failure.self) {
            try database.run(transaction: {
                try database.run(transaction: {
                    try database.insert(objects: [Owner(id: 1, name: "inner")], intoTable: "owner")
                })
                throw Failure()
            })
        }
        #expect(try scratch.ownerIDs() == [])
        // Three levels, 2.x's handle form in the middle.
        try database.run(transaction: {
            try database.run(transaction: { (_: Handle) in
                try database.run(transaction: {
                    try database.insert(objects: [Owner(id: 7, name: "deep")], intoTable: "owner")
                })
            })
        })
        #expect(try scratch.ownerIDs() == [7])
    }

    @Test func aTransactionObjectNestsTheSameWay() throws {
        let scratch = try ScratchDatabase.withOwnerTable("nesting")
        let transaction = try scratch.database.getTransaction()
        try transaction.run(transaction: {
            try transaction.insert(objects: [Owner(id: 1, name: "outer")], intoTable: "owner")
            #expect(throws: Failure.self) {
                try transaction.run(transaction: {
                    try transaction.insert(objects: [Owner(id: 2, name: "inner")], intoTable: "owner")
                    throw Failure()
                })
            }
        })
        #expect(try scratch.ownerIDs() == [1])
    }

    @Test func controllableTransactionsAndBeginDoNotNest() throws {
        let scratch = try ScratchDatabase.withOwnerTable("nesting")
        let database = scratch.database
        try database.run(transaction: {
            #expect(throws: WCDBError.self) { try database.run(controllableTransaction: { true }) }
            #expect(throws: WCDBError.self) { try database.begin() }
            #expect(throws: WCDBError.self) { try database.run(pausableTransaction: { _, stop, _ in stop = true }) }
            try database.insert(objects: [Owner(id: 1, name: "kept")], intoTable: "owner")
        })
        #expect(try scratch.ownerIDs() == [1])
    }
}
