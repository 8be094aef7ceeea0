import Foundation
import Testing
import WCDBSwift
import WCDBTestSupport

/// The guide's `Sample` (1.3), Equatable so that a read compares with what was written.
struct UnannotatedSample: TableCodable, Equatable {
    // @PrimaryKey
    var identifier: Int? = nil
    var description: String? = nil
}

/// The guide's `SampleMulti` (2.2.3).
struct UnannotatedSampleMulti: TableCodable, Equatable {
    // @PrimaryKey
    var identifier: Int? = nil
    var description: String? = nil
}

/// The calls a WCDB user writes — the seeds' 1.x spellings and WCDB 2.x's — written as they write them:
/// no type annotation on a `let`, no `as`. Adding a name must never make one of them ambiguous or pick
/// another overload than the one meant; each result is read back, so a wrong pick fails here, and one that
/// no longer compiles fails the build.
///
/// A model read from a `Database` (`getObjects`, `getObject`) is generic in its result in 1.x and 2.x
/// alike: the guide says it needs a type (1.3.4.1). Users give it by comparing (`== expected`) or by
/// returning it from a function, as here; a `Table`, a typed chain call and `of:` forms need none.
@Suite struct UnannotatedCallsTests {
    private struct Failure: Error {}

    private static func sample(_ identifier: Int, _ description: String?) -> UnannotatedSample {
        UnannotatedSample(identifier: identifier, description: description)
    }

    // MARK: 1.x (the seeds' guide)

