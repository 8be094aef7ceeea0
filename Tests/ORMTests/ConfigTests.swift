import Foundation
import WCDBSwift
import XCTest

/// Configs: run on each new connection by priority, replaced by name, undone by their uninvocation, a
/// failing one reported; and the cipher key, which is one too.
final class ConfigTests: DatabaseTestCase {
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

    func testConfigsCipherAndTemporaryDirectory() throws {
        database.setConfig(named: "SecureDelete", withInvocation: { handle in
            try handle.exec(StatementPragma().pragma(.secureDelete).to(true))
        }, withPriority: .high)
        let checked = LockedBox(false)
        database.setConfig(named: "test") { handle in
            try handle.prepare(StatementPragma().pragma(.secureDelete))
            try handle.step()
            let isSecureDelete: Int32 = handle.columnValue(atIndex: 0)
            XCTAssertEqual(isSecureDelete, 1, "the .high config ran first")
            handle.finalize()
            checked.mutate { $0 = true }
        }
        XCTAssertTrue(database.canOpen)
        XCTAssertTrue(checked.value)

        database.setConfig(named: "failing", withInvocation: { handle in
            try handle.exec(StatementSelect().select(Column.all()).from("nonexistentTable"))
        })
        database.close()
        XCTAssertFalse(database.canOpen)
        database.removeConfig(named: "failing")

        try database.close { try self.database.removeFiles() }
        database.setCipher(key: Data("password".utf8))
        try database.create(table: TestObject.name, of: TestObject.self)
        database.close()
        database.setCipher(key: Data("wrongPassword".utf8))
        XCTAssertThrowsError(try database.isTableExists(TestObject.name))
        database.close()
        database.setCipher(key: nil)
        XCTAssertThrowsError(try database.isTableExists(TestObject.name))
        database.close()
        database.setCipher(key: Data("password".utf8))
        XCTAssertTrue(try database.isTableExists(TestObject.name))

        // A directory that cannot be created (WCDB 2.x creates missing ones) changes nothing.
        XCTAssertFalse(Database.setDefaultTemporaryDirectory("/dev/null/wrongDir"))
        let getDirectory = StatementPragma().pragma(Pragma(named: "temp_store_directory"))
        XCTAssertEqual(try database.getValue(from: getDirectory)?.stringValue ?? "", "")
        // "" resets to the system default, as in WCDB 2.x.
        let created = directory.appendingPathComponent("dbTempDir/deeper").path
        XCTAssertTrue(Database.setDefaultTemporaryDirectory(created))
        XCTAssertEqual(try database.getValue(from: getDirectory)?.stringValue, created)
        XCTAssertTrue(Database.setDefaultTemporaryDirectory(""))
        XCTAssertEqual(try database.getValue(from: getDirectory)?.stringValue ?? "", "")
    }

    // 2.1.3: a custom config running a pragma.
    func testConfigRunningAPragma() throws {
        // The guide writes `try handle.exec()`, leaving out the statement it just built; it is passed here.
        database.setConfig(named: "secure_delete", with: { (handle: Handle) throws in
            let statementPragmaSecureDelete = StatementPragma().pragma(.secureDelete, to: true)
            try handle.exec(statementPragmaSecureDelete)
        }, orderBy: 10)
        XCTAssertEqual(try rows("PRAGMA secure_delete")[0][0], .integer(1))
        database.setConfig(named: "secure_delete", with: { (handle: Handle) throws in
            try handle.exec(StatementPragma().pragma(.secureDelete, to: false))
        }, orderBy: 10)
        XCTAssertEqual(try rows("PRAGMA secure_delete")[0][0], .integer(0), "a config of the same name replaces it")
    }
}
