import Foundation
import WCDBRepair
import WCDBSwift
import WCDBTestSupport
import XCTest

/// A database with several tables (AUTOINCREMENT with an index and overflowing TEXT/BLOB, a plain
/// rowid table, a WITHOUT ROWID table), its expected rows, and ways to damage the file.
struct RepairFixture: FileDamage {
    private(set) var directory: String
    private(set) var path: String
    let key: Data?
    /// table → row key → row values.
    private(set) var expected: [String: [String: FundamentalRow]] = [:]
    /// The rows as of the commit before the last (a DELETE of the last five messages): what a reader
    /// that stops at a broken WAL frame of the last commit rightly returns.
    private(set) var previousCommit: [String: [String: FundamentalRow]] = [:]

    static let keyedQueries = [
        "messages": "SELECT id, * FROM messages",
        "notes": "SELECT rowid, * FROM notes",
        "tags": "SELECT name, * FROM tags",
    ]

    init(name: String, key: Data? = nil, messages: Int = 400, leaveInWAL: Bool = false) throws {
        directory = NSTemporaryDirectory() + "wcdb-repair-\(name)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        path = directory + "/damaged.db"
        self.key = key
        let database = Database(withPath: path)
        if let key { database.setCipher(key: key) }
        try database.exec(leaveInWAL ? "PRAGMA journal_mode = WAL" : "PRAGMA journal_mode = DELETE")
        if leaveInWAL { try database.exec("PRAGMA wal_autocheckpoint = 0") }
        try database.exec("""
            CREATE TABLE messages(id INTEGER PRIMARY KEY AUTOINCREMENT, content TEXT NOT NULL, payload BLOB);
            CREATE INDEX messages_content ON messages(content);
            CREATE TABLE notes(a INTEGER, b REAL, c TEXT, d BLOB);
            CREATE TABLE tags(name TEXT PRIMARY KEY, weight INTEGER, note TEXT) WITHOUT ROWID;
            """)
        var random = SeededGenerator(seed: 11)
        // Several commits, so a damaged WAL frame loses only the transactions after it.
        for chunk in stride(from: 1, through: messages, by: 250) {
            try database.run(transaction: {
            for i in chunk...min(messages, chunk + 249) {
                let long = i % 10 == 0
                let content = "message \(i) " + String(repeating: "é", count: long ? 3000 : Int.random(in: 0...40, using: &random))
                let payload = Data((0..<(long ? 5000 : 16)).map { _ in UInt8.random(in: 0...255, using: &random) })
                _ = try database.getRows("INSERT INTO messages(content, payload) VALUES(?, ?)", values: [.text(content), .blob(payload)])
                _ = try database.getRows("INSERT INTO notes VALUES(?, ?, ?, ?)",
                                         values: [.integer(Int64(i * 7)), .double(Double(i) / 3), .text("note \(i)"), .null])
                if i % 2 == 0 {
                    _ = try database.getRows("INSERT INTO tags VALUES(?, ?, ?)", values: [.text("tag-\(i)"), .integer(Int64(i)), .text("t\(i)")])
                }
            }
            })
        }
        for (table, query) in RepairFixture.keyedQueries { previousCommit[table] = try RepairFixture.keyed(database.getRows(query)) }
        try database.exec("DELETE FROM messages WHERE id > \(messages - 5)")  // sequence stays ahead of max(id)
        for (table, query) in RepairFixture.keyedQueries { expected[table] = try RepairFixture.keyed(database.getRows(query)) }
        if leaveInWAL {
            // Copy the file and its WAL while open: closing would checkpoint the WAL away.
            for suffix in ["", "-wal"] {
                try? FileManager.default.removeItem(atPath: path + ".copy" + suffix)
                try FileManager.default.copyItem(atPath: path + suffix, toPath: path + ".copy" + suffix)
            }
        }
        database.close()
        if leaveInWAL {
            for suffix in ["", "-wal"] {
                try? FileManager.default.removeItem(atPath: path + suffix)
                try FileManager.default.moveItem(atPath: path + ".copy" + suffix, toPath: path + suffix)
            }
        }
    }

    var walPath: String { path + "-wal" }

