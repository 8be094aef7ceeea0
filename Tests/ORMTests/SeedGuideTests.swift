import Foundation
import WCDBSwift
import XCTest

/// The Swift guide's code samples (1.1–1.5, 2.2) as tests, with the outputs the guide prints.
final class SeedGuideTests: DatabaseTestCase {
    /// The guide's 5-row matrix (1.3.4.3): identifiers 1…5, descriptions sample1 ×2, sample2 ×3.
    private func insertMatrix() throws {
        try database.create(table: "sampleTable", of: SampleObject.self)
        let objects = (1...5).map { index -> SampleObject in
            let object = SampleObject()
            object.identifier = index
            object.description = index <= 2 ? "sample1" : "sample2"
            return object
        }
        try database.insert(objects: objects, intoTable: "sampleTable")
    }

    // 1.1.3 / 1.3: insert, query, update, delete.
    func testQuickStartCRUD() throws {
        try database.create(table: "sampleTable", of: SampleObject.self)
        let object = SampleObject()
        object.identifier = 1
        object.description = "sample_insert"
        try database.insert(objects: object, intoTable: "sampleTable")
        let objects: [SampleObject] = try database.getObjects(fromTable: "sampleTable")
        XCTAssertEqual(objects.map(\.description), ["sample_insert"])

        let update = SampleObject()
        update.description = "sample_update"
        try database.update(table: "sampleTable", on: SampleObject.Properties.description, with: update,
                            where: SampleObject.Properties.identifier > 0)
        let updated: [SampleObject] = try database.getObjects(fromTable: "sampleTable")
        XCTAssertEqual(updated.map(\.description), ["sample_update"])

        try database.delete(fromTable: "sampleTable")
        let remaining: [SampleObject] = try database.getObjects(fromTable: "sampleTable")
        XCTAssertTrue(remaining.isEmpty)
    }

    // 1.2.3.1: auto-increment gives 1 then 2; a specific key is kept.
    func testAutoIncrementGivesOneThenTwo() throws {
        try database.create(table: "sampleTable", of: SampleObject.self)
        let autoIncrementObject = SampleObject()
        autoIncrementObject.isAutoIncrement = true
        try database.insert(objects: autoIncrementObject, intoTable: "sampleTable")
        XCTAssertEqual(autoIncrementObject.lastInsertedRowID, 1)
        try database.insert(objects: autoIncrementObject, intoTable: "sampleTable")
        XCTAssertEqual(autoIncrementObject.lastInsertedRowID, 2)

        let specificObject = SampleObject()
        specificObject.identifier = 10
        try database.insert(objects: specificObject, intoTable: "sampleTable")
        let identifiers = try database.getColumn(on: SampleObject.Properties.identifier, fromTable: "sampleTable")
        XCTAssertEqual(identifiers.map(\.int64Value), [1, 2, 10])
    }

    // Structs: the inout insert writes the new key back.
    func testStructAutoIncrementWritesTheKeyBack() throws {
        try database.create(table: "annotated", of: Annotated.self)
        var first = Annotated()
        try database.insert(&first, intoTable: "annotated")
        var second = Annotated()
        try database.insert(&second, intoTable: "annotated")
        XCTAssertEqual(first.localID, 1)
        XCTAssertEqual(second.localID, 2)
        var explicit = Annotated()
        explicit.localID = 40
        try database.insert(&explicit, intoTable: "annotated")
        XCTAssertEqual(explicit.localID, 40)
    }

    // 1.3.1: insert fails on a duplicate key; insertOrReplace replaces.
    func testInsertAndInsertOrReplace() throws {
        try database.create(table: "sampleTable", of: SampleObject.self)
        let object = SampleObject()
        object.identifier = 1
        object.description = "insert"
        try database.insert(objects: object, intoTable: "sampleTable")
        XCTAssertThrowsError(try database.insert(objects: object, intoTable: "sampleTable")) { error in
            XCTAssertEqual((error as? WCDBError)?.code, 19, "SQLITE_CONSTRAINT")
        }
        object.description = "insertOrReplace"
        try database.insertOrReplace(objects: object, intoTable: "sampleTable")
        let stored: SampleObject? = try database.getObject(fromTable: "sampleTable")
        XCTAssertEqual(stored?.description, "insertOrReplace")
    }

