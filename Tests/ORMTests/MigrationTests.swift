import Foundation
import Synchronization
import Testing
@testable import WCDBSwift

/// A temporary directory holding a target database and, for cross-database migration, a source file.
private final class MigrationScratch {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-migrate-\(UUID().uuidString)")
    var targetPath: String { directory.appendingPathComponent("target.db").path }
    var sourcePath: String { directory.appendingPathComponent("source.db").path }

    init() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// The database at `targetPath` with items 1…20 in `old`, none moved yet, and `new` migrating from it.
    func sameFileMigration() throws -> Database {
        let database = Database(withPath: targetPath)
        try database.create(table: "old", of: MigrationItem.self)
        try database.insert(objects: items(1...20), intoTable: "old")
        database.addMigration(sourcePath: nil) { info in
            if info.table == "new" { info.sourceTable = "old" }
        }
        try database.create(table: "new", of: MigrationItem.self)
        return database
    }

    /// A source database at `sourcePath` holding `items` in `table`.
    func makeSource(_ items: [MigrationItem], table: String = "source", key: Data? = nil) throws {
        let source = Database(withPath: sourcePath)
        if let key { source.setCipher(key: key) }
        defer { source.close() }
        try source.create(table: table, of: MigrationItem.self)
        try source.insert(objects: items, intoTable: table)
    }
}

private typealias Item = MigrationItem.Properties

private func items(_ ids: ClosedRange<Int64>) -> [MigrationItem] {
    ids.map { MigrationItem(id: $0, content: "item \($0)") }
}

/// Rows of `table` read with SQL text (not rewritten): what is really stored there.
private func stored(_ database: Database, _ table: String) throws -> [Int64] {
    try database.getRows("SELECT id FROM \(table) ORDER BY id").map { $0[0].int64Value }
}

@Suite struct MigrationTests {
    /// WCDB 2.x's `AdvanceTests.testMigration`, the same calls: an encrypted source in another file,
    /// filtered, read and written through the target while it migrates, then migrated to the end.
    @Test func crossDatabaseEncryptedFilteredAsWCDB2x() throws {
        let scratch = try MigrationScratch()
        let sourceCipher = Data("source key".utf8)
        try scratch.makeSource([MigrationItem(id: 1, content: "oldContent1"), MigrationItem(id: 2, content: "oldContent2"),
                                MigrationItem(id: 3, content: "oldContent3")], table: "sourceTable", key: sourceCipher)
        let sourceDatabase = Database(withPath: scratch.sourcePath)
        sourceDatabase.setCipher(key: sourceCipher)
        defer { sourceDatabase.close() }
        let sourceTable = sourceDatabase.getTable(named: "sourceTable", of: MigrationItem.self)

        let target = Database(withPath: scratch.targetPath)
        target.setCipher(key: Data("target key".utf8))
        defer { target.close() }
        target.addMigration(sourcePath: scratch.sourcePath, sourceCipher: sourceCipher) { info in
            if info.table == "targetTable" {
                info.sourceTable = "sourceTable"
                info.filterCondition = Item.id > 2
            }
        }
        try target.create(table: "targetTable", of: MigrationItem.self)
        let targetTable = target.getTable(named: "targetTable", of: MigrationItem.self)

        #expect(try targetTable.getValue(on: Column.all.count()).int64Value == 1)
        // Row 2 is not the target's (the filter): deleting it through the target leaves the source alone.
        try targetTable.delete(where: Item.id == 2)
        #expect(try sourceTable.getValue(on: Column.all.count()).int64Value == 3)

        try targetTable.update(on: Item.content, with: ["newContent"], where: Item.id == 3)
        #expect(try targetTable.getValue(on: Item.content, where: Item.id == 3).stringValue == "newContent")
        try targetTable.delete(where: Item.id == 3)
        #expect(try sourceTable.getValue(on: Column.all.count()).int64Value == 2)
        #expect(try targetTable.getValue(on: Column.all.count()).int64Value == 0)

        try targetTable.insert(objects: MigrationItem(id: 4, content: "d"))
        #expect(try targetTable.getObject(where: Item.id == 4)?.content == "d")
        #expect(try sourceTable.getValue(on: Column.all.count()).int64Value == 2)
        #expect(try targetTable.getValue(on: Column.all.count()).int64Value == 1)

        target.close()
        #expect(!target.isMigrated())
        let migrated = Mutex<[String?]>([])
        target.setNotificationWhenMigrated { _, info in migrated.withLock { $0.append(info?.sourceTable) } }
        var steps = 0
        repeat {
            try target.stepMigration()
            steps += 1
        } while !target.isMigrated() && steps < 100
        #expect(target.isMigrated())
        #expect(migrated.withLock { $0 } == ["sourceTable", nil])
        // Rows 1 and 2 were never the target's: the source keeps them, so it is not dropped.
        #expect(try sourceTable.getValue(on: Column.all.count()).int64Value == 2)
        #expect(try targetTable.getObjects().map(\.id) == [4])
    }

