import Foundation
import Testing
@testable import WCDBSwift

/// Runs `body` on a new database file in a directory of its own, removed afterwards.
func withScratchDatabase(_ body: (Database) throws -> Void) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-2x-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = Database(withPath: directory.appendingPathComponent("test.db").path)
    defer { database.close() }
    try body(database)
}

/// The first column of every row of `sql`, as text.
func column(_ sql: String, in database: Database) throws -> [String] {
    try database.getRows(sql).map { $0[0].stringValue }
}

/// Running `statement` fails with SQLite's own error (a constraint, a missing function…).
func expectSQLiteRefuses(_ statement: Statement, in database: Database, _ fragment: String,
                         sourceLocation: SourceLocation = #_sourceLocation) {
    let error = #expect(throws: WCDBError.self, sourceLocation: sourceLocation) { try database.exec(statement) }
    #expect(error?.message?.contains(fragment) == true, "\(error?.message ?? "no error")", sourceLocation: sourceLocation)
}

/// Running `statement`, which holds `feature`: where the running engine has it, it runs and `check`
/// verifies its effect; where not, it fails before SQLite sees it, naming the construct and the engine's
/// version, and `unchanged` verifies that nothing ran.
func expectEngineDecides(_ statement: Statement, _ feature: EngineFeature, in database: Database,
                         then check: () throws -> Void = {}, unchanged: () throws -> Void = {},
                         sourceLocation: SourceLocation = #_sourceLocation) throws {
    if Engine.current.supports(feature) {
        try database.exec(statement)
        try check()
    } else {
        let error = #expect(throws: WCDBError.self, sourceLocation: sourceLocation) { try database.exec(statement) }
        let message = error?.message ?? ""
        #expect(message.contains(feature.rawValue) && message.contains("SQLite \(Engine.current.sqliteVersion)"), "\(message)",
                sourceLocation: sourceLocation)
        try unchanged()
    }
}

/// WCDB 2.x's column and table constraints (`ColumnConstraint(named:)` step by step, `ColumnDef.constraint`,
/// `TableConstraint` on a `let`, `ForeignKey` deferral and MATCH): each prints what 2.x prints, and the
/// table it declares enforces it.
@Suite struct ConstraintBuilderTests {
    static let name = "testColumnConstraint"

    /// 2.x's own ColumnConstraintTests, case by case.
    static let printed: [(ColumnConstraint, String)] = [
        (ColumnConstraint(), ""),
        (ColumnConstraint().primaryKey(), "PRIMARY KEY"),
        (ColumnConstraint(named: name).primaryKey(), "CONSTRAINT testColumnConstraint PRIMARY KEY"),
        (ColumnConstraint().primaryKey().order(.ascending), "PRIMARY KEY ASC"),
        (ColumnConstraint().primaryKey().conflict(action: .Abort), "PRIMARY KEY ON CONFLICT ABORT"),
        (ColumnConstraint().primaryKey().autoIncrement(), "PRIMARY KEY AUTOINCREMENT"),
        (ColumnConstraint(named: name).notNull(), "CONSTRAINT testColumnConstraint NOT NULL"),
        (ColumnConstraint().notNull().conflict(action: .Abort), "NOT NULL ON CONFLICT ABORT"),
        (ColumnConstraint(named: name).unique(), "CONSTRAINT testColumnConstraint UNIQUE"),
        (ColumnConstraint(named: name).unique().conflict(action: .Abort), "CONSTRAINT testColumnConstraint UNIQUE ON CONFLICT ABORT"),
        (ColumnConstraint(named: name).collate(with: "BINARY"), "CONSTRAINT testColumnConstraint COLLATE BINARY"),
        (ColumnConstraint().check(with: Column(named: "a") > 0), "CHECK(a > 0)"),
        (ColumnConstraint().default(with: 7), "DEFAULT 7"),
        (ColumnConstraint().foreignKey(with: ForeignKey().references(with: "parent")), "REFERENCES parent"),
        // The 1.x factories print the same.
        (ColumnConstraint.primaryKey(order: .ascending, onConflict: .abort, autoIncrement: true),
         "PRIMARY KEY ASC ON CONFLICT ABORT AUTOINCREMENT"),
        (ColumnConstraint.notNull().named(name), "CONSTRAINT testColumnConstraint NOT NULL"),
    ]