    /// The same fixture read from a copy of its folder at `directory`.
    mutating func relocate(to directory: String) {
        path = directory + "/" + (path as NSString).lastPathComponent
        self.directory = directory
    }

    var totalRows: Int { expected.values.reduce(0) { $0 + $1.count } }

    /// A record read from the file as `keyedQueries` would key and list it; nil for other tables.
    /// (`messages.id` is the rowid's alias, stored as NULL in the record.)
    func keyedRow(table: String, rowid: Int64?, record: [RecordValue]) -> (key: String, row: FundamentalRow)? {
        var row = record.map(RepairFixture.fundamental)
        switch table {
        case "messages":
            guard let rowid, !row.isEmpty else { return nil }
            row[0] = .integer(rowid)
            return ("\(row[0])", row)
        case "notes":
            guard let rowid else { return nil }
            // REAL affinity: SQLite stores a whole real as an integer and reads it back as a real.
            if row.count > 1, case let .integer(whole) = row[1] { row[1] = .double(Double(whole)) }
            return ("\(FundamentalValue.integer(rowid))", row)
        case "tags":
            guard rowid == nil, let name = row.first else { return nil }
            return ("\(name)", row)
        default:
            return nil
        }
    }

    static func fundamental(_ value: RecordValue) -> FundamentalValue {
        switch value {
        case .null: return .null
        case let .integer(v): return .integer(v)
        case let .real(v): return .double(v)
        case let .text(v): return .text(v)
        case let .blob(v): return .blob(Data(v))
        }
    }

    static func keyed(_ rows: FundamentalRowXColumn) -> [String: FundamentalRow] {
        var result: [String: FundamentalRow] = [:]
        for row in rows { result["\(row[0])"] = Array(row.dropFirst()) }
        return result
    }

    /// Recovered rows compared with the originals: how many match exactly, how many are wrong.
    func compare(_ recovered: Database, acceptingPreviousCommit: Bool = false) throws -> (exact: Int, wrong: Int) {
        var exact = 0, wrong = 0
        for (table, query) in RepairFixture.keyedQueries {
            guard let rows = try? recovered.getRows(query) else { continue }
            for (key, row) in RepairFixture.keyed(rows) {
                if expected[table]?[key] == row || (acceptingPreviousCommit && previousCommit[table]?[key] == row) {
                    exact += 1
                } else {
                    wrong += 1
                }
            }
        }
        return (exact, wrong)
    }

    func backup() throws {
        let database = Database(withPath: path)
        if let key { database.setCipher(key: key) }
        try database.backup(withKey: key)
        database.close()
    }

    var pageSize: Int { 4096 }
    var pageCount: Int { Int((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) / pageSize }

    /// Zeroes `fraction` of the pages other than page 1, chosen with a fixed seed.
    func zero(fraction: Double, seed: UInt64) throws -> [Int] {
        var random = SeededGenerator(seed: seed)
        let count = max(1, Int(Double(pageCount) * fraction))
        let pages = Array((2...pageCount).shuffled(using: &random).prefix(count))
        try zero(pages: pages)
        return pages
    }

    func truncate(toPages pages: Int) throws {
        XCTAssertEqual(Foundation.truncate(path, off_t(pages * pageSize)), 0)
    }

    /// Interior pages of table b-trees (type byte 5), read with the key on encrypted files; with
    /// `indexes`, index interior pages too (type 2), whose cells hold rows of WITHOUT ROWID tables.
    func interiorPages(indexes: Bool = false) throws -> [Int] {
        let source = try PageSource(path: path, pageSize: pageSize, key: key)
        let kinds: Set<UInt8> = indexes ? [5, 2] : [5]
        return (2...pageCount).filter { source.page(UInt32($0)).map { kinds.contains($0[0]) } ?? false }
    }

    /// Runs `recover` into a fresh database and compares.
    func recover(backupKey: Data? = nil, databaseKey: Data? = nil) throws -> (exact: Int, wrong: Int, database: Database) {
        let out = Database(withPath: directory + "/recovered-\(UUID().uuidString).db")
        try out.recover(fromPath: path, databaseKey: databaseKey ?? key, backupKey: backupKey ?? key)
        let result = try compare(out)
        return (result.exact, result.wrong, out)
    }
}