    /// In one database: every row moves, the source table is dropped, and reads see every row at every
    /// point of the way.
    @Test func sameDatabaseMovesEveryRowAndDropsTheSource() throws {
        let scratch = try MigrationScratch()
        let database = Database(withPath: scratch.targetPath)
        defer { database.close() }
        try database.create(table: "old", of: MigrationItem.self)
        try database.insert(objects: items(1...750), intoTable: "old")
        database.addMigration(sourcePath: nil) { info in
            if info.table == "new" { info.sourceTable = "old" }
        }
        try database.create(table: "new", of: MigrationItem.self)
        let expected = items(1...750)
        #expect(try database.getObjects(fromTable: "new", orderBy: [Item.id.asOrder(by: .ascending)]) == expected)
        var steps = 0
        while !database.isMigrated() {
            try database.stepMigration()
            steps += 1
            #expect(try database.getObjects(fromTable: "new", orderBy: [Item.id.asOrder(by: .ascending)]) == expected)
            #expect(try database.getValue(on: Item.id.count(), fromTable: "new").int64Value == 750)
        }
        #expect(steps >= 1)
        #expect(try stored(database, "new").count == 750)
        #expect(try database.isTableExists("old") == false)
    }

    /// Several targets split one source by their filters; the source goes when the last rows leave.
    @Test func filteredSplitIntoTwoTargets() throws {
        let scratch = try MigrationScratch()
        try scratch.makeSource(items(1...40))
        let database = Database(withPath: scratch.targetPath)
        defer { database.close() }
        database.addMigration(sourcePath: scratch.sourcePath) { info in
            switch info.table {
            case "low": info.sourceTable = "source"; info.filterCondition = Item.id <= 10
            case "high": info.sourceTable = "source"; info.filterCondition = Item.id > 10
            default: break
            }
        }
        try database.create(table: "low", of: MigrationItem.self)
        try database.create(table: "high", of: MigrationItem.self)
        #expect(try (database.getObjects(fromTable: "low") as [MigrationItem]).map(\.id).sorted() == Array(1...10))
        #expect(try (database.getObjects(fromTable: "high") as [MigrationItem]).map(\.id).sorted() == Array(11...40))
        while !database.isMigrated() { try database.stepMigration() }
        #expect(try stored(database, "low") == Array(1...10))
        #expect(try stored(database, "high") == Array(11...40))
        let source = Database(withPath: scratch.sourcePath)
        defer { source.close() }
        #expect(try source.isTableExists("source") == false)
    }

