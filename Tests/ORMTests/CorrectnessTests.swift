import Foundation
@testable import WCDBSwift
import WCDBTestSupport
import XCTest

/// Silent wrong results found by review and by WCDB's own tests: each of these failed before its fix.
final class CorrectnessTests: DatabaseTestCase {
    // MARK: Comparing with nil

    func testGuideDeleteWhereDescriptionIsNotNilDeletesThoseRows() throws {
        try database.create(table: "sampleTable", of: DefaultedPartialSample.self)
        try database.create(table: "nullable", of: AlwaysAutoIncrement.self)
        try database.insert(objects: [AlwaysAutoIncrement(text: "a"), AlwaysAutoIncrement(text: nil), AlwaysAutoIncrement(text: "c")],
                            intoTable: "nullable")
        try database.delete(fromTable: "nullable", where: AlwaysAutoIncrement.Properties.text != nil)
        let left: [AlwaysAutoIncrement] = try database.getObjects(fromTable: "nullable")
        XCTAssertEqual(left.map(\.text), [nil], "`!= nil` is IS NOT NULL")
        let missing: String? = nil
        let nils: [AlwaysAutoIncrement] = try database.getObjects(fromTable: "nullable", where: AlwaysAutoIncrement.Properties.text == missing)
        XCTAssertEqual(nils.count, 1, "an Optional holding nil compares as IS NULL")
    }

    /// A property whose Swift type is not optional: `!= nil` used to become Swift's `Bool` `true`
    /// (`WHERE 1`) and delete every row. Its column can hold NULL (written by SQL, another app, an older
    /// model), so the comparison is IS NOT NULL like any other.
    func testNilComparisonOfANonOptionalPropertyTestsTheColumn() throws {
        try database.create(table: "sampleTable", of: DefaultedPartialSample.self)
        try database.exec("INSERT INTO sampleTable(identifier, description) VALUES(1, 'kept'), (2, NULL), (3, 'also')")
        try database.delete(fromTable: "sampleTable", where: DefaultedPartialSample.Properties.description == nil)
        let left: [DefaultedPartialSample] = try database.getObjects(fromTable: "sampleTable")
        XCTAssertEqual(left.map(\.identifier), [1, 3], "only the NULL row went")
        let present: [DefaultedPartialSample] = try database.getObjects(fromTable: "sampleTable",
                                                                       where: DefaultedPartialSample.Properties.description != nil)
        XCTAssertEqual(present.count, 2)
    }

    /// The row-by-row update finds its SET list by the model's property indexes; a property made by hand
    /// without a model (its index means nothing) goes the general way, by name, and never indexes past
    /// the model's properties.
    func testUpdateOnAPropertyWithoutAModelGoesByName() throws {
        try database.create(table: "t", of: AlwaysAutoIncrement.self)
        try database.insert(objects: [AlwaysAutoIncrement(text: "a")], intoTable: "t")
        let handMade = Property(named: "text", index: 42, root: nil)
        try database.update(table: "t", on: handMade, with: AlwaysAutoIncrement(text: "b"),
                            where: AlwaysAutoIncrement.Properties.identifier == 1)
        // Property 42 of the model binds nothing: the column is set to NULL, by name.
        XCTAssertEqual(try database.getValue("SELECT typeof(text) FROM t").stringValue, "null")
    }

    // MARK: isAutoIncrement as WCDB defines it

    func testComputedIsAutoIncrementOnAKeyWithoutTheKeywordAssignsRowIDs() throws {
        try database.create(table: "t", of: AlwaysAutoIncrement.self)
        var first = AlwaysAutoIncrement(identifier: 7, text: "ignored key")
        try database.insert(&first, intoTable: "t")
        XCTAssertEqual(first.identifier, 1, "isAutoIncrement == true binds NULL, so SQLite assigns the rowid")
        var second = AlwaysAutoIncrement(text: "b")
        try database.insert(&second, intoTable: "t")
        XCTAssertEqual(second.identifier, 2)
        XCTAssertFalse(try strings("SELECT sql FROM sqlite_master WHERE name = 't'")[0].contains("AUTOINCREMENT"))
    }

    func testStoredFlagOnAClassWritesLastInsertedRowIDBack() throws {
        try database.create(table: "t", of: FlaggedSample.self)
        let specific = FlaggedSample()
        specific.identifier = 10
        try database.insert(objects: specific, intoTable: "t")
        let auto = FlaggedSample()
        auto.isAutoIncrement = true
        try database.insert(objects: auto, intoTable: "t")
        XCTAssertEqual(auto.lastInsertedRowID, 11)
        XCTAssertEqual(auto.identifier, 11)
        try database.insert(objects: auto, intoTable: "t")
        XCTAssertEqual(auto.lastInsertedRowID, 12, "as the guide prints: each auto-increment insert gets the next rowid")
    }

