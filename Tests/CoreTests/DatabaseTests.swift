import CSQLCipher
import Foundation
import WCDBTestSupport
import XCTest
@testable import WCDBSwift

final class DatabaseTests: CoreTestCase {
    func testSharedCoreTagAndOpenState() throws {
        let first = Database(withPath: path())
        let second = Database(withFileURL: URL(fileURLWithPath: path()))
        XCTAssertFalse(first.isOpened)
        first.tag = 11
        XCTAssertEqual(second.tag, 11)
        XCTAssertTrue(second.canOpen)
        XCTAssertTrue(first.isOpened)
        let byTag = try Database(withExistingTag: 11)
        XCTAssertEqual(byTag.path, first.path)
        byTag.tag = 12
        XCTAssertEqual(first.tag, 12)
        do {
            // (A Transaction holds a handle: close() waits for it to go away.)
            let transaction = try first.getTransaction()
            XCTAssertEqual(transaction.tag, 12)
        }
        XCTAssertThrowsError(try Database(withExistingTag: 987_654))
        first.close()
        XCTAssertFalse(second.isOpened)
    }

    func testCreatesDirectoriesAndExpandsTilde() throws {
        let nested = path("a/b/c/nested.db")
        let database = Database(withPath: nested)
        XCTAssertTrue(FileManager.default.fileExists(atPath: (nested as NSString).deletingLastPathComponent))
        XCTAssertTrue(database.canOpen)
        XCTAssertTrue(FileManager.default.fileExists(atPath: nested))
        XCTAssertEqual(Database.normalize("~/x.db"), (NSHomeDirectory() as NSString).appendingPathComponent("x.db"))
        let impossible = Database(withPath: "/proc/wcdb-cannot-exist/x.db")
        XCTAssertFalse(impossible.canOpen)
        XCTAssertFalse(impossible.isOpened)
    }

