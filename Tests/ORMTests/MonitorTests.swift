import Foundation
import WCDBSwift
import XCTest

/// Monitors in WCDB 2.x's shape.
final class MonitorTests: DatabaseTestCase {
    override func tearDownWithError() throws {
        Database.globalTraceSQL(nil)
        Database.globalTraceDatabaseOperation(nil)
        try super.tearDownWithError()
    }

    struct Traced: Sendable {
        let tag: Int
        let path: String
        let handleId: UInt64
        let sql: String
        let info: String
    }

    func testSQLTraceInWCDB2xShape() throws {
        try database.create(table: TestObject.name, of: TestObject.self)
        database.tag = 42
        let traced = LockedBox<[Traced]>([])
        database.traceSQL { tag, path, handleId, sql, info in
            traced.mutate { $0.append(Traced(tag: tag, path: path, handleId: handleId, sql: sql, info: info)) }
        }
        try database.insert(TestObject(7, "seven"), intoTable: TestObject.name)
        let insert = try XCTUnwrap(traced.value.first { $0.sql.hasPrefix("INSERT") })
        XCTAssertEqual(insert.tag, 42)
        XCTAssertEqual(insert.path, database.path)
        XCTAssertNotEqual(insert.handleId, 0)
        XCTAssertEqual(insert.info, "", "full SQL is off by default")
        XCTAssertTrue(insert.sql.contains("?"), insert.sql)

        database.setFullSQLTrace(enable: true)
        traced.mutate { $0.removeAll() }
        try database.insert(TestObject(8, "it's eight"), intoTable: TestObject.name)
        let full = try XCTUnwrap(traced.value.first { $0.sql.hasPrefix("INSERT") })
        XCTAssertTrue(full.info.contains("8") && full.info.contains("'it''s eight'"), full.info)
        database.setFullSQLTrace(enable: false)

        database.traceSQL(nil)
        traced.mutate { $0.removeAll() }
        try database.insert(TestObject(9, "nine"), intoTable: TestObject.name)
        XCTAssertTrue(traced.value.isEmpty, "removed")
    }

    func testGlobalSQLTraceInWCDB2xShape() throws {
        let traced = LockedBox<[Traced]>([])
        Database.globalTraceSQL { tag, path, handleId, sql, info in
            traced.mutate { $0.append(Traced(tag: tag, path: path, handleId: handleId, sql: sql, info: info)) }
        }
        defer { Database.globalTraceSQL(nil) }
        try database.exec("CREATE TABLE plain(a)")
        let create = try XCTUnwrap(traced.value.first { $0.sql == "CREATE TABLE plain(a)" })
        XCTAssertEqual(create.path, database.path)
        Database.globalTraceSQL(nil)
        traced.mutate { $0.removeAll() }
        try database.exec("DROP TABLE plain")
        XCTAssertTrue(traced.value.isEmpty)
    }
}

extension MonitorTests {
    struct Measured: Sendable {
        let tag: Int
        let path: String
        let sql: String
        let info: PerformanceInfo
    }

    func testPerformanceTraceInWCDB2xShape() throws {
        try database.create(table: TestObject.name, of: TestObject.self)
        database.tag = 7
        let measured = LockedBox<[Measured]>([])
        database.tracePerformance { tag, path, _, sql, info in
            measured.mutate { $0.append(Measured(tag: tag, path: path, sql: sql, info: info)) }
        }
        let objects = (100..<2100).map { TestObject($0, String(repeating: "x", count: 200)) }
        try database.insert(objects, intoTable: TestObject.name)
        let inserts = measured.value.filter { $0.sql.hasPrefix("INSERT") }
        XCTAssertEqual(inserts.count, objects.count, "one report per statement run")
        XCTAssertEqual(inserts.first?.tag, 7)
        XCTAssertEqual(inserts.first?.path, database.path)
        // SQLite 3.15 times statements with the VFS clock: whole milliseconds, in nanoseconds.
        XCTAssertTrue(inserts.allSatisfy { $0.info.costInNanoseconds >= 0 && $0.info.costInNanoseconds % 1_000_000 == 0 })
        let commitWrites = measured.value.filter { $0.sql.hasPrefix("COMMIT") }.map(\.info.pageWriteCount).reduce(0, +)
        XCTAssertGreaterThan(commitWrites, 10, "400 KB of rows are written out at commit")

        // A cold read of the whole table misses the cache for its pages.
        database.close()
        measured.mutate { $0.removeAll() }
        let read: [TestObject] = try database.getObjects(fromTable: TestObject.name)
        XCTAssertEqual(read.count, objects.count)
        let select = try XCTUnwrap(measured.value.first { $0.sql.hasPrefix("SELECT") })
        XCTAssertGreaterThan(select.info.pageReadCount, 50, "\(select.info)")
        XCTAssertEqual(select.info.tablePageReadCount, select.info.pageReadCount)
        XCTAssertEqual(select.info.indexPageReadCount, 0)

        database.tracePerformance(nil)  // as in 2.x, nil removes the per-statement tracer too
        measured.mutate { $0.removeAll() }
        _ = try database.getObjects(fromTable: TestObject.name) as [TestObject]
        XCTAssertTrue(measured.value.isEmpty, "removed")
    }
}