    /// 1.3.1–1.3.4.1: insert, insertOrReplace, getObjects/getObject, update with an object or a row, delete.
    @Test func objectCallsOfTheGuide() throws {
        let scratch = try ScratchDatabase.withSampleTable()
        let database = scratch.database
        typealias P = UnannotatedSample.Properties
        let object = Self.sample(1, "insert")
        try database.insert(objects: object, intoTable: "sampleTable")
        #expect(throws: WCDBError.self) { try database.insert(objects: object, intoTable: "sampleTable") }
        let replacing = Self.sample(1, "insertOrReplace")
        try database.insertOrReplace(objects: replacing, intoTable: "sampleTable")
        let objects = (2...6).map { Self.sample($0, "sample\($0)") }
        try database.insert(objects: objects, intoTable: "sampleTable")
        try database.insert(objects: Self.sample(7, "seven"), Self.sample(8, "eight"), intoTable: "sampleTable")
        let partial = Self.sample(9, "not written")
        try database.insert(objects: partial, on: P.identifier, intoTable: "sampleTable")
        #expect(try scratch.all().map(\.identifier) == Array(1...9))

        #expect(try database.getObjects(fromTable: "sampleTable", where: P.identifier == 9) == [Self.sample(9, nil)])
        #expect(try database.getObjects(fromTable: "sampleTable", where: P.identifier < 3 || P.identifier > 8,
                                        orderBy: [P.identifier.asOrder(by: .descending)], limit: 2)
            == [Self.sample(9, nil), Self.sample(2, "sample2")])
        #expect(try database.getObject(fromTable: "sampleTable") == replacing)
        #expect(try database.getObject(fromTable: "sampleTable", orderBy: [P.identifier.asOrder(by: .descending)])
            == Self.sample(9, nil))

        let update = Self.sample(0, "update")
        try database.update(table: "sampleTable", on: P.description, with: update, where: P.identifier > 7)
        #expect(try scratch.all().suffix(2).map(\.description) == ["update", "update"])
        try database.update(table: "sampleTable", on: P.description, with: update, limit: 1)
        #expect(try scratch.all()[0].description == "update")
        // "with row" (1.3.3), the row written without a type: one value per property, not one JSON array.
        let row = ["row"]
        try database.update(table: "sampleTable", on: P.description, with: row, where: P.identifier == 2)
        try database.update(table: "sampleTable", on: P.description, with: ["literal row"], where: P.identifier == 3)
        try database.update(table: "sampleTable", on: [P.description], with: row, where: P.identifier == 4)
        #expect(try scratch.all()[1...3].map(\.description) == ["row", "literal row", "row"])

        try database.delete(fromTable: "sampleTable", where: P.identifier > 7)
        try database.delete(fromTable: "sampleTable", orderBy: [P.identifier.asOrder(by: .descending)], limit: 2)
        #expect(try scratch.all().map(\.identifier) == [1, 2, 3, 4, 5])
        try database.delete(fromTable: "sampleTable", where: P.description.isNotNull(),
                            orderBy: [P.identifier.asOrder(by: .descending)], limit: 2, offset: 3)
        #expect(try scratch.all().map(\.identifier) == [3, 4, 5])
        try database.delete(fromTable: "sampleTable")
        #expect(try scratch.all() == [])
    }

    /// 1.3.4.3: the value reads, on the guide's five rows.
    @Test func valueReadsOfTheGuide() throws {
        let scratch = try ScratchDatabase.withSampleTable()
        let database = scratch.database
        typealias P = UnannotatedSample.Properties
        try database.insert(objects: [Self.sample(1, "sample1"), Self.sample(2, "sample1"), Self.sample(3, "sample2"),
                                      Self.sample(4, "sample2"), Self.sample(5, "sample2")], intoTable: "sampleTable")

        let allRows = try database.getRows(fromTable: "sampleTable")
        #expect(allRows[row: 2, column: 0].int32Value == 3)
        #expect(allRows.count == 5 && allRows[4][1].stringValue == "sample2")
        let secondRow = try database.getRow(fromTable: "sampleTable", offset: 1)
        #expect(secondRow[0].int32Value == 2)
        let descriptionColumn = try database.getColumn(on: P.description, fromTable: "sampleTable")
        #expect(descriptionColumn.map(\.stringValue) == ["sample1", "sample1", "sample2", "sample2", "sample2"])
        let distinctDescriptionColumn = try database.getDistinctColumn(on: P.description, fromTable: "sampleTable")
        #expect(distinctDescriptionColumn.map(\.stringValue) == ["sample1", "sample2"])
        let value = try database.getValue(on: P.description, fromTable: "sampleTable", offset: 2)
        #expect(value.stringValue == "sample2")
        let maxIdentifier = try database.getValue(on: P.identifier.max(), fromTable: "sampleTable")
        #expect(maxIdentifier.int64Value == 5)
        let distinctDescription = try database.getDistinctValue(on: P.description, fromTable: "sampleTable")
        #expect(distinctDescription.stringValue == "sample1")
        let rows = try database.getRows(on: P.identifier, P.description, fromTable: "sampleTable", where: P.identifier > 3)
        #expect(rows.map { $0[0].int64Value } == [4, 5])
    }

    /// 1.4.2–1.4.3: a table's own calls, and the three transactions and a Transaction object.
    @Test func tablesAndTransactions() throws {
        let scratch = try ScratchDatabase.withSampleTable()
        let database = scratch.database
        typealias P = UnannotatedSample.Properties
        let table = database.getTable(named: "sampleTable", of: UnannotatedSample.self)
        try table.insert(objects: Self.sample(1, "one"), Self.sample(2, "two"))
        try table.insert(objects: [Self.sample(3, "three")])
        try table.insertOrReplace(objects: Self.sample(1, "uno"))
        let objectsFromTable = try table.getObjects()
        #expect(objectsFromTable.map(\.description) == ["uno", "two", "three"])
        let two = try table.getObject(where: P.identifier == 2)
        #expect(two == Self.sample(2, "two"))
        try table.update(on: P.description, with: Self.sample(0, "dos"), where: P.identifier == 2)
        let row = ["tres"]
        try table.update(on: P.description, with: row, where: P.identifier == 3)
        #expect(try table.getValue(on: P.description, where: P.identifier == 3).stringValue == "tres")
        try table.update(on: [P.description], with: row, where: P.identifier == 1)
        #expect(try table.getValue(on: P.description, where: P.identifier == 1).stringValue == "tres")
        try table.update(on: P.description, with: "uno", where: P.identifier == 1)
        try table.delete(where: P.identifier == 3)
        #expect(try table.getColumn(on: P.description).map(\.stringValue) == ["uno", "dos"])
        #expect(try table.getValue(on: P.identifier.count()).int64Value == 2)
        #expect(try table.getRows().count == 2)

        try database.run(transaction: {
            try database.insert(objects: Self.sample(4, "four"), intoTable: "sampleTable")
            let objects = try table.getObjects(where: P.identifier == 4)
            #expect(objects.count == 1)
        })
        #expect(throws: Failure.self) {
            try database.run(transaction: {
                try database.run(embeddedTransaction: {
                    try database.insert(objects: Self.sample(5, "five"), intoTable: "sampleTable")
                })
                throw Failure()
            })
        }
        try database.run(controllableTransaction: {
            try database.insert(objects: Self.sample(6, "six"), intoTable: "sampleTable")
            return false
        })
        try table.run(transaction: {
            try table.insert(objects: Self.sample(7, "seven"))
        })
        let transaction = try database.getTransaction()
        try transaction.run(transaction: {
            #expect(transaction.isInTransaction)
            try transaction.insert(objects: Self.sample(8, "eight"), intoTable: "sampleTable")
        })
        #expect(!transaction.isInTransaction)
        #expect(try scratch.all().map(\.identifier) == [1, 2, 4, 7, 8])
    }

    /// 2.2.1–2.2.3: every prepared chain call, and the streaming loop on a typed and an untyped select.
    @Test func chainCallsAndTheStreamingLoop() throws {
        let scratch = try ScratchDatabase.withSampleTable()
        let database = scratch.database
        typealias P = UnannotatedSample.Properties
        let insert = try database.prepareInsert(of: UnannotatedSample.self, intoTable: "sampleTable")
        try insert.execute(with: (1...5).map { Self.sample($0, "s\($0)") })
        try insert.execute(with: Self.sample(6, "s6"))
        let partialInsert = try database.prepareInsert(on: P.identifier, intoTable: "sampleTable")
        try partialInsert.execute(with: Self.sample(7, "not written"))
        #expect(try scratch.all().map(\.description).last == .some(nil))

        // Typed: the select knows its model, so `object` is a sample.
        let select = try database.prepareSelect(of: UnannotatedSample.self, fromTable: "sampleTable")
            .where(P.identifier > 1).limit(from: 2, to: 3)
        var identifiers: [Int?] = []
        while let object = try select.nextObject() {
            identifiers.append(object.identifier)
        }
        #expect(identifiers == [4, 5, 6])
        let objects = try database.prepareSelect(of: UnannotatedSample.self, fromTable: "sampleTable")
            .where(P.identifier > 1).limit(from: 2, to: 3).allObjects()
        #expect(objects.map(\.description) == ["s4", "s5", "s6"])

        // Untyped (WCDB 2.x's `Select`): on properties, the loop gives `Any`s, the `of:` form samples.
        let untyped = try database.prepareSelect(on: P.identifier, P.description, fromTable: "sampleTable")
            .where(P.identifier <= 2)
        var anys: [Any] = []
        while let object = try untyped.nextObject() {
            anys.append(object)
        }
        #expect(anys.count == 2 && anys.allSatisfy { $0 is UnannotatedSample })
        let named = try database.prepareSelect(on: P.description, fromTable: "sampleTable").where(P.identifier >= 6)
        var descriptions: [String?] = []
        while let object = try named.nextObject(of: UnannotatedSample.self) {
            descriptions.append(object.description)
        }
        #expect(descriptions == ["s6", nil])

        let update = try database.prepareUpdate(table: "sampleTable", on: P.description).where(P.identifier == 7)
        try update.execute(with: Self.sample(0, "seven"))
        #expect(update.changes == 1)
        let rowUpdate = try database.prepareUpdate(table: "sampleTable", on: P.description).where(P.identifier == 6)
        let row = ["six"]
        try rowUpdate.execute(with: row)
        let delete = try database.prepareDelete(fromTable: "sampleTable").where(P.identifier <= 3)
        try delete.execute()
        #expect(delete.changes == 3)

        let rowSelect = try database.prepareRowSelect(on: P.identifier, P.description, fromTable: "sampleTable")
            .where(P.identifier > 4)
        var rows: [String] = []
        while let row = try rowSelect.nextRow() {
            rows.append("\(row[0].int64Value):\(row[1].stringValue)")
        }
        #expect(rows == ["5:s5", "6:six", "7:seven"])

        try database.create(table: "sampleTableMulti", of: UnannotatedSampleMulti.self)
        try database.insert(objects: UnannotatedSampleMulti(identifier: 5, description: "multi5"), intoTable: "sampleTableMulti")
        let tables = ["sampleTable", "sampleTableMulti"]
        typealias M = UnannotatedSampleMulti.Properties
        let multiSelect = try database.prepareMultiSelect(
            on: P.identifier.in(table: "sampleTable"), P.description.in(table: "sampleTable"),
            M.identifier.in(table: "sampleTableMulti"), M.description.in(table: "sampleTableMulti"),
            fromTables: tables,
            where: P.identifier.in(table: "sampleTable") == M.identifier.in(table: "sampleTableMulti"))
        var multiObjects: [[String: any TableDecodable]] = []
        while let multiObject = try multiSelect.nextMultiObject() {
            multiObjects.append(multiObject)
        }
        #expect(multiObjects.count == 1)
        #expect(multiObjects.first?["sampleTable"] is UnannotatedSample)
        #expect(multiObjects.first?["sampleTableMulti"] is UnannotatedSampleMulti)
        let pairs = try database.prepareMultiSelect(on: P.all.in(table: "sampleTable") + M.all.in(table: "sampleTableMulti"),
                                                    fromTables: tables, where: P.identifier.in(table: "sampleTable") == 5)
            .allObjects(of: UnannotatedSample.self, UnannotatedSampleMulti.self)
        #expect(pairs.count == 1 && pairs[0].0 == Self.sample(5, "s5") && pairs[0].1.description == "multi5")
    }

    /// 2.2.5 and 1.5.8: the core layer's statement, stepped and read by index, and `exec`.
    @Test func coreLayerStatementsAndExec() throws {
        let scratch = try ScratchDatabase.withSampleTable()
        let database = scratch.database
        try database.insert(objects: [Self.sample(1, "a"), Self.sample(2, "b")], intoTable: "sampleTable")
        let statement = StatementSelect().select(Column.any).from("sampleTable")
        let coreStatement = try database.prepare(statement)
        var read: [String] = []
        while try coreStatement.step() {
            let identifier = coreStatement.value(atIndex: 0)
            let description = coreStatement.value(atIndex: 1)
            read.append("\(identifier.int64Value)\(description.stringValue)")
        }
        coreStatement.finalize()
        #expect(read == ["1a", "2b"])
        let typed = try database.prepare("SELECT description FROM sampleTable WHERE identifier = 2")
        #expect(try typed.step())
        let description = typed.value(atIndex: 0, of: String.self)
        #expect(description == "b")
        typed.finalize()

        try database.exec(StatementDelete().delete(fromTable: "sampleTable").where(UnannotatedSample.Properties.identifier == 1))
        try database.exec("UPDATE sampleTable SET description = 'exec'")
        #expect(try scratch.all() == [Self.sample(2, "exec")])
    }

    // MARK: 2.x

    /// 2.x's one-line calls: objects without a label, insertOrReplace/insertOrIgnore, 2.x's order spelling.
    @Test func wcdb2xOneLineCalls() throws {
        let scratch = try ScratchDatabase.withSampleTable()
        let database = scratch.database
        typealias P = UnannotatedSample.Properties
        let object = Self.sample(1, "one")
        try database.insert(object, intoTable: "sampleTable")
        try database.insert([Self.sample(2, "two"), Self.sample(3, "three")], intoTable: "sampleTable")
        try database.insert(Self.sample(4, "four"), Self.sample(5, "five"), intoTable: "sampleTable")
        try database.insertOrReplace(Self.sample(1, "replaced"), intoTable: "sampleTable")
        try database.insertOrReplace([Self.sample(2, "replaced")], intoTable: "sampleTable")
        try database.insertOrIgnore(Self.sample(3, "ignored"), intoTable: "sampleTable")
        try database.insertOrIgnore([Self.sample(4, "ignored"), Self.sample(6, "six")], intoTable: "sampleTable")
        try database.insert(Self.sample(7, "partial"), on: [P.identifier], intoTable: "sampleTable")
        #expect(try scratch.all().map(\.description) == ["replaced", "replaced", "three", "four", "five", "six", nil])

        #expect(try database.getObjects(on: P.identifier, P.description, fromTable: "sampleTable", where: P.identifier > 1,
                                        orderBy: [P.identifier.order(.descending)], limit: 2, offset: 1)
            == [Self.sample(6, "six"), Self.sample(5, "five")])
        #expect(try database.getObjects(on: [P.identifier], fromTable: "sampleTable", where: P.identifier == 1)
            == [Self.sample(1, nil)])
        #expect(try database.getObject(fromTable: "sampleTable", where: P.identifier == 3) == Self.sample(3, "three"))

        // 2.x's update with values listed, and with one row of values held in a constant.
        try database.update(table: "sampleTable", on: P.description, with: "4", where: P.identifier == 4)
        let row = ["5"]
        try database.update(table: "sampleTable", on: P.description, with: row, where: P.identifier == 5)
        #expect(try database.getColumn(on: P.description, fromTable: "sampleTable", where: P.identifier == 4 || P.identifier == 5)
            .map(\.stringValue) == ["4", "5"])
        try database.update(table: "sampleTable", on: P.description, with: "four", where: P.identifier == 4)
        try database.update(table: "sampleTable", on: [P.description], with: "five", where: P.identifier == 5)

        let count = try database.getValue(on: Column.all().count(), fromTable: "sampleTable")
        #expect(count.int64Value == 7 && count.intValue == 7)
        let column = try database.getColumn(on: P.identifier, fromTable: "sampleTable", where: P.identifier >= 6,
                                            orderBy: [P.identifier.order(.ascending)])
        #expect(column.map(\.intValue) == [6, 7])
        let rows = try database.getRows(from: StatementSelect().select(P.identifier).from("sampleTable").where(P.identifier < 3))
        #expect(rows.map { $0[0].intValue } == [1, 2])
        let value = try database.getValue(from: StatementSelect().select(P.description).from("sampleTable").where(P.identifier == 5))
        #expect(value?.stringValue == "five")

        let table = database.getTable(named: "sampleTable", of: UnannotatedSample.self)
        try table.insert(Self.sample(8, "eight"))
        try table.insert([Self.sample(9, "nine")])
        try table.insertOrReplace(Self.sample(9, "nueve"))
        try table.insertOrIgnore(Self.sample(9, "ignored"))
        let fromTable = try table.getObjects(where: P.identifier >= 8)
        #expect(fromTable == [Self.sample(8, "eight"), Self.sample(9, "nueve")])
        let partial = try table.getObjects(on: P.identifier, where: P.identifier == 8)
        #expect(partial == [Self.sample(8, nil)])
        #expect(try table.getValue(on: Column.all().count()).int64Value == 9)
    }

    /// 2.x's own handle: `getHandle()`, then the verbs and a chain call on it.
    @Test func wcdb2xHandleCalls() throws {
        let scratch = try ScratchDatabase.withSampleTable()
        let database = scratch.database
        typealias P = UnannotatedSample.Properties
        let handle = try database.getHandle()
        defer { handle.close() }
        try handle.insert(Self.sample(1, "one"), intoTable: "sampleTable")
        try handle.insert([Self.sample(2, "two"), Self.sample(3, "three")], intoTable: "sampleTable")
        let rows = try handle.getRows(fromTable: "sampleTable", where: P.identifier >= 2)
        #expect(rows.map { $0[1].stringValue } == ["two", "three"])
        let statementRows = try handle.getRows(from: StatementSelect().select(P.identifier).from("sampleTable"))
        #expect(statementRows.count == 3)
        let select = try handle.prepareSelect(of: UnannotatedSample.self, fromTable: "sampleTable").where(P.identifier != 2)
        var objects: [UnannotatedSample] = []
        while let object = try select.nextObject() {
            objects.append(object)
        }
        #expect(objects == [Self.sample(1, "one"), Self.sample(3, "three")])
        #expect(try handle.getObjects(fromTable: "sampleTable", where: P.identifier == 2) == [Self.sample(2, "two")])

        try handle.prepare(StatementSelect().select(Column.all()).from("sampleTable").where(P.identifier == 3))
        #expect(try handle.step())
        let description = handle.value(atIndex: 1)
        #expect(description.stringValue == "three")
        handle.finalize()
        #expect(try scratch.all().count == 3, "the handle's writes are the database's")

        try database.run(transaction: { handle in
            try handle.insert(Self.sample(4, "four"), intoTable: "sampleTable")
        })
        #expect(try scratch.all().last == Self.sample(4, "four"))
    }

    // MARK: Async

    /// In async code `try await` picks the async forms: `run(transaction:)` runs its closure off the
    /// awaiting Task (the blocking form would run it in the Task) and a cancelled Task does not run it.
    @Test func awaitedCallsAreTheAsyncForms() async throws {
        let scratch = try ScratchDatabase.withSampleTable()
        let database = scratch.database
        typealias P = UnannotatedSample.Properties
        try await database.insert(objects: [Self.sample(1, "one"), Self.sample(2, "two")], intoTable: "sampleTable")
        #expect(try await database.getObjects(fromTable: "sampleTable", where: P.identifier == 2) == [Self.sample(2, "two")])
        #expect(try await database.getObject(fromTable: "sampleTable", orderBy: [P.identifier.order(.descending)])
            == Self.sample(2, "two"))
        let count = try await database.getValue(on: P.identifier.count(), fromTable: "sampleTable")
        #expect(count.int64Value == 2)
        let column = try await database.getColumn(on: P.description, fromTable: "sampleTable")
        #expect(column.map(\.stringValue) == ["one", "two"])

        let ranInTask = Box(false)
        try await database.run(transaction: {
            if withUnsafeCurrentTask(body: { $0 != nil }) { ranInTask.with { $0 = true } }
            try database.insert(objects: Self.sample(3, "three"), intoTable: "sampleTable")
        })
        #expect(!ranInTask.get)
        try await database.run(transaction: { handle in
            if withUnsafeCurrentTask(body: { $0 != nil }) { ranInTask.with { $0 = true } }
            try handle.insert(Self.sample(4, "four"), intoTable: "sampleTable")
        })
        #expect(!ranInTask.get)
        try await database.run(embeddedTransaction: {
            try database.insert(objects: Self.sample(5, "five"), intoTable: "sampleTable")
        })
        #expect(try scratch.all().map(\.identifier) == [1, 2, 3, 4, 5])

        let ran = Box(false)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await database.run(transaction: {
                ran.with { $0 = true }
                try database.insert(objects: Self.sample(6, "six"), intoTable: "sampleTable")
            })
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(!ran.get)
        #expect(try scratch.all().count == 5)
    }
}

private extension ScratchDatabase {
    /// A scratch database with an empty `sampleTable` of `UnannotatedSample`s.
    static func withSampleTable() throws -> ScratchDatabase {
        let scratch = ScratchDatabase("unannotated")
        try scratch.database.create(table: "sampleTable", of: UnannotatedSample.self)
        return scratch
    }

    /// Every sample, by identifier: the model's type comes from the return type.
    func all() throws -> [UnannotatedSample] {
        try database.getObjects(fromTable: "sampleTable",
                                orderBy: [UnannotatedSample.Properties.identifier.asOrder(by: .ascending)])
    }
}
