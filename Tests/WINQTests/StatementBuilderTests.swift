import Foundation
import Testing
@testable import WCDBSwift

/// WCDB 2.x's statement spellings: `delete(from:)`, `create(trigger:)…of(columns:)`, `rollback(toSavepoint:)`,
/// `release(savepoint:)`, `detach(schema:)`, `vacuum(schema:)`, `analyze().schema(_:).table(_:)`,
/// `schema(_:)` on ALTER TABLE and PRAGMA, `using(module: .FTS4)`, `Upsert.set([Column])`,
/// `StatementSelect.value(_:)`. Each prints what 2.x prints and does what it says on a real database;
/// what the running engine lacks (RENAME COLUMN, UPSERT and FTS5 on SQLite 3.15.2) is refused by name.
@Suite struct StatementBuilderTests {
    /// 2.x's StatementCreateTriggerTests, case by case (its condition `1` and statements print the same here).
    static var triggers: [(StatementCreateTrigger, String)] {
        let update = StatementUpdate().update(table: "testTable").set(Column(named: "testColumn")).to(1)
        let select = StatementSelect().select(1)
        let insert = StatementInsert().insert(intoTable: "testTable").values(1)
        let delete = StatementDelete().delete(from: "testTable")
        let head = "CREATE TRIGGER testSchema.testTrigger BEFORE DELETE ON testTable FOR EACH ROW WHEN 1 BEGIN "
        func trigger() -> StatementCreateTrigger {
            StatementCreateTrigger().create(trigger: "testTrigger").of(schema: "testSchema")
        }
        return [
            (trigger().before().delete().on(table: "testTable").forEachRow().when(1).execute(update),
             head + "UPDATE testTable SET testColumn = 1; END"),
            (StatementCreateTrigger().create(trigger: "testTrigger", isTemp: true).before().delete().on(table: "testTable")
                .forEachRow().when(1).execute(update),
             "CREATE TEMP TRIGGER testTrigger BEFORE DELETE ON testTable FOR EACH ROW WHEN 1 BEGIN UPDATE testTable SET testColumn = 1; END"),
            (trigger().ifNotExists().before().insert().on(table: "testTable").forEachRow().when(1).execute(update),
             "CREATE TRIGGER IF NOT EXISTS testSchema.testTrigger BEFORE INSERT ON testTable FOR EACH ROW WHEN 1 BEGIN "
                + "UPDATE testTable SET testColumn = 1; END"),
            (trigger().insteadOf().delete().on(table: "testTable").forEachRow().when(1).execute(update),
             "CREATE TRIGGER testSchema.testTrigger INSTEAD OF DELETE ON testTable FOR EACH ROW WHEN 1 BEGIN "
                + "UPDATE testTable SET testColumn = 1; END"),
            (trigger().before().update().of(columns: Column(named: "testColumn1"), Column(named: "testColumn2")).on(table: "testTable")
                .execute(update),
             "CREATE TRIGGER testSchema.testTrigger BEFORE UPDATE OF testColumn1, testColumn2 ON testTable BEGIN "
                + "UPDATE testTable SET testColumn = 1; END"),
            (trigger().before().delete().on(table: "testTable").forEachRow().when(1).execute(update).execute(insert).execute(delete)
                .execute(select),
             head + "UPDATE testTable SET testColumn = 1; INSERT INTO testTable VALUES(1); DELETE FROM testTable; SELECT 1; END"),
        ]
    }

    @Test(arguments: 0..<triggers.count)
    func createTriggerPrintsAs2xDoes(_ index: Int) {
        let (trigger, sql) = Self.triggers[index]
        #expect(trigger.description == sql)
    }

