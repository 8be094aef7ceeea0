import CSQLCipher
import Foundation
import WCDBSwift
import XCTest

/// The calls WCDB 2.1.16's tests in `src/swift/tests/other` (tracer, handle, file; not repair or FTS5)
/// and `crud/DatabaseTests.swift` make, spelled as they spell them, against a real database.
final class WCDB2xOtherCallTests: DatabaseTestCase {
    override func tearDownWithError() throws {
        Database.globalTracePerformance(nil)
        Database.globalTraceSQL(nil)
        Database.globalTraceError(nil)
        Database.globalTraceDatabaseOperation(nil)
        try super.tearDownWithError()
    }

    // MARK: TracerTests

    func testErrorsHaveTheShapeOf2x() throws {
        database.tag = 7
        let expectedTag = database.tag
        let expectedPath = database.path
        let seen = LockedBox<[WCDBError]>([])
        Database.globalTraceError { (error: WCDBError) in
            guard error.path == expectedPath else { return }
            seen.mutate { $0.append(error) }
        }
        XCTAssertThrowsError(try database.getRows(on: Column.all(), fromTable: "nonexistentTable"))
        let error = try XCTUnwrap(seen.value.first)
        XCTAssertEqual(error.tag!, expectedTag)
        XCTAssertEqual(error.code.rawValue, 1)
        XCTAssertEqual(error.code, .Error)
        XCTAssertTrue(error.code == SQLITE_ERROR, "compares with SQLite's Int32 constant")
        XCTAssertTrue(error.level == .Error)
        XCTAssertFalse(error.level == .Warning)
        XCTAssertTrue(error.level != .Fatal)
        switch error.level {
        case .Error: break
        default: XCTFail("level \(error.level) is an error")
        }
        switch error.code {
        case .Busy, .Locked: XCTFail("not busy")
        case .Error: break
        default: XCTFail("\(error.code)")
        }
        XCTAssertEqual(error.message!, "no such table: nonexistentTable")
        XCTAssertEqual(error.sql!, "SELECT * FROM nonexistentTable")
        XCTAssertEqual(error.path!, expectedPath)
        XCTAssertNil(error.extendedCode, "SQLite gave no extended code beyond SQLITE_ERROR")
        XCTAssertEqual(error.infos[.tag]?.stringValue, String(expectedTag!))
        XCTAssertEqual(error.infos[.path]?.intValue, 0, "a path is no number")
        XCTAssertEqual(WCDBError.Code(rawValue: 26), .NotADatabase)
        XCTAssertNil(WCDBError.Code(rawValue: 99), "not one of SQLite's codes")
        XCTAssertEqual(WCDBError.ExtendCode(rawValue: 2067), .ConstraintUnique)
        XCTAssertEqual(WCDBError.ExtendCode.ConstraintUnique.code, .Constraint)
        XCTAssertEqual("\(error.code)", "Error")

        // Today's initializer with SQLite's Int32 codes still builds one, for the runtime's call sites.
        let built = WCDBError(level: .sqlite, code: SQLITE_CONSTRAINT, extendedCode: 2067, message: "m")
        XCTAssertEqual(built.code, .Constraint)
        XCTAssertEqual(built.extendedCode, .ConstraintUnique)
        XCTAssertTrue(built.extendedCode == 2067)
        XCTAssertEqual(WCDBError.interface("mine").code.rawValue, -1, "not SQLite's")
        XCTAssertNil(WCDBError.interface("mine").sqliteCode)
    }

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

    // MARK: HandleTest

    func testCancellationReachesTheErrorTracerAsInterrupt() throws {
        try database.create(table: TestObject.name, of: TestObject.self)
        try database.insert((0..<2000).map { (i: Int) in TestObject(i, "\(i)") }, intoTable: TestObject.name)
        let interrupted = LockedBox(false)
        database.traceError { error in
            guard error.level == .Error else { return }
            XCTAssertEqual(error.code, .Interrupt)
            interrupted.mutate { $0 = true }
        }
        let signal = Handle.CancellatiionSignal()
        signal.cancel()
        let handle = try database.getHandle()
        handle.attach(cancellationSignal: signal)
        let objects: [TestObject]? = try? handle.getObjects(on: TestObject.Properties.all, fromTable: TestObject.name)
        XCTAssertNil(objects)
        handle.detachCancellationSignal()
        let again: [TestObject] = try handle.getObjects(on: TestObject.Properties.all, fromTable: TestObject.name,
                                                         where: TestObject.Properties.variable1 < 3)
        XCTAssertEqual(again.map(\.variable1), [0, 1, 2])
        let one: TestObject? = try handle.getObject(fromTable: TestObject.name, orderBy: [TestObject.Properties.variable1.order(.descending)])
        XCTAssertEqual(one?.variable1, 1999)
        XCTAssertTrue(interrupted.value)
        database.traceError(nil)
    }