extension MonitorTests {
    func testSQLiteLogIsASeparateLevelOfTheErrorTrace() throws {
        let errors = LockedBox<[WCDBError]>([])
        Database.globalTraceError { error in errors.mutate { $0.append(error) } }
        defer {
            Database.globalTraceError(nil)
            Database.setSQLiteLogTrace(enable: false)
        }
        XCTAssertThrowsError(try database.exec("SELECT * FROM nowhere"))
        XCTAssertEqual(errors.value.map(\.level), [.sqlite], "SQLite's log is off by default")

        guard Database.setSQLiteLogTrace(enable: true) else {
            // Only when another test of this process opened a raw sqlite3 connection before any Handle.
            throw XCTSkip("SQLite was initialized before the first Handle opened: its log cannot be installed")
        }
        errors.mutate { $0.removeAll() }
        XCTAssertThrowsError(try database.exec("SELECT * FROM elsewhere"))
        let log = try XCTUnwrap(errors.value.first { $0.level == .sqliteLog }, "\(errors.value)")
        XCTAssertEqual(log.code, 1)
        XCTAssertTrue(log.message?.contains("no such table: elsewhere") ?? false, log.description)
        XCTAssertEqual(errors.value.filter { $0.level == .sqlite }.count, 1, "the thrown error is still reported once")

        Database.setSQLiteLogTrace(enable: false)
        errors.mutate { $0.removeAll() }
        XCTAssertThrowsError(try database.exec("SELECT * FROM again"))
        XCTAssertFalse(errors.value.contains { $0.level == .sqliteLog })
    }

    /// SQLCipher 4 logs a failed page HMAC ("ERROR CORE sqlcipher_page_cipher: hmac check failed") to the
    /// process's stderr unless told otherwise: here it joins SQLite's log, to the tracers or nowhere.
    func testSQLCipherLogGoesToTheTracersNotStderr() throws {
        let path = directory.appendingPathComponent("keyed.db").path
        let keyed = Database(withPath: path)
        keyed.setCipher(key: Data("right".utf8))
        try keyed.exec("CREATE TABLE t(a)")
        keyed.close()
        let errors = LockedBox<[WCDBError]>([])
        Database.globalTraceError { error in errors.mutate { $0.append(error) } }
        defer {
            Database.globalTraceError(nil)
            Database.setSQLiteLogTrace(enable: false)
        }
        guard Database.setSQLiteLogTrace(enable: true) else {
            throw XCTSkip("SQLite was initialized before the first Handle opened: its log cannot be installed")
        }
        let wrong = Database(withPath: path)
        wrong.setCipher(key: Data("wrong".utf8))
        XCTAssertThrowsError(try wrong.exec("SELECT * FROM t"))
        wrong.close()
        let cipherLog = errors.value.filter { $0.level == .sqliteLog && $0.message?.hasPrefix("SQLCipher: ") == true }
        let engine = try database.getValue("PRAGMA cipher_version").stringValue
        if engine.hasPrefix("3.") {
            XCTAssertTrue(cipherLog.isEmpty, "SQLCipher 3 has no log of its own")
        } else {
            let failure = try XCTUnwrap(cipherLog.first { $0.message?.contains("hmac check failed") == true }, "\(errors.value)")
            XCTAssertEqual(failure.code, 1)
            XCTAssertTrue(failure.message?.hasPrefix("SQLCipher: ERROR ") == true, failure.description)
        }
    }
}

