import Foundation
import Testing
@testable import WCDBSwift

/// The same random sequences of verbs, chain calls and WINQ statements run on a half-compressed table
/// and on an uncompressed copy give the same results, and leave the same values.
@Suite struct CompressionDifferentialTests {
    private typealias M = CompressedMessage.Properties

    private static let words = ["hello", "你好", "see you at the station", "明天见", "{\"type\":\"image\",\"w\":640}", "ok", "thanks!"]

    private static func text(_ seed: Int64) -> String {
        (0..<(12 + Int(seed % 19))).map { words[(Int($0) * 5 + Int(seed)) % words.count] }.joined(separator: " ") + " #\(seed)"
    }

    private static func message(_ id: Int64, _ seed: Int64) -> CompressedMessage {
        CompressedMessage(id: id, kind: seed % 3, text: text(seed), payload: seed % 4 == 0 ? nil : Data(text(seed + 1).utf8))
    }

    /// `plain` holds every row uncompressed; `compressed` compresses text and payload (with a
    /// dictionary when asked) and holds rows written before compression and rows written after.
    private static func makePair(in directory: URL, dictionary: Bool) throws -> (plain: Database, compressed: Database) {
        let rows = (1...300).map { message($0, $0) }
        let plain = Database(withPath: directory.appendingPathComponent("plain.db").path)
        try plain.create(table: "message", of: CompressedMessage.self)
        try plain.insert(objects: rows, intoTable: "message")
        let compressed = Database(withPath: directory.appendingPathComponent("compressed.db").path)
        compressed.setCipher(key: Data("compressed".utf8))
        try compressed.create(table: "message", of: CompressedMessage.self)
        try compressed.insert(objects: Array(rows.prefix(150)), intoTable: "message")
        if dictionary {
            let id: Database.DictId = 7
            let dict = try Database.trainDict(with: (1...400).map { text(Int64($0)) }, and: id)
            try Database.register(dict: dict, with: id)
        }
        compressed.setCompression { info in
            guard info.tableName == "message" else { return }
            if dictionary {
                info.addZSTDDictCompress(to: M.text, withDict: 7)
            } else {
                info.addZSTDNormalCompress(to: M.text)
            }
            info.addZSTDNormalCompress(to: M.payload)
        }
        try compressed.insert(objects: Array(rows.suffix(150)), intoTable: "message")
        for database in [plain, compressed] {
            try database.exec(StatementCreateTable().create(table: "kinds").with(
                columns: ColumnDef(with: Column(named: "kind"), and: .integer64), ColumnDef(with: Column(named: "label"), and: .text)))
            for kind in 0..<3 { try database.exec(StatementInsert().insert(intoTable: "kinds").values(kind, "kind \(kind)")) }
        }
        return (plain, compressed)
    }

    private static func describe(_ objects: [CompressedMessage]) -> String {
        objects.map { "\($0.id)|\($0.kind)|\($0.text)|\($0.payload.map { String(decoding: $0, as: UTF8.self) } ?? "nil")" }
            .joined(separator: ",")
    }

