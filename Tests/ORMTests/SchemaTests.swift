import Foundation
import WCDBSwift
import XCTest

/// Models using each annotation create the expected schema in a real database, checked through
/// `sqlite_master` and the schema PRAGMAs rather than by comparing our own SQL with itself.
final class SchemaTests: DatabaseTestCase {
    func testColumnsTypesAndConstraints() throws {
        try database.create(table: "owner", of: Owner.self)
        try database.create(table: "annotated", of: Annotated.self)

        // PRAGMA table_info: cid, name, type, notnull, dflt_value, pk
        let info = try rows("PRAGMA table_info(annotated)")
        XCTAssertEqual(info.map { $0[1].stringValue },
                       ["localID", "text", "createTime", "modifiedTime", "kind", "title", "ownerID", "ratio"],
                       "column names follow declaration order, @Column renames, @Ignore leaves draft out")
        XCTAssertEqual(info.map { $0[2].stringValue }, ["INTEGER", "TEXT", "REAL", "REAL", "INTEGER", "TEXT", "INTEGER", "REAL"])
        XCTAssertEqual(info.map { $0[3].int64Value }, [0, 1, 0, 0, 0, 0, 0, 0], "only text is NOT NULL")
        XCTAssertEqual(info[1][4].stringValue, "''", "@Default(\"\")")
        XCTAssertEqual(info[7][4].stringValue, "1.5", "@Default(1.5)")
        XCTAssertEqual(info.map { $0[5].int64Value }, [1, 0, 0, 0, 0, 0, 0, 0], "localID is the primary key")

        let sql = try strings("SELECT sql FROM sqlite_master WHERE name = 'annotated'").first ?? ""
        XCTAssertTrue(sql.contains("AUTOINCREMENT"), sql)
        XCTAssertTrue(sql.contains("UNIQUE ON CONFLICT REPLACE"), sql)
        XCTAssertTrue(sql.contains("COLLATE NOCASE"), sql)
        XCTAssertTrue(sql.contains("CHECK"), sql)
        // AUTOINCREMENT makes SQLite keep sqlite_sequence.
        XCTAssertEqual(try strings("SELECT name FROM sqlite_master WHERE name = 'sqlite_sequence'"), ["sqlite_sequence"])
    }

    func testIndexesAreNamedTableNamePlusSuffixWithTheirOrder() throws {
        try database.create(table: "annotated", of: Annotated.self)
        // PRAGMA index_list: seq, name, unique, origin, partial
        let indexes = try rows("PRAGMA index_list(annotated)").filter { $0[3].stringValue == "c" }
        XCTAssertEqual(Set(indexes.map { $0[1].stringValue }), ["annotated_createTime", "annotated_multi"])
        XCTAssertEqual(indexes.first { $0[1].stringValue == "annotated_multi" }?[2].int64Value, 1, "unique: true")
        XCTAssertEqual(indexes.first { $0[1].stringValue == "annotated_createTime" }?[2].int64Value, 0)

        // PRAGMA index_xinfo: seqno, cid, name, desc, coll, key
        let multi = try rows("PRAGMA index_xinfo(annotated_multi)").filter { $0[5].int64Value == 1 }
        XCTAssertEqual(multi.map { $0[2].stringValue }, ["modifiedTime", "kind"], "one index over both properties, in declaration order")
        XCTAssertEqual(multi.map { $0[3].int64Value }, [0, 1], "kind is descending")
        let createTime = try rows("PRAGMA index_xinfo(annotated_createTime)").filter { $0[5].int64Value == 1 }
        XCTAssertEqual(createTime.map { $0[3].int64Value }, [1])
    }

    func testForeignKey() throws {
        try database.create(table: "annotated", of: Annotated.self)
        // PRAGMA foreign_key_list: id, seq, table, from, to, on_update, on_delete, match
        let keys = try rows("PRAGMA foreign_key_list(annotated)")
        XCTAssertEqual(keys.count, 1)
        XCTAssertEqual(keys.first.map { [$0[2], $0[3], $0[4], $0[5], $0[6]].map(\.stringValue) },
                       ["owner", "ownerID", "id", "SET NULL", "CASCADE"])
    }

    func testCompositeKeysTableCheckAndWithoutRowID() throws {
        try database.create(table: "pairing", of: Pairing.self)
        let info = try rows("PRAGMA table_info(pairing)")
        XCTAssertEqual(info.map { $0[5].int64Value }, [1, 2, 0], "groupID then personID form the primary key")
        let sql = try strings("SELECT sql FROM sqlite_master WHERE name = 'pairing'").first ?? ""
        XCTAssertTrue(sql.hasSuffix("WITHOUT ROWID"), sql)
        XCTAssertTrue(sql.contains("CONSTRAINT pk PRIMARY KEY(groupID, personID DESC)"), sql)
        XCTAssertTrue(sql.contains("CONSTRAINT person UNIQUE(personID, role ASC)"), sql)
        // The table check is enforced by SQLite.
        XCTAssertThrowsError(try database.insert(objects: Pairing(groupID: 1, personID: 0, role: "x"), intoTable: "pairing"))
        XCTAssertNoThrow(try database.insert(objects: Pairing(groupID: 1, personID: 5, role: "x"), intoTable: "pairing"))
        // The composite unique constraint is enforced too.
        XCTAssertThrowsError(try database.insert(objects: Pairing(groupID: 2, personID: 5, role: "x"), intoTable: "pairing"))
    }

