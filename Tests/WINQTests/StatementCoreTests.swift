import Foundation
import WCDBSwift
import XCTest

/// SELECT / INSERT / UPDATE / DELETE / CREATE TABLE / CREATE INDEX / DROP / PRAGMA / transactions.
final class StatementCoreTests: XCTestCase {
    let identifier = Column(named: "identifier")
    let text = Column(named: "description")

    func testSelectClauses() {
        let select = StatementSelect().select(distinct: true, identifier, text.as("d"))
            .from("sampleTable").where(identifier > 1)
            .group(by: text).having(identifier.count() > 1)
            .order(by: identifier.asOrder(by: .descending), text)
            .limit(10, offset: 5)
        XCTAssertEqual(select.description, "SELECT DISTINCT identifier, description AS d FROM sampleTable WHERE identifier > 1 "
            + "GROUP BY description HAVING COUNT(identifier) > 1 ORDER BY identifier DESC, description LIMIT 10 OFFSET 5")
        assertAccepted(select, setup: sampleSchema)
        let limitOnly = StatementSelect().select(Column.all).from("sampleTable").limit(3)
        XCTAssertEqual(limitOnly.description, "SELECT * FROM sampleTable LIMIT 3")
        assertAccepted(limitOnly, setup: sampleSchema)
        let statementByStatement = StatementSelect()
        statementByStatement.select(identifier)
        statementByStatement.from("sampleTable")
        statementByStatement.offset(2).limit(1)
        XCTAssertEqual(statementByStatement.description, "SELECT identifier FROM sampleTable LIMIT 1 OFFSET 2")
        // An offset without a limit: SQLite's grammar needs a LIMIT, -1 means none (it used to vanish).
        let offsetOnly = StatementSelect().select(identifier).from("sampleTable").offset(2)
        XCTAssertEqual(offsetOnly.description, "SELECT identifier FROM sampleTable LIMIT -1 OFFSET 2")
        assertAccepted(offsetOnly, setup: sampleSchema)
    }

    func testInsert() {
        let insert = StatementInsert().insert(intoTable: "other", with: identifier, Column(named: "name"))
            .values(1, "a").values(2, Expression.null)
        XCTAssertEqual(insert.description, "INSERT INTO other(identifier, name) VALUES(1, 'a'), (2, NULL)")
        assertAccepted(insert, setup: sampleSchema)
        for action in [ConflictAction.rollback, .abort, .fail, .ignore, .replace] {
            let statement = StatementInsert().insert(intoTable: "other").onConflict(action).values(1, "a")
            XCTAssertEqual(statement.description, "INSERT OR \(action.rawValue) INTO other VALUES(1, 'a')")
            assertAccepted(statement, setup: sampleSchema)
        }
        let orReplace = StatementInsert().insert(orReplace: true, intoTable: "other", with: identifier).values(1)
        XCTAssertEqual(orReplace.description, "INSERT OR REPLACE INTO other(identifier) VALUES(1)")
        let replace = StatementInsert().replace(intoTable: "other", with: identifier).values(1)
        XCTAssertEqual(replace.description, "REPLACE INTO other(identifier) VALUES(1)")
        assertAccepted(replace, setup: sampleSchema)
        let fromSelect = StatementInsert().insert(intoTable: "other", with: identifier)
            .values(StatementSelect().select(identifier).from("sampleTable"))
        XCTAssertEqual(fromSelect.description, "INSERT INTO other(identifier) SELECT identifier FROM sampleTable")
        assertAccepted(fromSelect, setup: sampleSchema)
        let defaults = StatementInsert().insert(intoTable: "other").defaultValues()
        XCTAssertEqual(defaults.description, "INSERT INTO other DEFAULT VALUES")
        assertAccepted(defaults, setup: sampleSchema)
        let schema = StatementInsert().insert(intoTable: "other").of(schema: "main").values(1, 2)
        XCTAssertEqual(schema.description, "INSERT INTO main.other VALUES(1, 2)")
        assertAccepted(schema, setup: sampleSchema)
    }

