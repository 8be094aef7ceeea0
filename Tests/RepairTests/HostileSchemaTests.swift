import Foundation
import Testing
import WCDBRepair
import WCDBSwift
import WCDBTestSupport

/// Schema SQL read from a damaged file or a material may be crafted: recover compiles it as one
/// `CREATE` of the entry's own object and never runs anything else on the output connection.
@Suite struct HostileSchemaTests {
    let directory = HostileFiles.makeDirectory("schema")

    /// A database that an attacker would like `recover` to empty.
    private func victim() throws -> String {
        let path = directory + "/victim.db"
        let database = Database(withPath: path)
        try database.exec("CREATE TABLE keep(x INTEGER)")
        for i in 1...5 { _ = try database.getRows("INSERT INTO keep VALUES(?)", values: [.integer(Int64(i))]) }
        database.close()
        return path
    }

    @Test("Statements after the CREATE in a schema entry never run", arguments: [
        "CREATE TABLE t(a, b); COMMIT; ATTACH DATABASE '%VICTIM%' AS v; DELETE FROM v.keep; BEGIN",
        "CREATE TABLE t(a, b) /* */ ; ATTACH DATABASE '%VICTIM%' AS v; DELETE FROM v.keep",
    ])
    func injectedStatementsDoNotRun(payload: String) throws {
        let victim = try victim()
        let hostile = try HostileFiles.database(at: directory + "/hostile.db", rows: 3,
                                                schemaSQL: payload.replacingOccurrences(of: "%VICTIM%", with: victim))
        let before = try HostileFiles.contents(hostile)
        let output = Database(withPath: directory + "/out-\(UUID().uuidString).db")
        defer { output.close() }
        try output.recover(fromPath: hostile)
        let victimDatabase = Database(withPath: victim)
        defer { victimDatabase.close() }
        #expect(try victimDatabase.getValue("SELECT count(*) FROM keep").int64Value == 5)
        #expect(try HostileFiles.contents(hostile) == before)
        #expect(try output.getValue("SELECT count(*) FROM sqlite_master WHERE name = 't'").int64Value == 0)
        // The rows of the refused table are kept apart, not lost.
        #expect(try output.getValue("SELECT count(*) FROM lost_and_found_2").int64Value == 3)
    }

    @Test("An entry whose SQL creates another kind or another object is refused", arguments: [
        "CREATE VIEW t AS SELECT 1 AS a, 2 AS b",
        "CREATE TABLE other(a, b)",
        "CREATE TEMP TABLE t(a, b)",
        "CREATE TABLE t(a, b",
    ])
    func mismatchedEntriesAreRefused(sql: String) throws {
        let hostile = try HostileFiles.database(at: directory + "/mismatch-\(UUID().uuidString).db", rows: 4, schemaSQL: sql)
        let output = Database(withPath: directory + "/out-\(UUID().uuidString).db")
        defer { output.close() }
        let warnings = Box<[String]>([])
        output.traceError { error in if error.level == .warning { warnings.with { $0.append(error.message ?? "") } } }
        try output.recover(fromPath: hostile)
        #expect(try output.getValue("SELECT count(*) FROM sqlite_master WHERE name IN ('t', 'other')").int64Value == 0)
        #expect(try output.getValue("SELECT count(*) FROM lost_and_found_2").int64Value == 4)
        #expect(warnings.get.contains { $0.contains("schema entry table t") }, "\(warnings.get)")
    }

    @Test("A forged material cannot run SQL when page 1 is lost")
    func forgedMaterialDoesNotRun() throws {
        let victim = try victim()
        let hostile = try HostileFiles.database(at: directory + "/forged.db", rows: 3, schemaSQL: nil)
        let root = try HostileFiles.rootPage(of: "t", in: hostile)
        let payload = "CREATE TABLE t(a, b); COMMIT; ATTACH DATABASE '\(victim)' AS v; DELETE FROM v.keep; BEGIN"
        let material = BackupMaterial(pageSize: 4096, entries: [SchemaEntry(type: "table", name: "t", tableName: "t", rootPage: root,
                                                                            sql: payload)], sequences: [:])
        try material.write(forDatabase: hostile, key: nil)
        try HostileFiles.zero(page: 1, of: hostile)
        let output = Database(withPath: directory + "/out-forged.db")
        defer { output.close() }
        try output.recover(fromPath: hostile)
        let victimDatabase = Database(withPath: victim)
        defer { victimDatabase.close() }
        #expect(try victimDatabase.getValue("SELECT count(*) FROM keep").int64Value == 5)
    }

    @Test("A healthy schema with AUTOINCREMENT, indexes, views, triggers and FTS is rebuilt as it was")
    func healthySchemaIsRebuilt() throws {
        let path = directory + "/healthy.db"
        let database = Database(withPath: path)
        try database.exec("CREATE TABLE m(id INTEGER PRIMARY KEY AUTOINCREMENT, body TEXT NOT NULL)")
        try database.exec("CREATE INDEX m_body ON m(body)")
        try database.exec("CREATE TABLE tag(name TEXT PRIMARY KEY, code TEXT UNIQUE) WITHOUT ROWID")
        _ = try database.getRows("INSERT INTO tag VALUES('a', 'x')")
        try database.exec("CREATE VIEW m_short AS SELECT id FROM m WHERE length(body) < 5")
        try database.exec("CREATE TRIGGER m_touch AFTER DELETE ON m BEGIN SELECT 1; END")
        try database.exec("CREATE VIRTUAL TABLE m_search USING fts4(body)")
        for body in ["one", "two", "three hundred"] {
            _ = try database.getRows("INSERT INTO m(body) VALUES(?)", values: [.text(body)])
            _ = try database.getRows("INSERT INTO m_search(body) VALUES(?)", values: [.text(body)])
        }
        database.close()
        let output = Database(withPath: directory + "/healthy-out.db")
        defer { output.close() }
        let errors = Box<[String]>([])
        output.traceError { error in errors.with { $0.append(error.description) } }
        try output.recover(fromPath: path)
        let names = try output.getRows("SELECT name FROM sqlite_master ORDER BY name").map { $0[0].stringValue }
        for name in ["m", "m_body", "tag", "m_short", "m_touch", "m_search", "sqlite_sequence"] { #expect(names.contains(name), "\(names)") }
        #expect(try output.getValue("SELECT count(*) FROM m_short").int64Value == 2)
        #expect(try output.getValue("SELECT code FROM tag WHERE name = 'a'").stringValue == "x")
        #expect(try output.getValue("SELECT count(*) FROM m_search WHERE m_search MATCH 'three'").int64Value == 1)
        #expect(errors.get.isEmpty, "\(errors.get)")
    }
}