    // 1.3.1: a partial insert leaves the other columns to their default or NULL.
    func testPartialInsert() throws {
        try database.create(table: "sampleTable", of: SampleObject.self)
        let object = SampleObject()
        object.identifier = 1
        object.description = "insert"
        try database.insert(objects: object, on: SampleObject.Properties.identifier, intoTable: "sampleTable")
        let row = try database.getRow(fromTable: "sampleTable")
        XCTAssertEqual(row[0].int64Value, 1)
        XCTAssertEqual(row[1], .null)
    }

    // 1.3.2: delete with condition, order, limit and offset.
    func testDeleteWithOrderLimitAndOffset() throws {
        try insertMatrix()
        try database.delete(fromTable: "sampleTable", orderBy: [SampleObject.Properties.identifier.asOrder(by: .descending)], limit: 2)
        XCTAssertEqual(try database.getColumn(on: SampleObject.Properties.identifier, fromTable: "sampleTable").map(\.int64Value), [1, 2, 3])
        try database.delete(fromTable: "sampleTable", where: SampleObject.Properties.description.isNotNull(),
                            orderBy: [SampleObject.Properties.identifier.asOrder(by: .descending)], limit: 1, offset: 1)
        XCTAssertEqual(try database.getColumn(on: SampleObject.Properties.identifier, fromTable: "sampleTable").map(\.int64Value), [1, 3])
        try database.delete(fromTable: "sampleTable", where: SampleObject.Properties.identifier > 1)
        XCTAssertEqual(try database.getColumn(on: SampleObject.Properties.identifier, fromTable: "sampleTable").map(\.int64Value), [1])
    }

    // 1.3.3: update with an object and with a row, with a condition and with a limit.
    func testUpdateWithObjectAndWithRow() throws {
        try insertMatrix()
        let object = SampleObject()
        object.description = "update"
        try database.update(table: "sampleTable", on: SampleObject.Properties.description, with: object,
                            where: SampleObject.Properties.identifier > 1 && SampleObject.Properties.description.isNotNull())
        XCTAssertEqual(try database.getColumn(on: SampleObject.Properties.description, fromTable: "sampleTable").map(\.stringValue),
                       ["sample1", "update", "update", "update", "update"])
        let row: [ColumnCodableBase] = ["row"]
        try database.update(table: "sampleTable", on: SampleObject.Properties.description, with: row,
                            orderBy: [SampleObject.Properties.identifier.asOrder(by: .ascending)], limit: 3)
        XCTAssertEqual(try database.getColumn(on: SampleObject.Properties.description, fromTable: "sampleTable").map(\.stringValue),
                       ["row", "row", "row", "update", "update"])
    }

    // 1.3.4.1: object reads with conditions and order.
    func testGetObjects() throws {
        try insertMatrix()
        let objects: [SampleObject] = try database.getObjects(
            fromTable: "sampleTable",
            where: SampleObject.Properties.identifier < 2 || SampleObject.Properties.identifier > 4)
        XCTAssertEqual(objects.compactMap(\.identifier), [1, 5])
        let object: SampleObject? = try database.getObject(fromTable: "sampleTable",
                                                           orderBy: [SampleObject.Properties.identifier.asOrder(by: .descending)])
        XCTAssertEqual(object?.identifier, 5)
    }

