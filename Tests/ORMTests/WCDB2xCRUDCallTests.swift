import Foundation
import WCDBSwift
import XCTest

/// The calls WCDB 2.1.16's tests in `src/swift/tests/crud` make, spelled as they spell them, against a
/// real database: the one-line interfaces, the chain calls held in stored properties of their
/// non-generic types, `Table`'s own calls, and the handle's statement. The model is 2.x's `TestObject`
/// (WCDB2xNamesTests.swift) with its `CodingKeys` turned into annotations.
final class WCDB2xCRUDCallTests: DatabaseTestCase {
    // The chain calls as 2.x's tests keep them: stored, implicitly unwrapped, without type arguments.
    var insert: Insert!
    var update: Update!
    var delete: Delete!
    var select: Select!
    var rowSelect: RowSelect!
    var multiSelect: MultiSelect!

    let preInserted = [TestObject(1, "object1"), TestObject(2, "object2")]

    override func setUpWithError() throws {
        try super.setUpWithError()
        try database.create(table: TestObject.name, of: TestObject.self)
        try database.insert(preInserted, intoTable: TestObject.name)
    }

    private func all() throws -> [TestObject] {
        try database.getObjects(fromTable: TestObject.name, orderBy: [TestObject.Properties.variable1.order(.ascending)])
    }

    // MARK: DeleteInterfaceTests, DeleteTests

    func testDeleteInterfaceAndTable() throws {
        let order = [TestObject.Properties.variable1.order(.descending)]
        try database.delete(fromTable: TestObject.name, orderBy: order, limit: 1)
        XCTAssertEqual(try all(), [preInserted[0]])
        try database.insert(preInserted[1], intoTable: TestObject.name)
        try database.delete(fromTable: TestObject.name, limit: 1, offset: 1)
        XCTAssertEqual(try all(), [preInserted[0]])

        let table: Table<TestObject> = database.getTable(named: TestObject.name)
        try table.insert(preInserted[1])
        try table.delete(where: TestObject.Properties.variable1 == 2)
        XCTAssertEqual(try all(), [preInserted[0]])
        try table.delete(limit: 1)
        XCTAssertEqual(try table.getObjects(), [])
    }

    func testDeleteChain() throws {
        delete = try database.prepareDelete(fromTable: TestObject.name)
        try delete.limit(from: 1, to: 2).execute()
        XCTAssertEqual(delete.changes, 1)
        XCTAssertEqual(try all(), [preInserted[0]], "LIMIT 1, 2 skips the first row")
        let table = database.getTable(named: TestObject.name, of: TestObject.self)
        delete = try table.prepareDelete()
        try delete.where(TestObject.Properties.variable1 == 1).order(by: TestObject.Properties.variable1.order(.descending))
            .limit(1, offset: 0).execute()
        XCTAssertEqual(delete.changes, 1)
        XCTAssertEqual(try table.getObjects(), [])
    }

    // MARK: InsertInterfaceTests, InsertTests

    func testInsertChainHeldAsInsert() throws {
        insert = try database.prepareInsert(of: TestObject.self, intoTable: TestObject.name)
        let object = TestObject(nil, "auto")
        object.isAutoIncrement = true
        try insert.execute(with: object)
        XCTAssertEqual(object.lastInsertedRowID, 3)
        try insert.execute(with: [TestObject]())
        XCTAssertEqual(insert.changes, 0)

        insert = try database.prepareInsertOrReplace(on: TestObject.Properties.variable1, TestObject.Properties.variable2,
                                                     intoTable: TestObject.name)
        try insert.execute(with: TestObject(1, "replaced"))
        insert = try database.prepareInsert(on: TestObject.Properties.variable1, intoTable: TestObject.name)
        try insert.execute(with: TestObject(4, "not written"))
        XCTAssertEqual(try all(), [TestObject(1, "replaced"), preInserted[1], TestObject(3, "auto"), TestObject(4, nil)])

        // An insert prepared for one model refuses another one's objects instead of binding them wrongly.
        XCTAssertThrowsError(try insert.execute(with: Plain(id: 9))) { error in
            XCTAssertEqual((error as? WCDBError)?.level, .interface, "\(error)")
        }
        // A chain call into a table name that is empty is prepared; running it throws SQLite's error.
        XCTAssertNoThrow(try database.prepareInsert(of: TestObject.self, intoTable: ""))
    }