    @Test func aTriggerBuiltIn2xStepsFires() throws {
        try withScratchDatabase { database in
            try database.exec("CREATE TABLE t(a INTEGER, b INTEGER)")
            try database.exec("CREATE TABLE log(a INTEGER)")
            let trigger = StatementCreateTrigger().create(trigger: "logged").of(schema: Schema.main).after().update()
                .of(columns: Column(named: "b")).on(table: "t").forEachRow().when(Column(named: "b").in(table: "NEW") > 10)
                .execute(StatementInsert().insert(intoTable: "log").values(Column(named: "a").in(table: "NEW")))
                .execute(StatementDelete().delete(from: "t").where(Column(named: "a") == 0))
            #expect(trigger.description == "CREATE TRIGGER main.logged AFTER UPDATE OF b ON t FOR EACH ROW WHEN NEW.b > 10 BEGIN "
                + "INSERT INTO log VALUES(NEW.a); DELETE FROM t WHERE a = 0; END")
            try database.exec(trigger)
            try database.exec("INSERT INTO t VALUES(0, 0), (1, 1), (2, 2)")
            try database.exec("UPDATE t SET b = 5 WHERE a = 1")  // WHEN is false: nothing logged
            try database.exec("UPDATE t SET b = 50 WHERE a = 2")
            #expect(try column("SELECT a FROM log", in: database) == ["2"])
            #expect(try column("SELECT a FROM t ORDER BY a", in: database) == ["1", "2"])
            // A body statement the engine lacks makes the trigger refused by name; where it has it, it fires.
            let upserting = StatementCreateTrigger().create(trigger: "u").after().insert().on(table: "t")
                .execute(StatementInsert().insert(intoTable: "log").values(1).upsert(Upsert().onConflict().doNothing()))
            try expectEngineDecides(upserting, .upsert, in: database, then: { () throws in
                try database.exec("INSERT INTO t VALUES(7, 7)")
                #expect(try column("SELECT a FROM log ORDER BY a", in: database) == ["1", "2"])
            }, unchanged: { () throws in
                #expect(try column("SELECT name FROM sqlite_master WHERE type = 'trigger'", in: database) == ["logged"])
            })
        }
    }

    @Test func savepointsWith2xSpellings() throws {
        #expect(StatementRollback().rollback(toSavepoint: "savepoint1").description == "ROLLBACK TO savepoint1")
        #expect(StatementRelease().release(savepoint: "savepoint1").description == "RELEASE savepoint1")
        #expect(StatementBegin().description == "BEGIN DEFERRED")
        try withScratchDatabase { database in
            try database.exec("CREATE TABLE t(a INTEGER)")
            try database.run(transaction: {
                try database.exec("INSERT INTO t VALUES(1)")
                try database.exec(StatementSavepoint().savepoint("s1"))
                try database.exec("INSERT INTO t VALUES(2)")
                try database.exec(StatementRollback().rollback(toSavepoint: "s1"))
                try database.exec(StatementRelease().release(savepoint: "s1"))
            })
            #expect(try column("SELECT a FROM t", in: database) == ["1"])
        }
    }

    @Test func attachedSchemasWith2xSpellings() throws {
        #expect(StatementDetach().detach(schema: "testSchema").description == "DETACH testSchema")
        #expect(StatementVacuum().vacuum(schema: "testSchema").description == "VACUUM testSchema")
        #expect(StatementVacuum().vacuum().description == "VACUUM")
        #expect(StatementAttach().attach("attach1").as("schema1").key("abc").description == "ATTACH 'attach1' AS schema1 KEY 'abc'")
        try withScratchDatabase { database in
            try database.withHandle(forWriting: true) { handle in
                try handle.exec(StatementAttach().attach(":memory:").as(Schema(with: "other")).key(""))
                try handle.exec("CREATE TABLE other.t(a INTEGER)")
                try handle.exec(StatementVacuum().vacuum(schema: Schema(with: "other")))
                try handle.exec(StatementDetach().detach(schema: Schema(with: "other")))
                #expect(throws: WCDBError.self) { try handle.exec("SELECT * FROM other.t") }
            }
        }
    }

    @Test func schemaQualifiedMaintenanceWith2xSpellings() throws {
        #expect(StatementAnalyze().analyze().description == "ANALYZE")
        #expect(StatementAnalyze().analyze().schema("testSchema").description == "ANALYZE testSchema")
        #expect(StatementAnalyze().analyze().schema("testSchema").table("testTable").description == "ANALYZE testSchema.testTable")
        #expect(StatementAnalyze().analyze().table("testTable").description == "ANALYZE testTable")
        #expect(StatementAnalyze().analyze().schema("testSchema").index("testIndex").description == "ANALYZE testSchema.testIndex")
        #expect(StatementAlterTable().alter(table: "table1").schema("testSchema").rename(to: "table2").description
            == "ALTER TABLE testSchema.table1 RENAME TO table2")
        #expect(StatementPragma().schema("testSchema").pragma(.secureDelete).to(true).description == "PRAGMA testSchema.secure_delete = 1")
        #expect(StatementPragma().schema("testSchema").pragma(.tableInfo).with("testTable").description
            == "PRAGMA testSchema.table_info('testTable')")
        try withScratchDatabase { database in
            try database.exec("CREATE TABLE t(a INTEGER)")
            try database.exec("CREATE INDEX t_a ON t(a)")
            try database.exec("INSERT INTO t VALUES(1), (2)")
            try database.exec(StatementAnalyze().analyze().schema(Schema.main).table("t"))
            #expect(try column("SELECT tbl FROM sqlite_stat1", in: database) == ["t"])
            try database.exec(StatementAlterTable().alter(table: "t").schema(Schema.main).rename(to: "u"))
            try database.exec(StatementPragma().schema(Schema.main).pragma(.userVersion).to(3))
            #expect(try column("PRAGMA main.user_version", in: database) == ["3"])
            #expect(try column("SELECT name FROM sqlite_master WHERE type = 'table' AND name != 'sqlite_stat1'", in: database) == ["u"])
            let rename = StatementAlterTable().alter(table: "u").rename(column: Column(named: "a"), to: Column(named: "b"))
            #expect(rename.description == "ALTER TABLE u RENAME COLUMN a TO b")
            try expectEngineDecides(rename, .renameColumn, in: database, then: { () throws in
                #expect(try column("SELECT b FROM u ORDER BY b", in: database) == ["1", "2"])
            })
        }
    }

    @Test func virtualTablesWith2xModuleNames() throws {
        let fts3 = StatementCreateVirtualTable().create(virtualTable: "virtualTable1").ifNotExists().using(module: .FTS3)
            .arguments("tokenize=\(BuiltinTokenizer.OneOrBinary)")
        #expect(fts3.description == "CREATE VIRTUAL TABLE IF NOT EXISTS virtualTable1 USING fts3(tokenize=WCDB)")
        let fts4 = StatementCreateVirtualTable().create(virtualTable: "v4").using(module: .FTS4).arguments("body")
        let fts5 = StatementCreateVirtualTable().create(virtualTable: "v5").using(module: .FTS5).arguments("body")
        #expect(fts5.description == "CREATE VIRTUAL TABLE v5 USING fts5(body)")
        try withScratchDatabase { database in
            database.add(tokenizer: BuiltinTokenizer.OneOrBinary)
            try database.exec(fts3)
            try database.exec(fts4)
            try database.exec("INSERT INTO v4(body) VALUES('hello world')")
            #expect(try column("SELECT body FROM v4 WHERE body MATCH 'hello'", in: database) == ["hello world"])
            try expectEngineDecides(fts5, .fts5, in: database, then: { () throws in
                try database.exec("INSERT INTO v5(body) VALUES('hello world')")
                #expect(try column("SELECT body FROM v5 WHERE v5 MATCH 'world'", in: database) == ["hello world"])
            })
        }
    }

    @Test func upsertsAndValuesAs2xChainsThem() throws {
        let columns = [Column(named: "testColumn2"), Column(named: "testColumn3")]
        let upsert = Upsert().onConflict().doUpdate().set(Column(named: "testColumn1")).to(2).set(columns).to(3)
        #expect(upsert.description == "ON CONFLICT DO UPDATE SET testColumn1 = 2, (testColumn2, testColumn3) = 3")
        let insert = StatementInsert().insert(intoTable: "t").columns(Column(named: "a"), Column(named: "b")).values(1, "value")
            .upsert(Upsert().doNothing())
        #expect(insert.description == "INSERT INTO t(a, b) VALUES(1, 'value') ON CONFLICT DO NOTHING")
        #expect(StatementSelect().value(1, 2).value(1, 2).description == "VALUES(1, 2), (1, 2)")
        #expect(StatementSelect().select(1, 2).unionAll().value(1, 2).description == "SELECT 1, 2 UNION ALL VALUES(1, 2)")
        try withScratchDatabase { database in
            try database.exec("CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT)")
            try expectEngineDecides(insert, .upsert, in: database, then: { () throws in
                try database.exec(insert)  // the second time, the conflict does nothing
                #expect(try column("SELECT b FROM t", in: database) == ["value"])
            }, unchanged: { () throws in #expect(try column("SELECT count(*) FROM t", in: database) == ["0"]) })
            #expect(try database.getRows(StatementSelect().value(1, 2).value(3, 4).description).map { $0[1].int64Value } == [2, 4])
        }
    }
}
