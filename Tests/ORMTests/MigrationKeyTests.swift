import Foundation
import Testing
@testable import WCDBSwift

/// Which identifier a migrated row gets (issue #39, item 1), for every pair of WCDB 2.x's three models as
/// source and target (MigrateTests.test_migrate's matrix: a plain `identifier` column, an INTEGER PRIMARY
/// KEY, one with AUTOINCREMENT), in one database and from another file, with and without a filter. As in
/// WCDB's MigrationTestCase the source's rows are inserted in reverse, so a source without an integer
/// primary key holds identifier 1 at its largest rowid.
///
/// WCDB (MigrationInfo.cpp) copies a row with `INSERT INTO target(rowid, columns…) SELECT rowid, columns…`:
/// a target with an INTEGER PRIMARY KEY takes the source's value of that column (the later of the two
/// names wins), one without keeps the source's rowid; a new row's key is `max(key) + 1` over both tables
/// (AUTOINCREMENT: the sequence starts at the source's largest key). So the rows keep the source's
/// identifiers, and the same random operations on the migrating table and on a plain table holding those
/// rows give the same results, before, during and after the migration.
@Suite struct MigrationKeyTests {
    static let kinds: [any MigrationKeyObject.Type] = [NormalMigrationObject.self, IntegerPrimaryKeyMigrationObject.self,
                                                       AutoIncrementMigrationObject.self]
    /// Identifiers 1…count in the source; operations never delete the largest (a plain table would then
    /// give its identifier again, where a migrating one passes the source's largest until it is gone).
    static let count: Int64 = 301

    private static let identifier = Column(named: "identifier")
    private static let content = Column(named: "content")
    /// A filter over the source's columns: every third identifier stays in the source.
    private static let filter = identifier % 3 != 0

    private static func objects<Object: MigrationKeyObject>(_ type: Object.Type, filtered: Bool) -> [Object] {
        (1...count).filter { !filtered || $0 % 3 != 0 }.map { Object(identifier: $0, content: "item \($0)") }
    }

    @Test(arguments: 0..<9, [false, true])
    func migratedRowsKeepTheSourcesIdentifiers(pair: Int, crossDatabase: Bool) throws {
        let source = Self.kinds[pair / 3], target = Self.kinds[pair % 3]
        try run(source: source, target: target, crossDatabase: crossDatabase, filtered: pair % 2 == 0, seed: UInt64(pair * 2 + (crossDatabase ? 1 : 0)))
    }

    private func run<Source: MigrationKeyObject, Target: MigrationKeyObject>(source: Source.Type, target: Target.Type, crossDatabase: Bool,
                                                                             filtered: Bool, seed: UInt64) throws {
        let label = "\(Source.self) → \(Target.self), \(crossDatabase ? "another file" : "one database")\(filtered ? ", filtered" : "")"
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-migrate-key-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let migratingPath = directory.appendingPathComponent("migrating.db").path
        let sourcePath = crossDatabase ? directory.appendingPathComponent("source.db").path : migratingPath
        let sourceTable = crossDatabase ? "target" : "sourceTable"
        do {
            let sourceDatabase = Database(withPath: sourcePath)
            defer { sourceDatabase.close() }
            try sourceDatabase.create(table: sourceTable, of: Source.self)
            try sourceDatabase.insert(objects: Array(Self.objects(Source.self, filtered: false).reversed()), intoTable: sourceTable)
        }
        let plain = Database(withPath: directory.appendingPathComponent("plain.db").path)
        defer { plain.close() }
        try plain.create(table: "target", of: Target.self)
        try plain.insert(objects: Self.objects(Target.self, filtered: filtered), intoTable: "target")

        let migrating = Database(withPath: migratingPath)
        defer { migrating.close() }
        migrating.addMigration(sourcePath: crossDatabase ? sourcePath : nil) { info in
            guard info.table == "target" else { return }
            info.sourceTable = sourceTable
            if filtered { info.filterCondition = Self.filter }
        }
        try migrating.create(table: "target", of: Target.self)

        let everything = { (database: Database) throws -> [String] in
            let rows: [Target] = try database.getObjects(fromTable: "target")
            return rows.map { "\($0.identifier.map(String.init) ?? "nil"):\($0.content ?? "nil")" }.sorted()
        }
        #expect(try everything(migrating) == everything(plain), "\(label): before any operation")
        var random = SeededRandom(state: seed &+ 0x5eed)
        for index in 0..<150 {
            let operation = Int(random.next() % 10)
            var plainRandom = random, migratingRandom = random
            let expected = Self.operate(operation, &plainRandom, on: plain, Target.self)
            let actual = Self.operate(operation, &migratingRandom, on: migrating, Target.self)
            random = plainRandom
            #expect(actual == expected, "\(label): operation \(operation) at step \(index)")
            if random.next() % 6 == 0 { try migrating.stepMigration() }
        }
        #expect(try everything(migrating) == everything(plain), "\(label): half way")
        var steps = 0
        while !migrating.isMigrated(), steps < 1000 {
            try migrating.stepMigration()
            steps += 1
        }
        #expect(migrating.isMigrated(), "\(label)")
        #expect(try everything(migrating) == everything(plain), "\(label): migrated")
        // What is stored, read with SQL text (not rewritten).
        let stored = { (database: Database) in
            try database.getRows("SELECT identifier, content FROM target ORDER BY identifier, content").map { $0.map(\.description) }
        }
        #expect(try stored(migrating) == stored(plain), "\(label): stored")
        if Target.hasIntegerPrimaryKey {
            let keys = try migrating.getRows("SELECT count(*) FROM target WHERE rowid = identifier")[0][0].int64Value
            #expect(keys == (try migrating.getRows("SELECT count(*) FROM target")[0][0].int64Value), "\(label)")
        }
        let sourceDatabase = Database(withPath: sourcePath)
        defer { sourceDatabase.close() }
        #expect(try sourceDatabase.isTableExists(sourceTable) == filtered, "\(label): the source is dropped once every row moved")
    }