    func testTableInsertInterface() throws {
        let table = database.getTable(named: TestObject.name, of: TestObject.self)
        try table.insert(TestObject(3, "three"))
        try table.insertOrReplace(TestObject(1, "one"))
        let three = try table.getObject(where: TestObject.Properties.variable1 == 3)
        XCTAssertEqual(three, TestObject(3, "three"))
        XCTAssertEqual(try table.getObject(where: TestObject.Properties.variable1 == 1)?.variable2, "one")
        try table.insert(TestObject(5, "a"), TestObject(6, "b"), TestObject(7, "c"))
        XCTAssertEqual(try table.getValue(on: Column.all().count()).int64Value, 6)
    }

    // MARK: UpdateInterfaceTests, UpdateTests

    func testUpdateInterfaceAndChain() throws {
        let order = [TestObject.Properties.variable1.order(.descending)]
        let object = TestObject(nil, "updated")
        try database.update(table: TestObject.name, on: TestObject.Properties.variable2, with: object, orderBy: order, limit: 1)
        XCTAssertEqual(try all().map(\.variable2), ["object1", "updated"])
        try database.update(table: TestObject.name, on: TestObject.Properties.variable2, with: ["row"], limit: 1, offset: 1)
        XCTAssertEqual(try all().map(\.variable2), ["object1", "row"])

        let table: Table<TestObject> = database.getTable(named: TestObject.name)
        try table.update(on: TestObject.Properties.variable2, with: object, where: TestObject.Properties.variable1 == 1)
        try table.update(on: TestObject.Properties.variable2, with: ["table row"], orderBy: order, limit: 1)
        XCTAssertEqual(try all().map(\.variable2), ["updated", "table row"])

        update = try database.prepareUpdate(table: TestObject.name, on: TestObject.Properties.variable2)
        try update.limit(from: 1, to: 2).execute(with: TestObject(nil, "chain"))
        XCTAssertEqual(update.changes, 1)
        XCTAssertEqual(try all().map(\.variable2), ["updated", "chain"])
        update = try database.prepareUpdate(table: TestObject.name, on: TestObject.Properties.variable2)
        try update.where(TestObject.Properties.variable1 == 1).order(by: TestObject.Properties.variable1.order(.descending))
            .limit(1).execute(with: TestObject(nil, "first"))
        XCTAssertEqual(try all().map(\.variable2), ["first", "chain"])
    }

    // MARK: SelectInterfaceTests

    func testSelectInterfaceAndEmptyTable() throws {
        let results: MultiRowsValue = try database.getRows(fromTable: TestObject.name, limit: 1, offset: 1)
        XCTAssertEqual(results[row: 0][1].stringValue, "object2")
        let one: OneRowValue = try database.getRow(fromTable: TestObject.name)
        XCTAssertEqual(one.count, 2)
        let distinct: OneColumnValue = try database.getDistinctColumn(on: TestObject.Properties.variable2, fromTable: TestObject.name,
                                                                      limit: 1, offset: 1)
        XCTAssertEqual(distinct.map(\.stringValue), ["object2"])
        let result: Value? = try database.getValue(on: TestObject.Properties.variable2, fromTable: TestObject.name)
        XCTAssertEqual(result?.stringValue, "object1")

        let table: Table<TestObject> = database.getTable(named: TestObject.name)
        XCTAssertEqual(try table.getDistinctColumn(on: TestObject.Properties.variable2, limit: 1).map(\.stringValue), ["object1"])
        XCTAssertEqual(try table.getColumn(on: TestObject.Properties.variable1, limit: 1, offset: 1).map(\.int64Value), [2])
        XCTAssertEqual(try table.getObject(), preInserted[0])

        // An empty table: an empty row, NULL values.
        try database.delete(fromTable: TestObject.name)
        XCTAssertEqual(try database.getRow(on: Column.all, fromTable: TestObject.name).count, 0)
        XCTAssertEqual(try database.getDistinctValue(on: Column.all, fromTable: TestObject.name).type, .null)
        XCTAssertEqual(try database.getValue(on: Column.all, fromTable: TestObject.name).type, .null)
        XCTAssertEqual(try table.getRow(on: Column.all).count, 0)
        XCTAssertEqual(try table.getDistinctValue(on: Column.all).type, .null)
        XCTAssertEqual(try table.getValue(on: Column.all).type, .null)
    }

