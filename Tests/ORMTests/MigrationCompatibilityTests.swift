import Foundation
import Synchronization
import Testing
@testable import WCDBSwift

/// WCDB 2.x's own migration scenarios (src/objc/tests/migration: MigratingCRUDTests, MigrateTests),
/// written against this API: issue #39, migration items 2–7. Item 1 is `MigrationKeyTests`.
@Suite struct MigrationCompatibilityTests {
    private typealias Item = MigrationItem.Properties

    private final class Scratch {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-migrate-compat-\(UUID().uuidString)")
        var targetPath: String { directory.appendingPathComponent("target.db").path }
        var sourcePath: String { directory.appendingPathComponent("source.db").path }
        init() throws { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: directory) }
    }

    private static func items(_ ids: ClosedRange<Int64>) -> [MigrationItem] {
        ids.map { MigrationItem(id: $0, content: "item \($0)") }
    }

    /// A target `target` taking over `source` (items 1…`rows`, inserted in reverse as WCDB's tests do), in
    /// this database or another file, with `filter` when given.
    private static func configure(_ scratch: Scratch, crossDatabase: Bool, rows: Int64 = 40,
                                  filter: WCDBSwift.Expression? = nil) throws -> (database: Database, source: Database) {
        let sourcePath = crossDatabase ? scratch.sourcePath : scratch.targetPath
        let source = Database(withPath: sourcePath)
        try source.create(table: "source", of: MigrationItem.self)
        try source.insert(objects: Array(items(1...rows).reversed()), intoTable: "source")
        let database = Database(withPath: scratch.targetPath)
        database.addMigration(sourcePath: crossDatabase ? sourcePath : nil) { info in
            guard info.table == "target" else { return }
            info.sourceTable = "source"
            info.filterCondition = filter
        }
        try database.create(table: "target", of: MigrationItem.self)
        return (database, source)
    }

    private static func stepToTheEnd(_ database: Database) throws {
        var steps = 0
        while !database.isMigrated(), steps < 1000 {
            try database.stepMigration()
            steps += 1
        }
        #expect(database.isMigrated())
    }

    // MARK: Item 2

    /// MigratingCRUDTests.test_drop_table: dropping a migrating target deletes the source rows it was
    /// to take over (in the same transaction), not the source's other rows; the stepper then drops the
    /// source once it is empty, and a table created again under the name starts empty.
    @Test(arguments: [(false, false), (true, false), (false, true), (true, true)])
    func droppingATargetDropsTheRowsItWasToTakeOver(crossDatabase: Bool, filtered: Bool) throws {
        let scratch = try Scratch()
        // Enough rows that one step moves only some of them (WCDB's "startMigration" half).
        let rows: Int64 = 100_000
        let (database, source) = try Self.configure(scratch, crossDatabase: crossDatabase, rows: rows, filter: filtered ? Item.id > 10 : nil)
        defer { database.close(); source.close() }
        #expect(try database.getValue(on: Item.id.count(), fromTable: "target").int64Value == (filtered ? rows - 10 : rows))
        try database.stepMigration()
        #expect(!database.isMigrated())
        try database.drop(table: "target")
        let left = { try source.getRows("SELECT count(*) FROM source")[0][0].int64Value }
        #expect(try left() == (filtered ? 10 : 0))

        try database.create(table: "target", of: MigrationItem.self)
        #expect(try database.getValue(on: Item.id.count(), fromTable: "target").int64Value == 0)
        try Self.stepToTheEnd(database)
        #expect(try database.getRows("SELECT count(*) FROM target")[0][0].int64Value == 0)
        #expect(try source.isTableExists("source") == filtered)
        if filtered { #expect(try left() == 10) }
    }

    // MARK: Item 3

    /// MigratingCRUDTests' sources have a `classification` their targets lack, which the filter reads
    /// (WCDB migrates the target's columns): reads, writes and the steps take the target's columns.
    @Test(arguments: [false, true])
    func aSourceColumnTheTargetLacksStaysBehind(crossDatabase: Bool) throws {
        let scratch = try Scratch()
        let sourcePath = crossDatabase ? scratch.sourcePath : scratch.targetPath
        let classification = Column(named: "classification"), identifier = Column(named: "identifier")
        do {
            let source = Database(withPath: sourcePath)
            defer { source.close() }
            try source.create(table: "source", of: ClassifiedMigrationSource.self)
            let rows = (1...30).reversed().map { ClassifiedMigrationSource(identifier: $0, classification: $0 % 2, content: "item \($0)") }
            try source.insert(objects: rows, intoTable: "source")
        }
        let database = Database(withPath: scratch.targetPath)
        defer { database.close() }
        database.addMigration(sourcePath: crossDatabase ? sourcePath : nil) { info in
            guard info.table == "target" else { return }
            info.sourceTable = "source"
            info.filterCondition = classification == 1
        }
        try database.create(table: "target", of: IntegerPrimaryKeyMigrationObject.self)
        var expected = stride(from: Int64(1), through: 29, by: 2).map { IntegerPrimaryKeyMigrationObject(identifier: $0, content: "item \($0)") }
        let read = { () throws -> [IntegerPrimaryKeyMigrationObject] in
            try database.getObjects(fromTable: "target", orderBy: [identifier.asOrder(by: .ascending)])
        }
        #expect(try read() == expected)
        try database.exec(StatementUpdate().update(table: "target").set(Column(named: "content")).to("three").where(identifier == 3))
        try database.delete(fromTable: "target", where: identifier == 5)
        try database.insert(objects: IntegerPrimaryKeyMigrationObject(identifier: 100, content: "new"), intoTable: "target")
        expected[1].content = "three"
        expected.remove(at: 2)
        expected.append(IntegerPrimaryKeyMigrationObject(identifier: 100, content: "new"))
        #expect(try read() == expected)
        try Self.stepToTheEnd(database)
        #expect(try read() == expected)
        let source = Database(withPath: sourcePath)
        defer { source.close() }
        #expect(try source.getRows("SELECT count(*) FROM source WHERE classification = 0")[0][0].int64Value == 15)
    }

    /// MigratingCRUDTests with `missColumnCount` 1: the source lacks columns of the target. WCDB adds them
    /// to the source (NULL, or the column's default); here the source is left as it is and its rows read
    /// and move with the target's default (NULL without one).
    @Test(arguments: [false, true])
    func aTargetColumnTheSourceLacksTakesItsDefault(crossDatabase: Bool) throws {
        let scratch = try Scratch()
        let sourcePath = crossDatabase ? scratch.sourcePath : scratch.targetPath
        do {
            let source = Database(withPath: sourcePath)
            defer { source.close() }
            try source.create(table: "source", with: Column(named: "identifier").asDef(with: .integer64))
            for id in Int64(1)...20 {
                try source.exec(StatementInsert().insert(intoTable: "source").columns(Column(named: "identifier")).values(id))
            }
        }
        let database = Database(withPath: scratch.targetPath)
        defer { database.close() }
        database.addMigration(sourcePath: crossDatabase ? sourcePath : nil) { info in
            if info.table == "target" { info.sourceTable = "source" }
        }
        try database.create(table: "target", of: DefaultedMigrationTarget.self)
        let identifier = Column(named: "identifier")
        var expected = (Int64(1)...20).map { DefaultedMigrationTarget(identifier: $0, content: nil, note: "none") }
        let read = { () throws -> [DefaultedMigrationTarget] in
            try database.getObjects(fromTable: "target", orderBy: [identifier.asOrder(by: .ascending)])
        }
        #expect(try read() == expected)
        try database.exec(StatementUpdate().update(table: "target").set(Column(named: "content")).to("four").where(identifier == 4))
        expected[3].content = "four"
        #expect(try database.getValue(on: identifier.count(), fromTable: "target", where: Column(named: "note") == "none").int64Value == 20)
        try Self.stepToTheEnd(database)
        #expect(try read() == expected)
        #expect(try database.getRows("SELECT count(*) FROM target WHERE note = 'none' AND rowid = identifier")[0][0].int64Value == 20)
    }

    /// MigratingCRUDTests with `missColumnCount` 2: neither table has a column the model has. The first
    /// statement that names it adds it to the target (WCDB 2.x's auto-add-column; WCDB adds it to the
    /// source too), and the source's rows read it as NULL.
    @Test(arguments: [false, true])
    func aColumnAddedToTheTargetReadsAsNullForTheSource(crossDatabase: Bool) throws {
        let scratch = try Scratch()
        let sourcePath = crossDatabase ? scratch.sourcePath : scratch.targetPath
        let identifier = Column(named: "id").asDef(with: .integer64)
        do {
            let source = Database(withPath: sourcePath)
            defer { source.close() }
            try source.create(table: "source", with: identifier)
            for id in Int64(1)...10 { try source.exec(StatementInsert().insert(intoTable: "source").columns(Column(named: "id")).values(id)) }
        }
        let database = Database(withPath: scratch.targetPath)
        defer { database.close() }
        database.addMigration(sourcePath: crossDatabase ? sourcePath : nil) { info in
            if info.table == "target" { info.sourceTable = "source" }
        }
        try database.exec(StatementCreateTable().create(table: "target").with(columns: Column(named: "id").asDef(with: .integer64).makePrimary()))
        let read = { () throws -> [MigrationItem] in try database.getObjects(fromTable: "target", orderBy: [Item.id.asOrder(by: .ascending)]) }
        var expected = (Int64(1)...10).map { MigrationItem(id: $0, content: "") }
        #expect(try read() == expected)
        try database.update(table: "target", on: Item.content, with: ["two"], where: Item.id == 2)
        expected[1].content = "two"
        #expect(try read() == expected)
        try Self.stepToTheEnd(database)
        #expect(try read() == expected)
        #expect(try database.getRows("SELECT count(*) FROM target WHERE content IS NULL")[0][0].int64Value == 9)
    }

    // MARK: Item 4

    /// MigratingCRUDTests.test_delete_with_limit and test_update_with_limit: ORDER BY, LIMIT and OFFSET
    /// pick the rows as on one table, whichever table they are in.
    @Test(arguments: [(false, false), (true, false), (false, true), (true, true)])
    func writesWithOrderAndLimitPickTheRowsOfOneTable(crossDatabase: Bool, started: Bool) throws {
        let scratch = try Scratch()
        let (database, source) = try Self.configure(scratch, crossDatabase: crossDatabase, rows: 20, filter: Item.id > 2)
        defer { database.close(); source.close() }
        if started { try database.stepMigration() }
        var expected = Self.items(3...20)
        let minID = expected[0].id
        try database.delete(fromTable: "target", where: Item.id > minID, orderBy: [Item.id.asOrder(by: .ascending)], limit: 1, offset: 1)
        expected.remove(at: 2)
        try database.update(table: "target", on: Item.content, with: ["second"], where: Item.id > minID,
                            orderBy: [Item.id.asOrder(by: .ascending)], limit: 1, offset: 1)
        expected[2].content = "second"
        // Descending: the rows LIMIT picks are the last source rows, or rows a step moved.
        try database.update(table: "target", on: Item.content, with: ["last"], where: Item.id >= 15,
                            orderBy: [Item.id.asOrder(by: .descending)], limit: 2)
        expected[expected.count - 1].content = "last"
        expected[expected.count - 2].content = "last"
        let read = { () throws -> [MigrationItem] in try database.getObjects(fromTable: "target", orderBy: [Item.id.asOrder(by: .ascending)]) }
        #expect(try read() == expected)
        try Self.stepToTheEnd(database)
        #expect(try read() == expected)
    }

    // MARK: Item 5

    /// MigrateTests.test_feature_migrate_newly_created_table_after_migrated: a table created after the
    /// database finished migrating, whose source has rows, turns `isMigrated()` back to false.
    @Test(arguments: [false, true])
    func aTableCreatedAfterTheEndMigratesAgain(crossDatabase: Bool) throws {
        let scratch = try Scratch()
        let (database, source) = try Self.configure(scratch, crossDatabase: crossDatabase)
        defer { database.close(); source.close() }
        try source.create(table: "anotherSource", of: MigrationItem.self)
        try source.insert(objects: Self.items(1...5), intoTable: "anotherSource")
        database.addMigration(sourcePath: crossDatabase ? scratch.sourcePath : nil) { info in
            if info.table == "anotherTable" { info.sourceTable = "anotherSource" }
        }
        try Self.stepToTheEnd(database)
        try database.create(table: "anotherTable", of: MigrationItem.self)
        #expect(!database.isMigrated())
        try Self.stepToTheEnd(database)
        #expect(try database.getRows("SELECT count(*) FROM anotherTable")[0][0].int64Value == 5)
    }

    // MARK: Item 6

    /// MigrateTests.test_filter: the filter is asked once for a table, however many statements use it.
    @Test(arguments: [false, true])
    func theFilterIsAskedOncePerTable(sourceExists: Bool) throws {
        let scratch = try Scratch()
        let database = Database(withPath: scratch.targetPath)
        defer { database.close() }
        try database.create(table: "target", of: MigrationItem.self)
        if sourceExists {
            try database.create(table: "source", of: MigrationItem.self)
            try database.insert(objects: Self.items(1...3), intoTable: "source")
        }
        let asked = Mutex(0)
        database.addMigration(sourcePath: nil) { info in
            if info.table == "target" {
                info.sourceTable = "source"
                asked.withLock { $0 += 1 }
            }
        }
        #expect(try database.getValue(on: Column.all.count(), fromTable: "target").int64Value == (sourceExists ? 3 : 0))
        #expect(try (database.getObjects(fromTable: "target") as [MigrationItem]).count == (sourceExists ? 3 : 0))
        try database.stepMigration()
        #expect(asked.withLock { $0 } == 1)
    }

    // MARK: Item 7

    /// MigrateTests.test_feature_closed_database_will_not_perform_auto_migrate: auto migration does not
    /// open a database the app closed; it goes on when the app opens it again (test_auto_migrate).
    @Test(arguments: [false, true])
    func autoMigrationLeavesAClosedDatabaseClosed(crossDatabase: Bool) throws {
        let scratch = try Scratch()
        let (database, source) = try Self.configure(scratch, crossDatabase: crossDatabase, rows: 100_000)
        source.close()
        defer { database.close() }
        let migrated = Mutex(false)
        database.setNotificationWhenMigrated { _, info in if info == nil { migrated.withLock { $0 = true } } }
        database.setAutoMigration(enable: true)
        #expect(database.canOpen)
        Thread.sleep(forTimeInterval: 0.05)
        database.close()
        #expect(!database.isOpened)
        Thread.sleep(forTimeInterval: 0.5)
        #expect(!database.isOpened, "the auto migration opened the database again")
        #expect(!migrated.withLock { $0 })

        #expect(database.canOpen)
        let deadline = Date().addingTimeInterval(60)
        while !migrated.withLock({ $0 }), Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        #expect(database.isMigrated())
        database.setAutoMigration(enable: false)
        #expect(try database.getRows("SELECT count(*) FROM target")[0][0].int64Value == 100_000)
    }
}
