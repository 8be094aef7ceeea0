import Foundation
import WCDBSwift
import XCTest

/// WCDB 2.x's test object, as its tests use it: a class with an auto-increment key.
final class TestObject: TableCodable, Equatable {
    static let name = "testTable"
    // @PrimaryKey(autoIncrement: true)
    var variable1: Int? = nil
    var variable2: String? = nil
    var isAutoIncrement: Bool = false
    var lastInsertedRowID: Int64 = 0

    init() {}

    init(_ variable1: Int?, _ variable2: String?) {
        self.variable1 = variable1
        self.variable2 = variable2
    }

    static func == (lhs: TestObject, rhs: TestObject) -> Bool {
        lhs.variable1 == rhs.variable1 && lhs.variable2 == rhs.variable2
    }
}

/// The calls WCDB 2.x's own tests of crud make, against our API (both spellings where 1.x differs).
final class WCDB2xNamesTests: DatabaseTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try database.create(table: TestObject.name, of: TestObject.self)
        try database.insert([TestObject(1, "one"), TestObject(2, "two")], intoTable: TestObject.name)
    }

    private func names() throws -> [String?] {
        let objects: [TestObject] = try database.getObjects(fromTable: TestObject.name,
                                                            orderBy: [TestObject.Properties.variable1.order(.ascending)])
        return objects.map(\.variable2)
    }

    func testUnlabeledInsertAndAutoIncrement() throws {
        let object = TestObject()
        object.isAutoIncrement = true
        object.variable2 = "three"
        try database.insert(object, intoTable: TestObject.name)
        XCTAssertEqual(object.lastInsertedRowID, 3)
        let read: TestObject? = try database.getObject(fromTable: TestObject.name, where: TestObject.Properties.variable1 == 3)
        XCTAssertEqual(read?.variable2, "three")

        let partial = TestObject(4, "dropped")
        try database.insert(partial, on: [TestObject.Properties.variable1], intoTable: TestObject.name)
        let partialRead: TestObject? = try database.getObject(fromTable: TestObject.name, where: TestObject.Properties.variable1 == 4)
        XCTAssertNotNil(partialRead)
        XCTAssertNil(partialRead?.variable2, "only the listed property is written")

        // The 1.x spellings still resolve to their own overloads.
        try database.insert(objects: TestObject(5, "five"), intoTable: TestObject.name)
        var inout6 = TestObject(nil, "six")
        inout6.isAutoIncrement = true
        try database.insert(&inout6, intoTable: TestObject.name)
        XCTAssertEqual(inout6.variable1, 6)
        XCTAssertEqual(try names(), ["one", "two", "three", nil, "five", "six"])
    }

    func testInsertOrReplaceAndInsertOrIgnore() throws {
        try database.insertOrReplace(TestObject(1, "replaced"), intoTable: TestObject.name)
        try database.insertOrIgnore(TestObject(2, "ignored"), TestObject(3, "new"), intoTable: TestObject.name)
        try database.insertOrIgnore([TestObject(3, "ignored too")], intoTable: TestObject.name)
        XCTAssertEqual(try names(), ["replaced", "two", "new"])
        XCTAssertThrowsError(try database.insert(TestObject(1, "conflict"), intoTable: TestObject.name),
                             "a plain insert still fails on a conflict")

        let table = database.getTable(named: TestObject.name, of: TestObject.self)
        try table.insert(TestObject(4, "table"))
        try table.insertOrReplace(TestObject(4, "table replaced"))
        try table.insertOrIgnore(TestObject(4, "table ignored"))
        try table.prepareInsertOrIgnore().execute(with: TestObject(1, "chain ignored"), TestObject(5, "chain"))
        try table.prepareInsertOrReplace().execute(with: TestObject(2, "chain replaced"))
        let partial: Insert = try database.prepareInsertOrReplace(on: TestObject.Properties.variable1,
                                                                              intoTable: TestObject.name)
        XCTAssertTrue(partial.description.hasPrefix("INSERT OR REPLACE"), partial.description)
        try partial.execute(with: TestObject(6, "not written"))
        XCTAssertEqual(try names(), ["replaced", "chain replaced", "new", "table replaced", "chain", nil])
    }

    func testConflictActionSpellings() throws {
        XCTAssertEqual(ConflictAction.Replace, .replace)
        XCTAssertEqual(ConflictAction.Ignore, .ignore)
        XCTAssertEqual(ConflictAction.Rollback, .rollback)
        XCTAssertEqual(ConflictAction.Abort, .abort)
        XCTAssertEqual(ConflictAction.Fail, .fail)
        let statement = StatementInsert().insert(intoTable: "t", with: Column(named: "a")).onConflict(.Ignore)
            .values(1)
        XCTAssertEqual(statement.description, "INSERT OR IGNORE INTO t(a) VALUES(1)")
    }

    func testTransactionsReceiveTheirHandle() throws {
        try database.run(transaction: { handle in
            XCTAssertTrue(handle.isInTransaction)
            try handle.exec("INSERT INTO testTable(variable1, variable2) VALUES(10, 'in transaction')")
            try database.insert(TestObject(11, "same transaction"), intoTable: TestObject.name)
        })
        XCTAssertThrowsError(try database.run(transaction: { handle in
            try handle.exec("INSERT INTO testTable(variable1, variable2) VALUES(12, 'rolled back')")
            throw WCDBError.interface("stop")
        }))
        try database.run(controllableTransaction: { handle in
            try handle.exec("INSERT INTO testTable(variable1, variable2) VALUES(13, 'not committed')")
            return false
        })
        try database.run(embeddedTransaction: { handle in
            try handle.exec("INSERT INTO testTable(variable1, variable2) VALUES(14, 'embedded')")
        })
        // The 1.x closures without a handle still resolve.
        try database.run(transaction: {
            try database.insert(TestObject(15, "1.x"), intoTable: TestObject.name)
        })
        XCTAssertEqual(try names(), ["one", "two", "in transaction", "same transaction", "embedded", "1.x"])
    }

    func testDatabaseNames() throws {
        let path = directory.appendingPathComponent("at.db").path
        let byPath = Database(at: path)
        let byURL = Database(at: URL(fileURLWithPath: path))
        try byPath.create(table: TestObject.name, of: TestObject.self)
        try byPath.insert(TestObject(1, "wal"), intoTable: TestObject.name)
        XCTAssertEqual(byURL.tag, byPath.tag, "one path, one shared core")
        XCTAssertEqual(byURL.urls.map(\.path), byPath.paths)
        try byPath.passiveCheckpoint()
        try byPath.truncateCheckpoint()
        let wal = try XCTUnwrap(byPath.paths.first { $0.hasSuffix("-wal") })
        let walSize = try FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int
        XCTAssertEqual(walSize, 0, "a truncating checkpoint empties the WAL")
        let read: TestObject? = try byURL.getObject(fromTable: TestObject.name)
        XCTAssertEqual(read?.variable2, "wal")
        byPath.close()
    }

    func testReadsFromStatements() throws {
        let all = StatementSelect().select(Column.all).from(TestObject.name).order(by: Column(named: "variable1").order(.ascending))
        let rows: MultiRowsValue = try database.getRows(from: all)
        XCTAssertEqual(rows, [[.integer(1), .text("one")], [.integer(2), .text("two")]])
        let row: OneRowValue? = try database.getRow(from: all)
        XCTAssertEqual(row, [.integer(1), .text("one")])
        let column: OneColumnValue = try database.getColumn(from: StatementSelect().select(Column(named: "variable2")).from(TestObject.name))
        XCTAssertEqual(Set(column.map(\.stringValue)), ["one", "two"])
        XCTAssertEqual(try database.getValue(from: StatementSelect().select(Column(named: "variable1").max()).from(TestObject.name)), .integer(2))
        let none = StatementSelect().select(Column.all).from(TestObject.name).where(Column(named: "variable1") > 9)
        XCTAssertNil(try database.getValue(from: none), none.description)

        // Objects: result columns fill the properties of the same name, in any order.
        let reversed = StatementSelect().select(Column(named: "variable2"), Column(named: "variable1")).from(TestObject.name)
            .order(by: Column(named: "variable1").order(.descending))
        let objects: [TestObject] = try database.getObjects(from: reversed)
        XCTAssertEqual(objects, [TestObject(2, "two"), TestObject(1, "one")])
        let onlyKey: TestObject? = try database.getObject(from: StatementSelect().select(Column(named: "variable1")).from(TestObject.name))
        XCTAssertEqual(onlyKey, TestObject(1, nil))
        XCTAssertThrowsError(try database.getRows(from: StatementSelect().select(Column.all).from("missing")))
    }

    func testUpdateWithValueLists() throws {
        try database.update(table: TestObject.name, on: TestObject.Properties.variable2, with: "first",
                            where: TestObject.Properties.variable1 == 1)
        try database.update(table: TestObject.name, on: [TestObject.Properties.variable1, TestObject.Properties.variable2],
                            with: 3, "second", where: TestObject.Properties.variable1 == 2)
        try database.update(table: TestObject.name, on: TestObject.Properties.variable1, TestObject.Properties.variable2,
                            with: 4, "third", where: TestObject.Properties.variable1 == 3)
        XCTAssertEqual(try names(), ["first", "third"])
        // The array forms still take a row, not one array value.
        try database.update(table: TestObject.name, on: TestObject.Properties.variable2, with: ["row"],
                            where: TestObject.Properties.variable1 == 1)
        try database.update(table: TestObject.name, on: [TestObject.Properties.variable2], with: ["row too"],
                            where: TestObject.Properties.variable1 == 4)
        XCTAssertEqual(try names(), ["row", "row too"])
        XCTAssertThrowsError(try database.update(table: TestObject.name, on: TestObject.Properties.variable2,
                                                 with: 1, 2), "two values for one column")
    }

    func testWINQBuilderNames() throws {
        XCTAssertEqual(BindParameter(2).description, "?2")
        XCTAssertEqual(BindParameter("key").description, ":key")
        XCTAssertEqual(BindParameter.def.description, "?")
        XCTAssertEqual(BindParameter.bindParameters(3).map(\.description), ["?1", "?2", "?3"])
        let definition = Column(named: "score").asDef(with: .integer64).constraint(.notNull()).constraint(.default(0))
        XCTAssertEqual(TestObject.Properties.variable2.asDef(with: .text).description, ColumnDef(with: TestObject.Properties.variable2, and: .text).description)
        try database.exec(StatementCreateTable().create(table: "scores").with(columns: definition))
        try database.exec(StatementInsert().insert(intoTable: "scores", with: Column(named: "score")).values(7))
        try database.withHandle(forWriting: true) { handle in
            let statement = try handle.prepare("SELECT score FROM scores WHERE score = \(BindParameter(1))")
            defer { statement.finalize() }
            statement.bind(7, toIndex: 1)
            XCTAssertTrue(try statement.step())
            XCTAssertEqual(statement.value(atIndex: 0), .integer(7))
        }
        // A trigger that refuses with RAISE(ABORT, …).
        XCTAssertEqual(RaiseFunction().ignore().description, "RAISE(IGNORE)")
        try database.exec("CREATE TRIGGER noNegative BEFORE INSERT ON scores WHEN new.score < 0 BEGIN SELECT \(RaiseFunction().abort(with: "no negative scores")); END")
        XCTAssertThrowsError(try database.exec("INSERT INTO scores VALUES(-1)")) { error in
            XCTAssertTrue((error as? WCDBError)?.message?.contains("no negative scores") ?? false, "\(error)")
        }
    }

    func testTableReadsAndValueNames() throws {
        let table = database.getTable(named: TestObject.name, of: TestObject.self)
        let rows: MultiRowsValue = try table.getRows()
        XCTAssertEqual(rows[row: 1, column: 1].stringValue, "two")
        XCTAssertEqual(rows[row: 0], [.integer(1), .text("one")])
        let row: OneRowValue = try table.getRow(where: TestObject.Properties.variable1 == 2)
        XCTAssertEqual(row, [.integer(2), .text("two")])
        let partial: OneRowValue = try table.getRow(on: TestObject.Properties.variable2, orderBy: [TestObject.Properties.variable1.order(.descending)])
        XCTAssertEqual(partial, [.text("two")])
        let value: Value? = try database.getValue(on: TestObject.Properties.variable2, fromTable: TestObject.name)
        XCTAssertEqual(value?.stringValue, "one")
        XCTAssertEqual(Value(Int32(5)), .integer(5))
        let selected = try table.prepareRowSelect(on: TestObject.Properties.variable1).where(TestObject.Properties.variable1 > 1).allRows()
        XCTAssertEqual(selected, [[.integer(2)]])
        XCTAssertEqual(try table.prepareRowSelect().allRows().count, 2)
    }

    func testColumnAllCallAndCreateIndex() throws {
        XCTAssertEqual(Column.all().description, Column.all.description)
        XCTAssertEqual(try database.getRows(on: [Column.all()], fromTable: TestObject.name).count, 2)
        try database.create(index: "byName", with: TestObject.Properties.variable2, forTable: TestObject.name)
        try database.create(index: "byName", with: TestObject.Properties.variable2, forTable: TestObject.name)  // exists: no error
        let index: Master? = try database.getObject(fromTable: Master.builtinTableName, where: Master.Properties.name == "byName")
        XCTAssertEqual(index?.tableName, TestObject.name)
        XCTAssertEqual(index?.sql, "CREATE INDEX byName ON testTable(variable2)")
        XCTAssertEqual(try database.getValue(on: TestObject.Properties.variable1.max(), fromTable: TestObject.name).intValue, 2)
    }

    func testOrderSpellings() throws {
        XCTAssertEqual(TestObject.Properties.variable1.order(.descending).description,
                       TestObject.Properties.variable1.asOrder(by: .descending).description)
        XCTAssertEqual(Column(named: "a").order(.ascending).description, "a ASC")
        let objects: [TestObject] = try database.getObjects(fromTable: TestObject.name,
                                                            orderBy: [TestObject.Properties.variable1.order(.descending)])
        XCTAssertEqual(objects.map(\.variable1), [2, 1])
    }
}