    func testColumnCheckIsEnforced() throws {
        try database.create(table: "annotated", of: Annotated.self)
        var bad = Annotated()
        bad.title = "forbidden"
        XCTAssertThrowsError(try database.insert(objects: bad, intoTable: "annotated")) { error in
            XCTAssertEqual((error as? WCDBError)?.code, 19, "SQLITE_CONSTRAINT")
        }
        XCTAssertEqual(try database.getValue(on: Annotated.Properties.any.count(), fromTable: "annotated").int64Value, 0)
    }

    func testVirtualTableUsesFTS4() throws {
        try database.create(table: "notes", of: Note.self)
        let sql = try strings("SELECT sql FROM sqlite_master WHERE name = 'notes'").first ?? ""
        XCTAssertTrue(sql.uppercased().contains("USING FTS4"), sql)
        try database.insert(objects: [Note(body: "The quick brown foxes jumped"), Note(body: "lazy dogs")], intoTable: "notes")
        // porter stems "jumping" to "jump", so the match proves the tokenizer was applied.
        let matches: [Note] = try database.getObjects(fromTable: "notes", where: Note.Properties.body.match("jumping"))
        XCTAssertEqual(matches.map(\.body), ["The quick brown foxes jumped"])
    }
}

extension SchemaTests {
    private func schemaSQL(_ name: String) throws -> String? {
        let master: Master? = try database.getObject(fromTable: Master.builtinTableName, where: Master.Properties.name == name)
        return master?.sql
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

    func testTablesFromModelsAndFromColumnDefinitions() throws {
        try database.create(table: "IndexObject", of: IndexObject.self)
        XCTAssertEqual(try schemaSQL("IndexObject_index"), "CREATE INDEX IndexObject_index ON IndexObject(variable)")
        try database.drop(index: "IndexObject_index")
        XCTAssertNil(try schemaSQL("IndexObject_index"))

        try database.create(table: "ConstraintObject", of: ConstraintObject.self)
        XCTAssertTrue(try schemaSQL("ConstraintObject")?.contains("UNIQUE(variable1, variable2)") ?? false)
        try database.drop(table: "ConstraintObject")
        XCTAssertNil(try schemaSQL("ConstraintObject"))

        // Without a model: definitions and constraints, then a column added.
        let constraint = TableConstraint(named: "BaselineConstraint").check(BaselineObject.Properties.anInt32 > 0)
        let def1 = BaselineObject.Properties.anInt32.asDef(with: .integer32)
        let def2 = BaselineObject.Properties.anInt64.asDef(with: .integer64)
        try database.create(table: "Manual", with: def1, def2, and: [constraint])
        try database.addColumn(with: Column(named: "newColumn").asDef(with: .integer32), forTable: "Manual")
        let sql = try XCTUnwrap(try schemaSQL("Manual"))
        XCTAssertTrue(sql.contains("anInt32 INTEGER") && sql.contains("anInt64 INTEGER") && sql.contains("newColumn INTEGER"), sql)
        XCTAssertTrue(sql.contains("CONSTRAINT BaselineConstraint CHECK"), sql)
        XCTAssertThrowsError(try database.exec(StatementInsert().insert(intoTable: "Manual").columns(Column(named: "anInt32")).values(-1)),
                             "the CHECK holds")
        XCTAssertThrowsError(try database.create(table: "Empty", with: [ColumnDef]()), "a table needs a column")

        try database.create(table: "BaselineObject", of: BaselineObject.self)
        try database.create(index: "BaselineObject_index", with: BaselineObject.Properties.aString.asIndex(),
                            BaselineObject.Properties.aDouble.asIndex(), forTable: "BaselineObject")
        XCTAssertEqual(try schemaSQL("BaselineObject_index"), "CREATE INDEX BaselineObject_index ON BaselineObject(aString, aDouble)")

        var expected = Master()
        expected.sql = try schemaSQL("BaselineObject")
        XCTAssertTrue(expected.sql?.contains("anInt32 INTEGER PRIMARY KEY ASC AUTOINCREMENT") ?? false, expected.sql ?? "")
    }

    func testIndexAndTableConstraintBindings() throws {
        try database.create(table: "UniqueIndexObject", of: UniqueIndexObject.self)
        XCTAssertEqual(try schemaSQL("UniqueIndexObject_index"), "CREATE UNIQUE INDEX UniqueIndexObject_index ON UniqueIndexObject(variable1, variable2)")
        try database.create(table: "MultiPrimaryConflict", of: MultiPrimaryConflict.self)
        let sql = try XCTUnwrap(try schemaSQL("MultiPrimaryConflict"))
        XCTAssertTrue(sql.contains("PRIMARY KEY(variable1, variable2) ON CONFLICT REPLACE"), sql)
        try database.insert(MultiPrimaryConflict(variable1: 1, variable2: 1, payload: "a"), intoTable: "MultiPrimaryConflict")
        try database.insert(MultiPrimaryConflict(variable1: 1, variable2: 1, payload: "b"), intoTable: "MultiPrimaryConflict")
        XCTAssertEqual(try database.getColumn(on: MultiPrimaryConflict.Properties.payload, fromTable: "MultiPrimaryConflict"), ["b"])

        try database.create(table: "CheckedObject", of: CheckedObject.self)
        XCTAssertThrowsError(try database.insert(CheckedObject(variable1: 1), intoTable: "CheckedObject")) { error in
            XCTAssertEqual((error as? WCDBError)?.code, .Constraint)
            XCTAssertEqual((error as? WCDBError)?.extendedCode, .ConstraintCheck)
        }
    }
}
