import Foundation
import Testing
@testable import WCDBSwift

// A batch insert into a table that compresses columns with zstd compresses its values ahead on a second
// core: what is stored is byte for byte what inserting the objects one at a time stores.


/// Text that compresses, different per `seed` (some values too short to shrink).
private func text(_ seed: Int) -> String {
    let words = ["hello", "你好", "see you at the station", "明天见", "{\"type\":\"image\",\"w\":640}", "ok", "thanks!"]
    if seed % 11 == 0 { return "ok" }
    return (0..<(seed % 40 + 5)).map { words[($0 * 7 + seed) % words.count] }.joined(separator: " ") + " #\(seed)"
}

private func messages(_ count: Int) -> [CompressedMessage] {
    (1...count).map { id in
        CompressedMessage(id: Int64(id), kind: Int64(id % 4), text: text(id),
                          payload: id % 3 == 0 ? nil : Data(text(id * 5 + 1).utf8))
    }
}

private let dictionaryID: Database.DictId = 23

@Suite struct PrecompressedBatchTests {
    enum Method: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case normal, dictionary
        var testDescription: String { rawValue }
    }

    private func database(_ method: Method, in directory: URL, _ name: String) throws -> Database {
        let database = Database(withPath: directory.appendingPathComponent(name).path)
        database.setCipher(key: Data("batch".utf8))
        if method == .dictionary {
            try Database.register(dict: try Database.trainDict(with: (1...500).map(text), and: dictionaryID), with: dictionaryID)
        }
        database.setCompression { info in
            guard info.tableName == "message" else { return }
            if method == .dictionary {
                info.addZSTDDictCompress(to: M.text, withDict: dictionaryID)
            } else {
                info.addZSTDNormalCompress(to: M.text)
            }
            info.addZSTDNormalCompress(to: M.payload)
        }
        try database.create(table: "message", of: CompressedMessage.self)
        return database
    }

    private func stored(_ database: Database) throws -> [[FundamentalValue]] {
        try database.getRows("SELECT id, text, WCDB_CT_text, payload, WCDB_CT_payload FROM message ORDER BY id")
    }

    @Test("A batch stores what single inserts store, and reads back", arguments: Method.allCases)
    func aBatchStoresWhatSingleInsertsStore(_ method: Method) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-batch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let rows = messages(3_000)
        let batched = try database(method, in: directory, "batched.db")
        let single = try database(method, in: directory, "single.db")
        defer {
            batched.close()
            single.close()
        }

        try batched.insert(objects: rows, intoTable: "message")
        let ahead = PrecompressedBatch.rowsCompressedAheadOnThisThread
        PrecompressedBatch.rowsCompressedAheadOnThisThread = 0
        for row in rows { try single.insert(objects: row, intoTable: "message") }
        #expect(PrecompressedBatch.rowsCompressedAheadOnThisThread == 0, "single inserts compress on the writer")

        let batchedRows = try stored(batched)
        #expect(batchedRows.count == rows.count)
        #expect(batchedRows == (try stored(single)))
        // Compressed, stored as written and NULL values are all among them (with a dictionary for `text`, the helper takes `payload` only).
        let markers = Set(batchedRows.map { $0[2].int64Value })
        #expect(markers.contains(0) && markers.contains(method == .dictionary ? 2 : 4), "\(markers)")
        #expect(batchedRows.contains { $0[3].isNull })
        let read: [CompressedMessage] = try batched.getObjects(fromTable: "message", orderBy: [M.id.asOrder()])
        #expect(read == rows)
        print("PrecompressedBatchTests: \(method): the helper compressed \(ahead) of \(rows.count) rows")
        // On one core there is no helper; on more, it takes a share of the rows.
        if ProcessInfo.processInfo.activeProcessorCount > 1 { #expect(ahead > 0) }
        #expect(try batched.getValue("PRAGMA integrity_check").stringValue == "ok")
    }

    @Test func aBatchThatFailsHalfwayStoresNothingAndTheNextBatchWorks() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-batch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try database(.normal, in: directory, "failing.db")
        defer { database.close() }
        var rows = messages(1_000)
        rows[700].id = rows[10].id  // a primary key conflict ends the batch at row 700
        #expect(throws: WCDBError.self) { try database.insert(objects: rows, intoTable: "message") }
        #expect(try database.getValue("SELECT count(*) FROM message").int64Value == 0)
        rows[700].id = 5_000
        try database.insert(objects: rows, intoTable: "message")
        let read: [CompressedMessage] = try database.getObjects(fromTable: "message", orderBy: [M.id.asOrder()])
        #expect(read == rows.sorted { $0.id < $1.id })
    }
}