    // 1.3.4.2: a partial select works for optionals and fails clearly for a required field.
    func testPartialSelect() throws {
        try insertMatrix()
        let partial: [SampleObject] = try database.getObjects(on: SampleObject.Properties.identifier, fromTable: "sampleTable")
        XCTAssertEqual(partial.compactMap(\.identifier), [1, 2, 3, 4, 5])
        XCTAssertTrue(partial.allSatisfy { $0.description == nil })

        XCTAssertThrowsError(try database.getObjects(on: PartialSample.Properties.identifier, fromTable: "sampleTable") as [PartialSample]) { error in
            let error = error as? WCDBError
            XCTAssertEqual(error?.level, .interface)
            XCTAssertTrue(error?.message?.contains("PartialSample.description") == true, "\(String(describing: error))")
        }
    }

    // 1.3.4.3: values, rows, columns, distinct.
    func testValueReads() throws {
        try insertMatrix()
        let allRows = try database.getRows(fromTable: "sampleTable")
        XCTAssertEqual(allRows[row: 2, column: 0].int32Value, 3)
        let secondRow = try database.getRow(fromTable: "sampleTable", offset: 1)
        XCTAssertEqual(secondRow[0].int32Value, 2)
        let descriptionColumn = try database.getColumn(on: SampleObject.Properties.description, fromTable: "sampleTable")
        XCTAssertEqual(descriptionColumn.map(\.stringValue), ["sample1", "sample1", "sample2", "sample2", "sample2"])
        let distinct = try database.getDistinctColumn(on: SampleObject.Properties.description, fromTable: "sampleTable")
        XCTAssertEqual(distinct.map(\.stringValue), ["sample1", "sample2"])
        let value = try database.getValue(on: SampleObject.Properties.description, fromTable: "sampleTable", offset: 1)
        XCTAssertEqual(value.stringValue, "sample1")
        let maxIdentifier = try database.getValue(on: SampleObject.Properties.identifier.max(), fromTable: "sampleTable")
        XCTAssertEqual(maxIdentifier.int64Value, 5)
        let distinctDescription = try database.getDistinctValue(on: SampleObject.Properties.description, fromTable: "sampleTable")
        XCTAssertEqual(distinctDescription.stringValue, "sample1")
    }

    // 1.4: Database, Table and Transaction share one tag.
    func testTagIsSharedByDatabaseTableAndTransaction() throws {
        try database.create(table: "sampleTable", of: SampleObject.self)
        database.tag = 1
        let alias = Database(withPath: database.path)
        XCTAssertEqual(alias.tag, 1)
        let table = try database.getTable(named: "sampleTable", of: SampleObject.self)
        XCTAssertEqual(table.tag, 1)
        let transaction = try database.getTransaction()
        XCTAssertEqual(transaction.tag, 1)
        database.tag = 2
        XCTAssertEqual(alias.tag, 2)
        XCTAssertEqual(table.tag, 2)
        XCTAssertEqual(transaction.tag, 2)
    }

    // 1.4.2: Table is a Database with the name and the model fixed. The guide writes `try` and says a
    // missing table is an error: getTable itself does not throw (WCDB 2.x), the first call on it does.
    func testTable() throws {
        let missing = database.getTable(named: "sampleTable", of: SampleObject.self)
        XCTAssertThrowsError(try missing.getObjects()) { error in
            XCTAssertTrue((error as? WCDBError)?.message?.contains("no such table") ?? false, "\(error)")
        }
        try insertMatrix()
        let table = try database.getTable(named: "sampleTable", of: SampleObject.self)
        XCTAssertEqual(try table.getObjects().count, 5)
        try table.delete(where: SampleObject.Properties.identifier > 3)
        XCTAssertEqual(try table.getObjects(orderBy: [SampleObject.Properties.identifier.asOrder(by: .descending)]).compactMap(\.identifier), [3, 2, 1])
    }