extension MonitorTests {
    struct Operation: Sendable {
        let path: String
        let tag: Int?
        let operation: DatabaseOperation
        let info: [String: FundamentalValue]
    }

    func testDatabaseOperationTrace() throws {
        let path = directory.appendingPathComponent("operations.db").path
        let seen = LockedBox<[Operation]>([])
        Database.globalTraceDatabaseOperation { database, operation, info in
            guard database.path == path else { return }
            seen.mutate { $0.append(Operation(path: database.path, tag: database.tag, operation: operation, info: info)) }
        }
        defer { Database.globalTraceDatabaseOperation(nil) }
        let database = Database(at: path)
        let again = Database(at: path)
        database.tag = 11
        try database.create(table: TestObject.name, of: TestObject.self)
        try database.exec("CREATE INDEX byName ON testTable(variable2)")
        XCTAssertEqual(seen.value.map(\.operation), [.Create, .SetTag, .OpenHandle], "one Create per path")
        XCTAssertEqual(seen.value[1].tag, 11)
        let firstOpen = seen.value[2].info
        XCTAssertEqual(firstOpen[Database.OperationInfoKeyHandleCount]?.intValue, 1)
        XCTAssertGreaterThan(firstOpen[Database.OperationInfoKeyHandleOpenTime]?.intValue ?? 0, 0)
        XCTAssertEqual(firstOpen[Database.OperationInfoKeyTableCount]?.intValue, 0, "a new file")

        database.close()
        try again.insert(TestObject(1, "one"), intoTable: TestObject.name)
        let reopen = try XCTUnwrap(seen.value.last)
        XCTAssertEqual(reopen.operation, .OpenHandle)
        XCTAssertEqual(reopen.info[Database.OperationInfoKeyTableCount]?.intValue, 2, "testTable and sqlite_sequence")
        XCTAssertEqual(reopen.info[Database.OperationInfoKeyIndexCount]?.intValue, 1)
        XCTAssertEqual(reopen.info[Database.OperationInfoKeyTriggerCount]?.intValue, 0)
        again.close()
    }
}

extension MonitorTests {
    struct Busy: Sendable {
        let tag: Int
        let path: String
        let tid: UInt64
        let sql: String
    }

    func testBusyTraceReportsAWaitOnSQLitesLock() throws {
        try database.create(table: TestObject.name, of: TestObject.self)
        database.tag = 3
        let reports = LockedBox<[Busy]>([])
        Database.globalTraceBusy({ tag, path, tid, sql in
            reports.mutate { $0.append(Busy(tag: tag, path: path, tid: tid, sql: sql)) }
        }, timeOut: 0.05)
        defer { Database.globalTraceBusy(nil, timeOut: 0) }

        // Another connection (as another process would) holds the write lock for 300 ms.
        let other = Handle(path: database.path)
        let otherBox = LockedBox(other)  // used by one thread at a time: here, then the release below
        try other.open()
        try other.exec("BEGIN IMMEDIATE")
        let released = DispatchSemaphore(value: 0)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) {
            try? otherBox.value.exec("COMMIT")
            released.signal()
        }
        let started = Date()
        try database.insert(TestObject(1, "waited"), intoTable: TestObject.name)
        XCTAssertGreaterThan(Date().timeIntervalSince(started), 0.2, "it waited for the lock")
        XCTAssertEqual(released.wait(timeout: .now() + 10), .success)
        other.close()

        XCTAssertEqual(reports.value.count, 1, "one report per wait: \(reports.value)")
        let busy = try XCTUnwrap(reports.value.first)
        XCTAssertEqual(busy.tag, 3)
        XCTAssertEqual(busy.path, database.path)
        XCTAssertNotEqual(busy.tid, 0)
        XCTAssertTrue(busy.sql.hasPrefix("INSERT"), busy.sql)

        // Off again: a short wait is not reported, and still waited out.
        Database.globalTraceBusy(nil, timeOut: 0)
        reports.mutate { $0.removeAll() }
        try other.open()
        try other.exec("BEGIN IMMEDIATE")
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { try? otherBox.value.exec("COMMIT"); released.signal() }
        try database.insert(TestObject(2, "waited too"), intoTable: TestObject.name)
        XCTAssertEqual(released.wait(timeout: .now() + 10), .success)
        other.close()
        XCTAssertTrue(reports.value.isEmpty)
        XCTAssertEqual(try rows("SELECT count(*) FROM testTable")[0][0], .integer(2))
    }
}

