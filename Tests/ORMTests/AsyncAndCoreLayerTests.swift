import Foundation
import WCDBSwift
import XCTest

final class AsyncAndCoreLayerTests: DatabaseTestCase {
    func testAsyncVariantsRoundTrip() async throws {
        let database: Database = database
        try await database.create(table: "owner", of: Owner.self)
        try await database.insert(objects: (1...10).map { Owner(id: Int64($0), name: "n\($0)") }, intoTable: "owner")
        let some: [Owner] = try await database.getObjects(fromTable: "owner", where: Owner.Properties.id > 7,
                                                          orderBy: [Owner.Properties.id.asOrder(by: .descending)])
        XCTAssertEqual(some.map(\.id), [10, 9, 8])
        try await database.update(table: "owner", on: [Owner.Properties.name.asProperty()], with: Owner(id: 0, name: "x"),
                                  where: Owner.Properties.id == 1)
        let first: Owner? = try await database.getObject(fromTable: "owner", where: Owner.Properties.id == 1)
        XCTAssertEqual(first?.name, "x")
        try await database.delete(fromTable: "owner", where: Owner.Properties.id > 5)
        let count = try await database.getValue(on: Owner.Properties.any.count().asColumnResult(), fromTable: "owner")
        XCTAssertEqual(count.int64Value, 5)
    }

    /// The async verbs take the blocking verbs' own parameters (typed properties, WINQ conditions, Int
    /// limits), so code moves between the two by adding or removing `await`.
    func testAsyncVerbsTakeTheBlockingVerbsParameters() async throws {
        let database: Database = database
        try await database.create(table: "owner", of: Owner.self)
        try await database.insert(objects: (1...6).map { Owner(id: Int64($0), name: "n\($0 % 2)") }, on: [Owner.Properties.id, Owner.Properties.name],
                                  intoTable: "owner")
        try await database.update(table: "owner", on: [Owner.Properties.name], with: Owner(id: 0, name: "y"),
                                  where: Owner.Properties.id >= 5, orderBy: [Owner.Properties.id], limit: 1)
        let rows = try await database.getRows(on: [Owner.Properties.id, Owner.Properties.name], fromTable: "owner",
                                              where: Owner.Properties.name == "y")
        XCTAssertEqual(rows.map { $0[0].int64Value }, [5])
        let column = try await database.getColumn(on: Owner.Properties.id, fromTable: "owner", where: Owner.Properties.name == "n1",
                                                  orderBy: [Owner.Properties.id.asOrder(by: .descending)], limit: 2, offset: 1)
        XCTAssertEqual(column.map(\.int64Value), [1])
        let row = try await database.getRow(on: [Owner.Properties.name], fromTable: "owner", where: Owner.Properties.id == 2)
        XCTAssertEqual(row.first?.stringValue, "n0")
        XCTAssertThrowsError(try database.prepare("SELECT 1; SELECT 2"))
        let table = database.getTable(named: "owner", of: Owner.self)
        let viaTable: [Owner] = try await table.getObjects(fromTable: "owner", where: Owner.Properties.id < 3, limit: 5)
        XCTAssertEqual(viaTable.map(\.id), [1, 2])
    }

    func testExecAndPrepareTakeWINQStatements() throws {
        try database.exec(StatementCreateTable().create(table: "kv").with(columns: ColumnDef(named: "k", and: .text), ColumnDef(named: "v", and: .integer64)))
        try database.exec(StatementInsert().insert(intoTable: "kv", with: Column(named: "k"), Column(named: "v")).values("a", 1).values("b", 2))
        let statement = try database.prepare(StatementSelect().select(Column(named: "v")).from("kv").where(Column(named: "k") == Expression.bindParameter))
        statement.bind(FundamentalValue.text("b"), toIndex: 1)
        XCTAssertTrue(try statement.step())
        XCTAssertEqual(statement.value(atIndex: 0).int64Value, 2)
        statement.finalize()
    }
}

final class TypedValueComparisonTests: DatabaseTestCase {
    func testDatesAndEnumsCompareAsStored() throws {
        try database.create(table: "types", of: AllTypes.self)
        var early = AllTypes()
        early.id = 1
        early.date = Date(timeIntervalSince1970: 1_000)
        early.mood = .sad
        var late = AllTypes()
        late.id = 2
        late.date = Date(timeIntervalSince1970: 2_000)
        late.optionalMood = .happy
        try database.insert(objects: [early, late], intoTable: "types")

        let after: [AllTypes] = try database.getObjects(fromTable: "types", where: AllTypes.Properties.date > Date(timeIntervalSince1970: 1_500))
        XCTAssertEqual(after.map(\.id), [2])
        let sad: [AllTypes] = try database.getObjects(fromTable: "types", where: AllTypes.Properties.mood == .sad)
        XCTAssertEqual(sad.map(\.id), [1])
        let happy: [AllTypes] = try database.getObjects(fromTable: "types", where: AllTypes.Properties.optionalMood == .happy)
        XCTAssertEqual(happy.map(\.id), [2])
    }
}

final class UpdateObjectsByKeyTests: DatabaseTestCase {
    func testUpdatesEachRowFoundByItsPrimaryKey() throws {
        try database.create(table: "owner", of: Owner.self)
        try database.insert(objects: (1...5).map { Owner(id: Int64($0), name: "n\($0)") }, intoTable: "owner")
        try database.update(objects: [Owner(id: 2, name: "two"), Owner(id: 4, name: "four"), Owner(id: 99, name: "absent")],
                            on: [Owner.Properties.name], inTable: "owner")
        let names = try database.getColumn(on: Owner.Properties.name, fromTable: "owner").map(\.stringValue)
        XCTAssertEqual(names, ["n1", "two", "n3", "four", "n5"])
        XCTAssertEqual(try database.getValue(on: Owner.Properties.any.count(), fromTable: "owner").int64Value, 5)
    }

    func testCompositeKeysAndAllColumnsByDefault() throws {
        try database.create(table: "pairing", of: Pairing.self)
        try database.insert(objects: [Pairing(groupID: 1, personID: 1, role: "a"), Pairing(groupID: 1, personID: 2, role: "b")], intoTable: "pairing")
        try database.update(objects: Pairing(groupID: 1, personID: 2, role: "admin"), inTable: "pairing")
        XCTAssertEqual(try database.getColumn(on: Pairing.Properties.role, fromTable: "pairing", orderBy: [Pairing.Properties.personID.asOrder(by: .ascending)]).map(\.stringValue),
                       ["a", "admin"])
    }

    func testModelsWithoutAKeyAreRefused() throws {
        try database.create(table: "v1", of: SampleV1.self)
        XCTAssertThrowsError(try database.update(objects: [SampleV1()], inTable: "v1")) { error in
            XCTAssertEqual((error as? WCDBError)?.level, .interface)
        }
    }
}
