import Foundation
import Testing
@testable import WCDBSwift

/// A handle keeps its prepared statements in one cache under one key: a model's verbs are found by
/// their structure (model, table, operation, properties, condition shape) and never by text, a
/// condition whose shape holds values is found by its text in the bounded part, and whatever the
/// interleaving, each call runs its own statement on its own table.
@Suite struct StatementKeyTests {
    /// Every row-by-row and batch verb of a model once on `table`, each with another key than the one
    /// before it; returns what the reads saw.
    private func roundOfVerbs(on table: String, id: Int, round: Int, in database: Database) throws -> [String?] {
        let before: Owner? = try database.getObject(fromTable: table, where: Owner.Properties.id == id)
        try database.update(table: table, on: Owner.Properties.name, with: Owner(id: 0, name: "\(table)-u\(round)"),
                            where: Owner.Properties.id == id)
        try database.insert(Owner(id: Int64(100 + round), name: "\(table)-i\(round)"), intoTable: table)
        try database.insert(objects: [Owner(id: Int64(200 + round), name: "x"), Owner(id: Int64(300 + round), name: "y")],
                            intoTable: table)
        try database.update(objects: [Owner(id: Int64(200 + round), name: "\(table)-o\(round)")], on: [Owner.Properties.name],
                            inTable: table)
        try database.delete(fromTable: table, where: Owner.Properties.id == 300 + round)
        let after: Owner? = try database.getObject(fromTable: table, where: Owner.Properties.id == id)
        let all: [Owner] = try database.getObjects(fromTable: table)
        let updated = all.first { $0.id == Int64(200 + round) }
        return [before?.name, after?.name, updated?.name, all.contains { $0.id == Int64(300 + round) } ? "kept" : nil]
    }

    @Test func aModelsVerbsAreFoundByStructureAndPrepareOnceEachPerHandle() throws {
        let scratch = try OwnerTables()
        let database = scratch.database
        var counts: [(shaped: Int, text: Int)] = []
        try database.run(transaction: {
            for round in 0..<4 {
                for table in ["a", "b"] {
                    let seen = try roundOfVerbs(on: table, id: round + 1, round: round, in: database)
                    #expect(seen == ["\(table)\(round + 1)", "\(table)-u\(round)", "\(table)-o\(round)", nil])
                }
                counts.append(try database.withHandle(forWriting: true) { ($0.cachedStatementCount, $0.textCachedStatementCount) })
            }
        })
        // The first round prepared each verb's statement for each table; the next ones prepared nothing.
        #expect(counts.count == 4)
        #expect(counts.allSatisfy { $0.shaped == counts[0].shaped && $0.text == counts[0].text })
        #expect(counts[0].text == 0, "no verb of a model is looked up by its text")
        // select by key, update by key, insert, update objects, delete by key, select all: × 2 tables.
        #expect(counts[0].shaped >= 12)
    }

    /// `(id + k) = ?` inlines `k` into the condition's shape: each `k` is another statement, kept in the
    /// bounded part of the cache and found by its text, so a loop over `k` can't grow the cache without end.
    @Test func conditionsWhoseShapeHoldsValuesAreBoundedAndStillRight() throws {
        let scratch = try OwnerTables()
        let database = scratch.database
        try database.run(transaction: {
            let shapedBefore = try database.withHandle(forWriting: true) { $0.cachedStatementCount }
            for offset in 0..<(Handle.textCacheLimit * 2) {
                let found: Owner? = try database.getObject(fromTable: "a", where: Owner.Properties.id + offset == 20)
                #expect(found?.id == (offset < 20 ? Int64(20 - offset) : nil))
            }
            try database.withHandle(forWriting: true) { handle in
                #expect(handle.textCachedStatementCount == Handle.textCacheLimit)
                #expect(handle.cachedStatementCount == shapedBefore)
            }
        })
    }

    /// A statement evicted after its step failed is prepared afresh under the same key, and the next
    /// call with that key runs.
    @Test func aFailedStepEvictsTheKeysStatementAndTheNextCallPreparesAgain() throws {
        let scratch = try OwnerTables()
        let database = scratch.database
        try database.exec("CREATE UNIQUE INDEX a_name ON a(name)")
        try database.run(transaction: {
            #expect(throws: WCDBError.self) {
                try database.insert(Owner(id: 500, name: "a1"), intoTable: "a")
            }
            try database.insert(Owner(id: 501, name: "new"), intoTable: "a")
        })
        let row: Owner? = try database.getObject(fromTable: "a", where: Owner.Properties.id == 501)
        #expect(row?.name == "new")
        #expect(try database.getValue(on: Owner.Properties.id.count(), fromTable: "a").int64Value == 21)
    }
}
