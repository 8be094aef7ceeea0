import CSQLCipher
import Foundation
import WCDBTestSupport
import XCTest
@testable import WCDBSwift

final class TraceTests: CoreTestCase {
    func testGlobalSQLTrace() throws {
        let database = Database(withPath: path())
        try database.exec("CREATE TABLE t(a)")  // open before tracing: handles re-register lazily
        let sqls = Box<[String]>([])
        Database.globalTraceSQL { sql in sqls.with { $0.append(sql) } }
        try database.exec("INSERT INTO t VALUES(42)")
        _ = try database.getRows("SELECT a FROM t WHERE a = ?", values: [42])
        Database.globalTraceSQL(nil)
        try database.exec("INSERT INTO t VALUES(43)")
        XCTAssertTrue(sqls.get.contains("INSERT INTO t VALUES(42)"), "\(sqls.get)")
        XCTAssertTrue(sqls.get.contains("SELECT a FROM t WHERE a = ?"), "\(sqls.get)")
        XCTAssertFalse(sqls.get.contains("INSERT INTO t VALUES(43)"))
    }

    func testPerformanceTraceGlobalAndPerDatabase() throws {
        let database = Database(withPath: path())
        database.tag = 77
        try database.exec("CREATE TABLE t(a)")
        let global = Box<[(Int?, [String: Int], UInt64)]>([])
        Database.globalTracePerformance { tag, sqls, cost in global.with { $0.append((tag, sqls, cost)) } }
        try database.exec("INSERT INTO t VALUES(1)")
        try database.run(transaction: {
            try database.exec("INSERT INTO t VALUES(2)")
            try database.exec("INSERT INTO t VALUES(2)")
            try database.exec("INSERT INTO t VALUES(3)")
        })
        let reports = global.get
        XCTAssertEqual(reports.count, 2, "\(reports.map { $0.1 })")
        XCTAssertEqual(reports.first?.0, 77)
        XCTAssertEqual(reports.first?.1, ["INSERT INTO t VALUES(1)": 1])
        XCTAssertGreaterThan(reports.first?.2 ?? 0, 0)
        // One report for the whole transaction, with counts.
        XCTAssertEqual(reports.last?.1, ["BEGIN IMMEDIATE": 1, "INSERT INTO t VALUES(2)": 2,
                                         "INSERT INTO t VALUES(3)": 1, "COMMIT": 1])

        // The database's own tracer overrides the global one.
        let local = Box<[[String: Int]]>([])
        database.tracePerformance { _, sqls, _ in local.with { $0.append(sqls) } }
        try database.exec("DELETE FROM t")
        XCTAssertEqual(local.get, [["DELETE FROM t": 1]])
        XCTAssertEqual(global.get.count, 2)
        database.tracePerformance(nil)
        Database.globalTracePerformance(nil)
        try database.exec("DELETE FROM t")
        XCTAssertEqual(local.get.count, 1)
        XCTAssertEqual(global.get.count, 2)
    }

    func testPerformanceTraceOfTransactionObject() throws {
        let database = Database(withPath: path())
        try database.exec("CREATE TABLE t(a)")
        let transaction = try database.getTransaction()  // handle checked out before tracing starts
        let reports = Box<[[String: Int]]>([])
        database.tracePerformance { _, sqls, _ in reports.with { $0.append(sqls) } }
        try transaction.exec("INSERT INTO t VALUES(1)")
        try transaction.begin()
        try transaction.exec("INSERT INTO t VALUES(2)")
        try transaction.exec("INSERT INTO t VALUES(2)")
        try transaction.commit()
        XCTAssertEqual(reports.get, [["INSERT INTO t VALUES(1)": 1],
                                     ["BEGIN IMMEDIATE": 1, "INSERT INTO t VALUES(2)": 2, "COMMIT": 1]])
    }

    func testGlobalErrorTrace() throws {
        let database = Database(withPath: path())
        database.tag = 5
        let errors = Box<[WCDBError]>([])
        Database.globalTraceError { error in errors.with { $0.append(error) } }
        XCTAssertThrowsError(try database.exec("SELECT * FROM nowhere"))
        XCTAssertEqual(errors.get.count, 1)
        XCTAssertEqual(errors.get.first?.sql, "SELECT * FROM nowhere")
        XCTAssertEqual(errors.get.first?.tag, 5)
        XCTAssertEqual(errors.get.first?.path, database.path)
        XCTAssertEqual(errors.get.first?.level, .sqlite)
        Database.globalTraceError(nil)
        XCTAssertThrowsError(try database.exec("SELECT * FROM nowhere"))
        XCTAssertEqual(errors.get.count, 1)
    }

    func testPerDatabaseSQLAndErrorTrace() throws {
        let database = Database(withPath: path())
        let other = Database(withPath: path("other.db"))
        try database.exec("CREATE TABLE t(a)")
        let global = Box<[String]>([])
        let local = Box<[String]>([])
        let errors = Box<[String?]>([])
        Database.globalTraceSQL { sql in global.with { $0.append(sql) } }
        database.traceSQL { sql in local.with { $0.append(sql) } }
        database.traceError { error in errors.with { $0.append(error.sql) } }
        try database.exec("INSERT INTO t VALUES(1)")
        try other.exec("SELECT 1")
        XCTAssertEqual(local.get, ["INSERT INTO t VALUES(1)"])
        XCTAssertFalse(global.get.contains("INSERT INTO t VALUES(1)"))  // overridden for this database
        XCTAssertTrue(global.get.contains("SELECT 1"))
        XCTAssertThrowsError(try database.exec("SELECT * FROM nowhere"))
        XCTAssertThrowsError(try other.exec("SELECT * FROM elsewhere"))
        XCTAssertEqual(errors.get, ["SELECT * FROM nowhere"])
        database.traceSQL(nil)
        database.traceError(nil)
        try database.exec("INSERT INTO t VALUES(2)")
        XCTAssertEqual(local.get.count, 1)
        XCTAssertTrue(global.get.contains("INSERT INTO t VALUES(2)"))
    }
}
