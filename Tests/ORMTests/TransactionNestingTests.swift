import Foundation
import Testing
import WCDBSwift
import WCDBTestSupport

/// Which transaction forms nest, and how: `run(transaction:)`, `run(embeddedTransaction:)`,
/// `run(controllableTransaction:)` and `begin()` inside another transaction are savepoints of it;
/// `run(pausableTransaction:)`, which commits as it goes, refuses to nest.
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

    /// WCDB 2.x's nesting: a controllable transaction or a `begin()` inside a running transaction is a
    /// savepoint of it.
    @Test func aNestedControllableTransactionIsASavepoint() throws {
        let scratch = try ScratchDatabase.withOwnerTable("nesting")
        let database = scratch.database
        try database.run(transaction: {
            try database.insert(objects: [Owner(id: 1, name: "outer")], intoTable: "owner")
            try database.run(controllableTransaction: {
                try database.insert(objects: [Owner(id: 2, name: "undone")], intoTable: "owner")
                return false
            })
            try database.run(controllableTransaction: { (handle: Handle) in
                try handle.insert(objects: [Owner(id: 3, name: "kept")], intoTable: "owner")
                try handle.run(controllableTransaction: {
                    try handle.insert(objects: [Owner(id: 4, name: "undone")], intoTable: "owner")
                    return false
                })
                return true
            })
            #expect(throws: Failure.self) {
                try database.run(controllableTransaction: {
                    try database.insert(objects: [Owner(id: 5, name: "undone")], intoTable: "owner")
                    throw Failure()
                })
            }
            #expect(database.isInTransaction)
        })
        #expect(try scratch.ownerIDs() == [1, 3])
        // A Transaction object nests the same way.
        let transaction = try database.getTransaction()
        try transaction.run(transaction: {
            try transaction.insert(objects: [Owner(id: 6, name: "kept")], intoTable: "owner")
            try transaction.run(controllableTransaction: {
                try transaction.insert(objects: [Owner(id: 7, name: "undone")], intoTable: "owner")
                return false
            })
        })
        #expect(try scratch.ownerIDs() == [1, 3, 6])
    }

    @Test func aNestedBeginIsASavepointEndedByItsOwnCommitOrRollback() throws {
        let scratch = try ScratchDatabase.withOwnerTable("nesting")
        let database = scratch.database
        try database.begin()
        try database.insert(objects: [Owner(id: 1, name: "outer")], intoTable: "owner")
        try database.begin()
        try database.insert(objects: [Owner(id: 2, name: "undone")], intoTable: "owner")
        try database.rollback()
        try database.begin()
        try database.insert(objects: [Owner(id: 3, name: "kept")], intoTable: "owner")
        try database.commit()
        #expect(database.isInTransaction)
        try database.commit()
        #expect(!database.isInTransaction)
        #expect(try scratch.ownerIDs() == [1, 3])
        // An inner commit keeps its changes only for the outer transaction, which still decides.
        try database.begin()
        try database.begin()
        try database.insert(objects: [Owner(id: 4, name: "rolled back")], intoTable: "owner")
        try database.commit()
        try database.rollback()
        #expect(try scratch.ownerIDs() == [1, 3])
        // Inside a closure's transaction.
        try database.run(transaction: {
            try database.insert(objects: [Owner(id: 5, name: "kept")], intoTable: "owner")
            try database.begin()
            try database.insert(objects: [Owner(id: 6, name: "undone")], intoTable: "owner")
            try database.rollback()
        })
        #expect(try scratch.ownerIDs() == [1, 3, 5])
        #expect(throws: WCDBError.self) { try database.commit() }
    }

    @Test func aPausableTransactionDoesNotNest() throws {
        let scratch = try ScratchDatabase.withOwnerTable("nesting")
        let database = scratch.database
        try database.run(transaction: {
            #expect(throws: WCDBError.self) { try database.run(pausableTransaction: { _, stop, _ in stop = true }) }
            try database.insert(objects: [Owner(id: 1, name: "kept")], intoTable: "owner")
        })
        #expect(try scratch.ownerIDs() == [1])
    }
}

/// WCDB 2.x's `handle.begin()`, `commit()` and `rollback()`: the handle's own transaction, or a
/// savepoint inside the one it runs.
@Suite struct HandleTransactionCallTests {
    @Test func aHandleBeginsCommitsAndRollsBackAndNests() throws {
        let scratch = try ScratchDatabase.withOwnerTable("handle-begin")
        let database = scratch.database
        let handle = try database.getHandle()
        try handle.begin()
        try handle.insert(objects: [Owner(id: 1, name: "kept")], intoTable: "owner")
        try handle.begin()
        try handle.insert(objects: [Owner(id: 2, name: "undone")], intoTable: "owner")
        try handle.rollback()
        #expect(handle.isInTransaction)
        try handle.commit()
        #expect(!handle.isInTransaction)
        #expect(throws: WCDBError.self) { try handle.commit() }
        try handle.begin()
        try handle.insert(objects: [Owner(id: 3, name: "rolled back")], intoTable: "owner")
        try handle.rollback()
        handle.close()
        #expect(try scratch.ownerIDs() == [1])
        // Inside a closure's transaction, the closure's handle opens a savepoint.
        try database.run(transaction: { (handle: Handle) in
            try handle.insert(objects: [Owner(id: 4, name: "kept")], intoTable: "owner")
            try handle.begin()
            try handle.insert(objects: [Owner(id: 5, name: "undone")], intoTable: "owner")
            try handle.rollback()
        })
        #expect(try scratch.ownerIDs() == [1, 4])
    }
}