    /// A source whose columns differ from the target's migrates the target's columns (WCDB 2.x's rule):
    /// its own columns stay behind, the target's it lacks read and move as NULL (or the target's
    /// default). Only a target column that can hold neither, NOT NULL without a default, is refused with
    /// an error naming both tables and the column, and nothing moves.
    @Test func mismatchedColumnsMigrateTheTargetsColumns() throws {
        let scratch = try MigrationScratch()
        let database = Database(withPath: scratch.targetPath)
        defer { database.close() }
        try database.create(table: "old", of: MigrationMismatch.self)
        try database.insert(objects: [MigrationMismatch(id: 1, other: "x")], intoTable: "old")
        database.addMigration(sourcePath: nil) { info in
            if info.table == "new" { info.sourceTable = "old" }
            if info.table == "strict" { info.sourceTable = "old" }
        }
        try database.create(table: "new", of: MigrationItem.self)
        #expect(try database.getObjects(fromTable: "new") as [MigrationItem] == [MigrationItem(id: 1, content: "")])
        #expect(try database.getValue(on: Column(named: "content"), fromTable: "new").isNull)

        try database.exec("CREATE TABLE strict(id INTEGER PRIMARY KEY, content TEXT NOT NULL)")
        let error = #expect(throws: WCDBError.self) { try database.getObjects(fromTable: "strict") as [MigrationItem] }
        #expect(error?.message?.contains("NOT NULL") == true)
        #expect(error?.message?.contains("content") == true && error?.message?.contains("old") == true)
        #expect(throws: WCDBError.self) { try database.stepMigration() }
        #expect(try database.getRows("SELECT count(*) FROM old")[0][0].int64Value == 1)
    }

    /// New rows never take the rowid of a source row still to come, even after the target's largest
    /// row is deleted; a key or UNIQUE code that a source row holds conflicts as on one table.
    @Test func insertsKeepRowidsAndUniqueKeysAcrossBothTables() throws {
        let scratch = try MigrationScratch()
        let database = Database(withPath: scratch.targetPath)
        defer { database.close() }
        typealias T = MigrationTicket.Properties
        try database.create(table: "old", of: MigrationTicket.self)
        try database.insert(objects: (1...5).map { MigrationTicket(id: Int64($0) * 10, code: "c\($0)", amount: Int64($0)) }, intoTable: "old")
        database.addMigration(sourcePath: nil) { info in
            if info.table == "new" { info.sourceTable = "old" }
        }
        try database.create(table: "new", of: MigrationTicket.self)
        let freshID = { try database.getValue(on: T.id, fromTable: "new", where: T.code == "fresh").int64Value }
        try database.insert(objects: MigrationTicket(id: nil, code: "fresh", amount: 0), intoTable: "new")
        #expect(try freshID() == 51)
        // The target's largest row goes: the next new row still passes the source's rows, and
        // AUTOINCREMENT does not reuse 51.
        try database.delete(fromTable: "new", where: T.code == "fresh")
        try database.insert(objects: MigrationTicket(id: nil, code: "fresh", amount: 0), intoTable: "new")
        #expect(try freshID() == 52)

        // A UNIQUE code or a key a source row holds: refused as on one table; OR REPLACE replaces it.
        #expect(throws: WCDBError.self) { try database.insert(objects: MigrationTicket(id: nil, code: "c3", amount: 99), intoTable: "new") }
        #expect(throws: WCDBError.self) { try database.insert(objects: MigrationTicket(id: 20, code: "other", amount: 99), intoTable: "new") }
        try database.insertOrReplace(objects: MigrationTicket(id: 20, code: "c2", amount: 7), intoTable: "new")
        let rows: [MigrationTicket] = try database.getObjects(fromTable: "new", orderBy: [T.id.asOrder(by: .ascending)])
        #expect(rows.map(\.code) == ["c1", "c2", "c3", "c4", "c5", "fresh"])
        #expect(rows.first { $0.code == "c2" }?.amount == 7)
        while !database.isMigrated() { try database.stepMigration() }
        #expect(try database.getRows("SELECT count(*), count(DISTINCT code) FROM new")[0].map(\.int64Value) == [6, 6])
    }

    /// `changes` of a write and the rowid of an insert are those of the same statement on one table.
    @Test func changesAndLastInsertedRowid() throws {
        let scratch = try MigrationScratch()
        let database = try scratch.sameFileMigration()
        defer { database.close() }
        try database.withHandle(forWriting: true) { handle in
            try handle.exec(StatementUpdate().update(table: "new").set(Item.content).to("x").where(Item.id <= 5))
            #expect(handle.changes == 5)
            try handle.exec(StatementDelete().delete(from: "new").where(Item.id > 15))
            #expect(handle.changes == 5)
            try handle.exec(StatementInsert().insert(intoTable: "new").columns(Item.content).values("new row"))
            #expect(handle.changes == 1)
            // Rows 1…15 are left (6…15 still in the source): the next rowid is 16, as on one table.
            #expect(handle.lastInsertedRowID == 16)
        }
        #expect(try database.getValue(on: Item.id.count(), fromTable: "new").int64Value == 16)
        #expect(try database.getValue(on: Item.id.count(), fromTable: "new", where: Item.content == "x").int64Value == 5)
    }

