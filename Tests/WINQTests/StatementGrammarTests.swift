import Foundation
@testable import WCDBSwift
import XCTest

/// The rest of the grammar: compound SELECT, WITH, joins, subqueries; schema statements; attach,
/// maintenance, explain; and syntax newer than SQLite 3.15.2, which SQLite prepares where it has it.
final class StatementGrammarTests: XCTestCase {
    let identifier = Column(named: "identifier")
    let nameColumn = Column(named: "name")

    func testCompoundSelect() {
        let select = StatementSelect().select(identifier).from("sampleTable")
            .union().select(identifier).from("other")
            .unionAll().select(identifier).from("ids")
            .intersect().select(identifier).from("other")
            .except().select(1)
            .order(by: identifier).limit(5)
        XCTAssertEqual(select.description, "SELECT identifier FROM sampleTable UNION SELECT identifier FROM other "
            + "UNION ALL SELECT identifier FROM ids INTERSECT SELECT identifier FROM other EXCEPT SELECT 1 "
            + "ORDER BY identifier LIMIT 5")
        assertAccepted(select, setup: sampleSchema)
        let values = StatementSelect().values(1, "a").values(2, "b")
        XCTAssertEqual(values.description, "VALUES(1, 'a'), (2, 'b')")
        assertAccepted(values)
    }

    func testWithClause() {
        let n = Column(named: "n")
        let counter = CommonTableExpression(named: "counter").column(n).as(
            StatementSelect().select(1).unionAll().select(n + 1).from("counter").where(n < 10))
        let select = StatementSelect().with(recursive: true, counter).select(n.sum()).from("counter")
        XCTAssertEqual(select.description, "WITH RECURSIVE counter(n) AS(SELECT 1 UNION ALL SELECT n + 1 FROM counter "
            + "WHERE n < 10) SELECT SUM(n) FROM counter")
        assertAccepted(select)
        XCTAssertEqual(try TestDatabase().query(select.description).first?.first as? Int64, 55)
        let plain = CommonTableExpression(named: "big").as(StatementSelect().select(identifier).from("other"))
        let delete = StatementDelete().with(plain).delete(fromTable: "other").where(identifier.in(
            StatementSelect().select(identifier).from("big")))
        XCTAssertEqual(delete.description, "WITH big AS(SELECT identifier FROM other) DELETE FROM other WHERE "
            + "identifier IN (SELECT identifier FROM big)")
        assertAccepted(delete, setup: sampleSchema)
        let insert = StatementInsert().with(plain).insert(intoTable: "ids").values(
            StatementSelect().select(identifier).from("big"))
        assertAccepted(insert, setup: sampleSchema)
        let update = StatementUpdate().with(plain).update(table: "ids").set(identifier).to(0)
        XCTAssertEqual(update.description, "WITH big AS(SELECT identifier FROM other) UPDATE ids SET identifier = 0")
        assertAccepted(update, setup: sampleSchema)
    }

    func testJoins() {
        let s = Column(named: "identifier").in(table: "s")
        let o = Column(named: "identifier").in(table: "o")
        let sample = TableOrSubquery(table: "sampleTable").as("s")
        let other = TableOrSubquery(table: "other").as("o")
        let joins: [(Join, String)] = [
            (Join(with: sample).join(other).on(s == o), "sampleTable AS s JOIN other AS o ON s.identifier = o.identifier"),
            (Join(with: sample).leftJoin(other).on(s == o), "sampleTable AS s LEFT JOIN other AS o ON s.identifier = o.identifier"),
            (Join(with: sample).leftOuterJoin(other).using(identifier), "sampleTable AS s LEFT OUTER JOIN other AS o USING(identifier)"),
            (Join(with: sample).innerJoin(other).using(identifier), "sampleTable AS s INNER JOIN other AS o USING(identifier)"),
            (Join(with: sample).crossJoin(other), "sampleTable AS s CROSS JOIN other AS o"),
            (Join(with: sample).naturalJoin(other), "sampleTable AS s NATURAL JOIN other AS o"),
            (Join(with: sample).naturalLeftJoin(other), "sampleTable AS s NATURAL LEFT JOIN other AS o"),
            (Join(with: sample).naturalLeftOuterJoin(other), "sampleTable AS s NATURAL LEFT OUTER JOIN other AS o"),
            (Join(with: sample).naturalInnerJoin(other), "sampleTable AS s NATURAL INNER JOIN other AS o"),
            (Join(with: sample).naturalCrossJoin(other), "sampleTable AS s NATURAL CROSS JOIN other AS o"),
            (Join(with: sample).with(other), "sampleTable AS s, other AS o"),
        ]
        for (join, sql) in joins {
            XCTAssertEqual(join.description, sql)
            let select = StatementSelect().select(s).from(join)
            XCTAssertEqual(select.description, "SELECT s.identifier FROM " + sql)
            assertAccepted(select, setup: sampleSchema)
        }
        let nested = StatementSelect().select(Column.all).from(TableOrSubquery(with: Join(with: "other").join("ids").using(identifier)))
        XCTAssertEqual(nested.description, "SELECT * FROM (other JOIN ids USING(identifier))")
        assertAccepted(nested, setup: sampleSchema)
    }

