import Foundation
@testable import WCDBSwift
import XCTest

final class StatementCacheTests: DatabaseTestCase {
    func testRepeatedQueriesReuseOnePreparedStatementAndTheCacheStaysBounded() throws {
        try database.create(table: "owner", of: Owner.self)
        try database.insert(objects: (1...100).map { Owner(id: Int64($0), name: "n\($0)") }, intoTable: "owner")

        var prepares = 0
        database.traceSQL { _ in }  // tracing on does not change caching
        for _ in 0..<10 {
            _ = try database.getValue(on: Owner.Properties.id.max(), fromTable: "owner")
        }
        try database.withHandle(forWriting: false) { handle in
            prepares = handle.textCachedStatementCount
        }
        XCTAssertEqual(prepares, 1, "ten identical queries share one cached statement")

        for id in 1...100 {
            let owner: Owner? = try database.getObject(fromTable: "owner", where: Owner.Properties.id == id)
            XCTAssertEqual(owner?.name, "n\(id)")
        }
        try database.withHandle(forWriting: false) { handle in
            XCTAssertLessThanOrEqual(handle.textCachedStatementCount, Handle.textCacheLimit,
                                     "queries embedding changing values don't grow the cache without end")
        }
        database.traceSQL(nil)
    }

    /// A row-by-row call's statement is keyed by model, table, operation, condition shape and
    /// properties: interleaved calls on two tables with one shape read each its own rows, and a step
    /// that failed is never reused (the next call prepares afresh).
    func testTheRowByRowSlotKeepsTablesApartAndForgetsAFailedStatement() throws {
        try database.create(table: "a", of: Owner.self)
        try database.create(table: "b", of: Owner.self)
        try database.insert(objects: (1...5).map { Owner(id: Int64($0), name: "a\($0)") }, intoTable: "a")
        try database.insert(objects: (1...5).map { Owner(id: Int64($0), name: "b\($0)") }, intoTable: "b")
        try database.run(transaction: {
            for id in 1...5 {
                let fromA: Owner? = try database.getObject(fromTable: "a", where: Owner.Properties.id == id)
                let fromB: Owner? = try database.getObject(fromTable: "b", where: Owner.Properties.id == id)
                let row: [Owner] = try database.getObjects(fromTable: "a", where: Owner.Properties.id == id)
                XCTAssertEqual([fromA?.name, fromB?.name, row.first?.name], ["a\(id)", "b\(id)", "a\(id)"])
            }
        })
        // A unique index makes the second update of the same shape fail; the one after it works.
        try database.exec("CREATE UNIQUE INDEX a_name ON a(name)")
        try database.run(transaction: {
            try database.update(table: "a", on: Owner.Properties.name, with: Owner(id: 0, name: "x"), where: Owner.Properties.id == 1)
            XCTAssertThrowsError(try database.update(table: "a", on: Owner.Properties.name, with: Owner(id: 0, name: "x"),
                                                     where: Owner.Properties.id == 2))
            try database.update(table: "a", on: Owner.Properties.name, with: Owner(id: 0, name: "y"), where: Owner.Properties.id == 2)
        })
        let names: [Owner] = try database.getObjects(fromTable: "a", where: Owner.Properties.id <= 2)
        XCTAssertEqual(names.map(\.name), ["x", "y"])
    }

    func testTheTextCacheDropsTheLeastRecentlyUsedStatementFirst() throws {
        try database.withHandle(forWriting: false) { handle in
            let limit = Handle.textCacheLimit
            let first = try handle.cachedStatement(forSQL: "SELECT 0")
            for value in 1..<limit { _ = try handle.cachedStatement(forSQL: "SELECT \(value)") }
            XCTAssertEqual(handle.textCachedStatementCount, limit)
            // Using the oldest makes it the most recent: the next new SQL evicts "SELECT 1" instead.
            XCTAssertTrue(try handle.cachedStatement(forSQL: "SELECT 0") === first)
            let second = try handle.cachedStatement(forSQL: "SELECT 2")
            _ = try handle.cachedStatement(forSQL: "SELECT \(limit)")
            XCTAssertEqual(handle.textCachedStatementCount, limit)
            XCTAssertTrue(try handle.cachedStatement(forSQL: "SELECT 0") === first)
            XCTAssertTrue(try handle.cachedStatement(forSQL: "SELECT 2") === second)
            // "SELECT 1" was evicted and finalized: asking again prepares a new statement that works.
            let again = try handle.cachedStatement(forSQL: "SELECT 1")
            XCTAssertTrue(try again.step())
            XCTAssertEqual(again.columnInteger(atIndex: 0), 1)
            XCTAssertEqual(handle.textCachedStatementCount, limit)
        }
    }

    func testManyModelStatementsOnOneHandleStayRight() throws {
        // 20 tables × (insert, update by key): 40 keys of one model on one handle.
        let tables = (0..<20).map { "owner\($0)" }
        for table in tables {
            try database.create(table: table, of: Owner.self)
            try database.insert(objects: [Owner(id: 1, name: "new")], intoTable: table)
        }
        for round in 0..<2 {
            for table in tables {
                try database.update(objects: [Owner(id: 1, name: "\(round)-\(table)")], on: [Owner.Properties.name], inTable: table)
            }
        }
        for table in tables {
            let owner: Owner? = try database.getObject(fromTable: table)
            XCTAssertEqual(owner?.name, "1-\(table)")
        }
        // Another property list on the same table is another statement: SET id = ?1, name = ?2 WHERE id = ?3.
        try database.update(objects: [Owner(id: 1, name: "both")], on: [Owner.Properties.id, Owner.Properties.name], inTable: "owner3")
        try database.update(objects: [Owner(id: 1, name: "default")], inTable: "owner4")
        XCTAssertEqual(try database.getValue(on: Owner.Properties.name, fromTable: "owner3").stringValue, "both")
        XCTAssertEqual(try database.getValue(on: Owner.Properties.name, fromTable: "owner4").stringValue, "default")
        XCTAssertEqual(try database.getValue(on: Owner.Properties.name, fromTable: "owner5").stringValue, "1-owner5")
    }
}
