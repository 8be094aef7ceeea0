import Foundation
import Testing
import WCDBSwift
import WCDBTestSupport

/// The one-line verbs and chain calls are written once for whatever lends a handle, and a `Handle` is one
/// (WCDB 2.x calls them on the handle its transaction closure receives): they run on that handle, inside
/// whatever it is doing.
@Suite struct HandleVerbTests {
    private struct Failure: Error {}

    @Test func everyVerbRunsOnTheTransactionsHandle() throws {
        let scratch = try ScratchDatabase.withOwnerTable("handle-verbs")
        let database = scratch.database
        typealias P = Owner.Properties
        try database.run(transaction: { (handle: Handle) in
            try handle.insert(objects: (1...6).map { Owner(id: Int64($0), name: "n\($0)") }, intoTable: "owner")
            try handle.update(table: "owner", on: P.name, with: Owner(id: 0, name: "two"), where: P.id == 2)
            try handle.delete(fromTable: "owner", where: P.id == 6)
            let two: Owner? = try handle.getObject(fromTable: "owner", where: P.id == 2)
            #expect(two?.name == "two")
            let rows = try handle.getRows(from: StatementSelect().select(P.id).from("owner").where(P.id > 3))
            #expect(rows.map { $0[0].int64Value } == [4, 5])
            #expect(try handle.getValue(on: P.id.count(), fromTable: "owner").int64Value == 5)
            let chained = try handle.prepareSelect(of: Owner.self, fromTable: "owner").where(P.id <= 2).allObjects()
            #expect(chained.map(\.name) == ["n1", "two"])
            var streamed: [Int64] = []
            let select = try handle.prepareSelect(of: Owner.self, fromTable: "owner").order(by: P.id.asOrder(by: .descending))
            while let owner = try select.nextObject() { streamed.append(owner.id) }
            #expect(streamed == [5, 4, 3, 2, 1])
        })
        let all: [Owner] = try database.getObjects(fromTable: "owner", orderBy: [Owner.Properties.id.asOrder(by: .ascending)])
        #expect(all.map(\.name) == ["n1", "two", "n3", "n4", "n5"])
    }

    @Test func aHandlesWritesRollBackWithItsTransaction() throws {
        let scratch = try ScratchDatabase.withOwnerTable("handle-verbs")
        let database = scratch.database
        #expect(throws: Failure.self) {
            try database.run(transaction: { (handle: Handle) in
                try handle.insert(objects: [Owner(id: 1, name: "gone")], intoTable: "owner")
                throw Failure()
            })
        }
        #expect(try database.getRows("SELECT count(*) FROM owner")[0][0].int64Value == 0)
        // A handle's own savepoint: an embedded transaction on it undoes only its work.
        try database.run(transaction: { (handle: Handle) in
            try handle.insert(objects: [Owner(id: 1, name: "kept")], intoTable: "owner")
            #expect(throws: Failure.self) {
                try handle.run(embeddedTransaction: {
                    try handle.insert(objects: [Owner(id: 2, name: "undone")], intoTable: "owner")
                    throw Failure()
                })
            }
        })
        #expect(try database.getRows("SELECT id FROM owner").map { $0[0].int64Value } == [1])
    }

    @Test func theHandlesOwnStatementCallsKeepTheirMeaning() throws {
        let scratch = try ScratchDatabase.withOwnerTable("handle-verbs")
        let database = scratch.database
        try database.insert(objects: [Owner(id: 1, name: "a")], intoTable: "owner")
        try database.withHandle(forWriting: false) { handle in
            // 2.x's handle.prepare(_:) still makes the handle's current statement (not a CoreStatement).
            let statement = try handle.prepare(StatementSelect().select(Owner.Properties.name).from("owner"))
            #expect(try statement.step())
            #expect(statement.value(atIndex: 0).stringValue == "a")
            handle.finalize()
            let names = try handle.getColumn(on: Owner.Properties.name, fromTable: "owner")
            #expect(names.map(\.stringValue) == ["a"])
        }
    }
}
