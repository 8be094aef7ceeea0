import Foundation
import WCDBSwift
import XCTest

/// WCDB 2.x's core calls: configs by priority, cancellation signals, the temporary directory.
final class WCDB2xCoreTests: DatabaseTestCase {
    func testConfigsRunByPriority() throws {
        let ran = LockedBox<[String]>([])
        database.setConfig(named: "low", withInvocation: { _ in ran.mutate { $0.append("low") } }, withPriority: .low)
        database.setConfig(named: "high", withInvocation: { handle in
            ran.mutate { $0.append("high") }
            try handle.exec(StatementPragma().pragma(.secureDelete).to(true))
        }, withPriority: .high)
        database.setConfig(named: "default", withInvocation: { _ in ran.mutate { $0.append("default") } })
        XCTAssertEqual(try rows("PRAGMA secure_delete")[0][0], .integer(1))
        XCTAssertEqual(Array(ran.value.prefix(3)), ["high", "default", "low"])
        XCTAssertLessThan(ConfigPriority.highest.order, 0, "before the built-in basic config")
    }

    func testCancellationSignalStopsARunningStatement() throws {
        let signal = Handle.CancellatiionSignal()
        let started = Date()
        XCTAssertThrowsError(try database.run(transaction: { handle in
            handle.attach(cancellationSignal: signal)
            defer { handle.detachCancellationSignal() }
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { signal.cancel() }
            // Counts to a billion: minutes unless stopped.
            _ = try handle.scalar("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000000) SELECT count(*) FROM n")
        })) { error in
            XCTAssertEqual((error as? WCDBError)?.code, 9, "SQLITE_INTERRUPT: \(error)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
        XCTAssertTrue(signal.isCancelled)

        // Detached, the handle runs normally again.
        try database.run(transaction: { handle in
            XCTAssertEqual(try handle.scalar("SELECT 40 + 2"), .integer(42))
        })
        // A signal cancelled before the statement stops it at once.
        let early = Handle.CancellationSignal()
        early.cancel()
        try database.exec("CREATE TABLE t(a)")
        // Outside a transaction: SQLite rolls an explicit transaction back by itself when it interrupts a write.
        try database.withHandle(forWriting: true) { handle in
            handle.attach(cancellationSignal: early)
            defer { handle.detachCancellationSignal() }
            // More than one check interval of VM steps (a statement shorter than that can finish).
            XCTAssertThrowsError(try handle.exec("INSERT INTO t WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000) SELECT i FROM n"))
        }
        XCTAssertEqual(try rows("SELECT count(*) FROM t")[0][0], .integer(0))
    }

    func testDefaultTemporaryDirectory() throws {
        defer { Database.setDefaultTemporaryDirectory(nil) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent("it's temp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        XCTAssertTrue(Database.setDefaultTemporaryDirectory(temporary.path))
        XCTAssertEqual(try rows("PRAGMA temp_store_directory")[0][0].stringValue, temporary.path)
        // A missing directory is created (WCDB 2.x); one that cannot be changes nothing.
        let missing = directory.appendingPathComponent("missing/nested")
        XCTAssertTrue(Database.setDefaultTemporaryDirectory(missing.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: missing.path))
        XCTAssertEqual(try rows("PRAGMA temp_store_directory")[0][0].stringValue, missing.path)
        XCTAssertFalse(Database.setDefaultTemporaryDirectory("/dev/null/cannot"))
        XCTAssertEqual(try rows("PRAGMA temp_store_directory")[0][0].stringValue, missing.path, "unchanged")
        XCTAssertTrue(Database.setDefaultTemporaryDirectory(nil))
        XCTAssertEqual(try rows("PRAGMA temp_store_directory").first?.first?.stringValue ?? "", "")
    }
}

extension WCDB2xCoreTests {
    func testPausableTransactionYieldsToOtherWriters() throws {
        try database.exec("CREATE TABLE work(i INTEGER)")
        try database.exec("CREATE TABLE other(at INTEGER)")
        let segments = LockedBox(0)
        let finished = LockedBox<Int?>(nil)
        let done = DispatchSemaphore(value: 0)
        let otherWrote = LockedBox(false)
        let database = self.database!
        DispatchQueue.global().async {
            var count = 0
            do {
                try database.run(pausableTransaction: { handle, stop, isNewTransaction in
                    if isNewTransaction { segments.mutate { $0 += 1 } }
                    count += 1
                    try handle.exec("INSERT INTO work VALUES(\(count))")
                    usleep(1_000)
                    // Runs until the other writer got in (or a limit, so a failure cannot hang).
                    stop = (otherWrote.value && count >= 20) || count == 20_000
                })
                finished.mutate { $0 = count }
            } catch {
                XCTFail("\(error)")
            }
            done.signal()
        }
        let deadline = Date().addingTimeInterval(10)
        while segments.value == 0 && Date() < deadline { usleep(1_000) }
        // A writer from another thread gets in while the pausable transaction is still running.
        try database.exec("INSERT INTO other SELECT count(*) FROM work")
        otherWrote.mutate { $0 = true }
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
        let total = try XCTUnwrap(finished.value)
        XCTAssertLessThan(total, 20_000, "the other writer got in before the limit")
        XCTAssertGreaterThanOrEqual(segments.value, 2, "it paused for the other writer")
        let seen = try rows("SELECT at FROM other")[0][0].int64Value
        XCTAssertGreaterThan(seen, 0, "the other writer saw the committed segment")
        XCTAssertLessThan(seen, Int64(total), "and got in before the pausable transaction ended")
        XCTAssertEqual(try rows("SELECT count(*) FROM work")[0][0], .integer(Int64(total)))
    }
}

extension WCDB2xCoreTests {
    func testHandleLevelStatementCalls() throws {
        try database.create(table: TestObject.name, of: TestObject.self)
        try database.run(transaction: { handle in
            let insert = StatementInsert().insert(intoTable: TestObject.name, with: Column(named: "variable1"), Column(named: "variable2"))
                .values(Expression.bindParameter, Expression.bindParameter)
            try handle.prepare(insert)
            for (key, name) in [(1, "one"), (2, nil), (3, "three")] as [(Int, String?)] {
                handle.reset()
                handle.bind(key, toIndex: 1)
                handle.bind(name, toIndex: 2)
                try handle.step()
                XCTAssertEqual(handle.changes, 1)
                XCTAssertEqual(handle.lastInsertedRowID, Int64(key))
            }
            handle.finalize()

            try handle.prepare(StatementSelect().select(Column.all).from(TestObject.name).order(by: Column(named: "variable1").order(.ascending)))
            XCTAssertEqual(handle.columnCount(), 2)
            XCTAssertEqual(handle.columnName(atIndex: 1), "variable2")
            XCTAssertEqual(handle.index(byName: "variable2"), 1)
            XCTAssertTrue(try handle.step())
            XCTAssertEqual(handle.columnType(byName: "variable2"), .text)
            XCTAssertEqual(handle.columnType(byName: "missing"), .null)
            XCTAssertEqual(handle.value(atIndex: 0), .integer(1))
            XCTAssertEqual(handle.value(byName: "variable2", of: String.self), "one")
            XCTAssertTrue(try handle.step())
            XCTAssertEqual(handle.columnType(byName: "variable2"), .null)
            XCTAssertNil(handle.value(atIndex: 1, of: String.self))
            XCTAssertEqual(handle.oneRowValue(), [.integer(2), .null])
            XCTAssertEqual(try handle.multiRowsValue(), [[.integer(3), .text("three")]], "the rest of the rows")
            handle.finalize()
            XCTAssertThrowsError(try handle.step(), "no statement prepared")

            let cached = try handle.getOrCreatePreparedStatement(with: StatementSelect().select(Column.all).from(TestObject.name))
            XCTAssertEqual(try cached.extractAllObjects(of: TestObject.self), [TestObject(1, "one"), TestObject(2, nil), TestObject(3, "three")])
            let again = try handle.getOrCreatePreparedStatement(with: StatementSelect().select(Column.all).from(TestObject.name))
            XCTAssertTrue(cached === again, "prepared once per handle")
        })
    }
}

extension WCDB2xCoreTests {
    /// 2.x's `setConfig(named:withInvocation:withUninvocation:withPriority:)`: replacing or removing the
    /// config undoes it on each connection that ran it, at that connection's next use, and only there.
    func testUninvocationRunsWhenTheConfigIsReplacedOrRemoved() throws {
        let log = LockedBox<[String]>([])
        func recursiveTriggers() throws -> Int64 { try rows("PRAGMA recursive_triggers")[0][0].int64Value }
        func setRecursiveTriggersConfig(priority: ConfigPriority) {
            database.setConfig(named: "triggers", withInvocation: { handle in
                log.mutate { $0.append("invoke") }
                try handle.exec("PRAGMA recursive_triggers = 1")
            }, withUninvocation: { handle in
                log.mutate { $0.append("uninvoke") }
                try handle.exec("PRAGMA recursive_triggers = 0")
            }, withPriority: priority)
        }
        setRecursiveTriggersConfig(priority: .high)
        XCTAssertEqual(try recursiveTriggers(), 1)
        XCTAssertEqual(log.value, ["invoke"])

        // Replaced: the old uninvocation runs before the new invocation, on the connection that ran it.
        database.setConfig(named: "triggers", withInvocation: { handle in
            log.mutate { $0.append("invoke cache") }
            try handle.exec("PRAGMA cache_size = 77")
        })
        XCTAssertEqual(try recursiveTriggers(), 0)
        XCTAssertEqual(try rows("PRAGMA cache_size")[0][0].int64Value, 77)
        XCTAssertEqual(log.value, ["invoke", "uninvoke", "invoke cache"])

        // The replacement has no uninvocation: removing it changes nothing on the connection.
        database.removeConfig(named: "triggers")
        XCTAssertEqual(try rows("PRAGMA cache_size")[0][0].int64Value, 77)

        // Removed: undone once; a connection opened afterwards never runs it.
        setRecursiveTriggersConfig(priority: .default)
        XCTAssertEqual(try recursiveTriggers(), 1)
        database.removeConfig(named: "triggers")
        XCTAssertEqual(try recursiveTriggers(), 0)
        XCTAssertEqual(try recursiveTriggers(), 0)
        database.close()
        XCTAssertEqual(try recursiveTriggers(), 0, "a new connection: nothing to undo, and the config is gone")
        XCTAssertEqual(log.value, ["invoke", "uninvoke", "invoke cache", "invoke", "uninvoke"])

        // 1.x's setConfig(named:with: nil) removes it too, and the trailing-closure spelling of 2.x's call compiles.
        database.setConfig(named: "trailing") { handle in
            try handle.exec("PRAGMA recursive_triggers = 1")
        }
        XCTAssertEqual(try recursiveTriggers(), 1)
        database.setConfig(named: "trailing", with: nil)
    }

    /// An uninvocation that throws fails the next use of the connection with the config's name in the
    /// message, like a failing invocation.
    func testFailingUninvocationIsReported() throws {
        database.setConfig(named: "fragile", withInvocation: { _ in }, withUninvocation: { handle in
            try handle.exec("SELECT * FROM nowhere")
        })
        XCTAssertEqual(try rows("SELECT 1")[0][0], .integer(1))
        database.removeConfig(named: "fragile")
        XCTAssertThrowsError(try rows("SELECT 1")) { error in
            XCTAssertTrue((error as? WCDBError)?.message?.contains("fragile") ?? false, "\(error)")
        }
        XCTAssertEqual(try rows("SELECT 2")[0][0], .integer(2), "undone once, then the connection works again")
    }
}