    /// An UPDATE or DELETE of rows still in the source first moves them into the target (an INSERT
    /// there), yet `lastInsertedRowID` stays the last insert's, as on one table; an INSERT OR IGNORE that
    /// ignores its row leaves it too.
    @Test func updatesAndDeletesLeaveLastInsertedRowIDAsOneTableDoes() throws {
        let scratch = try MigrationScratch()
        let database = try scratch.sameFileMigration()
        defer { database.close() }
        try database.withHandle(forWriting: true) { handle in
            try handle.exec(StatementInsert().insert(intoTable: "new").columns(Item.id, Item.content).values(100, "new row"))
            #expect(handle.lastInsertedRowID == 100)
            try handle.exec(StatementUpdate().update(table: "new").set(Item.content).to("x").where(Item.id == 7))
            #expect(handle.changes == 1)
            #expect(handle.lastInsertedRowID == 100)
            try handle.exec(StatementDelete().delete(from: "new").where(Item.id == 9))
            #expect(handle.changes == 1)
            #expect(handle.lastInsertedRowID == 100)
            try handle.exec(StatementInsert().insert(intoTable: "new").onConflict(.ignore).columns(Item.id, Item.content).values(3, "ignored"))
            #expect(handle.changes == 0)
            #expect(handle.lastInsertedRowID == 100)
            try handle.exec(StatementInsert().insert(intoTable: "new").onConflict(.replace).columns(Item.id, Item.content).values(4, "replaced"))
            #expect(handle.lastInsertedRowID == 4)
            try handle.exec(StatementInsert().insert(intoTable: "new").columns(Item.content).values("next"))
            #expect(handle.lastInsertedRowID == 101)
        }
        #expect(try stored(database, "new").contains(7))
        #expect(try database.getValue(on: Item.content, fromTable: "new", where: Item.id == 4).stringValue == "replaced")
    }