/// A value shared with a `@Sendable` tracer, guarded by its lock.
final class LockedBox<Value>: @unchecked Sendable {  // `stored` is only touched under `lock`.
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func mutate(_ body: (inout Value) -> Void) { lock.withLock { body(&stored) } }
}

extension MonitorTests {
    func testGlobalSQLTraceAndRollback() throws {
        let path = database.path
        let traced = LockedBox<[String]>([])
        Database.globalTraceSQL { (tag, tracedPath, _, sql, _) in
            guard tracedPath == path else { return }
            traced.mutate { $0.append(sql) }
        }
        _ = try database.getRows(on: Master.Properties.any, fromTable: Master.builtinTableName)
        XCTAssertTrue(traced.value.contains("SELECT * FROM sqlite_master"), "\(traced.value)")

        try database.create(table: TestObject.name, of: TestObject.self)
        let template = TestObject()
        template.isAutoIncrement = true
        try database.run(controllableTransaction: { (_) -> Bool in
            try self.database.insert([template, template], intoTable: TestObject.name)
            return false
        })
        XCTAssertTrue(traced.value.contains("ROLLBACK"), "\(traced.value)")
        XCTAssertEqual(try database.getValue(on: Column.all().count(), fromTable: TestObject.name).intValue, 0)
    }

    func testGlobalTraceDatabaseOperation() throws {
        let path = directory.appendingPathComponent("operation.db").path
        let seen = LockedBox<[String]>([])
        let openInfo = LockedBox<[String: Value]>([:])
        Database.globalTraceDatabaseOperation { (database, operation, info) in
            guard database.path == path else { return }
            switch operation {
            case .Create:
                seen.mutate { $0.append("create") }
            case .SetTag:
                seen.mutate { $0.append("tag \(database.tag ?? 0)") }
            case .OpenHandle:
                seen.mutate { $0.append("open") }
                openInfo.mutate { $0 = info }
            }
        }
        let database = Database(at: path)
        database.tag = 42
        try database.create(table: TestObject.name, of: TestObject.self)
        try database.exec(StatementCreateIndex().create(index: "testIndex").on(table: TestObject.name)
            .indexesBy(TestObject.Properties.variable2))
        database.close()
        try database.insert(TestObject(1, "x"), intoTable: TestObject.name)
        XCTAssertEqual(seen.value, ["create", "tag 42", "open", "open"])
        let info = openInfo.value
        XCTAssertEqual(info[Database.OperationInfoKeyHandleCount]?.intValue, 1)
        XCTAssertGreaterThan(info[Database.OperationInfoKeyHandleOpenTime]?.intValue ?? 0, 0)
        XCTAssertGreaterThan(info[Database.OperationInfoKeySchemaUsage]?.intValue ?? 0, 0)
        XCTAssertNil(info[Database.OperationInfoKeyHandleOpenCPUTime], "declared, not measured here")
        XCTAssertEqual(info[Database.OperationInfoKeyTableCount]?.intValue, 2, "testTable and sqlite_sequence")
        XCTAssertEqual(info[Database.OperationInfoKeyIndexCount]?.intValue, 1)
        XCTAssertEqual(info[Database.OperationInfoKeyTriggerCount]?.intValue, 0)
        database.close()
    }

    /// ORMTestCase's `database.trace { _, _, sql in … }`: the CREATE statements a model's table runs.
    func testTraceOfSQLSeesTheCreateStatements() throws {
        let created = LockedBox<[String]>([])
        database.trace { _, _, sql in
            if sql.hasPrefix("CREATE") { created.mutate { $0.append(sql) } }
        }
        try database.create(table: "IndexObject", of: IndexObject.self)
        XCTAssertTrue(created.value.contains { $0.hasPrefix("CREATE TABLE") && $0.contains("IndexObject") }, "\(created.value)")
        XCTAssertTrue(created.value.contains { $0.hasPrefix("CREATE INDEX") && $0.contains("IndexObject_index") }, "\(created.value)")
        database.traceSQL(nil)
        let errors = LockedBox(0)
        database.trace { (_: WCDBError) in errors.mutate { $0 += 1 } }
        XCTAssertThrowsError(try database.exec(StatementSelect().select(Column.all()).from("nowhere")))
        XCTAssertEqual(errors.value, 1)
        database.trace(ofError: nil)
    }
}