    func testTablesAndSubqueriesInFrom() {
        let subquery = StatementSelect().select(identifier).from("other")
        let select = StatementSelect().select(Column.all).from(TableOrSubquery(with: subquery).as("sub"),
                                                                TableOrSubquery(table: "sampleTable", schema: "main"))
        XCTAssertEqual(select.description, "SELECT * FROM (SELECT identifier FROM other) AS sub, main.sampleTable")
        assertAccepted(select, setup: sampleSchema)
        XCTAssertEqual(StatementSelect().select(Column.all).from(subquery).description,
                       "SELECT * FROM (SELECT identifier FROM other)")
        let indexed = StatementSelect().select(nameColumn).from(TableOrSubquery(table: "other").indexed(by: "byName"))
        XCTAssertEqual(indexed.description, "SELECT name FROM other INDEXED BY byName")
        assertAccepted(indexed, setup: sampleSchema + "CREATE INDEX byName ON other(name);")
        let notIndexed = StatementSelect().select(nameColumn).from(TableOrSubquery(table: "other").notIndexed())
        XCTAssertEqual(notIndexed.description, "SELECT name FROM other NOT INDEXED")
        assertAccepted(notIndexed, setup: sampleSchema)
        let function = StatementSelect().select(Column(named: "value")).from(TableOrSubquery.function("json_each", "[1]"))
        XCTAssertEqual(function.description, "SELECT value FROM json_each('[1]')")
        // SQLite 3.15.2 has no table-valued function built in (no JSON1, pragma_* came in 3.16): it parses
        // the syntax and then finds no such table, rather than reporting a syntax error.
        if Engine.current.supports(.json) {
            assertAccepted(function)
        } else {
            XCTAssertEqual(assertRejected(function), "no such table: json_each")
        }
    }

    func testCreateView() {
        let view = StatementCreateView().create(view: "names").temp().ifNotExists().with(columns: nameColumn)
            .as(StatementSelect().select(nameColumn).from("other"))
        XCTAssertEqual(view.description, "CREATE TEMP VIEW IF NOT EXISTS names(name) AS SELECT name FROM other")
        assertAccepted(view, setup: sampleSchema)
    }