    func testLastReferenceClosesHandles() throws {
        let file = path()
        do {
            let database = Database(withPath: file)
            try database.exec("CREATE TABLE t(a)")
            // Several handles at once.
            // (concurrentPerform, unlike a detached Thread, has released its closure when it returns.)
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                _ = try? database.withHandle(forWriting: false) { handle in
                    Thread.sleep(forTimeInterval: 0.05)
                    return try handle.scalar("SELECT count(*) FROM t")
                }
            }
            XCTAssertGreaterThanOrEqual(database.core.handleCounts.total, 2)
            XCTAssertGreaterThanOrEqual(openDescriptors(on: file), 2)
            let alias = Database(withPath: file)
            XCTAssertTrue(alias.isOpened)
        }
        XCTAssertEqual(openDescriptors(on: file), 0)
        XCTAssertFalse(Database(withPath: file).isOpened)
    }

    func testPurgeClosesIdleHandles() throws {
        let file = path()
        let database = Database(withPath: file)
        try database.exec("CREATE TABLE t(a)")
        XCTAssertGreaterThan(openDescriptors(on: file), 0)
        let other = Database(withPath: path("other.db"))
        XCTAssertTrue(other.canOpen)
        Database.purge()
        XCTAssertEqual(openDescriptors(on: file), 0)
        XCTAssertEqual(database.core.handleCounts.total, 0)
        XCTAssertEqual(try count(database), 0)  // reopens lazily
        database.purge()
        XCTAssertEqual(database.core.handleCounts.total, 0)
    }

    func testDefaultConfigs() throws {
        let database = Database(withPath: path())
        XCTAssertEqual(try database.getValue("PRAGMA journal_mode"), "wal")
        XCTAssertEqual(try database.getValue("PRAGMA synchronous"), 1)  // NORMAL
        XCTAssertEqual(try database.getValue("PRAGMA locking_mode"), "normal")
        try database.withHandle(forWriting: false) { handle in
            // Busy timeout is set: a second connection waits instead of failing.
            XCTAssertEqual(try handle.scalar("PRAGMA busy_timeout"), .integer(Int64(Database.defaultBusyTimeoutMilliseconds)))
        }
    }

    func testConfigsOrderReplaceRemoveAndOpenHandles() throws {
        let database = Database(withPath: path())
        XCTAssertTrue(database.canOpen)  // a handle is already open when configs change
        let log = Box<[String]>([])
        database.setConfig(named: "second", with: { handle in
            log.with { $0.append("second") }
            try handle.exec("PRAGMA cache_size = -2222")
        }, orderBy: 20)
        database.setConfig(named: "first", with: { _ in log.with { $0.append("first") } }, orderBy: 10)
        XCTAssertEqual(try database.getValue("PRAGMA cache_size"), -2222)  // applied to the open handle
        XCTAssertEqual(log.get, ["first", "second"])
        database.setConfig(named: "second", with: { handle in
            log.with { $0.append("second'") }
            try handle.exec("PRAGMA cache_size = -3333")
        }, orderBy: 5)
        XCTAssertEqual(try database.getValue("PRAGMA cache_size"), -3333)
        XCTAssertEqual(log.get.suffix(2), ["second'", "first"])
        database.setConfig(named: "first", with: nil)
        database.purge()
        log.with { $0.removeAll() }
        XCTAssertEqual(try database.getValue("PRAGMA cache_size"), -3333)  // new handle
        XCTAssertEqual(log.get, ["second'"])
        // A failing config fails the operation with its name.
        database.setConfig(named: "broken", with: { handle in try handle.exec("PRAGMA nonsense syntax here") })
        XCTAssertThrowsError(try database.exec("SELECT 1")) { error in
            XCTAssertTrue("\(error)".contains("broken"), "\(error)")
        }
        database.setConfig(named: "broken", with: nil)
        XCTAssertNoThrow(try database.exec("SELECT 1"))
    }

    func testCoreStatement() throws {
        let database = Database(withPath: path())
        try database.exec("CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT)")
        let insert = try database.prepare("INSERT INTO t(name) VALUES(?)")
        for name in ["a", "b", "c"] {
            insert.bind(name, toIndex: 1)
            try insert.step()
            try insert.reset()
        }
        XCTAssertEqual(insert.lastInsertedRowID, 3)
        insert.finalize()
        insert.finalize()  // idempotent
        XCTAssertThrowsError(try insert.step())

        let select = try database.prepare("SELECT id, name FROM t WHERE id >= ? ORDER BY id")
        select.bind(.integer(2), toIndex: 1)
        XCTAssertEqual(select.columnCount, 2)
        XCTAssertEqual(select.columnNames, ["id", "name"])
        XCTAssertEqual(select.index(byName: "name"), 1)
        var names: [String] = []
        while try select.step() {
            let id: Int? = select.value(atIndex: 0)
            let name: String? = select.value(atIndex: 1)
            XCTAssertNotNil(id)
            names.append(name ?? "?")
            XCTAssertEqual(select.value(atIndex: 0).type, .integer64)
        }
        XCTAssertEqual(names, ["b", "c"])
        // Unfinalized: the handle is held, so a close from this thread refuses rather than deadlocking.
        XCTAssertThrowsError(try database.close(onClosed: {}))
        select.finalize()
        XCTAssertNoThrow(try database.close(onClosed: {}))

        // Deinit finalizes and gives the handle back.
        do {
            let statement = try database.prepare("SELECT * FROM t")
            XCTAssertTrue(try statement.step())
        }
        XCTAssertEqual(database.core.handleCounts.idle, database.core.handleCounts.total)
        // Bad SQL surfaces as a WCDBError.
        XCTAssertThrowsError(try database.prepare("SELECT * FROM missing")) { error in
            XCTAssertEqual((error as? WCDBError)?.code, .Error)
        }
    }

    func testFiles() throws {
        let database = Database(withPath: path("files.db"))
        try database.exec("CREATE TABLE t(a)")
        try database.exec("INSERT INTO t VALUES(randomblob(10000))")
        // The repair files (backup material, deposit folder, file kept by retrieve) travel too.
        XCTAssertEqual(database.paths, [database.path, database.path + "-wal", database.path + "-shm",
                                        database.path + "-journal", database.path + "-first.material",
                                        database.path + "-last.material", database.path + ".factory",
                                        database.path + ".damaged"])
        let size = try database.close { try database.getFilesSize() }
        XCTAssertGreaterThan(size, 10000)
        let target = path("moved")
        try database.moveFiles(toDirectory: target)
        XCTAssertFalse(FileManager.default.fileExists(atPath: database.path))
        let moved = Database(withPath: (target as NSString).appendingPathComponent("files.db"))
        XCTAssertEqual(try count(moved), 1)
        try moved.removeFiles()
        XCTAssertFalse(FileManager.default.fileExists(atPath: moved.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: moved.path + "-wal"))
        XCTAssertEqual(try moved.getFilesSize(), 0)
    }

    func testAsyncVariants() async throws {
        let database = Database(withPath: path())
        try await database.exec("CREATE TABLE t(a)")
        try await database.run(transaction: {
            try database.exec("INSERT INTO t VALUES(1)")
            try database.exec("INSERT INTO t VALUES(2)")
        })
        let rows = try await database.getRows("SELECT sum(a) FROM t")
        XCTAssertEqual(rows[0][0], 3)
        let size = try await database.close(onClosed: { try database.getFilesSize() })
        XCTAssertGreaterThan(size, 0)
        let isOpened = database.isOpened
        XCTAssertFalse(isOpened)
    }

    func testReadOnlyClassification() {
        XCTAssertTrue(Database.isReadOnlySQL("  select 1"))
        XCTAssertTrue(Database.isReadOnlySQL("SELECT 1;  "))
        XCTAssertFalse(Database.isReadOnlySQL("SELECT 1; INSERT INTO t VALUES(1)"))
        XCTAssertFalse(Database.isReadOnlySQL("INSERT INTO t VALUES(1)"))
        XCTAssertFalse(Database.isReadOnlySQL("PRAGMA journal_mode = WAL"))
    }

    func testNoHandleLeaksAcrossManyLifetimes() throws {
        let baseline = HandleCounter.shared.value
        for round in 0..<50 {
            let database = Database(withPath: path("life\(round % 3).db"))
            try database.exec("CREATE TABLE IF NOT EXISTS t(a)")
            let transaction = try database.getTransaction()
            try transaction.run(transaction: { try transaction.exec("INSERT INTO t VALUES(1)") })
            let statement = try database.prepare("SELECT count(*) FROM t")
            XCTAssertTrue(try statement.step())
            if round % 2 == 0 { statement.finalize() }
        }
        XCTAssertEqual(HandleCounter.shared.value, baseline)
    }
}
