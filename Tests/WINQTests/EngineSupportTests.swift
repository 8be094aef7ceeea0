import Foundation
import Testing
@testable import WCDBSwift

/// WINQ builds and prints every construct of SQLite's grammar, as WCDB does. What the running engine has
/// runs through the API, with its effect checked; what it lacks is refused by name, with the engine's
/// real version, before SQLite's bare "syntax error", and nothing runs. On SQLite 3.15.2 every case here
/// is refused; on 3.46 every case runs.
@Suite struct EngineSupportTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let feature: EngineFeature
        let statement: @Sendable () -> Statement
        /// What the database holds after the statement ran, as `check` reads it (and the rows it returned).
        let expected: String
        var testDescription: String { feature.rawValue }
    }

    /// `t(a INTEGER UNIQUE, b TEXT)` with (1, 'one') and (2, 'two'); `check` reads `a:b` of every row.
    static let cases: [Case] = [
        Case(feature: .upsert, statement: {
            StatementInsert().insert(intoTable: "t", with: Column(named: "a"), Column(named: "b")).values(1, "uno")
                .upsert(Upsert().onConflict().indexed(by: Column(named: "a")).doUpdate().set(Column(named: "b")).to(Column(named: "b").in(table: "excluded")))
        }, expected: "1:uno 2:two"),
        Case(feature: .insertAlias, statement: {
            StatementInsert().insert(intoTable: "t", with: Column(named: "a"), Column(named: "b")).as("x").values(3, "three")
        }, expected: "1:one 2:two 3:three"),
        Case(feature: .windowFunction, statement: {
            StatementSelect().select(Column(named: "a").sum().over(WindowDef().order(Column(named: "a")))).from("t")
        }, expected: "1:one 2:two | 1 3"),
        Case(feature: .returning, statement: {
            StatementDelete().delete(fromTable: "t").where(Column(named: "a") == 2).returning(Column(named: "b"))
        }, expected: "1:one | two"),
        Case(feature: .returning, statement: {
            StatementUpdate().update(table: "t").set(Column(named: "b")).to("eins").where(Column(named: "a") == 1)
                .returning(Column(named: "a"), Column(named: "b"))
        }, expected: "1:eins 2:two | 1 eins"),
        Case(feature: .dropColumn, statement: { StatementAlterTable().alter(table: "t").dropColumn(Column(named: "b")) },
             expected: "1 2"),
        Case(feature: .renameColumn, statement: {
            StatementAlterTable().alter(table: "t").rename(column: Column(named: "b"), to: Column(named: "c"))
        }, expected: "c"),
    ]

    @Test(arguments: cases)
    func theEngineRunsWhatItHasAndNamesWhatItLacks(_ testCase: Case) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-engine-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = Database(withPath: directory.appendingPathComponent("engine.db").path)
        defer { database.close() }
        try database.exec("CREATE TABLE t(a INTEGER UNIQUE, b TEXT)")
        try database.exec("INSERT INTO t VALUES(1, 'one'), (2, 'two')")
        let statement = testCase.statement()
        #expect(!statement.description.isEmpty, "it prints on every engine")
        if Engine.current.supports(testCase.feature) {
            let returned = try database.getRows(from: statement).map { $0.map(\.stringValue).joined(separator: " ") }
            var state = try contents(of: database)
            if !returned.isEmpty { state += " | " + returned.joined(separator: " ") }
            #expect(state == testCase.expected)
        } else {
            let error = try #require(throws: WCDBError.self) { try database.exec(statement) }
            let message = error.message ?? ""
            #expect(message.contains(testCase.feature.rawValue), "\(message)")
            #expect(message.contains("SQLite \(Engine.current.sqliteVersion)"), "\(message)")
            #expect(error.sql == statement.description || error.sql?.contains("?") == true)
            #expect(try contents(of: database) == "1:one 2:two", "nothing ran")
        }
    }

    /// `a:b` of every row in `a` order, `a` alone once `b` is dropped, the column names once one is renamed.
    private func contents(of database: Database) throws -> String {
        let columns = try database.getRows("PRAGMA table_info(t)").map { $0[1].stringValue }
        if columns.contains("c") { return columns.filter { $0 != "a" }.joined(separator: " ") }
        let select = columns.contains("b") ? "SELECT a || ':' || b FROM t ORDER BY a" : "SELECT a FROM t ORDER BY a"
        return try database.getRows(select).map { $0[0].stringValue }.joined(separator: " ")
    }

    @Test func theEngineIsReadFromTheLibrary() throws {
        let engine = Engine.current
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-engine-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = Database(withPath: directory.appendingPathComponent("engine.db").path)
        defer { database.close() }
        #expect(try database.getValue("SELECT sqlite_version()").stringValue == engine.sqliteVersion)
        #expect(try database.getValue("PRAGMA cipher_version").stringValue == engine.cipherVersion)
        #expect(engine.cipherMajorVersion == 3 || engine.cipherMajorVersion == 4)
        // A feature is missing exactly when the engine cannot prepare it: the version tells the same.
        #expect(engine.supports(.upsert) == (engine.sqliteVersionNumber >= 3_024_000))
        #expect(engine.supports(.returning) == (engine.sqliteVersionNumber >= 3_035_000))
        #expect(engine.supports(.fts5) == engine.compileOptions.contains("ENABLE_FTS5"))
    }
}