    func testFlagsInheritedFromASuperclassWork() throws {
        try database.create(table: "t", of: InheritingSample.self)
        let object = InheritingSample()
        object.text = "x"
        try database.insert(objects: object, intoTable: "t")
        XCTAssertEqual(object.identifier, 1)
        XCTAssertEqual(object.lastInsertedRowID, 1)
        XCTAssertTrue(try strings("SELECT sql FROM sqlite_master WHERE name = 't'")[0].contains("AUTOINCREMENT"))
    }

    // MARK: Models the generator must accept

    func testNestedModelUsesItsSiblingType() throws {
        try database.create(table: "nested", of: Outer.Nested.self)
        try database.insert(objects: Outer.Nested(id: 1, kind: .large, kinds: .small), intoTable: "nested")
        let read: Outer.Nested? = try database.getObject(fromTable: "nested", where: Outer.Nested.Properties.kind == .large)
        XCTAssertEqual(read?.kind, .large)
        XCTAssertEqual(read?.kinds, .small)
    }

    func testCodableModelWithColumnsNamedAllAndAny() throws {
        try database.create(table: "j", of: JSONAndTable.self)
        try database.insert(objects: JSONAndTable(id: 1, all: "every", any: 3), intoTable: "j")
        let read: JSONAndTable? = try database.getObject(fromTable: "j", where: JSONAndTable.Properties.all == "every")
        XCTAssertEqual(read?.any, 3)
        XCTAssertEqual(JSONAndTable.Properties.allProperties.count, 3)
        // The JSON side still has Swift's synthesized CodingKeys.
        let json = try JSONEncoder().encode(read)
        XCTAssertEqual(try JSONDecoder().decode(JSONAndTable.self, from: json).all, "every")
    }

    // MARK: Partial selects and NULL

    func testPartialSelectLeavingOutANonOptionalPropertyThrowsAsTheGuideSays() throws {
        try database.create(table: "sampleTable", of: DefaultedPartialSample.self)
        try database.insert(objects: DefaultedPartialSample(identifier: 1, description: "d"), intoTable: "sampleTable")
        XCTAssertThrowsError(try database.getObjects(on: DefaultedPartialSample.Properties.identifier, fromTable: "sampleTable") as [DefaultedPartialSample]) {
            XCTAssertTrue("\($0)".contains("DefaultedPartialSample.description was not selected"), "\($0)")
        }
        // Through a chain call too: the same rule everywhere.
        XCTAssertThrowsError(try database.prepareSelect(on: DefaultedPartialSample.Properties.identifier, fromTable: "sampleTable")
            .allObjects() as [DefaultedPartialSample])
        let withOptional: [DefaultedPartialSample] = try database.getObjects(on: DefaultedPartialSample.Properties.description, fromTable: "sampleTable")
        XCTAssertEqual(withOptional.first?.identifier, nil)
        XCTAssertEqual(withOptional.first?.description, "d")
    }

    func testNullInANonOptionalColumnReadsAsTheZeroValueAsInWCDB() throws {
        try database.create(table: "sampleTable", of: DefaultedPartialSample.self)
        try database.exec("INSERT INTO sampleTable(identifier, description) VALUES (1, NULL)")
        let read: DefaultedPartialSample? = try database.getObject(fromTable: "sampleTable")
        XCTAssertEqual(read?.description, "", "WCDB reads NULL as sqlite3_column_text does: empty")
    }

    // MARK: The planner sees expression shapes

    func testAnIndexOnAnExpressionWithAConstantIsUsed() throws {
        try database.create(table: "m", of: Measure.self)
        try database.exec("CREATE INDEX m_a_plus_one ON m(a + 1)")
        try database.insert(objects: (1...50).map { Measure(id: $0, a: $0) }, intoTable: "m")
        let condition = (Measure.Properties.a + 1) == 5
        let plans = Box<[String]>([])
        database.traceSQL { sql in plans.with { $0.append(sql) } }
        let found: [Measure] = try database.getObjects(fromTable: "m", where: condition)
        database.traceSQL(nil)
        XCTAssertEqual(found.map(\.id), [4])
        let sql = try XCTUnwrap(plans.with { $0.first { $0.hasPrefix("SELECT") } })
        XCTAssertTrue(sql.contains("(a + 1) = ?"), sql)
        let plan = try database.getRows("EXPLAIN QUERY PLAN " + sql.replacingOccurrences(of: "?", with: "5"))
        XCTAssertTrue(plan.contains { $0.last?.stringValue.contains("m_a_plus_one") ?? false }, "\(plan)")
    }
}