/// WCDB 2.x's error shape beside today's fields; the built-in `Master` model.
final class WCDB2xErrorAndMasterTests: DatabaseTestCase {
    func testErrorCodesAndInfos() throws {
        try database.create(table: TestObject.name, of: TestObject.self)
        try database.insert(TestObject(1, "one"), intoTable: TestObject.name)
        do {
            try database.insert(TestObject(1, "again"), intoTable: TestObject.name)
            XCTFail("a duplicate key must throw")
        } catch let error as WCDBError {
            XCTAssertEqual(error.code, 19, "today's Int32 code stays readable")
            XCTAssertTrue(error.code == .Constraint)
            XCTAssertTrue(error.code != .Busy)
            XCTAssertEqual(error.sqliteCode, .Constraint)
            switch error.code {
            case .Constraint: break
            default: XCTFail("matches as 2.x's enum: \(error)")
            }
            XCTAssertEqual(error.infos[.SQL]?.stringValue, error.sql)
            XCTAssertEqual(error.infos[.path]?.stringValue, error.path)
            XCTAssertEqual(error.infos[.message]?.stringValue, error.message)
            XCTAssertEqual(error.infos[.extendedCode]?.int64Value, 1555, "SQLITE_CONSTRAINT_PRIMARYKEY")
        }
        let misuse = WCDBError.interface("no SQLite code")
        XCTAssertNil(misuse.sqliteCode)
        XCTAssertFalse(misuse.code == .OK)
        XCTAssertNil(misuse.infos[.SQL])
    }