    func testReadsFromStatementsReturnOptionals() throws {
        let max = try database.getValue(from: StatementSelect().select(TestObject.Properties.variable1.max()).from(TestObject.name))
        XCTAssertEqual(max?.intValue, 2)
        let row: OneRowValue? = try database.getRow(from: StatementSelect().select(TestObject.Properties.all).from(TestObject.name).limit(1))
        XCTAssertEqual(row?.count, TestObject.Properties.all.count)
        XCTAssertEqual(row?[1].stringValue, "object1")
        let rows: MultiRowsValue = try database.getRows(from: StatementSelect().select(TestObject.Properties.all).from(TestObject.name))
        XCTAssertEqual(rows[1][1].stringValue, "object2")
        let count = try database.getValue(from: StatementSelect().select(TestObject.Properties.any.count()).from(TestObject.name))
        XCTAssertEqual(count?.intValue, 2)
    }

    // MARK: SelectTests

    func testSelectChainHeldAsSelect() throws {
        select = try database.prepareSelect(of: TestObject.self, fromTable: TestObject.name)
        let typed: [TestObject] = try select.where(TestObject.Properties.variable1 == 2).allObjects()
        XCTAssertEqual(typed, [preInserted[1]])

        select = try database.prepareSelect(of: TestObject.self, fromTable: TestObject.name)
        let untyped = try select.limit(from: 1, to: 1).allObjects()
        XCTAssertEqual(untyped as? [TestObject], [preInserted[1]])

        select = try database.prepareSelect(of: TestObject.self, fromTable: TestObject.name)
        var iterated: [TestObject] = []
        while let object: TestObject = try select.nextObject() { iterated.append(object) }
        XCTAssertEqual(iterated, preInserted)

        select = try database.prepareSelect(of: TestObject.self, fromTable: TestObject.name)
        var unspecific: [TestObject] = []
        while let object = try select.nextObject() { unspecific.append(try XCTUnwrap(object as? TestObject)) }
        XCTAssertEqual(unspecific, preInserted)

        // A partial select: the model comes from the property.
        select = try database.prepareSelect(on: TestObject.Properties.variable2.asProperty(), fromTable: TestObject.name)
        let partial: [TestObject] = try select.allObjects()
        XCTAssertEqual(partial.map(\.variable1), [nil, nil])
        XCTAssertEqual(partial.map(\.variable2), ["object1", "object2"])

        let table = database.getTable(named: TestObject.name, of: TestObject.self)
        select = try table.prepareSelect(of: TestObject.self)
        XCTAssertEqual(try select.order(by: TestObject.Properties.variable2.order(.descending)).allObjects() as [TestObject],
                       preInserted.reversed())
        select = try table.prepareSelect(on: TestObject.Properties.variable2.asProperty())
        XCTAssertEqual((try select.allObjects() as [TestObject]).map(\.variable2), ["object1", "object2"])

        // Asking for another model than the select's is an error, not a wrong decode.
        select = try database.prepareSelect(of: TestObject.self, fromTable: TestObject.name)
        XCTAssertThrowsError(try select.allObjects() as [Plain])
        // A missing table fails at the first read.
        select = try database.prepareSelect(on: TestObject.Properties.variable2.asProperty(), fromTable: "nonexistentTable")
        XCTAssertThrowsError(try select.nextObject())
    }

    // MARK: RowSelectTests

    func testRowSelectChain() throws {
        rowSelect = try database.prepareRowSelect(fromTable: TestObject.name)
        XCTAssertEqual(try rowSelect.where(TestObject.Properties.variable1 == 1).allRows(), [[1, "object1"]])

        try database.insert([TestObject(3, "object1"), TestObject(4, "object2")], intoTable: TestObject.name)
        rowSelect = try database.prepareRowSelect(on: Column.all.count(), fromTable: TestObject.name)
        rowSelect.group(by: TestObject.Properties.variable2).having(TestObject.Properties.variable1 > 0)
        XCTAssertEqual(try rowSelect.allValues().map(\.int32Value), [2, 2], "group(by:) changed the select it was called on")

        let table: Table<TestObject> = database.getTable(named: TestObject.name)
        rowSelect = try table.prepareRowSelect(on: Column.all.count())
        rowSelect.group(by: TestObject.Properties.variable2)
        XCTAssertEqual(try rowSelect.allValues().count, 2)

        rowSelect = try database.prepareRowSelect(on: 1, 2.0, "3", fromTable: TestObject.name)
        let typed: OneRowValue? = try rowSelect.nextRow()
        XCTAssertEqual(typed?[0].int32Value, 1)
        XCTAssertEqual(typed?[1].doubleValue, 2.0)
        XCTAssertEqual(typed?[2].stringValue, "3")
        rowSelect = try table.prepareRowSelect(on: 1, 2.0, "3")
        XCTAssertEqual(try rowSelect.nextRow()?.count, 3)

        var values: OneColumnValue = []
        rowSelect = try table.prepareRowSelect(on: TestObject.Properties.variable1)
        while let value = try rowSelect.nextValue() { values.append(value) }
        XCTAssertEqual(values.map(\.int64Value), [1, 2, 3, 4])
    }

