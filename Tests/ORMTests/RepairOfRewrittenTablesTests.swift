import Foundation
import Testing
@testable import WCDBSwift

/// Repair keeps what compression and migration stored: a damaged database whose page 1 is lost is
/// retrieved from its backup material with the hidden compression columns and both tables of a
/// migration, and the same configuration reads every row back.
@Suite struct RepairOfRewrittenTablesTests {
    private static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-repair-rewritten-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Zeroes page 1 (4096 bytes) of the file at `path`.
    private static func losePageOne(of path: String) throws {
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? file.close() }
        try file.seek(toOffset: 0)
        try file.write(contentsOf: Data(count: 4096))
    }

    private static func text(_ id: Int64) -> String {
        (0..<20).map { ["hello", "你好", "see you at the station", "明天见", "{\"w\":640}"][(Int(id) + $0) % 5] }.joined(separator: " ") + " #\(id)"
    }

    @Test func compressedRowsDecompressAfterRetrieve() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("chat.db").path
        let key = Data("chat".utf8)
        let configure: Database.CompressionFilter = { info in
            if info.tableName == "message" { info.addZSTDNormalCompress(to: CompressedMessage.Properties.text) }
        }
        let messages = (1...300).map { CompressedMessage(id: $0, kind: $0 % 3, text: Self.text($0), payload: nil) }
        do {
            let database = Database(withPath: path)
            database.setCipher(key: key)
            defer { database.close() }
            database.setCompression(with: configure)
            try database.create(table: "message", of: CompressedMessage.self)
            try database.insert(objects: messages, intoTable: "message")
            try database.backup()
        }
        try Self.losePageOne(of: path)
        let repaired = Database(withPath: path)
        repaired.setCipher(key: key)
        defer { repaired.close() }
        let score = try repaired.retrieve()
        #expect(score > 0.9)
        let markers = try repaired.getRows("SELECT count(*) FROM message WHERE WCDB_CT_text = 4")[0][0].int64Value
        #expect(markers == 300, "the values are still stored compressed, with their markers")
        repaired.setCompression(with: configure)
        let read: [CompressedMessage] = try repaired.getObjects(fromTable: "message", orderBy: [CompressedMessage.Properties.id.asOrder()])
        #expect(read == messages)
    }

    @Test func bothTablesOfAMigrationSurviveRetrieve() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("app.db").path
        let configure: Database.TableFilter = { if $0.table == "items" { $0.sourceTable = "old" } }
        let items = (1...500).map { MigrationItem(id: $0, content: "item \($0)") }
        do {
            let database = Database(withPath: path)
            defer { database.close() }
            try database.create(table: "old", of: MigrationItem.self)
            try database.insert(objects: items, intoTable: "old")
            database.addMigration(sourcePath: nil, configure)
            try database.create(table: "items", of: MigrationItem.self)
            // Half way: the rows above 250 have moved.
            try database.withHandle(forWriting: true) { handle in
                try handle.exec("INSERT INTO main.items SELECT * FROM main.old WHERE id > 250")
                try handle.exec("DELETE FROM main.old WHERE id > 250")
            }
            try database.backup()
        }
        try Self.losePageOne(of: path)
        let repaired = Database(withPath: path)
        defer { repaired.close() }
        #expect(try repaired.retrieve() > 0.9)
        repaired.addMigration(sourcePath: nil, configure)
        let read: [MigrationItem] = try repaired.getObjects(fromTable: "items", orderBy: [MigrationItem.Properties.id.asOrder()])
        #expect(read == items)
        while !repaired.isMigrated() { try repaired.stepMigration() }
        #expect(try repaired.getRows("SELECT count(*) FROM items")[0][0].int64Value == 500)
    }
}