    @Test(arguments: 0..<printed.count)
    func columnConstraintPrintsAs2xDoes(_ index: Int) {
        let (constraint, sql) = Self.printed[index]
        #expect(constraint.description == sql)
    }

    @Test func stepsOnALetTakeEffectAsIn2x() {
        let constraint = ColumnConstraint(named: "pk")
        constraint.primaryKey()
        constraint.order(.descending)
        constraint.conflict(action: .Replace)
        #expect(constraint.description == "CONSTRAINT pk PRIMARY KEY DESC ON CONFLICT REPLACE")

        let def = ColumnDef(with: Column(named: "a"), and: .integer64)
        def.makeNotNull()
        def.constraint(ColumnConstraint().unique())
        #expect(def.description == "a INTEGER NOT NULL UNIQUE")

        let table = TableConstraint(named: "positive")
        table.check(Column(named: "a") > 0)
        #expect(table.description == "CONSTRAINT positive CHECK(a > 0)")
    }

    @Test func aDefinitionKeepsTheConstraintAsItWasAdded() {
        let constraint = ColumnConstraint().notNull()
        let def = ColumnDef(with: Column(named: "a"), and: .text).constraint(constraint)
        constraint.unique()  // changes the constraint, not the definition that took it
        #expect(def.description == "a TEXT NOT NULL")
        #expect(constraint.description == "UNIQUE")
    }

