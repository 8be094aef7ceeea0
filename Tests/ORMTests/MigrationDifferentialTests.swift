import Foundation
import Testing
@testable import WCDBSwift

/// The same random sequences of verbs, chain calls and WINQ statements run on a half-migrated table
/// and on an unmigrated copy give the same results, and leave the same rows.
@Suite struct MigrationDifferentialTests {
    private typealias Item = MigrationItem.Properties

    /// Both databases: `plain` holds every row in `items`; `migrating` holds rows above 300 in `items`
    /// and the others in `old`, as a migration stopped half way leaves them. Each also has `tags`.
    private static func makePair(in directory: URL, crossDatabase: Bool) throws -> (plain: Database, migrating: Database) {
        let rows = (1...600).map { MigrationItem(id: $0, content: "item \($0 % 37)") }
        let tags = StatementCreateTable().create(table: "tags").with(columns: ColumnDef(with: Column(named: "itemId"), and: .integer64),
                                                                      ColumnDef(with: Column(named: "label"), and: .text))
        let plain = Database(withPath: directory.appendingPathComponent("plain.db").path)
        try plain.create(table: "items", of: MigrationItem.self)
        try plain.insert(objects: rows, intoTable: "items")
        let sourcePath = directory.appendingPathComponent("source.db").path
        let source = crossDatabase ? Database(withPath: sourcePath) : Database(withPath: directory.appendingPathComponent("migrating.db").path)
        try source.create(table: "old", of: MigrationItem.self)
        try source.insert(objects: rows.filter { $0.id <= 300 }, intoTable: "old")
        source.close()
        let migrating = Database(withPath: directory.appendingPathComponent("migrating.db").path)
        migrating.setCipher(key: Data("migrating".utf8))
        if crossDatabase {
            migrating.addMigration(sourcePath: sourcePath) { if $0.table == "items" { $0.sourceTable = "old" } }
        } else {
            migrating.setCipher(key: nil)
            migrating.addMigration(sourcePath: nil) { if $0.table == "items" { $0.sourceTable = "old" } }
        }
        try migrating.create(table: "items", of: MigrationItem.self)
        try migrating.insert(objects: rows.filter { $0.id > 300 }, intoTable: "items")
        for database in [plain, migrating] {
            try database.exec(tags)
            for id in stride(from: 1, through: 600, by: 9) {
                try database.exec(StatementInsert().insert(intoTable: "tags").values(id, id % 2 == 0 ? "even" : "odd"))
            }
        }
        return (plain, migrating)
    }