    func testUpdate() {
        let update = StatementUpdate().update(table: "sampleTable").set(text).to("x").set(identifier, to: identifier + 1)
            .where(identifier > 1)
        XCTAssertEqual(update.description,
                       "UPDATE sampleTable SET description = 'x', identifier = identifier + 1 WHERE identifier > 1")
        assertAccepted(update, setup: sampleSchema)
        let orIgnore = StatementUpdate().update(table: "sampleTable", onConflict: .ignore).set(text).to(Expression.null)
            .order(by: identifier.asOrder(by: .ascending)).limit(1)
        XCTAssertEqual(orIgnore.description, "UPDATE OR IGNORE sampleTable SET description = NULL ORDER BY identifier ASC LIMIT 1")
        // Our SQLCipher is built with SQLITE_ENABLE_UPDATE_DELETE_LIMIT.
        assertAccepted(orIgnore, setup: sampleSchema)
        let rowValue = StatementUpdate().update(table: "sampleTable").set(identifier, text).to(
            StatementSelect().select(Column(named: "identifier"), Column(named: "name")).from("other").limit(1))
        XCTAssertEqual(rowValue.description,
                       "UPDATE sampleTable SET (identifier, description) = (SELECT identifier, name FROM other LIMIT 1)")
    }

    func testDelete() {
        let delete = StatementDelete().delete(fromTable: "sampleTable").where(identifier.in(1, 2))
            .order(by: identifier.asOrder(by: .descending)).limit(1, offset: 1)
        XCTAssertEqual(delete.description,
                       "DELETE FROM sampleTable WHERE identifier IN (1, 2) ORDER BY identifier DESC LIMIT 1 OFFSET 1")
        assertAccepted(delete, setup: sampleSchema)
        let all = StatementDelete().delete(fromTable: "sampleTable")
        XCTAssertEqual(all.description, "DELETE FROM sampleTable")
        assertAccepted(all, setup: sampleSchema)
    }

    func testCreateTableWithEveryColumnConstraint() {
        let parent = ForeignKey().references(with: "parent").columns(Column(named: "id"))
            .onDelete(.cascade).onUpdate(.setNull).deferrable(.deferrableInitiallyDeferred)
        let create = StatementCreateTable().create(table: "child").ifNotExists().with(columns:
            ColumnDef(with: Column(named: "id"), and: .integer64).makePrimary(orderBy: .ascending, isAutoIncrement: true,
                                                                              onConflict: .replace),
            ColumnDef(named: "name", and: .text).makeNotNull(onConflict: .abort).makeUnique(onConflict: .ignore)
                .makeCollate("NOCASE").makeDefault(to: "anon"),
            ColumnDef(named: "score", and: .float).makeCheck(Column(named: "score") >= 0).makeDefault(to: 1.5),
            ColumnDef(named: "created", and: .integer32).makeDefault(to: Expression.currentTimestamp),
            ColumnDef(named: "computed").makeDefault(to: Expression(with: 1) + 2),
            ColumnDef(named: "parentID", and: .integer64).makeForeignKey(parent),
            ColumnDef(named: "blob", and: .BLOB).addConstraint(ColumnConstraint.notNull().named("nn"))
        )
        XCTAssertEqual(create.description, "CREATE TABLE IF NOT EXISTS child("
            + "id INTEGER PRIMARY KEY ASC ON CONFLICT REPLACE AUTOINCREMENT, "
            + "name TEXT NOT NULL ON CONFLICT ABORT UNIQUE ON CONFLICT IGNORE COLLATE NOCASE DEFAULT 'anon', "
            + "score REAL CHECK(score >= 0) DEFAULT 1.5, "
            + "created INTEGER DEFAULT CURRENT_TIMESTAMP, "
            + "computed DEFAULT (1 + 2), "
            + "parentID INTEGER REFERENCES parent(id) ON DELETE CASCADE ON UPDATE SET NULL DEFERRABLE INITIALLY DEFERRED, "
            + "blob BLOB CONSTRAINT nn NOT NULL)")
        assertAccepted(create, setup: "CREATE TABLE parent(id INTEGER PRIMARY KEY)")
        let database = TestDatabase()
        XCTAssertNil(database.exec(create.description))
    }