extension CorrectnessTests {
    /// Encode-only and decode-only models (WCDB 2.x's `TableEncodable` / `TableDecodable` alone) build
    /// and work against the same table.
    func testEncodeOnlyAndDecodeOnlyModels() throws {
        try database.create(table: "events", of: ReadOnlyEvent.self)
        var event = WriteOnlyEvent(payload: "p")
        try database.insert(&event, intoTable: "events")
        XCTAssertEqual(event.id, 1)
        let read: ReadOnlyEvent? = try database.getObject(fromTable: "events")
        XCTAssertEqual(read?.payload, "p")
    }
}

extension CorrectnessTests {
    /// WCDB 2.x adds a column the model declares when a read meets "no such column" (a table created
    /// by an older model); a column the model doesn't declare stays an error.
    func testReadsAddAColumnTheModelDeclaresButTheTableLacks() throws {
        try database.exec("CREATE TABLE owner(id INTEGER PRIMARY KEY)")
        try database.exec("INSERT INTO owner(id) VALUES (1)")
        let warnings = Box<[String]>([])
        database.traceError { error in if error.level == .warning { warnings.with { $0.append(error.description) } } }
        let owners: [Owner] = try database.getObjects(fromTable: "owner", where: Owner.Properties.name == "")
        XCTAssertEqual(owners.map(\.id), [], "the new column is NULL in old rows, so nothing equals ''")
        let all: [Owner] = try database.getObjects(fromTable: "owner")
        XCTAssertEqual(all.map(\.id), [1])
        XCTAssertEqual(try strings("PRAGMA table_info(owner)", column: 1), ["id", "name"])
        XCTAssertTrue(warnings.with { $0.contains { $0.contains("Auto add column") && $0.contains("Column: name") && $0.contains("Table: owner") } },
                      "\(warnings.with { $0 })")
        database.traceError(nil)
        XCTAssertThrowsError(try database.getObjects(fromTable: "owner", where: Column(named: "missing") == 1) as [Owner])
    }
}

extension CorrectnessTests {
    /// The row-by-row verbs find their statement by shape (table, properties, the condition's SQL):
    /// different shapes, tables and values must never share a statement wrongly.
    func testStatementsFoundByShapeKeepShapesTablesAndValuesApart() throws {
        try database.create(table: "a", of: Owner.self)
        try database.create(table: "b", of: Owner.self)
        try database.insert(objects: (1...5).map { Owner(id: Int64($0), name: "a\($0)") }, intoTable: "a")
        try database.insert(objects: (1...5).map { Owner(id: Int64($0), name: "b\($0)") }, intoTable: "b")
        for id in 1...5 {
            try database.update(table: "a", on: Owner.Properties.name, with: Owner(id: 0, name: "A\(id)"), where: Owner.Properties.id == id)
        }
        try database.update(table: "b", on: Owner.Properties.name, with: Owner(id: 0, name: "B"), where: Owner.Properties.id > 3)
        try database.update(table: "b", on: [Owner.Properties.id, Owner.Properties.name], with: Owner(id: 9, name: "nine"),
                            where: Owner.Properties.name == "b1")
        let a: [Owner] = try database.getObjects(fromTable: "a")
        XCTAssertEqual(a.map(\.name), ["A1", "A2", "A3", "A4", "A5"])
        let b: [Owner] = try database.getObjects(fromTable: "b", where: Owner.Properties.id >= 2)
        XCTAssertEqual(b.map(\.name), ["b2", "b3", "B", "B", "nine"])
        XCTAssertEqual((try database.getObject(fromTable: "a", where: Owner.Properties.id == 2) as Owner?)?.name, "A2")
        XCTAssertEqual((try database.getObject(fromTable: "b", where: Owner.Properties.id == 2) as Owner?)?.name, "b2")
        XCTAssertEqual((try database.getObject(fromTable: "b", where: Owner.Properties.name == "nine") as Owner?)?.id, 9)
        let none: [Owner] = try database.getObjects(fromTable: "a", where: Owner.Properties.id == 2 && Owner.Properties.name == "x")
        XCTAssertEqual(none.count, 0)
        let limited: [Owner] = try database.getObjects(fromTable: "a", where: Owner.Properties.id > 1, limit: 2)
        XCTAssertEqual(limited.map(\.id), [2, 3])
        let computedLimit: [Owner] = try database.getObjects(fromTable: "a", where: Owner.Properties.id > 1, limit: Expression(with: 1) + 2)
        XCTAssertEqual(computedLimit.map(\.id), [2, 3, 4], "a limit that is not a bare value is not taken for one")
    }
}