    func testCreateTrigger() {
        let trigger = StatementCreateTrigger().createTrigger("audit").ifNotExists().after().updateOf(nameColumn)
            .on(table: "other").forEachRow().when(Column(named: "name").in(table: "new").isNotNull())
            .execute(StatementInsert().insert(intoTable: "ids").values(Column(named: "identifier").in(table: "new")))
            .execute(StatementSelect().select(Expression.raise(.ignore)))
        XCTAssertEqual(trigger.description, "CREATE TRIGGER IF NOT EXISTS audit AFTER UPDATE OF name ON other FOR EACH ROW "
            + "WHEN new.name IS NOT NULL BEGIN INSERT INTO ids VALUES(new.identifier); SELECT RAISE(IGNORE); END")
        assertAccepted(trigger, setup: sampleSchema)
        let before = StatementCreateTrigger().createTrigger("guard").temp().before().delete().on(table: "other")
            .execute(StatementSelect().select(Expression.raise(.abort, message: "no")))
        XCTAssertEqual(before.description, "CREATE TEMP TRIGGER guard BEFORE DELETE ON other BEGIN SELECT RAISE(ABORT, 'no'); END")
        assertAccepted(before, setup: sampleSchema)
        let insteadOf = StatementCreateTrigger().createTrigger("redirect").insteadOf().insert().on(table: "v")
            .execute(StatementDelete().delete(fromTable: "other"))
        XCTAssertEqual(insteadOf.description, "CREATE TRIGGER redirect INSTEAD OF INSERT ON v BEGIN DELETE FROM other; END")
        assertAccepted(insteadOf, setup: sampleSchema + "CREATE VIEW v AS SELECT 1;")
        let update = StatementCreateTrigger().createTrigger("u").update().on(table: "other")
            .execute(StatementUpdate().update(table: "ids").set(identifier).to(1))
        assertAccepted(update, setup: sampleSchema)
    }

    func testCreateVirtualTable() {
        let fts = StatementCreateVirtualTable().create(virtualTable: "mail").ifNotExists().using(module: "fts4")
            .arguments("subject", "body", "tokenize=porter")
        XCTAssertEqual(fts.description, "CREATE VIRTUAL TABLE IF NOT EXISTS mail USING fts4(subject, body, tokenize=porter)")
        assertAccepted(fts)
        let columns = StatementCreateVirtualTable().create(virtualTable: "notes").using(module: "fts3")
            .arguments([ColumnDef(named: "select")])
        XCTAssertEqual(columns.description, "CREATE VIRTUAL TABLE notes USING fts3(\"select\")")
        assertAccepted(columns)
    }

    func testAlterTable() {
        let rename = StatementAlterTable().alter(table: "other").rename(to: "renamed")
        XCTAssertEqual(rename.description, "ALTER TABLE other RENAME TO renamed")
        assertAccepted(rename, setup: sampleSchema)
        let add = StatementAlterTable().alter(table: "other").of(schema: "main")
            .addColumn(with: ColumnDef(named: "age", and: .integer32).makeDefault(to: 0))
        XCTAssertEqual(add.description, "ALTER TABLE main.other ADD COLUMN age INTEGER DEFAULT 0")
        assertAccepted(add, setup: sampleSchema)
    }