    func testReadsAndWritesAcrossTableAndDatabase() throws {
        try database.create(table: TestObject.name, of: TestObject.self)
        let table = database.getTable(named: TestObject.name, of: TestObject.self)
        try table.insert((0..<300).map { (i: Int) in TestObject(i, "\(i)") })
        try table.update(on: TestObject.Properties.variable2, with: ["abc"], where: TestObject.Properties.variable1 >= 100 && TestObject.Properties.variable1 < 200)
        try database.run(transaction: { _ in
            try table.delete(where: TestObject.Properties.variable1 >= 250)
        })
        XCTAssertEqual(try table.getObjects(on: TestObject.Properties.all, limit: 100, offset: 100).map(\.variable2),
                       Array(repeating: "abc", count: 100))
        XCTAssertEqual(try table.getColumn(on: TestObject.Properties.variable2, limit: 100, offset: 200).count, 50)
        XCTAssertEqual(try table.getRows(on: TestObject.Properties.all, limit: 100, offset: 0).count, 100)
        XCTAssertEqual(try table.getRow(on: TestObject.Properties.all).count, 2)
        let objects: [TestObject] = try database.getObjects(on: TestObject.Properties.all, fromTable: TestObject.name, limit: 10, offset: 245)
        XCTAssertEqual(objects.count, 5)
        XCTAssertEqual(try database.getRows(on: TestObject.Properties.all, fromTable: TestObject.name, limit: 10, offset: 0).count, 10)
        XCTAssertEqual(try database.getRow(on: TestObject.Properties.all, fromTable: TestObject.name).count, 2)
        let count = try database.getValue(from: StatementSelect().select(TestObject.Properties.any.count()).from(TestObject.name))
        XCTAssertEqual(count?.intValue, 250)
    }

    // MARK: DatabaseTests, FileTests

    func testDatabasesOfOnePathShareTheirTag() throws {
        let path = directory.appendingPathComponent("tagged.db").path
        let database: Database = Database(at: path)
        database.tag = 99
        let other: Database? = Database(at: path)
        XCTAssertEqual(other!.tag, 99)
        XCTAssertEqual(other!.path, path)
        XCTAssertTrue(database.canOpen)
        XCTAssertTrue(database.isOpened)
        database.purge()
        XCTAssertFalse(database.isOpened)
        XCTAssertTrue(database.canOpen)
        Database.purge()
        XCTAssertFalse(database.isOpened)
    }

    func testFilesAndURLs() throws {
        try database.create(table: TestObject.name, of: TestObject.self)
        XCTAssertEqual(database.urls.map(\.path), database.paths)
        XCTAssertTrue(database.paths.contains(database.path + "-wal"))
        try database.close {
            XCTAssertGreaterThan(try self.database.getFilesSize(), 0)
        }
        let newDirectory = directory.appendingPathComponent("newDirectory").path
        try database.moveFiles(toDirectory: newDirectory)
        XCTAssertTrue(FileManager.default.fileExists(atPath: newDirectory + "/test.db"))
        try database.close {
            try self.database.removeFiles()
        }
        XCTAssertFalse(database.paths.contains { FileManager.default.fileExists(atPath: $0) })
    }

    // MARK: AdvanceTests: configs, cipher, temporary directory

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
}


extension WCDB2xOtherCallTests {
    /// AdvanceTests' FTS3 table with 2.x's `OneOrBinary` tokenizer (FTS5 is not in SQLite 3.15).
    func testFTS3WithTheOneOrBinaryTokenizer() throws {
        database.add(tokenizer: BuiltinTokenizer.OneOrBinary)
        try database.create(virtualTable: "FTS3Object", of: FTS3Object.self)
        let objects = [FTS3Object(variable1: 1, variable2: "This is English test content"),
                       FTS3Object(variable1: 2, variable2: "这是中文测试内容"),
                       FTS3Object(variable1: 3, variable2: "123456"),
                       FTS3Object(variable1: 4, variable2: "abc..def")]
        try database.insert(objects, intoTable: "FTS3Object")
        for (query, expected) in [("Engl*", 1), ("中文*", 2), ("123*", 3), ("def", 4), ("文测", 2)] {
            let found: [FTS3Object] = try database.getObjects(fromTable: "FTS3Object", where: FTS3Object.Properties.variable2.match(query))
            XCTAssertEqual(found.map(\.variable1), [expected], query)
        }
        XCTAssertEqual(BuiltinTokenizer.Parameter.NeedSymbol, "need_symbol")
    }
}

/// AdvanceTests' FTS3 model.
// @VirtualTable(module: "fts3", tokenizer: "wcdb_one_or_binary")
struct FTS3Object: TableCodable {
    var variable1: Int = 0
    var variable2: String = ""
}

extension WCDB2xOtherCallTests {
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