    func testRowSelectOverTables() throws {
        let table2 = "\(TestObject.name)_2"
        try database.create(table: table2, of: TestObject.self)
        try database.insert(TestObject(1, "object3"), intoTable: table2)
        let key1 = TestObject.Properties.variable1.in(table: TestObject.name)
        let key2 = TestObject.Properties.variable1.in(table: table2)
        let rows = try database.prepareRowSelect(on: TestObject.Properties.variable2.in(table: TestObject.name),
                                                 TestObject.Properties.variable2.in(table: table2),
                                                 fromTables: [TestObject.name, table2])
            .where(key1 == key2).allRows()
        XCTAssertEqual(rows, [["object1", "object3"]])
        let everything = try database.prepareRowSelect(fromTables: [TestObject.name, table2]).where(key1 == key2).allRows()
        XCTAssertEqual(everything[row: 0, column: 3].stringValue, "object3")
        // No table: prepared without complaint, as in 2.x; running it is SQLite's error.
        rowSelect = try database.prepareRowSelect(fromTables: [])
        XCTAssertThrowsError(try rowSelect.allRows())
    }

    // MARK: MultiSelectTests

    func testMultiSelectHeldAsMultiSelect() throws {
        try database.create(table: Companion.name, of: Companion.self)
        try database.insert([Companion(variable1: 1, variable2: "multi1"), Companion(variable1: 2, variable2: "multi2")],
                            intoTable: Companion.name)
        multiSelect = try database.prepareMultiSelect(on: TestObject.Properties.variable1.in(table: TestObject.name),
                                                      TestObject.Properties.variable2.in(table: TestObject.name),
                                                      Companion.Properties.variable1.in(table: Companion.name),
                                                      Companion.Properties.variable2.in(table: Companion.name),
                                                      fromTables: [TestObject.name, Companion.name])
            .where(TestObject.Properties.variable1.in(table: TestObject.name) == Companion.Properties.variable1.in(table: Companion.name))
        let results: [[String: TableDecodableBase]] = try multiSelect.order(by: TestObject.Properties.variable1.in(table: TestObject.name).order(.descending))
            .limit(1).allMultiObjects()
        XCTAssertEqual(results.count, 1)
        XCTAssertEqual(results[0][TestObject.name] as? TestObject, preInserted[1])
        XCTAssertEqual((results[0][Companion.name] as? Companion)?.variable2, "multi2")
    }

    // MARK: AdvanceCRUDTests

    func testEncodeOnlyAndDecodeOnlyModelsWithCustomColumns() throws {
        try database.create(table: "partialCodable", of: DecodeOnly.self)
        var encodable = EncodeOnly()
        encodable.variable1 = EncodableColumn(variable1: 42)
        try database.insert(encodable, intoTable: "partialCodable")
        let decoded: DecodeOnly? = try database.getObject(fromTable: "partialCodable")
        XCTAssertEqual(decoded?.variable1.variable1, 42)
        XCTAssertEqual(try database.getValue(on: Column(named: "variable1"), fromTable: "partialCodable").type, .integer64)
    }

    // MARK: AdvanceTests: the handle's own statement

