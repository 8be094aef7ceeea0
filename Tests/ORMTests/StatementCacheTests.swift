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
}