    func testCreateTableWithTableConstraints() {
        let create = StatementCreateTable().create(table: "pair", isTemp: true).with(columns:
            ColumnDef(named: "a", and: .integer64), ColumnDef(named: "b", and: .text), ColumnDef(named: "c", and: .integer64)
        ).constraint(
            TableConstraint(named: "pk").primaryKey().indexed(by: Column(named: "a").asIndex(orderBy: .descending),
                                                             Column(named: "b")).onConflict(.fail),
            TableConstraint().unique().indexed(by: Column(named: "b").asIndex().collate("NOCASE")).onConflict(.rollback),
            TableConstraint(named: "positive").check(Column(named: "a") > 0),
            TableConstraint().foreignKey(Column(named: "c"), foreignKey: ForeignKey(withForeignTable: "parent",
                and: Column(named: "id")).onDelete(.restrict).onUpdate(.noAction).onDelete(.setDefault))
        ).withoutRowid()
        XCTAssertEqual(create.description, "CREATE TEMP TABLE pair(a INTEGER, b TEXT, c INTEGER, "
            + "CONSTRAINT pk PRIMARY KEY(a DESC, b) ON CONFLICT FAIL, UNIQUE(b COLLATE NOCASE) ON CONFLICT ROLLBACK, "
            + "CONSTRAINT positive CHECK(a > 0), FOREIGN KEY(c) REFERENCES parent(id) ON DELETE RESTRICT "
            + "ON UPDATE NO ACTION ON DELETE SET DEFAULT) WITHOUT ROWID")
        assertAccepted(create, setup: "CREATE TABLE parent(id INTEGER PRIMARY KEY)")
        let asSelect = StatementCreateTable().create(table: "copy").of(schema: "main")
            .as(StatementSelect().select(Column.all).from("other"))
        XCTAssertEqual(asSelect.description, "CREATE TABLE main.copy AS SELECT * FROM other")
        assertAccepted(asSelect, setup: sampleSchema)
    }

    func testCreateIndex() {
        let index = StatementCreateIndex().create(index: "byName").unique().ifNotExists().on(table: "other")
            .indexesBy(Column(named: "name").asIndex(orderBy: .ascending), Column(named: "identifier"))
            .where(Column(named: "identifier") > 0)
        XCTAssertEqual(index.description,
                       "CREATE UNIQUE INDEX IF NOT EXISTS byName ON other(name ASC, identifier) WHERE identifier > 0")
        assertAccepted(index, setup: sampleSchema)
        let onExpression = StatementCreateIndex().create(index: "lowerName").on(table: "other")
            .indexesBy(Column(named: "name").lower())
        XCTAssertEqual(onExpression.description, "CREATE INDEX lowerName ON other(LOWER(name))")
        assertAccepted(onExpression, setup: sampleSchema)
    }

    func testDrop() {
        let setup = sampleSchema + "CREATE INDEX i ON other(name); CREATE VIEW v AS SELECT 1;"
            + "CREATE TRIGGER tr AFTER INSERT ON other BEGIN SELECT 1; END;"
        let statements: [(Statement, String)] = [
            (StatementDropTable().drop(table: "other").ifExists(), "DROP TABLE IF EXISTS other"),
            (StatementDropTable().drop(table: "other").of(schema: "main"), "DROP TABLE main.other"),
            (StatementDropIndex().drop(index: "i").ifExists(), "DROP INDEX IF EXISTS i"),
            (StatementDropView().drop(view: "v"), "DROP VIEW v"),
            (StatementDropTrigger().drop(trigger: "tr").ifExists(), "DROP TRIGGER IF EXISTS tr"),
        ]
        for (statement, sql) in statements {
            XCTAssertEqual(statement.description, sql)
            assertAccepted(statement, setup: setup)
        }
    }