    func testHandleStatementReadsAndWrites() throws {
        let handle = try database.getHandle()
        try handle.prepare(StatementSelect().select(Column.all()).from(TestObject.name))
        XCTAssertTrue(try handle.step())
        XCTAssertEqual(handle.columnCount(), 2)
        XCTAssertEqual(handle.columnName(atIndex: 1), "variable2")
        XCTAssertEqual(handle.columnTableName(atIndex: 0), TestObject.name)
        XCTAssertEqual(handle.index(byName: "variable2"), 1)
        XCTAssertNil(handle.index(byName: "nonexistent"))
        XCTAssertEqual(handle.columnType(byName: "variable1"), .integer64)
        let variable1: Int32? = handle.value(atIndex: 0)
        XCTAssertEqual(variable1, 1)
        let variable2: String? = handle.value(byName: "variable2")
        XCTAssertEqual(variable2, "object1")
        let missing: Int32? = handle.value(byName: "nonexistent")
        XCTAssertNil(missing)
        let raw: Value = handle.value(atIndex: 1)
        XCTAssertEqual(raw.stringValue, "object1")
        let int32: Int32 = handle.columnValue(atIndex: 0)
        let string: String = handle.columnValue(atIndex: 1)
        XCTAssertEqual(int32, 1)
        XCTAssertEqual(string, "object1")
        XCTAssertEqual(handle.columnValue(atIndex: 0, of: Int64.self), 1)
        handle.finalize()

        let insert = StatementInsert().insert(intoTable: TestObject.name).values(BindParameter.bindParameters(2))
        try handle.prepare(insert)
        handle.bind(nil, toIndex: 1)
        handle.bind("object3", toIndex: 2)
        try handle.step()
        XCTAssertEqual(handle.lastInsertedRowID, 3)
        XCTAssertEqual(handle.changes, 1)
        handle.reset()
        let object4 = TestObject(4, "object4")
        try handle.bind([TestObject.Properties.variable1], of: object4)
        try handle.bind(TestObject.Properties.variable2, of: object4, toIndex: 2)
        try handle.step()
        handle.finalize()
        XCTAssertEqual(try all().suffix(2), [TestObject(3, "object3"), object4])
    }

    func testHandleBindsEveryPropertyOfAnObject() throws {
        let handle = try database.getHandle()
        let statement = StatementInsert().insert(intoTable: TestObject.name).columns(TestObject.Properties.all)
            .values(BindParameter.bindParameters(TestObject.Properties.all.count))
        let prepared = try handle.getOrCreatePreparedStatement(with: statement)
        prepared.reset()
        try prepared.bind(TestObject.Properties.all, of: TestObject(9, "nine"))
        XCTAssertFalse(try prepared.step())
        XCTAssertEqual(try database.getObject(fromTable: TestObject.name, where: TestObject.Properties.variable1 == 9), TestObject(9, "nine"))
    }

    func testRedirectAndCountProperty() throws {
        let counted: TestObject? = try database.getObject(on: TestObject.Properties.any.count().as(TestObject.Properties.variable1),
                                                          fromTable: TestObject.name)
        XCTAssertEqual(counted?.variable1, 2)
        let same: TestObject? = try database.getObject(on: TestObject.Properties.variable1.as(TestObject.Properties.variable1),
                                                       fromTable: TestObject.name)
        XCTAssertEqual(same?.variable1, 1)
        XCTAssertEqual(try database.getValue(on: TestObject.Properties.any.count(), fromTable: TestObject.name).int32Value, 2)
    }

    func testPausableTransactionClosureType() throws {
        var inserted = 0
        let transaction: TransactionInterface.PausableTransactionClosure = { handle, stop, isNewTransaction in
            XCTAssertTrue(handle.isInTransaction)
            inserted += 1
            try handle.exec(StatementInsert().insert(intoTable: TestObject.name).values(100 + inserted, "paused"))
            stop = inserted == 3
        }
        try database.run(pausableTransaction: transaction)
        XCTAssertEqual(try database.getValue(on: Column.all().count(), fromTable: TestObject.name).intValue, 5)
        try database.begin()
        XCTAssertTrue(database.isInTransaction)
        try database.commit()
    }
}

/// AdvanceCRUDTests' column types: one that only encodes, one that only decodes, through `Value`.
struct EncodableColumn: ColumnEncodable {
    static var columnType: ColumnType { .integer64 }
    func archivedValue() -> Value { Value(Int64(variable1)) }
    var variable1: Int = 0
}

struct DecodableColumn: ColumnDecodable {
    static var columnType: ColumnType { .integer64 }
    init?(with value: Value) { variable1 = Int(truncatingIfNeeded: value.int64Value) }
    init() {}
    var variable1: Int = 0
}

/// A model that is only written.
struct EncodeOnly: TableEncodable {
    var variable1: EncodableColumn = EncodableColumn()
}

/// A model that is only read (and creates the table).
struct DecodeOnly: TableDecodable {
    var variable1: DecodableColumn = DecodableColumn()
}

/// MultiSelectTests' second model.
final class Companion: TableCodable {
    static let name = "MultiSelectObject"
    // @PrimaryKey(autoIncrement: true)
    var variable1: Int = 0
    var variable2: String = ""
    init() {}
    init(variable1: Int, variable2: String) {
        self.variable1 = variable1
        self.variable2 = variable2
    }
}

/// A model of another shape, to check a chain call refuses it.
struct Plain: TableCodable {
    var id: Int = 0
}