    /// `read(_:)` reads a migrating table, also as a handle's first read of it (which sets up what the
    /// rewrite reads through: the source file attached, the target's view), for a source in the same file
    /// and in another one.
    @Test(arguments: [false, true]) func readClosureReadsAMigratingTable(crossDatabase: Bool) async throws {
        let scratch = try MigrationScratch()
        let database: Database
        if crossDatabase {
            try scratch.makeSource(items(1...20))
            database = Database(withPath: scratch.targetPath)
            database.addMigration(sourcePath: scratch.sourcePath) { info in
                if info.table == "new" { info.sourceTable = "source" }
            }
            try await database.create(table: "new", of: MigrationItem.self)
        } else {
            database = try scratch.sameFileMigration()
        }
        defer { database.close() }
        let ids = try await database.read { _ in
            try database.getObjects(fromTable: "new", orderBy: [Item.id.asOrder(by: .ascending)]).map { (item: MigrationItem) in item.id }
        }
        #expect(ids == Array(1...20))
        // What the read cannot do stays refused: it writes nothing, the rewrite's set-up aside.
        await #expect(throws: WCDBError.self) {
            try await database.read { _ in try database.delete(fromTable: "new", where: Item.id == 1) }
        }
        #expect(try await database.getValue(on: Item.id.count(), fromTable: "new").int64Value == 20)
    }

    /// A new row that SQLite gives the rowid a prelude last moved (the moved row was deleted since) is
    /// reported with that rowid: the rowid a prelude moved stops being hidden once an insert of the
    /// caller's inserted a row. (Found by MigrationCrashTests: an insert with a nil key reported id 0.)
    @Test func anInsertReusingTheLastMovedRowIDReportsIt() throws {
        let scratch = try MigrationScratch()
        let database = try scratch.sameFileMigration()
        defer { database.close() }
        try database.withHandle(forWriting: true) { handle in
            try handle.exec(StatementInsert().insert(intoTable: "new").columns(Item.id, Item.content).values(100, "new row"))
            // Moves row 20 into the target first; the last row the caller inserted is still 100.
            try handle.exec(StatementUpdate().update(table: "new").set(Item.content).to("x").where(Item.id == 20))
            #expect(handle.lastInsertedRowID == 100)
            try handle.exec(StatementDelete().delete(from: "new").where(Item.id >= 20))
            try handle.exec(StatementInsert().insert(intoTable: "new").columns(Item.content).values("reuses 20"))
            #expect(handle.changes == 1)
            #expect(handle.lastInsertedRowID == 20)
        }
        var row = MigrationNewItem(id: nil, content: "next")
        try database.withHandle(forWriting: true) { handle in
            try handle.exec(StatementUpdate().update(table: "new").set(Item.content).to("y").where(Item.id == 19))
            try handle.exec(StatementDelete().delete(from: "new").where(Item.id >= 19))
        }
        // The verb's own report: SQLite gives the row 19, the rowid the update's prelude moved last.
        // (Whichever pooled handle runs it, the last row it inserted was not 19.)
        try database.insert(&row, intoTable: "new")
        #expect(row.id == 19)
        #expect(try database.getValue(on: Item.content, fromTable: "new", where: Item.id == 19).stringValue == "next")
    }

    /// The source table is dropped only once no operation begun before the table finished migrating is
    /// still running: a read that holds its handle across the end of the migration (here a prepared
    /// statement over the target's view, stepped again afterwards) keeps working, and an operation that
    /// writes after the end never runs a prelude over a dropped source. (Found by MigrationCrashTests: the
    /// app's writes failed with "no such table: main.old_items" between the step that dropped the source
    /// and the moment the handles took the new rewriter.)
    @Test func theSourceOutlivesOperationsBegunBeforeTheEnd() throws {
        let scratch = try MigrationScratch()
        let database = try scratch.sameFileMigration()
        defer { database.close() }
        let read = try database.prepare(StatementSelect().select(Item.content).from("new").where(Item.id == 7))
        #expect(try read.step())
        try read.reset()

        // Another thread migrates every row while this thread's read still holds its handle.
        let migrated = DispatchSemaphore(value: 0)
        let outcome = Mutex<(steps: Int, error: String?)>((0, nil))
        DispatchQueue.global().async {
            do {
                for _ in 0..<5 {
                    try database.stepMigration()
                    outcome.withLock { $0.steps += 1 }
                }
            } catch {
                outcome.withLock { $0.error = "\(error)" }
            }
            migrated.signal()
        }
        migrated.wait()
        #expect(outcome.withLock { $0.error } == nil)
        #expect(try stored(database, "new").count == 20)
        #expect(!database.isMigrated(), "the source must stay while an operation begun before the end runs")
        #expect(try read.step())
        #expect(read.handleStatement.value(atIndex: 0).stringValue == "item 7")
        read.finalize()

        try database.stepMigration()
        #expect(database.isMigrated())
        #expect(try database.isTableExists("old") == false)
        #expect(try database.getValue(on: Item.content, fromTable: "new", where: Item.id == 7).stringValue == "item 7")
        try database.update(table: "new", on: Item.content, with: "seven", where: Item.id == 7)
        #expect(try database.getValue(on: Item.content, fromTable: "new", where: Item.id == 7).stringValue == "seven")
    }

    /// From a source in another file, a transaction that moves rows commits the target's file first and
    /// the source's second (SQLite in WAL mode, https://www.sqlite.org/lang_attach.html): a kill between
    /// the two leaves the moved rows in the source too. Those rows are recorded as moved in the target's
    /// file, in the same transaction, and count as moved: this is the state such a kill leaves after an
    /// update of row 3 and a delete of row 4 in one transaction. (Found by MigrationCrashTests: 4,100 rows
    /// in both files after one kill; reads returned them twice and every later step failed with
    /// "UNIQUE constraint failed".)
    @Test func rowsLeftInASourceFileByAKillBetweenTheCommitsCountAsMoved() throws {
        let scratch = try MigrationScratch()
        let sourceKey = Data("source key".utf8)
        try scratch.makeSource(items(1...10), key: sourceKey)
        let configure = { (database: Database) in
            database.setCipher(key: Data("target key".utf8))
            database.addMigration(sourcePath: scratch.sourcePath, sourceCipher: sourceKey) { info in
                if info.table == "target" { info.sourceTable = "source" }
            }
        }
        do {
            let database = Database(withPath: scratch.targetPath)
            configure(database)
            defer { database.close() }
            try database.create(table: "target", of: MigrationItem.self)
            try database.run(transaction: {
                try database.update(table: "target", on: Item.content, with: "three", where: Item.id == 3)
                try database.delete(fromTable: "target", where: Item.id == 4)
            })
        }
        // The source's commit cut off: rows 3 and 4 back in the source file as they were.
        do {
            let source = Database(withPath: scratch.sourcePath)
            source.setCipher(key: sourceKey)
            defer { source.close() }
            try source.insert(objects: [MigrationItem(id: 3, content: "item 3"), MigrationItem(id: 4, content: "item 4")], intoTable: "source")
        }

        let database = Database(withPath: scratch.targetPath)
        configure(database)
        defer { database.close() }
        let expected = items(1...10).filter { $0.id != 4 }.map { $0.id == 3 ? MigrationItem(id: 3, content: "three") : $0 }
        let ordered = [Item.id.asOrder(by: .ascending)]
        #expect(try database.getObjects(fromTable: "target", orderBy: ordered) == expected)
        #expect(try database.getValue(on: Item.id.count(), fromTable: "target").int64Value == 9)
        try database.update(table: "target", on: Item.content, with: "3", where: Item.id == 3)
        try database.insertOrReplace(objects: MigrationItem(id: 4, content: "four again"), intoTable: "target")
        var steps = 0
        while !database.isMigrated(), steps < 100 {
            try database.stepMigration()
            steps += 1
        }
        #expect(database.isMigrated())
        #expect(try stored(database, "target") == Array(1...10))
        #expect(try database.getValue(on: Item.content, fromTable: "target", where: Item.id == 4).stringValue == "four again")
        #expect(try database.getRows("SELECT count(*) FROM wcdb_migration_moved")[0][0].int64Value == 0)
        let source = Database(withPath: scratch.sourcePath)
        source.setCipher(key: sourceKey)
        defer { source.close() }
        #expect(try source.isTableExists("source") == false)
    }
}