    func testMasterReadsTheSchema() throws {
        try database.create(table: TestObject.name, of: TestObject.self)
        try database.exec("CREATE INDEX byName ON testTable(variable2)")
        let tables: [Master] = try database.getObjects(fromTable: Master.builtinTableName,
                                                       where: Master.Properties.type == "table")
        XCTAssertEqual(tables.map(\.name), [TestObject.name, "sqlite_sequence"], "AUTOINCREMENT made sqlite_sequence")
        XCTAssertEqual(tables.first?.tableName, TestObject.name)
        XCTAssertTrue(tables.first?.sql?.hasPrefix("CREATE TABLE") ?? false)
        XCTAssertGreaterThan(tables.first?.rootpage ?? 0, 0)
        let index: Master? = try database.getObject(fromTable: Master.builtinTableName,
                                                    where: Master.Properties.name == "byName")
        XCTAssertEqual(index?.type, "index")
        XCTAssertEqual(index?.tableName, TestObject.name)
        let names: [Master] = try database.getObjects(on: Master.Properties.name, fromTable: Master.builtinTableName,
                                                      orderBy: [Master.Properties.name.order(.ascending)])
        XCTAssertEqual(names.compactMap(\.name), ["byName", "sqlite_sequence", TestObject.name])
        XCTAssertNil(names.first?.type, "a partial select leaves the other fields nil")
    }
}