    @Test func columnConstraintsBuiltIn2xStepsAreEnforced() throws {
        try withScratchDatabase { database in
            let create = StatementCreateTable().create(table: "t").with(columns:
                ColumnDef(with: Column(named: "id"), and: .integer64)
                    .constraint(ColumnConstraint(named: "pk").primaryKey().order(.ascending).autoIncrement()),
                ColumnDef(with: Column(named: "name"), and: .text)
                    .constraint(ColumnConstraint().notNull().conflict(action: .Abort))
                    .constraint(ColumnConstraint().unique().conflict(action: .Ignore))
                    .constraint(ColumnConstraint().collate(with: "NOCASE")),
                ColumnDef(with: Column(named: "score"), and: .integer64)
                    .constraint(ColumnConstraint(named: "positive").check(with: Column(named: "score") > 0))
                    .constraint(ColumnConstraint().default(with: 5)))
            #expect(create.description == "CREATE TABLE t(id INTEGER CONSTRAINT pk PRIMARY KEY ASC AUTOINCREMENT, "
                + "name TEXT NOT NULL ON CONFLICT ABORT UNIQUE ON CONFLICT IGNORE COLLATE NOCASE, "
                + "score INTEGER CONSTRAINT positive CHECK(score > 0) DEFAULT 5)")
            try database.exec(create)
            try database.exec("INSERT INTO t(name) VALUES('a')")
            try database.exec("INSERT INTO t(name) VALUES('A')")  // UNIQUE … IGNORE under NOCASE: skipped
            #expect(try column("SELECT id || ':' || name || ':' || score FROM t", in: database) == ["1:a:5"])
            #expect(throws: WCDBError.self) { try database.exec("INSERT INTO t(name) VALUES(NULL)") }
            #expect(throws: WCDBError.self) { try database.exec("INSERT INTO t(name, score) VALUES('b', 0)") }
            // AUTOINCREMENT: a deleted rowid is not reused.
            try database.exec("DELETE FROM t")
            try database.exec("INSERT INTO t(name) VALUES('c')")
            #expect(try database.getValue("SELECT id FROM t").int64Value > 1)
        }
    }

    @Test func tableConstraintOnALetIsEnforced() throws {
        try withScratchDatabase { database in
            let unique = TableConstraint(named: "pair")
            unique.unique()
            unique.indexed(by: Column(named: "a").asIndex(), Column(named: "b").asIndex())
            unique.onConflict(.Fail)
            let check = TableConstraint()
            check.check(Column(named: "a") >= 0)
            let create = StatementCreateTable().create(table: "t")
                .with(columns: Column(named: "a").asDef(with: .integer64), Column(named: "b").asDef(with: .integer64))
                .constraint(unique, check)
            #expect(create.description
                == "CREATE TABLE t(a INTEGER, b INTEGER, CONSTRAINT pair UNIQUE(a, b) ON CONFLICT FAIL, CHECK(a >= 0))")
            try database.exec(create)
            try database.exec("INSERT INTO t VALUES(1, 1)")
            expectSQLiteRefuses(StatementInsert().insert(intoTable: "t").values(1, 1), in: database, "UNIQUE")
            expectSQLiteRefuses(StatementInsert().insert(intoTable: "t").values(-1, 2), in: database, "CHECK")
        }
    }

    static let foreignKeys: [(ForeignKey, String)] = [
        (ForeignKey().references(with: "p").columns(Column(named: "id")).deferrable(.deferred),
         "REFERENCES p(id) DEFERRABLE INITIALLY DEFERRED"),
        (ForeignKey().references(with: "p").columns(Column(named: "id")).deferrable(.immediate),
         "REFERENCES p(id) DEFERRABLE INITIALLY IMMEDIATE"),
        (ForeignKey().references(with: "p").deferrable(), "REFERENCES p DEFERRABLE"),
        (ForeignKey().references(with: "p").notDeferrable(.immediate), "REFERENCES p NOT DEFERRABLE INITIALLY IMMEDIATE"),
        (ForeignKey().references(with: "p").notDeferrable(), "REFERENCES p NOT DEFERRABLE"),
        (ForeignKey().references(with: "p").match(with: .Simple), "REFERENCES p MATCH SIMPLE"),
        (ForeignKey().references(with: "p").onDelete(.cascade).onUpdate(.setNull),
         "REFERENCES p ON DELETE CASCADE ON UPDATE SET NULL"),
        // The 1.x case names still print as they read.
        (ForeignKey().references(with: "p").deferrable(.deferrableInitiallyDeferred), "REFERENCES p DEFERRABLE INITIALLY DEFERRED"),
        (ForeignKey().references(with: "p").deferrable(.notDeferrableInitiallyImmediate), "REFERENCES p NOT DEFERRABLE INITIALLY IMMEDIATE"),
    ]

    @Test(arguments: 0..<foreignKeys.count)
    func foreignKeyPrintsAs2xDoes(_ index: Int) {
        let (key, sql) = Self.foreignKeys[index]
        #expect(key.description == sql)
    }

    @Test func aDeferredForeignKeyIsCheckedAtCommit() throws {
        try withScratchDatabase { database in
            try database.exec("CREATE TABLE p(id INTEGER PRIMARY KEY)")
            let key = ForeignKey()
            key.references(with: "p").columns(Column(named: "id"))
            key.deferrable(.deferred)
            try database.exec(StatementCreateTable().create(table: "c").with(columns:
                ColumnDef(with: Column(named: "pid"), and: .integer64).constraint(ColumnConstraint().foreignKey(with: key))))
            try database.withHandle(forWriting: true) { handle in
                try handle.exec("PRAGMA foreign_keys = ON")
                try handle.exec("BEGIN")
                try handle.exec("INSERT INTO c VALUES(1)")  // no parent yet: fine until COMMIT
                try handle.exec("INSERT INTO p VALUES(1)")
                try handle.exec("COMMIT")
                try handle.exec("BEGIN")
                try handle.exec("INSERT INTO c VALUES(2)")
                #expect(throws: WCDBError.self) { try handle.exec("COMMIT") }
                try handle.exec("ROLLBACK")
            }
            #expect(try column("SELECT pid FROM c", in: database) == ["1"])
        }
    }
}
