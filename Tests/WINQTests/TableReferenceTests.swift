import Foundation
import Testing
@testable import WCDBSwift

/// WCDB 2.x's names for tables and schemas: `QualifiedTable`, `Schema`, `TableOrSubquery(withTable:)`,
/// `as(alias:)`, `of(schema:)`, `master()`, function items, `ResultColumn`, `CommonTableExpression(_:)`.
/// Each prints what 2.x prints and reads or writes the rows it names.
@Suite struct TableReferenceTests {
    static let printed: [(any CustomStringConvertible & Sendable, String)] = [
        (QualifiedTable(with: "testTable"), "testTable"),
        (QualifiedTable(with: "testTable").of(schema: "testSchema"), "testSchema.testTable"),
        (QualifiedTable(with: "testTable").of(schema: "testSchema").as("testAlias"), "testSchema.testTable AS testAlias"),
        (QualifiedTable(with: "testTable").of(schema: "testSchema").indexed(by: "testIndex"), "testSchema.testTable INDEXED BY testIndex"),
        (QualifiedTable(with: "testTable").of(schema: "testSchema").notIndexed(), "testSchema.testTable NOT INDEXED"),
        (Schema.main, "main"),
        (Schema.temp, "temp"),
        (Schema(with: "testSchema"), "testSchema"),
        (TableOrSubquery(withTable: "testTable"), "testTable"),
        (TableOrSubquery(withTable: "testTable").of(schema: "testSchema"), "testSchema.testTable"),
        (TableOrSubquery(withTable: "testTable").indexed(by: "testIndex"), "testTable INDEXED BY testIndex"),
        (TableOrSubquery(withTable: "testTable").notIndexed(), "testTable NOT INDEXED"),
        (TableOrSubquery(withTable: "testTable").as(alias: "testAliasTable"), "testTable AS testAliasTable"),
        (TableOrSubquery.function("testFunction").of(schema: "testSchema"), "testSchema.testFunction()"),
        (TableOrSubquery.function("testFunction").arguments(1, 2), "testFunction(1, 2)"),
        (TableOrSubquery.function("testFunction").as(alias: "testAliasTable"), "testFunction() AS testAliasTable"),
        (TableOrSubquery(with: "testTable1", "testTable2"), "(testTable1, testTable2)"),
        (TableOrSubquery.master(), "sqlite_master"),
        (TableOrSubquery(with: Join(with: "testTable")), "(testTable)"),
        (TableOrSubquery(with: StatementSelect().select(1).from("testTable")).as(alias: "testAliasTable"),
         "(SELECT 1 FROM testTable) AS testAliasTable"),
        (ResultColumn(with: Column(named: "testColumn")).as("testResultColumn"), "testColumn AS testResultColumn"),
        (Column(named: "testColumn").asResultColumn(), "testColumn"),
        (CommonTableExpression("testTable").column(Column(named: "testColumn1")).as(StatementSelect().select(1)),
         "testTable(testColumn1) AS(SELECT 1)"),
        (Column(named: "c").in(table: "t").of(schema: Schema.temp), "temp.t.c"),
    ]

    @Test(arguments: 0..<printed.count)
    func printsAs2xDoes(_ index: Int) {
        let (value, sql) = Self.printed[index]
        #expect(value.description == sql)
    }

    @Test func readsThroughEach2xSpelling() throws {
        try withScratchDatabase { database in
            try database.exec("CREATE TABLE t(a INTEGER, b TEXT)")
            try database.exec("CREATE INDEX t_a ON t(a)")
            try database.exec("INSERT INTO t VALUES(1, 'x'), (2, 'y')")
            let a = Column(named: "a")
            func first(_ select: StatementSelect) throws -> [String] { try column(select.description, in: database) }
            #expect(try first(StatementSelect().select(a).from(TableOrSubquery(withTable: "t").of(schema: Schema.main)
                .indexed(by: "t_a").as(alias: "x")).order(by: a)) == ["1", "2"])
            #expect(try first(StatementSelect().select(Column(named: "name")).from(TableOrSubquery.master())
                .where(Column(named: "type") == "table")) == ["t"])
            #expect(try first(StatementSelect().select(Column.all().count()).from(TableOrSubquery(with: "t", TableOrSubquery(withTable: "t")
                .as(alias: "u")))) == ["4"])
            #expect(try first(StatementSelect().with(CommonTableExpression("c").column(Column(named: "n")).as(StatementSelect().select(7)))
                .select(ResultColumn(with: Column(named: "n")).as("m")).from("c")) == ["7"])
            #expect(try first(StatementSelect().select(Column(named: "a").in(table: "t").of(schema: "main")).from("t")
                .where(a == 2)) == ["2"])
        }
    }

    @Test func deletesAndUpdatesThroughAQualifiedTable() throws {
        try withScratchDatabase { database in
            try database.exec("CREATE TABLE t(a INTEGER)")
            try database.exec("CREATE INDEX t_a ON t(a)")
            try database.exec("INSERT INTO t VALUES(1), (2), (3)")
            let a = Column(named: "a")
            let delete = StatementDelete().delete(from: "t".asQualifiedTable().of(schema: "main").indexed(by: "t_a")).where(a == 1)
            #expect(delete.description == "DELETE FROM main.t INDEXED BY t_a WHERE a = 1")
            try database.exec(delete)
            let update = StatementUpdate().update(table: QualifiedTable(with: "t").of(schema: Schema.main).notIndexed())
                .set(a).to(20).where(a == 2)
            #expect(update.description == "UPDATE main.t NOT INDEXED SET a = 20 WHERE a = 2")
            try database.exec(update)
            #expect(try column("SELECT a FROM t ORDER BY a", in: database) == ["3", "20"])
            // An alias on UPDATE's or DELETE's table: not on SQLite 3.15.2.
            let aliased = StatementDelete().delete(from: QualifiedTable(with: "t").as("x")).where(Column(named: "a").in(table: "x") == 3)
            #expect(aliased.description == "DELETE FROM t AS x WHERE x.a = 3")
            try expectEngineDecides(aliased, .qualifiedTableAlias, in: database, then: { () throws in
                #expect(try column("SELECT a FROM t", in: database) == ["20"])
            }, unchanged: { () throws in #expect(try column("SELECT count(*) FROM t", in: database) == ["2"]) })
        }
    }
}
