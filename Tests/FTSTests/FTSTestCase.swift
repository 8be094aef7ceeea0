import Foundation
import WCDBSwift
import XCTest

/// A database in a fresh temporary directory, removed when the test ends, with the multilingual
/// corpus and helpers to run MATCH queries on raw FTS tables.
class FTSTestCase: XCTestCase {
    var directory: URL!
    var database: Database!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-fts-\(UUID().uuidString)")
        database = Database(withPath: directory.appendingPathComponent("fts.db").path)
    }

    override func tearDownWithError() throws {
        database.close()
        database = nil
        try? FileManager.default.removeItem(at: directory)
    }

    /// Creates `table` as an FTS4 table over (title, body) with `tokenizer` and fills it with the corpus;
    /// row i + 1 is `Corpus.documents[i]`.
    func makeCorpusTable(_ table: String, tokenizer: String) throws {
        try database.exec("CREATE VIRTUAL TABLE \(table) USING fts4(title, body, tokenize=\(tokenizer))")
        try Corpus.insert(into: table, in: database)
    }

    /// Row ids whose row matches `query` (the whole row, through the hidden column named after the table).
    func matches(_ query: String, in table: String) throws -> Set<Int> {
        let rows = try database.getRows("SELECT rowid FROM \(table) WHERE \(table) MATCH ?1", values: [.text(query)])
        return Set(rows.map { Int($0[0].int64Value) })
    }

    /// (token, start, end, position) as FTS3 sees them, through the fts3tokenize table.
    func tokens(_ text: String, tokenizer: String = "wcdb") throws -> [(String, Int, Int, Int)] {
        let name = "tok_" + tokenizer.replacingOccurrences(of: " ", with: "_")
        try database.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.\(name) USING fts3tokenize(\(tokenizer.split(separator: " ").joined(separator: ", ")))")
        let rows = try database.getRows("SELECT token, start, \"end\", position FROM temp.\(name) WHERE input = ?1", values: [.text(text)])
        return rows.map { ($0[0].stringValue, Int($0[1].int64Value), Int($0[2].int64Value), Int($0[3].int64Value)) }
    }
}

/// The multilingual corpus the tests and the README's comparison table use.
enum Corpus {
    struct Document {
        var title: String
        var body: String
    }

    /// Inserts the documents into `table` (columns title and body): row i + 1 is `documents[i]`.
    static func insert(into table: String, in database: Database) throws {
        for (index, document) in documents.enumerated() {
            _ = try database.getRows("INSERT INTO \(table)(rowid, title, body) VALUES (?1, ?2, ?3)",
                                     values: [.integer(Int64(index + 1)), .text(document.title), .text(document.body)])
        }
    }

    static let documents: [Document] = [
        Document(title: "English", body: "WCDB is a cross-platform database framework developed by WeChat."),          // 1
        Document(title: "果园", body: "苹果树上结满了红苹果"),                                                          // 2
        Document(title: "日本語", body: "東京タワーに行きました。とても高かったです"),                                 // 3
        Document(title: "한국어", body: "서울에서 맛있는 음식을 먹었습니다"),                                          // 4
        Document(title: "产品", body: "新款iPhone15手机和WCDB数据库"),                                                  // 5
        Document(title: "links", body: "Visit https://www.example.com/docs or mail support@wechat.com today"),        // 6
        Document(title: "party", body: "Party tonight🎉🎉 at 8:30!!! Don't be late…"),                                  // 7
        Document(title: "wide", body: "ＦＵＬＬ－ＷＩＤＴＨ ｔｅｘｔ １２３"),                                         // 8
        Document(title: "menu", body: "Café crème brûlée in Zürich"),                                                  // 9
        Document(title: "zoo", body: "The children watched the mice while their feet and teeth hurt"),                 // 10
        Document(title: "school", body: "She taught the class, caught the bus, brought lunch and knew everyone"),      // 11
        Document(title: "travel", body: "Yesterday they went to the city and ran along the river"),                    // 12
        Document(title: "cities", body: "Cities grow; a developer is developing apps"),                                // 13
        Document(title: "state", body: "The servers were down and the backups are safe"),                               // 14
        Document(title: "树林", body: "果子落在树下, 树林里"),                                                          // 15
    ]

    /// (query, the rows a tokenizer with 100 % recall and precision finds): the comparison table.
    static let queries: [(String, Set<Int>)] = [
        ("develop", [1, 13]),
        ("developed", [1, 13]),
        ("platform", [1]),
        ("city", [12, 13]),
        ("be", [1, 7, 13, 14]),
        ("is", [1, 7, 13, 14]),
        ("go", [12]),
        ("run", [12]),
        ("mouse", [10]),
        ("child", [10]),
        ("foot", [10]),
        ("tooth", [10]),
        ("teach", [11]),
        ("catch", [11]),
        ("bring", [11]),
        ("know", [11]),
        ("果树", [2]),  // unquoted: the pair 果树 AND 树
        ("果", [2, 15]),
        ("\"结满了红苹果\"", [2]),
        ("\"果树\"", [2]),
        ("苹果", [2]),
        ("\"树上\"", [2]),
        ("\"果子\"", [15]),
        ("タワー", [3]),
        ("\"東京\"", [3]),
        ("음식을", [4]),
        ("wcdb", [1, 5]),
        ("数据库", [5]),
        ("iphone15", [5]),
        ("手机", [5]),
        ("example.com", [6]),
        ("wechat", [1, 6]),
        ("party", [7]),
        ("full", [8]),
        ("123", [8]),
        ("cafe", [9]),
        ("zurich", [9]),
        ("Eng*", [1]),
        ("\"cross platform\"", [1]),
        ("apps OR tonight", [7, 13]),
        ("wechat -database", [6]),
        ("taught NEAR/2 class", [11]),
    ]
}
