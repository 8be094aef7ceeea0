import Foundation
import WCDBSwift
import XCTest

/// Input FTS must survive: invalid UTF-8, a huge document, malformed queries.
final class FTSBadInputTests: FTSTestCase {
    func testInvalidUTF8IsSkippedNotFatal() throws {
        Database.register(tokenizer: StopwordTokenizer.self, named: "stopwords")
        for tokenizer in ["wcdb", "wcdb need_symbol", "stopwords"] {
            let table = "bad_" + tokenizer.replacingOccurrences(of: " ", with: "_")
            try database.exec("CREATE VIRTUAL TABLE \(table) USING fts4(body, tokenize=\(tokenizer))")
            // Stray continuation bytes, a truncated 3-byte sequence, an overlong NUL, a surrogate, then text.
            try database.exec("INSERT INTO \(table)(body) VALUES (CAST(X'80BF' || X'68656C6C6F' || X'E4B8' || X'20C080' || X'EDA080' || X'20E88BB9E69E9C' AS TEXT))")
            // The stopword tokenizer splits at spaces only, so its first word is "\u{FFFD}\u{FFFD}hello…".
            if tokenizer != "stopwords" {
                XCTAssertEqual(try matches("hello", in: table), [1], tokenizer)
                XCTAssertEqual(try matches("\"苹果\"", in: table), [1], tokenizer)
            }
            // snippet() and offsets() point into the document's 22 bytes: 苹果 is its last 7 bytes but the space.
            let rows = try database.getRows("SELECT snippet(\(table)), offsets(\(table)) FROM \(table) WHERE \(table) MATCH ?1",
                                            values: [.text(tokenizer == "stopwords" ? "苹果" : "hello")])
            XCTAssertEqual(rows.count, 1, tokenizer)
            let numbers = rows.first.map { $0[1].stringValue.split(separator: " ").compactMap { Int($0) } } ?? []
            for hit in stride(from: 0, to: numbers.count - 3, by: 4) {
                XCTAssertLessThanOrEqual(numbers[hit + 2] + numbers[hit + 3], 22, "\(tokenizer): \(numbers)")
            }
            if tokenizer == "stopwords" { XCTAssertEqual(numbers, [0, 0, 16, 6]) }
        }
        XCTAssertEqual(try tokens("\u{FFFD}ok").map(\.0), ["ok"])
    }

    func testTenMegabyteDocument() throws {
        try database.exec("CREATE VIRTUAL TABLE big USING fts4(body, tokenize=wcdb)")
        var text = ""
        text.reserveCapacity(10_500_000)
        let chunk = "苹果树 developers developed 数据库 🎉 cross-platform, "
        while text.utf8.count < 10_000_000 { text += chunk }
        text += "needle的末尾"
        _ = try database.getRows("INSERT INTO big(body) VALUES (?1)", values: [.text(text)])
        // One single word of 1 MB too.
        _ = try database.getRows("INSERT INTO big(body) VALUES (?1)", values: [.text(String(repeating: "a", count: 1_000_000))])
        XCTAssertEqual(try matches("needle", in: "big"), [1])
        XCTAssertEqual(try matches("\"的末尾\"", in: "big"), [1])
        XCTAssertEqual(try matches("develop", in: "big"), [1])
        XCTAssertEqual(try matches(String(repeating: "a", count: 1_000_000), in: "big"), [2])
    }

    func testMalformedMatchQueriesThrow() throws {
        try makeCorpusTable("corpus", tokenizer: "wcdb")
        for query in ["\"unterminated", "NEAR/x", "wechat NEAR/", "OR", "AND", "title:", "-"] {
            do {
                _ = try matches(query, in: "corpus")
                // FTS3 accepts some odd strings as plain terms; what it must not do is crash or hang.
            } catch let error as WCDBError {
                XCTAssertEqual(error.level, .sqlite, query)
                XCTAssertFalse(error.message?.isEmpty ?? true, query)
            }
        }
        // A dangling operator is FTS3's one syntax error; it comes back located, with the query.
        for query in ["wechat OR", "\"a\" NEAR", "wechat NEAR/3"] {
            XCTAssertThrowsError(try matches(query, in: "corpus"), query) { error in
                let message = (error as? WCDBError)?.message ?? ""
                XCTAssertTrue(message.contains("malformed MATCH expression") && message.contains(query), message)
            }
        }
        // Through the ORM too.
        try database.create(virtualTable: "docs", of: SearchDocument.self)
        XCTAssertThrowsError(try database.getObjects(fromTable: "docs", where: SearchDocument.Properties.body.match("x OR")) as [SearchDocument])
        XCTAssertThrowsError(try database.getRows("SELECT * FROM corpus WHERE corpus MATCH 'a' AND corpus MATCH 'b'")) { error in
            XCTAssertTrue(error is WCDBError)
        }
        // An empty or symbol-only query finds nothing rather than failing.
        XCTAssertEqual(try matches("🎉", in: "corpus"), [])
        XCTAssertEqual(try matches("", in: "corpus"), [])
    }
}
