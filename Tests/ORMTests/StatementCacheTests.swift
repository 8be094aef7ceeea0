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

    func testBindingStatementsStayRightPastTheLinearPartOfTheCache() throws {
        // 20 tables × (insert, update by key) is past the 16 keys searched linearly.
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
