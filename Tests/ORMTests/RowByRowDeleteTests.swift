import Foundation
import Testing
@testable import WCDBSwift

/// `delete(fromTable:where: Row.Properties.id == k)` called row by row: one prepared statement serves
/// every key, found again by the condition's node, and the counts and rows stay exact whatever else
/// runs on the handle in between.
@Suite struct RowByRowDeleteTests {
    @Test func aLoopOfDeletesByKeyPreparesOneStatementAndDeletesExactlyThoseRows() throws {
        let scratch = try OwnerTables()
        let database = scratch.database
        try database.run(transaction: {
            // The transaction's handle: every call below runs on it.
            let before = try database.withHandle(forWriting: true) { $0.cachedStatementCount + $0.textCachedStatementCount }
            for id in stride(from: 2, through: 20, by: 2) {
                try database.delete(fromTable: "a", where: Owner.Properties.id == id)
            }
            let after = try database.withHandle(forWriting: true) { $0.cachedStatementCount + $0.textCachedStatementCount }
            #expect(after - before == 1)
        })
        #expect(try scratch.ids("a") == Array(stride(from: 1, through: 19, by: 2)).map(Int64.init))
        #expect(try scratch.ids("b").count == 20)
    }

    @Test func interleavedTablesReadsAndChainCallsKeepTheirOwnStatements() throws {
        let scratch = try OwnerTables()
        let database = scratch.database
        try database.run(transaction: {
            for id in 1...5 {
                try database.delete(fromTable: "a", where: Owner.Properties.id == id)
                let read: Owner? = try database.getObject(fromTable: "b", where: Owner.Properties.id == id)
                #expect(read?.name == "b\(id)")
                try database.delete(fromTable: "b", where: Owner.Properties.id == id + 10)
                // A condition built afresh per call (not a generated property) deletes the same way.
                try database.delete(fromTable: "a", where: Column(named: "id") == id + 10)
            }
        })
        #expect(try scratch.ids("a") == [6, 7, 8, 9, 10, 16, 17, 18, 19, 20])
        #expect(try scratch.ids("b") == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 16, 17, 18, 19, 20])
        let delete = try database.prepareDelete(fromTable: "b").where(Owner.Properties.id == 3)
        try delete.execute()
        #expect(delete.changes == 1)
        try delete.execute()
        #expect(delete.changes == 0, "the row is gone: the count is this run's, not the last statement's")
    }

    @Test func aFailedDeleteIsNotReusedAndLosesNothing() throws {
        let scratch = try OwnerTables()
        let database = scratch.database
        try database.exec("CREATE TRIGGER keep_7 BEFORE DELETE ON a WHEN old.id = 7 BEGIN SELECT RAISE(ABORT, 'keep 7'); END")
        try database.delete(fromTable: "a", where: Owner.Properties.id == 6)
        #expect(throws: WCDBError.self) { try database.delete(fromTable: "a", where: Owner.Properties.id == 7) }
        try database.delete(fromTable: "a", where: Owner.Properties.id == 8)
        #expect(try scratch.ids("a") == [1, 2, 3, 4, 5, 7] + Array(9...20).map(Int64.init))
    }
}