    func testAttachWithKeyAndDetach() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("winq-attach-\(UUID().uuidString).db").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let attach = StatementAttach().attach(path).as("secret").key("pa'ss")
        XCTAssertEqual(attach.description, "ATTACH '\(path)' AS secret KEY 'pa''ss'")
        let detach = StatementDetach().detach("secret")
        XCTAssertEqual(detach.description, "DETACH secret")
        let database = TestDatabase()
        XCTAssertNil(database.exec(attach.description))
        XCTAssertNil(database.exec("CREATE TABLE secret.t(a); INSERT INTO secret.t VALUES(1);"))
        XCTAssertNil(database.exec(detach.description))
        // The file is encrypted: attaching it without the key fails, with the key it reads back.
        let plain = TestDatabase()
        plain.exec(StatementAttach().attach(path).as("s").key("").description)
        XCTAssertNotNil(plain.exec("SELECT * FROM s.t"))
        let keyed = TestDatabase()
        XCTAssertNil(keyed.exec(StatementAttach().attach(path).as("s").key("pa'ss").description))
        XCTAssertEqual(try keyed.query("SELECT a FROM s.t").first?.first as? Int64, 1)
    }

    func testMaintenance() {
        let setup = sampleSchema + "CREATE INDEX byName ON other(name);"
        let statements: [(Statement, String)] = [
            (StatementVacuum().vacuum(), "VACUUM"),
            (StatementVacuum().vacuum("main"), "VACUUM main"),
            (StatementReindex().reindex(), "REINDEX"),
            (StatementReindex().reindex(collation: "NOCASE"), "REINDEX NOCASE"),
            (StatementReindex().reindex(table: "other").of(schema: "main"), "REINDEX main.other"),
            (StatementReindex().reindex(index: "byName"), "REINDEX byName"),
            (StatementAnalyze().analyze(), "ANALYZE"),
            (StatementAnalyze().analyze(schema: "main"), "ANALYZE main"),
            (StatementAnalyze().analyze(table: "other"), "ANALYZE other"),
            (StatementAnalyze().analyze(index: "byName").of(schema: "main"), "ANALYZE main.byName"),
        ]
        for (statement, sql) in statements {
            XCTAssertEqual(statement.description, sql)
            assertAccepted(statement, setup: setup)
        }
    }

    func testExplain() {
        let select = StatementSelect().select(identifier).from("other")
        let explain = StatementExplain().explain(select)
        let plan = StatementExplain().explainQueryPlan(select)
        XCTAssertEqual(explain.description, "EXPLAIN SELECT identifier FROM other")
        XCTAssertEqual(plan.description, "EXPLAIN QUERY PLAN SELECT identifier FROM other")
        let database = TestDatabase()
        database.exec(sampleSchema)
        XCTAssertNil(database.prepareError(explain.description))
        XCTAssertNil(database.prepareError(plan.description))
    }

    // MARK: Newer than SQLite 3.15.2: modelled, printed, and prepared where the engine has them.

    func testUpsertIsModelled() {
        let doNothing = StatementInsert().insert(intoTable: "other", with: identifier).values(1)
            .upsert(Upsert().onConflict().indexed(by: identifier).doNothing())
        XCTAssertEqual(doNothing.description, "INSERT INTO other(identifier) VALUES(1) ON CONFLICT(identifier) DO NOTHING")
        let doUpdate = StatementInsert().insert(intoTable: "other", with: identifier, nameColumn).values(1, "a")
            .upsert(Upsert().onConflict().indexed(by: identifier).doUpdate().set(nameColumn).to(Column(named: "name").in(table: "excluded"))
                .where(nameColumn.isNull()))
        XCTAssertEqual(doUpdate.description, "INSERT INTO other(identifier, name) VALUES(1, 'a') ON CONFLICT(identifier) "
            + "DO UPDATE SET name = excluded.name WHERE name IS NULL")
        let setup = sampleSchema + "CREATE UNIQUE INDEX u ON other(identifier);"
        assertPreparedIfTheEngineHas(.upsert, doNothing, setup: setup)
        assertPreparedIfTheEngineHas(.upsert, doUpdate, setup: setup)
    }

    func testRenameColumnIsModelled() {
        let alter = StatementAlterTable().alter(table: "other").rename(column: nameColumn, to: Column(named: "title"))
        XCTAssertEqual(alter.description, "ALTER TABLE other RENAME COLUMN name TO title")
        assertPreparedIfTheEngineHas(.renameColumn, alter, setup: sampleSchema)
    }

    func testWindowFunctionsAreModelled() {
        let select = StatementSelect().select(identifier.sum().over(WindowDef().partition(nameColumn)
            .order(identifier.asOrder(by: .ascending)).frameSpec(FrameSpec().rows().betweenUnboundedPreceding().andCurrentRow())),
                                               Expression.windowFunction("row_number").over(WindowDef())).from("other")
        XCTAssertEqual(select.description, "SELECT SUM(identifier) OVER (PARTITION BY name ORDER BY identifier ASC "
            + "ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW), row_number() OVER () FROM other")
        assertPreparedIfTheEngineHas(.windowFunction, select, setup: sampleSchema)
    }

    /// SQLite prepares `statement` where the running engine has `feature`, and stops at the construct with
    /// a syntax error where it does not.
    private func assertPreparedIfTheEngineHas(_ feature: EngineFeature, _ statement: Statement, setup: String,
                                              file: StaticString = #filePath, line: UInt = #line) {
        if Engine.current.supports(feature) {
            assertAccepted(statement, setup: setup, file: file, line: line)
        } else {
            XCTAssertTrue(assertRejected(statement, setup: setup, file: file, line: line).contains("syntax error"), file: file, line: line)
        }
    }
}