extension MigrationTests {
    /// The statements a migration runs (the moves of a step, the union view) reach the
    /// database's SQL tracer with its tag and path, like the app's own.
    @Test func migrationStatementsAreTracedWithTheDatabaseTag() throws {
        let scratch = try MigrationScratch()
        try scratch.makeSource(items(1...50))
        let database = Database(withPath: scratch.targetPath)
        defer { database.close() }
        database.tag = 77
        let traced = Mutex<[(tag: Int, path: String, sql: String)]>([])
        database.traceSQL { tag, path, _, sql, _ in traced.withLock { $0.append((tag, path, sql)) } }
        database.addMigration(sourcePath: scratch.sourcePath) { if $0.table == "items" { $0.sourceTable = "source" } }
        try database.create(table: "items", of: MigrationItem.self)
        _ = try database.getObjects(fromTable: "items") as [MigrationItem]
        while !database.isMigrated() { try database.stepMigration() }
        let statements = traced.withLock { $0 }
        let moves = statements.filter { $0.sql.hasPrefix("INSERT INTO main.items") && $0.sql.contains("wcdb_migration_") }
        #expect(!moves.isEmpty)
        #expect(statements.contains { $0.sql.hasPrefix("CREATE TEMP VIEW") && $0.sql.contains("wcdb_union_items") })
        #expect(moves.allSatisfy { $0.tag == 77 && $0.path == database.path })
    }
}

