import Foundation
import Synchronization
import Testing
@testable import WCDBSwift

private typealias Item = MigrationItem.Properties

/// The steps' watermark: a step copies a range of source rows and records in the target's file the
/// largest rowid it went past; the rows at or below it stay in the source, unread, until the source is
/// dropped. Reads, writes and later launches see them in the target only.
@Suite struct MigrationWatermarkTests {
    private final class Scratch {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-watermark-\(UUID().uuidString)")
        var targetPath: String { directory.appendingPathComponent("target.db").path }
        var sourcePath: String { directory.appendingPathComponent("source.db").path }
        init() throws { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: directory) }
    }

    private static func items(_ ids: ClosedRange<Int64>) -> [MigrationItem] {
        ids.map { MigrationItem(id: $0, content: "item \($0)") }
    }

    /// Rows of `table` as stored (SQL text, not rewritten), by id.
    private static func stored(_ database: Database, _ table: String) throws -> [Int64: String] {
        var rows: [Int64: String] = [:]
        for row in try database.getRows("SELECT id, content FROM \(table)") { rows[row[0].int64Value] = row[1].stringValue }
        return rows
    }

    private static func watermarks(_ database: Database) throws -> [String: Int64] {
        var marks: [String: Int64] = [:]
        for row in try database.getRows("SELECT target, moved FROM wcdb_migration_progress") { marks[row[0].stringValue] = row[1].int64Value }
        return marks
    }

    private static func open(_ path: String) -> Database {
        let database = Database(withPath: path)
        database.addMigration(sourcePath: nil) { info in
            if info.table == "new" { info.sourceTable = "old" }
        }
        return database
    }

    /// A database whose table `new` takes over `old`, which holds ids 1…100; no step has run.
    private static func openWithHundredSourceRows(_ scratch: Scratch) throws -> Database {
        let database = open(scratch.targetPath)
        try database.create(table: "old", of: MigrationItem.self)
        try database.insert(objects: items(1...100), intoTable: "old")
        try database.create(table: "new", of: MigrationItem.self)
        return database
    }

    @Test func watermarkSurvivesReopeningAndWritesOnBothSidesOfIt() throws {
        let scratch = try Scratch()
        // A step moves rows for ~10 ms: tens of thousands of these small rows.
        let count: Int64 = 150_000
        do {
            let database = Self.open(scratch.targetPath)
            defer { database.close() }
            try database.create(table: "old", of: MigrationItem.self)
            try database.insert(objects: Self.items(1...count), intoTable: "old")
            try database.create(table: "new", of: MigrationItem.self)
            try database.stepMigration()
        }
        let database = Self.open(scratch.targetPath)
        defer { database.close() }
        let marks = try Self.watermarks(database)
        let mark = try #require(marks["new"], "one step moved every row")
        try #require(mark >= 1 && mark < count - 10, "one step moved \(mark) rows: the test needs rows above the watermark")
        var expected = Dictionary(uniqueKeysWithValues: Self.items(1...count).map { ($0.id, $0.content) })
        let read = { (database: Database) throws -> [Int64: String] in
            let objects: [MigrationItem] = try database.getObjects(fromTable: "new")
            #expect(objects.count == Set(objects.map(\.id)).count, "an id read twice")
            return Dictionary(uniqueKeysWithValues: objects.map { ($0.id, $0.content) })
        }
        #expect(try read(database) == expected)
        // Moved rows stay in the source until it is dropped, and are in the target too.
        let old = try Self.stored(database, "old")
        let new = try Self.stored(database, "new")
        #expect(old.count == Int(count) - 1, "every row but the largest, moved first, is still in the source")
        #expect(Set(new.keys) == Set((1...mark).map { $0 } + [count]))

        // Below the watermark: the write is on the target's row; the source's copy is not read again.
        try database.update(table: "new", on: Item.content, with: ["below"], where: Item.id == 1)
        try database.delete(fromTable: "new", where: Item.id == 2)
        expected[1] = "below"
        expected[2] = nil
        #expect(try Self.stored(database, "old")[1] == "item 1")
        #expect(try Self.stored(database, "old")[2] == "item 2")
        // Above it: the source row moves into the target first (and leaves the source).
        try database.update(table: "new", on: Item.content, with: ["above"], where: Item.id == mark + 1)
        try database.insertOrReplace(objects: MigrationItem(id: mark + 2, content: "replaced"), intoTable: "new")
        try database.delete(fromTable: "new", where: Item.id == mark + 3)
        expected[mark + 1] = "above"
        expected[mark + 2] = "replaced"
        expected[mark + 3] = nil
        let source = try Self.stored(database, "old")
        #expect(source[mark + 1] == nil && source[mark + 2] == nil && source[mark + 3] == nil)
        #expect(try read(database) == expected)
        #expect(try database.getValue(on: Item.id.count(), fromTable: "new").int64Value == Int64(expected.count))
        // A new row takes a rowid past every source row, ghost ones included.
        try database.insert(objects: MigrationItem(id: count + 1, content: "new"), intoTable: "new")
        expected[count + 1] = "new"

        while !database.isMigrated() { try database.stepMigration() }
        #expect(try Self.stored(database, "new") == expected)
        #expect(try database.isTableExists("old") == false)
        #expect(try Self.watermarks(database).isEmpty)
    }

    /// An insert's prelude first looks the new keys up in the source: a new key leaves the source alone,
    /// a key a source row holds still conflicts as on one table (and the failed insert moves nothing).
    @Test func insertOfANewKeySkipsTheMoveAndAConflictStillConflicts() throws {
        let scratch = try Scratch()
        let database = try Self.openWithHundredSourceRows(scratch)
        defer { database.close() }
        try database.insert(objects: MigrationItem(id: 500, content: "fresh"), intoTable: "new")
        #expect(try Self.stored(database, "old").count == 100)
        #expect(try Self.stored(database, "new") == [500: "fresh"])
        #expect(throws: WCDBError.self) { try database.insert(objects: MigrationItem(id: 50, content: "clash"), intoTable: "new") }
        #expect(try Self.stored(database, "old")[50] == "item 50")
        #expect(try Self.stored(database, "new") == [500: "fresh"])
        try database.insertOrReplace(objects: MigrationItem(id: 50, content: "replaced"), intoTable: "new")
        #expect(try Self.stored(database, "old")[50] == nil)
        let rows: [MigrationItem] = try database.getObjects(fromTable: "new", where: MigrationItem.Properties.id == 50)
        #expect(rows == [MigrationItem(id: 50, content: "replaced")])
        #expect(try database.getValue(on: MigrationItem.Properties.id.count(), fromTable: "new").int64Value == 101)
    }

    /// The lookup runs only for a key a source row can hold: an integer key above the source's largest
    /// rowid, or NULL, skips it (and the insert is as on one table); a key at or below it, or given as
    /// text (SQLite makes it a rowid), is looked up and still conflicts.
    @Test func insertLooksUpOnlyKeysASourceRowCanHold() throws {
        let scratch = try Scratch()
        let database = try Self.openWithHundredSourceRows(scratch)
        defer { database.close() }
        let lookups = Mutex(0)
        database.traceSQL { sql in
            if sql.hasPrefix("SELECT 1 FROM") && sql.contains("old") { lookups.withLock { $0 += 1 } }
        }
        let count = { lookups.withLock { $0 } }

        try database.insert(objects: MigrationItem(id: 101, content: "above"), intoTable: "new")
        #expect(count() == 0)
        #expect(throws: WCDBError.self) { try database.insert(objects: MigrationItem(id: 100, content: "clash"), intoTable: "new") }
        #expect(count() == 1)

        let insert = StatementInsert().insert(intoTable: "new").columns(Item.id, Item.content).values(BindParameter(1), BindParameter(2))
        try database.withHandle(forWriting: true) { handle in
            let statement = try handle.prepare(insert)
            statement.bind(text: "99", toIndex: 1)
            statement.bind(text: "text key", toIndex: 2)
            #expect(throws: WCDBError.self) { try statement.step() }
            #expect(count() == 2)
            statement.reset()
            statement.bindNull(toIndex: 1)
            statement.bind(text: "no key", toIndex: 2)
            _ = try statement.step()
            #expect(count() == 2)
            statement.reset()
            statement.bind(integer: 50, toIndex: 1)
            #expect(throws: WCDBError.self) { try statement.step() }
            #expect(count() == 3)
            handle.finalize()
        }
        #expect(try Self.stored(database, "old").count == 100)
        let new = try Self.stored(database, "new")
        #expect(new.count == 2 && new[101] == "above" && new.values.contains("no key"))
        #expect(try #require(new.first { $0.value == "no key" }?.key) > 101)
    }

    /// Each target of a split source has its own watermark; a source row no filter takes keeps the
    /// source (as before watermarks), the others are read in their target only.
    @Test func splitSourceKeepsTheRowsNoTargetTakes() throws {
        let scratch = try Scratch()
        let source = Database(withPath: scratch.sourcePath)
        try source.create(table: "source", of: MigrationItem.self)
        try source.insert(objects: Self.items(1...40), intoTable: "source")
        source.close()
        let database = Database(withPath: scratch.targetPath)
        defer { database.close() }
        database.addMigration(sourcePath: scratch.sourcePath) { info in
            switch info.table {
            case "low": info.sourceTable = "source"; info.filterCondition = Item.id <= 10
            case "high": info.sourceTable = "source"; info.filterCondition = Item.id > 10 && Item.id <= 35
            default: break
            }
        }
        try database.create(table: "low", of: MigrationItem.self)
        try database.create(table: "high", of: MigrationItem.self)
        while !database.isMigrated() { try database.stepMigration() }
        #expect(try Set(Self.stored(database, "low").keys) == Set(1...10))
        #expect(try Set(Self.stored(database, "high").keys) == Set(11...35))
        #expect(try (database.getObjects(fromTable: "high") as [MigrationItem]).map(\.id).sorted() == Array(11...35))
        let marks = try Self.watermarks(database)
        #expect(marks["low"] == Int64.max && marks["high"] == Int64.max)
        let left = Database(withPath: scratch.sourcePath)
        defer { left.close() }
        #expect(try left.isTableExists("source"))
        #expect(try Set(left.getRows("SELECT id FROM source WHERE id > 35").map { $0[0].int64Value }) == Set(36...40))
    }

    /// The source is dropped with `secure_delete` off (its rows live on in the target) and the
    /// connection's setting is as it was afterwards.
    @Test func theDropLeavesSecureDeleteAsItWas() throws {
        let scratch = try Scratch()
        let database = Self.open(scratch.targetPath)
        defer { database.close() }
        try database.create(table: "old", of: MigrationItem.self)
        try database.insert(objects: Self.items(1...200), intoTable: "old")
        try database.create(table: "new", of: MigrationItem.self)
        let before = try database.withHandle(forWriting: true) { try $0.rows("PRAGMA secure_delete")[0][0].int64Value }
        try database.withHandle(forWriting: true) { try $0.exec("PRAGMA secure_delete = 1") }
        while !database.isMigrated() { try database.stepMigration() }
        #expect(try database.getRows("SELECT name FROM sqlite_master WHERE name = 'old'").isEmpty)
        #expect(try database.withHandle(forWriting: true) { try $0.rows("PRAGMA secure_delete")[0][0].int64Value } == 1)
        try database.withHandle(forWriting: true) { try $0.exec("PRAGMA secure_delete = \(before)") }
        #expect(try Self.stored(database, "new").count == 200)
    }

    @Test func stepsKeepTheWALShort() throws {
        let scratch = try Scratch()
        let database = Self.open(scratch.targetPath)
        defer { database.close() }
        try database.create(table: "old", of: MigrationItem.self)
        // About 25 MB of rows: many steps, each writing hundreds of pages.
        let padding = String(repeating: "x", count: 500)
        try database.run(transaction: {
            for start in stride(from: Int64(1), through: 50_000, by: 5_000) {
                try database.insert(objects: (start..<start + 5_000).map { MigrationItem(id: $0, content: "\($0) " + padding) },
                                    intoTable: "old")
            }
        })
        try database.create(table: "new", of: MigrationItem.self)
        try database.truncateCheckpoint()
        let wal = scratch.targetPath + "-wal"
        func walBytes() -> Int { ((try? FileManager.default.attributesOfItem(atPath: wal)[.size]) as? NSNumber)?.intValue ?? 0 }
        var largest = 0
        while !database.isMigrated() {
            try database.stepMigration()
            largest = max(largest, walBytes())
        }
        // Steps back to back leave a background checkpoint no moment to finish the WAL; after a step that
        // left it long, the step checkpoints before the next one, which then starts the WAL over.
        #expect(largest < 12 * 1_024 * 1_024, "the WAL grew to \(largest) bytes")
        #expect(try Self.stored(database, "new").count == 50_000)
    }
}