    // 1.4.3: transactions commit, roll back on error, and nest only when embedded.
    func testTransactions() throws {
        try database.create(table: "sampleTable", of: SampleObject.self)
        let object = SampleObject()
        object.isAutoIncrement = true
        try database.run(transaction: {
            try database.insert(objects: object, intoTable: "sampleTable")
            let objects: [SampleObject] = try database.getObjects(fromTable: "sampleTable")
            XCTAssertEqual(objects.count, 1, "reads inside the transaction see its writes")
        })
        struct Failure: Error {}
        XCTAssertThrowsError(try database.run(transaction: {
            try database.insert(objects: object, intoTable: "sampleTable")
            throw Failure()
        })) { XCTAssertTrue($0 is Failure, "the error is rethrown") }
        XCTAssertEqual(try database.getValue(on: SampleObject.Properties.any.count(), fromTable: "sampleTable").int64Value, 1,
                       "the failed transaction rolled back")

        try database.run(controllableTransaction: {
            try database.insert(objects: object, intoTable: "sampleTable")
            return false
        })
        XCTAssertEqual(try database.getValue(on: SampleObject.Properties.any.count(), fromTable: "sampleTable").int64Value, 1)

        // The guide (1.x) says plain transactions don't nest; WCDB 2.x nests them as savepoints, and so
        // do we (see TransactionNestingTests). The controllable form still refuses to nest.
        XCTAssertThrowsError(try database.run(transaction: {
            try database.run(controllableTransaction: { true })
        }), "controllable transactions don't nest")
        try database.run(transaction: {
            try database.run(embeddedTransaction: {
                try database.insert(objects: object, intoTable: "sampleTable")
            })
        })
        XCTAssertEqual(try database.getValue(on: SampleObject.Properties.any.count(), fromTable: "sampleTable").int64Value, 2)
    }

    // 1.5.5: a property selects and decodes one field.
    func testPropertyAndStatementSelect() throws {
        try insertMatrix()
        let property = SampleObject.Properties.identifier.asProperty()
        let objects: [SampleObject] = try database.getObjects(on: property, fromTable: "sampleTable")
        XCTAssertEqual(objects.count, 5)
        let statement = StatementSelect().select(SampleObject.Properties.identifier).from("sampleTable")
        XCTAssertEqual(statement.description, "SELECT identifier FROM sampleTable")
    }

    // 2.2: as-redirect decodes max(identifier) into identifier.
    func testAsRedirect() throws {
        try insertMatrix()
        let object: SampleObject? = try database.getObject(
            on: SampleObject.Properties.identifier.max().as(SampleObject.Properties.identifier), fromTable: "sampleTable")
        XCTAssertEqual(object?.identifier, 5)
    }

    // 2.2: chain calls.
    func testChainCalls() throws {
        try insertMatrix()
        let select = try database.prepareSelect(of: SampleObject.self, fromTable: "sampleTable")
            .where(SampleObject.Properties.identifier > 1)
            .order(by: SampleObject.Properties.identifier.asOrder(by: .descending))
            .limit(3)
        XCTAssertEqual(try select.nextObject()?.identifier, 5, "streams one row at a time")
        XCTAssertEqual(try select.allObjects().compactMap(\.identifier), [4, 3], "then the rest")
        XCTAssertNil(try select.nextObject())

        let rowSelect = try database.prepareRowSelect(on: SampleObject.Properties.description, fromTable: "sampleTable", isDistinct: true)
        XCTAssertEqual(try rowSelect.allValues().map(\.stringValue), ["sample1", "sample2"])

        let update = try database.prepareUpdate(table: "sampleTable", on: SampleObject.Properties.description)
            .where(SampleObject.Properties.identifier == 1)
        try update.execute(with: ["chained"] as [ColumnEncodable])
        XCTAssertEqual(update.changes, 1)

        let delete = try database.prepareDelete(fromTable: "sampleTable").where(SampleObject.Properties.identifier >= 4)
        try delete.execute()
        XCTAssertEqual(delete.changes, 2)

        let insert = try database.prepareInsert(of: SampleObject.self, intoTable: "sampleTable")
        let object = SampleObject()
        object.identifier = 9
        try insert.execute(with: object)
        XCTAssertEqual(try database.getColumn(on: SampleObject.Properties.identifier, fromTable: "sampleTable").map(\.int64Value), [1, 2, 3, 9])
    }