/// A target that is compressed while it migrates: reads decompress rows of both tables, writes
/// compress, moved rows are compressed by the compression steps, whichever was configured first.
@Suite struct MigrationWithCompressionTests {
    private typealias M = CompressedMessage.Properties

    private static func message(_ id: Int64) -> CompressedMessage {
        let text = (0..<25).map { ["hello", "你好", "see you at the station", "明天见"][(Int(id) + $0) % 4] }.joined(separator: " ")
        return CompressedMessage(id: id, kind: id % 2, text: text + " #\(id)", payload: Data((text + " payload").utf8))
    }

    @Test(arguments: [(true, false), (false, false), (true, true)])
    func compressedTargetMigrates(compressionFirst: Bool, crossDatabase: Bool) throws {
        let scratch = try MigrationScratch()
        let sourcePath = crossDatabase ? scratch.sourcePath : scratch.targetPath
        let old = (1...200).map { Self.message($0) }
        do {
            let source = Database(withPath: sourcePath)
            defer { source.close() }
            try source.create(table: "oldMessage", of: CompressedMessage.self)
            try source.insert(objects: old, intoTable: "oldMessage")
        }
        let database = Database(withPath: scratch.targetPath)
        database.setCipher(key: crossDatabase ? Data("target".utf8) : nil)
        defer { database.close() }
        let compress = {
            database.setCompression { info in
                guard info.tableName == "message" else { return }
                info.addZSTDNormalCompress(to: M.text)
                info.addZSTDNormalCompress(to: M.payload)
            }
        }
        let migrate = {
            database.addMigration(sourcePath: crossDatabase ? sourcePath : nil) { if $0.table == "message" { $0.sourceTable = "oldMessage" } }
        }
        if compressionFirst { compress(); migrate() } else { migrate(); compress() }
        try database.create(table: "message", of: CompressedMessage.self)
        var expected = old
        // Reads see the source's plain rows; writes go to the target, compressed.
        #expect(try database.getObjects(fromTable: "message", orderBy: [M.id.asOrder()]) == expected)
        let added = (201...220).map { Self.message($0) }
        try database.insert(objects: added, intoTable: "message")
        expected += added
        try database.update(table: "message", on: M.text, with: ["changed"], where: M.id == 5)
        expected[4].text = "changed"
        try database.delete(fromTable: "message", where: M.id.between(10, 14))
        expected.removeAll { (10...14).contains($0.id) }
        #expect(try database.getObjects(fromTable: "message", orderBy: [M.id.asOrder()]) == expected)
        #expect(try database.getRows(fromTable: "message", orderBy: [M.id.asOrder()]).first?.count == 4, "SELECT * shows no hidden column")
        let like: [CompressedMessage] = try database.getObjects(fromTable: "message", where: M.text.like("%#20_"), orderBy: [M.id.asOrder()])
        #expect(like.map(\.id) == Array(200...209))
        while !database.isMigrated() { try database.stepMigration() }
        while !database.isCompressed() { try database.stepCompression() }
        #expect(try database.getObjects(fromTable: "message", orderBy: [M.id.asOrder()]) == expected)
        let markers = try database.getRows("SELECT count(*) FROM message WHERE WCDB_CT_text = 4 AND WCDB_CT_payload = 5")[0][0].int64Value
        #expect(markers == Int64(expected.count) - 1, "every row compressed but the short text 'changed'")
    }
}