    func testPragma() {
        let read = StatementPragma().pragma(.userVersion)
        XCTAssertEqual(read.description, "PRAGMA user_version")
        let assign = StatementPragma().pragma(.journalMode).to("WAL")
        XCTAssertEqual(assign.description, "PRAGMA journal_mode = 'WAL'")
        let call = StatementPragma().pragma(.tableInfo).with("other")
        XCTAssertEqual(call.description, "PRAGMA table_info('other')")
        let schema = StatementPragma().pragma(.userVersion).of(schema: "main").to(3)
        XCTAssertEqual(schema.description, "PRAGMA main.user_version = 3")
        for statement in [read, assign, call, schema] { assertAccepted(statement, setup: sampleSchema) }
    }

    func testTransactions() {
        let database = TestDatabase()
        let statements: [(Statement, String)] = [
            (StatementBegin(), "BEGIN DEFERRED"),
            (StatementSavepoint().savepoint("sp1"), "SAVEPOINT sp1"),
            (StatementRollback().rollback(to: "sp1"), "ROLLBACK TO sp1"),
            (StatementRelease().release("sp1"), "RELEASE sp1"),
            (StatementCommit(), "COMMIT"),
            (StatementBegin().begin(.immediate), "BEGIN IMMEDIATE"),
            (StatementRollback(), "ROLLBACK"),
            (StatementBegin().begin(.exclusive), "BEGIN EXCLUSIVE"),
            (StatementCommit().commit(), "COMMIT"),
            (StatementBegin().begin(.deferred), "BEGIN DEFERRED"),
            (StatementCommit(), "COMMIT"),
        ]
        for (statement, sql) in statements {
            XCTAssertEqual(statement.description, sql)
            XCTAssertNil(database.exec(statement.description), sql)
        }
    }
}

extension StatementCoreTests {
    func testInsertIntoNamedColumns() {
        let identifierColumn = Column(named: "identifier")
        let statementInsert = StatementInsert().insert(intoTable: "sampleTable", with: identifierColumn).values(1)
        XCTAssertEqual(statementInsert.description, "INSERT INTO sampleTable(identifier) VALUES(1)")
        assertAccepted(statementInsert, setup: sampleSchema)
    }

    func testSelectOfColumnResults() {
        let identifierColumn = Column(named: "identifier")
        let identifierColumnResult = ColumnResult(with: identifierColumn)
        let statementSelect = StatementSelect().select(identifierColumnResult).from("sampleTable")
        XCTAssertEqual(statementSelect.description, "SELECT identifier FROM sampleTable")
        XCTAssertEqual(StatementSelect().select(identifierColumn).from("sampleTable").description,
                       "SELECT identifier FROM sampleTable")
        XCTAssertEqual(identifierColumn.asColumnResult().description, "identifier")
        XCTAssertEqual(StatementSelect().select(Sample.Properties.identifier).from("sampleTable").description,
                       "SELECT identifier FROM sampleTable")
        assertAccepted(statementSelect, setup: sampleSchema)
    }

    /// 1.5.9: the guide's hand-written SQL is pseudo-SQL; this is what we print (see docs/WINQ-printing.md).
    func testSelectBuiltStepByStepPrintsAsChained() {
        let statementSelect = StatementSelect()
        statementSelect.select(distinct: false, Sample.Properties.identifier.min())
        statementSelect.from("sampleTable")
        statementSelect.where((Sample.Properties.identifier > 0 || Sample.Properties.identifier / 2 == 0)
            && Sample.Properties.description.isNotNull())
        statementSelect.order(by: Sample.Properties.identifier.asOrder(by: .ascending))
        statementSelect.limit(from: 1, to: 100)
        let expected = "SELECT MIN(identifier) FROM sampleTable WHERE ((identifier > 0) OR ((identifier / 2) = 0)) "
            + "AND (description IS NOT NULL) ORDER BY identifier ASC LIMIT 1, 100"
        XCTAssertEqual(statementSelect.description, expected)
        let chained = StatementSelect().select(distinct: false, Sample.Properties.identifier.min()).from("sampleTable")
            .where((Sample.Properties.identifier > 0 || Sample.Properties.identifier / 2 == 0)
                && Sample.Properties.description.isNotNull())
            .order(by: Sample.Properties.identifier.asOrder(by: .ascending)).limit(from: 1, to: 100)
        XCTAssertEqual(chained.description, expected)
        assertAccepted(statementSelect, setup: sampleSchema)
    }
}