    // 2.2: multi-table select maps each table name to its object.
    func testMultiTableSelect() throws {
        try insertMatrix()
        try database.create(table: "owner", of: Owner.self)
        try database.insert(objects: [Owner(id: 1, name: "one"), Owner(id: 3, name: "three")], intoTable: "owner")
        let select = try database.prepareMultiSelect(
            on: [SampleObject.Properties.identifier.in(table: "sampleTable"), SampleObject.Properties.description.in(table: "sampleTable"),
                 Owner.Properties.id.in(table: "owner"), Owner.Properties.name.in(table: "owner")],
            fromTables: ["sampleTable", "owner"],
            where: SampleObject.Properties.identifier.in(table: "sampleTable") == Owner.Properties.id.in(table: "owner").asProperty())
        let results = try select.allMultiObjects()
        XCTAssertEqual(results.count, 2)
        XCTAssertEqual(results.compactMap { ($0["sampleTable"] as? SampleObject)?.identifier }, [1, 3])
        XCTAssertEqual(results.compactMap { ($0["owner"] as? Owner)?.name }, ["one", "three"])
    }

    // 1.2.2.1: every built-in type round-trips exactly.
    func testEveryColumnTypeRoundTrips() throws {
        try database.create(table: "types", of: AllTypes.self)
        var value = AllTypes()
        value.id = 1
        value.int8 = .min
        value.int16 = .max
        value.int32 = .min
        value.int64 = .max
        value.uint = .max
        value.uint8 = .max
        value.uint16 = .max
        value.uint32 = .max
        value.uint64 = .max
        value.flag = true
        value.float = 1.25
        value.double = .pi
        value.text = "héllo 'quoted' \u{1F600}\0nul"
        value.url = URL(string: "https://example.com/a?b=c")
        value.data = Data([0, 1, 2, 255])
        value.date = Date(timeIntervalSince1970: 1_700_000_000.125) // stored as WCDB does: seconds since 1970
        value.list = ["a", "b"]
        value.map = ["x": 1]
        value.set = [3, 1, 2]
        value.mood = .sad
        value.optionalMood = .happy
        try database.insert(objects: value, intoTable: "types")
        let read: AllTypes? = try database.getObject(fromTable: "types")
        let stored = try XCTUnwrap(read)
        XCTAssertEqual(stored.int8, value.int8)
        XCTAssertEqual(stored.int16, value.int16)
        XCTAssertEqual(stored.int32, value.int32)
        XCTAssertEqual(stored.int64, value.int64)
        XCTAssertEqual(stored.uint, value.uint)
        XCTAssertEqual(stored.uint8, value.uint8)
        XCTAssertEqual(stored.uint16, value.uint16)
        XCTAssertEqual(stored.uint32, value.uint32)
        XCTAssertEqual(stored.uint64, value.uint64)
        XCTAssertEqual(stored.flag, true)
        XCTAssertEqual(stored.float, 1.25)
        XCTAssertEqual(stored.double, .pi)
        XCTAssertEqual(stored.text, value.text)
        XCTAssertEqual(stored.url, value.url)
        XCTAssertEqual(stored.data, value.data)
        XCTAssertEqual(stored.date, value.date, "Date round-trips exactly")
        XCTAssertEqual(stored.list, ["a", "b"])
        XCTAssertEqual(stored.map, ["x": 1])
        XCTAssertEqual(stored.set, [1, 2, 3])
        XCTAssertEqual(stored.mood, .sad)
        XCTAssertEqual(stored.optionalMood, .happy)
        XCTAssertNil(stored.optionalText)
        // The enum is stored as its raw value, the list as JSON in a BLOB (as WCDB stores it).
        XCTAssertEqual(try database.getValue(on: AllTypes.Properties.mood, fromTable: "types").stringValue, "sad")
        XCTAssertEqual(try database.getValue(on: AllTypes.Properties.list, fromTable: "types"), .blob(Data("[\"a\",\"b\"]".utf8)))
    }
}
