import Foundation
import WCDBSwift
import XCTest

/// Statements prepared by hand on a handle or a database: bound, stepped, and read column by column;
/// a handle's prepared statements are cached.
final class PreparedStatementTests: DatabaseTestCase {
    func testHandleStatementReadsAndWrites() throws {
        try fillTestTable(with: [TestObject(1, "object1"), TestObject(2, "object2")])
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
        XCTAssertEqual(try storedTestObjects().suffix(2), [TestObject(3, "object3"), object4])
    }

    func testHandleBindsEveryPropertyOfAnObject() throws {
        try fillTestTable(with: [TestObject(1, "object1"), TestObject(2, "object2")])
        let handle = try database.getHandle()
        let statement = StatementInsert().insert(intoTable: TestObject.name).columns(TestObject.Properties.all)
            .values(BindParameter.bindParameters(TestObject.Properties.all.count))
        let prepared = try handle.getOrCreatePreparedStatement(with: statement)
        prepared.reset()
        try prepared.bind(TestObject.Properties.all, of: TestObject(9, "nine"))
        XCTAssertFalse(try prepared.step())
        XCTAssertEqual(try database.getObject(fromTable: TestObject.name, where: TestObject.Properties.variable1 == 9), TestObject(9, "nine"))
    }

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

    // 2.2.5: the core layer with `Column.any`.
    func testPreparedStatementStepsThroughTheRows() throws {
        try database.create(table: "sampleTable", of: Sample.self)
        try database.insert(objects: [Sample(identifier: 1, description: "one"), Sample(identifier: 2, description: nil)],
                            intoTable: "sampleTable")
        var read: [(Int?, String?)] = []
        // 1. 创建 Statement
        let statement = StatementSelect().select(Column.any).from("sampleTable")
        XCTAssertEqual(statement.description, "SELECT * FROM sampleTable")

        // 2. 创建 CoreStatement
        let coreStatement = try database.prepare(statement)

        // 3. 逐步执行 CoreStatment
        while try coreStatement.step() {
            // 4. 获取值
            let identifier: Int? = coreStatement.value(atIndex: 0)
            let description: String? = coreStatement.value(atIndex: 1)
            read.append((identifier, description))
        }
        // 5. 释放 CoreStatement。其 deinit 时也会自动释放
        coreStatement.finalize()
        XCTAssertEqual(read.map(\.0), [1, 2])
        XCTAssertEqual(read.map(\.1), ["one", nil])
    }
}