    /// One random operation on `database`, and what it returned (or that it threw).
    private static func run(_ operation: Int, _ random: inout SeededRandom, on database: Database) -> String {
        let a = random.int(1...330), b = random.int(1...330), seed = random.int(1...500)
        let low = min(a, b), high = max(a, b)
        let table = database.getTable(named: "message", of: CompressedMessage.self)
        do {
            switch operation {
            case 0:
                try table.insert(objects: message(a, seed))
                return "inserted"
            case 1:
                try table.insertOrReplace(objects: message(a, seed))
                return "replaced"
            case 2:
                try database.update(table: "message", on: M.text, with: [text(seed)], where: M.id.between(low, high))
                return "updated text"
            case 3:
                try table.update(on: M.text, M.payload, with: message(0, seed), where: M.id == a)
                return "updated object"
            case 4:
                try table.delete(where: M.id.between(low, low + 5))
                return "deleted"
            case 5:
                let pattern = words[Int(seed) % words.count]
                return describe(try table.getObjects(where: M.text.like("%\(pattern)%") && M.id > a, orderBy: [M.id.asOrder()], limit: 4))
            case 6:
                return describe(try table.getObjects(where: M.kind == seed % 3, orderBy: [M.text.asOrder(by: .descending), M.id.asOrder()],
                                                     limit: 5, offset: Int(seed % 7)))
            case 7:
                return try table.getColumn(on: M.text.length(), where: M.id < a, orderBy: [M.id.asOrder()]).map(\.description)
                    .joined(separator: ",")
            case 8:
                return describe(try database.prepareSelect(of: CompressedMessage.self, fromTable: "message")
                    .where(M.text == text(seed)).order(by: M.id.asOrder()).allObjects())
            case 9:
                try database.prepareUpdate(table: "message", on: M.payload).where(M.id == a).execute(with: [Data(text(seed).utf8)])
                return "chain updated"
            case 10:
                let join = StatementSelect().select(Column(named: "text").in(table: "m"), Column(named: "label").in(table: "k"))
                    .from(TableOrSubquery(with: Join(with: TableOrSubquery(table: "message").as("m"))
                        .join(TableOrSubquery(table: "kinds").as("k"))
                        .on(Column(named: "kind").in(table: "m") == Column(named: "kind").in(table: "k"))))
                    .where(Column(named: "id").in(table: "m").between(low, low + 4))
                    .order(by: Column(named: "id").in(table: "m").asOrder())
                return try database.getRows(from: join).map { $0.map(\.description).joined(separator: ":") }.joined(separator: ",")
            case 11:
                let inner = StatementSelect().select(M.id).from("message").where(M.text.like("%#\(seed % 10)"))
                let outer = StatementSelect().select(M.text, M.payload).from("message").where(M.id.in(inner)).order(by: M.id.asOrder())
                return try database.getRows(from: outer).map { $0.map(\.description).joined(separator: ":") }.joined(separator: ",")
            case 12:
                try? database.run(transaction: { _ in
                    try table.insert(objects: message(1000 + a, seed))
                    try database.update(table: "message", on: M.text, with: ["rolled back"], where: M.id == b)
                    throw CancellationError()
                })
                return "rolled back"
            case 13:
                let row = try database.getRow(on: M.id.count(), M.text.max(), M.text.length().sum(), fromTable: "message")
                return row.map(\.description).joined(separator: ",")
            default:
                return try database.getValue(on: M.payload, fromTable: "message", where: M.id == a).description
            }
        } catch let error as WCDBError {
            return "error \(error.code)"
        } catch {
            return "error \(error)"
        }
    }

    @Test(arguments: [(UInt64(1), false), (2, true), (3, false), (4, true)])
    func randomSequencesMatchAnUncompressedTable(seed: UInt64, dictionary: Bool) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-compress-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let (plain, compressed) = try Self.makePair(in: directory, dictionary: dictionary)
        defer { plain.close(); compressed.close() }
        var random = SeededRandom(state: seed)
        for index in 0..<160 {
            let operation = Int(random.next() % 15)
            var plainRandom = random, compressedRandom = random
            let expected = Self.run(operation, &plainRandom, on: plain)
            let actual = Self.run(operation, &compressedRandom, on: compressed)
            random = plainRandom
            #expect(actual == expected, "operation \(operation) at step \(index)")
            // Now and then, existing rows are compressed.
            if random.next() % 9 == 0 { try compressed.stepCompression() }
        }
        let everything = { (database: Database) -> [CompressedMessage] in
            try database.getObjects(fromTable: "message", orderBy: [M.id.asOrder()])
        }
        #expect(try everything(compressed) == everything(plain))
        let mixed = try compressed.getRows("SELECT count(*), count(WCDB_CT_text), sum(WCDB_CT_text > 1) FROM message")[0].map(\.int64Value)
        #expect(mixed[2] > 0, "some values are compressed")
        while !compressed.isCompressed() { try compressed.stepCompression() }
        #expect(try everything(compressed) == everything(plain))
    }
}