/// Migration in the background and to the end, beside the app's own work.
@Suite struct MigrationProgressTests {
    /// Auto migration races writers on three threads: every write lands once, and the migration ends.
    @Test func autoMigrationRacesConcurrentWriters() async throws {
        let scratch = try MigrationScratch()
        try scratch.makeSource(items(1...3000))
        let database = Database(withPath: scratch.targetPath)
        defer { database.close() }
        database.addMigration(sourcePath: scratch.sourcePath) { if $0.table == "items" { $0.sourceTable = "source" } }
        try await database.create(table: "items", of: MigrationItem.self)
        database.setAutoMigration(enable: true)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<3 {
                group.addTask {
                    for index in 0..<60 {
                        let id = Int64(10_000 + writer * 1000 + index)
                        try database.insert(objects: MigrationItem(id: id, content: "new"), intoTable: "items")
                        // Each writer also rewrites and removes rows that start in the source.
                        let old = Int64(writer * 1000 + index * 3 + 1)
                        try database.update(table: "items", on: Item.content, with: ["touched"], where: Item.id == old)
                        try database.delete(fromTable: "items", where: Item.id == old + 1)
                    }
                }
            }
            try await group.waitForAll()
        }
        let deadline = Date().addingTimeInterval(60)
        while !database.isMigrated() && Date() < deadline { try await Task.sleep(nanoseconds: 20_000_000) }
        database.setAutoMigration(enable: false)
        #expect(database.isMigrated())
        let rows: [MigrationItem] = try await database.getObjects(fromTable: "items")
        #expect(rows.count == 3000 - 180 + 180)
        #expect(Set(rows.map(\.id)).count == rows.count)
        #expect(rows.filter { $0.content == "touched" }.count == 180)
        #expect(rows.filter { $0.content == "new" }.count == 180)
        #expect(try stored(database, "items").count == rows.count)
    }

    /// `migrate(progress:)` runs to the end with a rising share; tables are told in order, then nil.
    @Test func asyncMigrateReportsProgressAndNotifies() async throws {
        let scratch = try MigrationScratch()
        let database = Database(withPath: scratch.targetPath)
        defer { database.close() }
        for table in ["oldA", "oldB"] {
            try await database.create(table: table, of: MigrationItem.self)
            try await database.insert(objects: items(1...2000), intoTable: table)
        }
        database.addMigration(sourcePath: nil) { info in
            if info.table == "newA" { info.sourceTable = "oldA" }
            if info.table == "newB" { info.sourceTable = "oldB" }
        }
        try await database.create(table: "newA", of: MigrationItem.self)
        try await database.create(table: "newB", of: MigrationItem.self)
        let told = Mutex<[String?]>([])
        database.setNotificationWhenMigrated { _, info in told.withLock { $0.append(info?.table) } }
        let shares = Mutex<[Double]>([])
        try await database.migrate { share in shares.withLock { $0.append(share) } }
        #expect(database.isMigrated())
        let reported = shares.withLock { $0 }
        #expect(reported.last == 1)
        #expect(reported == reported.sorted())
        #expect(told.withLock { $0 } == ["newA", "newB", nil])
        #expect(try stored(database, "newA").count == 2000 && stored(database, "newB").count == 2000)
        #expect(try database.isTableExists("oldA") == false && database.isTableExists("oldB") == false)
    }

    /// A cancelled `migrate` stops between steps: every row is in one table or the other, and a later
    /// call finishes.
    @Test func cancelledMigrateLosesNothing() async throws {
        let scratch = try MigrationScratch()
        try scratch.makeSource(items(1...20_000))
        let database = Database(withPath: scratch.targetPath)
        defer { database.close() }
        database.addMigration(sourcePath: scratch.sourcePath) { if $0.table == "items" { $0.sourceTable = "source" } }
        try await database.create(table: "items", of: MigrationItem.self)
        let task = Task { try await database.migrate() }
        try await Task.sleep(nanoseconds: 30_000_000)
        task.cancel()
        let outcome = await task.result
        if case .failure(let error) = outcome { #expect(error is CancellationError) }
        let source = Database(withPath: scratch.sourcePath)
        defer { source.close() }
        let moved = try stored(database, "items").count
        // The source rows at or below the watermark have moved (they stay until the source is dropped).
        let mark = try await database.getRows("SELECT moved FROM wcdb_migration_progress").first?[0].int64Value ?? Int64.min
        let left = try await source.isTableExists("source")
            ? try await source.getRows("SELECT count(*) FROM source WHERE rowid > \(mark)")[0][0].int64Value : 0
        #expect(Int64(moved) + left == 20_000)
        try await database.migrate()
        #expect(try stored(database, "items") == Array(1...20_000))
    }
}