    /// One random operation on `database`, and what it returned (or that it threw).
    private static func run(_ operation: Int, _ random: inout SeededRandom, on database: Database) -> String {
        let a = random.int(1...650), b = random.int(1...650), k = random.int(0...36)
        let low = min(a, b), high = max(a, b)
        let items = database.getTable(named: "items", of: MigrationItem.self)
        do {
            switch operation {
            case 0:
                try items.insert(objects: MigrationItem(id: a, content: "new \(k)"))
                return "inserted"
            case 1:
                try items.insertOrReplace(objects: MigrationItem(id: a, content: "replaced \(k)"))
                return "replaced"
            case 2:
                try database.update(table: "items", on: Item.content, with: ["updated \(k)"], where: Item.id.between(low, high))
                return "updated"
            case 3:
                try items.delete(where: Item.id.between(low, low + 15))
                return "deleted"
            case 4:
                try database.delete(fromTable: "items", where: Item.content.like("item \(k)%"))
                return "deleted like"
            case 5:
                let objects = try items.getObjects(where: Item.id > a, orderBy: [Item.id.asOrder(by: .ascending)], limit: 7, offset: k)
                return objects.map { "\($0.id):\($0.content)" }.joined(separator: ",")
            case 6:
                let row = try database.getRow(on: Item.id.count(), Item.id.sum(), Item.id.max(), Item.content.min(), fromTable: "items")
                return row.map(\.description).joined(separator: ",")
            case 7:
                return try items.getColumn(on: Item.content, where: Item.id < a, orderBy: [Item.id.asOrder(by: .descending)], limit: 10)
                    .map(\.description).joined(separator: ",")
            case 8:
                let select = try database.prepareSelect(of: MigrationItem.self, fromTable: "items")
                    .where(Item.id % 7 == k % 7).order(by: Item.id.asOrder(by: .descending)).limit(5)
                return try select.allObjects().map { "\($0.id)" }.joined(separator: ",")
            case 9:
                try database.prepareUpdate(table: "items", on: Item.content).where(Item.id == a).execute(with: ["chain \(k)"])
                return "chain updated"
            case 10:
                try database.prepareDelete(fromTable: "items").where(Item.id == a).execute()
                return "chain deleted"
            case 11:
                let join = StatementSelect().select(Column(named: "id").in(table: "items"), Column(named: "label").in(table: "tags"))
                    .from(TableOrSubquery(with: Join(with: "items").join("tags")
                        .on(Column(named: "id").in(table: "items") == Column(named: "itemId").in(table: "tags"))))
                    .where(Column(named: "label") == (k % 2 == 0 ? "even" : "odd"))
                    .order(by: Column(named: "id").in(table: "items").asOrder(by: .ascending))
                return try database.getRows(from: join).map { $0.map(\.description).joined(separator: ":") }.joined(separator: ",")
            case 12:
                let inner = StatementSelect().select(Column(named: "id")).from("items").where(Column(named: "id") < a)
                let outer = StatementSelect().select(Column.all).from("items").where(Column(named: "id").in(inner))
                    .order(by: Column(named: "id").asOrder(by: .ascending)).limit(9)
                return try database.getRows(from: outer).map { $0.map(\.description).joined(separator: ":") }.joined(separator: ",")
            case 13:
                // A transaction that writes, then rolls back.
                try? database.run(transaction: { _ in
                    try items.insert(objects: MigrationItem(id: 1000 + a, content: "rolled back"))
                    try items.delete(where: Item.id == b)
                    throw CancellationError()
                })
                return "rolled back"
            case 14:
                var id: Int64 = 0
                try database.withHandle(forWriting: true) { handle in
                    try handle.exec(StatementInsert().insert(intoTable: "items").columns(Item.content).values("auto \(k)"))
                    id = handle.lastInsertedRowID
                }
                return "auto \(id)"
            default:
                let count = try database.getValue(on: Item.id.count(), fromTable: "items", where: Item.content.like("%\(k)%"))
                return count.description
            }
        } catch let error as WCDBError {
            return "error \(error.code)"
        } catch {
            return "error \(error)"
        }
    }

    @Test(arguments: [(1, false), (2, true), (3, false), (4, true)])
    func randomSequencesMatchAnUnmigratedTable(seed: UInt64, crossDatabase: Bool) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-migrate-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let (plain, migrating) = try Self.makePair(in: directory, crossDatabase: crossDatabase)
        defer { plain.close(); migrating.close() }
        var random = SeededRandom(state: seed)
        for index in 0..<160 {
            let operation = Int(random.next() % 16)
            var plainRandom = random, migratingRandom = random
            let expected = Self.run(operation, &plainRandom, on: plain)
            let actual = Self.run(operation, &migratingRandom, on: migrating)
            random = plainRandom
            #expect(actual == expected, "operation \(operation) at step \(index)")
            // Now and then, some rows move.
            if random.next() % 11 == 0 { try migrating.stepMigration() }
        }
        let everything = { (database: Database) -> [MigrationItem] in
            try database.getObjects(fromTable: "items", orderBy: [Item.id.asOrder(by: .ascending)])
        }
        #expect(try everything(migrating) == everything(plain))
        while !migrating.isMigrated() { try migrating.stepMigration() }
        #expect(try everything(migrating) == everything(plain))
    }
}
