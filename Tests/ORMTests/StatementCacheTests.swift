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
}
