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