    /// One random operation and what it returned (or the error's code).
    private static func operate<Object: MigrationKeyObject>(_ operation: Int, _ random: inout SeededRandom, on database: Database,
                                                            _ type: Object.Type) -> String {
        let a = random.int(1...count - 1), b = random.int(1...count - 1), k = random.int(0...50)
        let low = min(a, b), high = max(a, b)
        do {
            switch operation {
            case 0:
                try database.insert(objects: Object(identifier: count + random.int(1...200), content: "new \(k)"), intoTable: "target")
                return "inserted"
            case 1:
                // A new row without an identifier: the integer primary key a plain table would give it.
                let rowID = try database.withHandle(forWriting: true) { handle -> Int64 in
                    try handle.exec(StatementInsert().insert(intoTable: "target").columns(content).values("auto \(k)"))
                    return handle.lastInsertedRowID
                }
                return Object.hasIntegerPrimaryKey ? "auto \(rowID)" : "auto"
            case 2:
                try database.insertOrReplace(objects: Object(identifier: a, content: "replaced \(k)"), intoTable: "target")
                return "replaced"
            case 3:
                try database.exec(StatementUpdate().update(table: "target").set(content).to("updated \(k)").where(identifier.between(low, high)))
                return "updated"
            case 4:
                try database.delete(fromTable: "target", where: identifier.between(low, min(low + 10, count - 1)))
                return "deleted"
            case 5:
                let rows: [Object] = try database.getObjects(fromTable: "target", where: identifier > a,
                                                             orderBy: [identifier.asOrder(by: .ascending), content.asOrder(by: .ascending)],
                                                             limit: 7)
                return rows.map { "\($0.identifier ?? -1):\($0.content ?? "")" }.joined(separator: ",")
            case 6:
                let row = try database.getRow(on: identifier.count(), identifier.sum(), identifier.max(), content.min(), fromTable: "target")
                return row.map(\.description).joined(separator: ",")
            case 7:
                let rows: [Object] = try database.getObjects(fromTable: "target", where: identifier == a)
                return rows.map { $0.content ?? "" }.sorted().joined(separator: ",")
            case 8:
                try database.delete(fromTable: "target", where: content.like("item 1%"))
                return "deleted like"
            default:
                return try database.getValue(on: identifier.count(), fromTable: "target", where: content.like("%\(k)%")).description
            }
        } catch let error as WCDBError {
            return "error \(error.code)"
        } catch {
            return "error \(error)"
        }
    }
}
