import Foundation
import Synchronization
import Testing
@testable import WCDBSwift

/// A source in the target's file is set aside when its rows have all moved (its name gone, as after a
/// drop), and later steps free its pages in bounded steps (`MigrationCleanup`).
@Suite struct MigrationCleanupTests {
    static let rows = 50_000
    static let key = Data("cleanup key".utf8)

    /// A directory for one test's database, removed at the end.
    final class Scratch {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-cleanup-\(UUID().uuidString)")
        var path: String { directory.appendingPathComponent("target.db").path }
        init() throws { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: directory) }
    }

    /// The tables the filter was asked about.
    final class Asked: Sendable {
        let names = Mutex<[String]>([])
    }

    /// The database at `path` (keyed or not) with `new` migrating from `old` in the same file.
    static func open(_ path: String, keyed: Bool, asked: Asked = Asked()) -> Database {
        let database = Database(withPath: path)
        if keyed { database.setCipher(key: key) }
        database.addMigration(sourcePath: nil) { info in
            asked.names.withLock { $0.append(info.table) }
            if info.table == "new" { info.sourceTable = "old" }
        }
        return database
    }

    /// `old` with `rows` rows, an index and a trigger that notes deletes in `fired`; `new`, empty.
    static func makeTables(_ database: Database) throws {
        try database.exec("CREATE TABLE old(id INTEGER PRIMARY KEY, content TEXT)")
        try database.exec("CREATE INDEX old_content ON old(content)")
        try database.exec("CREATE TABLE fired(id INTEGER)")
        try database.exec("CREATE TRIGGER old_deleted AFTER DELETE ON old BEGIN INSERT INTO fired VALUES(old.id); END")
        try database.exec("""
            INSERT INTO old(id, content) WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < \(rows))
            SELECT x, 'item ' || x FROM n
            """)
        try database.exec("CREATE TABLE new(id INTEGER PRIMARY KEY, content TEXT)")
    }

    static func leftovers(_ database: Database) throws -> [String] {
        try database.getRows("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'wcdb\\_migration\\_leftover\\_%' ESCAPE '\\'")
            .map { $0[0].stringValue }
    }

    static func count(_ database: Database, _ sql: String) throws -> Int64 {
        try database.getRows(sql)[0][0].int64Value
    }

    /// Steps until `isMigrated()`; returns the steps.
    @discardableResult
    static func migrate(_ database: Database) throws -> Int {
        var steps = 0
        while !database.isMigrated() && steps < 10_000 {
            try database.stepMigration()
            steps += 1
        }
        return steps
    }

    @Test(arguments: [false, true])
    func leftoverIsFreedInBoundedSteps(keyed: Bool) throws {
        let scratch = try Scratch()
        let asked = Asked()
        let database = Self.open(scratch.path, keyed: keyed, asked: asked)
        defer { database.close() }
        try Self.makeTables(database)
        try Self.migrate(database)
        #expect(database.isMigrated())
        #expect(!database.isMigrationCleanedUp())

        // Done: the source's name is gone, its rows all read from the target.
        #expect(try !database.isTableExists("old"))
        #expect(try Self.count(database, "SELECT count(*) FROM new") == Int64(Self.rows))
        let leftover = try #require(try Self.leftovers(database).first)
        #expect(try Self.leftovers(database).count == 1)
        // Old copies of moved rows, the smallest rowids freed first (the step that set it aside began).
        let left = try Self.count(database, "SELECT count(*) FROM \(leftover)")
        #expect(left > 0 && left < Int64(Self.rows))
        #expect(try Self.count(database, "SELECT min(id) FROM \(leftover)") > 1)
        #expect(try Self.count(database, "SELECT count(*) FROM \(leftover) AS l JOIN new USING(id) WHERE l.content = new.content") == left)
        #expect(try Self.count(database, "SELECT count(*) FROM sqlite_master WHERE type = 'trigger'") == 0)
        // (The first step moved the largest row out of the source, as a write would: the trigger saw that.)
        let firedBefore = try Self.count(database, "SELECT count(*) FROM fired")

        // Each step frees a bounded part of it.
        var perStep: [Int64] = []
        var remaining = left
        while !database.isMigrationCleanedUp() && perStep.count < 10_000 {
            try database.stepMigration()
            let now = try Self.leftovers(database).isEmpty ? 0 : try Self.count(database, "SELECT count(*) FROM \(leftover)")
            perStep.append(remaining - now)
            remaining = now
        }
        #expect(database.isMigrationCleanedUp())
        #expect(database.isMigrated())
        #expect(perStep.count > 1, "freed in more than one step")
        #expect(perStep.allSatisfy { $0 < Int64(Self.rows) })
        #expect(try Self.leftovers(database).isEmpty)
        #expect(try Self.count(database, "SELECT count(*) FROM sqlite_master WHERE name = 'old_content'") == 0)
        #expect(try Self.count(database, "SELECT count(*) FROM fired") == firedBefore, "the source's trigger fired during the cleanup")
        #expect(try Self.count(database, "SELECT count(*) FROM new") == Int64(Self.rows))
        #expect(try database.getRows("PRAGMA integrity_check")[0][0].stringValue == "ok")
        let names = asked.names.withLock { $0 }
        #expect(!names.contains { $0.lowercased().hasPrefix(MigrationCleanup.prefix) })
        #expect(names.contains("new"))
    }

    @Test(arguments: [false, true])
    func cleanupGoesOnAfterReopen(keyed: Bool) throws {
        let scratch = try Scratch()
        do {
            let database = Self.open(scratch.path, keyed: keyed)
            try Self.makeTables(database)
            try Self.migrate(database)
            try database.stepMigration()
            #expect(try !Self.leftovers(database).isEmpty)
            database.close()
        }
        let asked = Asked()
        let database = Self.open(scratch.path, keyed: keyed, asked: asked)
        defer { database.close() }
        #expect(try !Self.leftovers(database).isEmpty)
        var steps = 0
        while !database.isMigrationCleanedUp() && steps < 10_000 {
            try database.stepMigration()
            steps += 1
        }
        #expect(database.isMigrationCleanedUp())
        #expect(try Self.leftovers(database).isEmpty)
        #expect(try Self.count(database, "SELECT count(*) FROM new") == Int64(Self.rows))
        #expect(try database.getRows("PRAGMA integrity_check")[0][0].stringValue == "ok")
        #expect(!asked.names.withLock { $0 }.contains { $0.lowercased().hasPrefix(MigrationCleanup.prefix) })
    }

    /// A delete that fails (here: the connection made read-only) is thrown by `stepMigration()`, loses
    /// nothing, and the next steps go on.
    @Test func failingCleanupThrowsAndGoesOn() throws {
        let scratch = try Scratch()
        let database = Self.open(scratch.path, keyed: false)
        defer { database.close() }
        try Self.makeTables(database)
        try Self.migrate(database)
        let leftover = try #require(try Self.leftovers(database).first)
        let before = try Self.count(database, "SELECT count(*) FROM \(leftover)")
        try database.withHandle(forWriting: true) { try $0.exec("PRAGMA query_only = 1") }
        #expect(throws: WCDBError.self) { try database.stepMigration() }
        try database.withHandle(forWriting: true) { try $0.exec("PRAGMA query_only = 0") }
        #expect(!database.isMigrationCleanedUp())
        #expect(try Self.count(database, "SELECT count(*) FROM \(leftover)") == before)
        #expect(try Self.count(database, "SELECT count(*) FROM new") == Int64(Self.rows))
        while !database.isMigrationCleanedUp() { try database.stepMigration() }
        #expect(try Self.leftovers(database).isEmpty)
    }

    /// Auto migration steps until the cleanup is done too.
    @Test func autoMigrationCleansUp() async throws {
        let scratch = try Scratch()
        let database = Self.open(scratch.path, keyed: false)
        defer { database.close() }
        try Self.makeTables(database)
        database.setAutoMigration(enable: true)
        let deadline = Date().addingTimeInterval(60)
        while !database.isMigrationCleanedUp() && Date() < deadline { try await Task.sleep(nanoseconds: 20_000_000) }
        database.setAutoMigration(enable: false)
        #expect(database.isMigrationCleanedUp())
        #expect(try Self.leftovers(database).isEmpty)
        #expect(try Self.count(database, "SELECT count(*) FROM new") == Int64(Self.rows))
    }

    /// Two sources of the same file set aside: each its own leftover, both freed.
    @Test func twoLeftovers() throws {
        let scratch = try Scratch()
        let database = Database(withPath: scratch.path)
        defer { database.close() }
        for name in ["a", "b"] {
            try database.exec("CREATE TABLE old_\(name)(id INTEGER PRIMARY KEY, content TEXT)")
            try database.exec("INSERT INTO old_\(name)(id, content) WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 5000) SELECT x, 'v' FROM n")
            try database.exec("CREATE TABLE new_\(name)(id INTEGER PRIMARY KEY, content TEXT)")
        }
        database.addMigration(sourcePath: nil) { info in
            if info.table.hasPrefix("new_") { info.sourceTable = "old_" + info.table.dropFirst(4) }
        }
        try Self.migrate(database)
        #expect(try !database.isTableExists("old_a") && !database.isTableExists("old_b"))
        var steps = 0
        while !database.isMigrationCleanedUp() && steps < 10_000 {
            try database.stepMigration()
            steps += 1
        }
        #expect(try Self.leftovers(database).isEmpty)
        #expect(try Self.count(database, "SELECT count(*) FROM new_a") == 5000)
        #expect(try Self.count(database, "SELECT count(*) FROM new_b") == 5000)
    }
}
