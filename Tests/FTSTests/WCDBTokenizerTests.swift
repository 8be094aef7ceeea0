import Foundation
import WCDBSwift
import XCTest

/// What the wcdb tokenizer finds in the multilingual corpus, through real FTS4 tables.
final class WCDBTokenizerTests: FTSTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try makeCorpusTable("corpus", tokenizer: "wcdb")
    }

    func testQueriesAndReReadsSeeOneTokenPerCharacter() throws {
        // fts3tokenize tokenizes like a query (and like snippet()/offsets() re-reading a row): the
        // pair each character starts, or the character itself at the end of the run, with that
        // character's own bytes, one position each.
        let run = try tokens("苹果树")
        XCTAssertEqual(run.map(\.0), ["苹果", "果树", "树"])
        XCTAssertEqual(run.map(\.1), [0, 3, 6])
        XCTAssertEqual(run.map(\.2), [3, 6, 9])
        XCTAssertEqual(run.map(\.3), [0, 1, 2])
        XCTAssertEqual(try tokens("果").map(\.0), ["果"])
    }

    func testStoredDocumentsIndexEveryCharacterAndPair() throws {
        // What indexing stored, read back from the index itself (fts4aux lists every term).
        try database.exec("CREATE VIRTUAL TABLE one USING fts4(body, tokenize=wcdb)")
        try database.exec("INSERT INTO one(body) VALUES ('苹果树')")
        try database.exec("CREATE VIRTUAL TABLE one_terms USING fts4aux(one)")
        let terms = try database.getRows("SELECT term FROM one_terms WHERE col = '*' ORDER BY term").map { $0[0].stringValue }
        XCTAssertEqual(Set(terms), ["苹", "苹果", "果", "果树", "树"])
        // Each character is found alone, each pair as a phrase, and the order matters.
        for query in ["苹", "果", "树", "\"苹果\"", "\"果树\"", "\"苹果树\"", "苹果树"] {
            XCTAssertEqual(try matches(query, in: "one"), [1], query)
        }
        XCTAssertEqual(try matches("\"树果\"", in: "one"), [])
        XCTAssertEqual(try matches("\"苹树\"", in: "one"), [])
    }

    func testMixedRunsSplitAtScriptChanges() throws {
        XCTAssertEqual(try tokens("WCDB数据库").map(\.0), ["wcdb", "数据", "据库", "库"])
        XCTAssertEqual(try tokens("iPhone15手机").map(\.0), ["iphone15", "手机", "机"])
        XCTAssertEqual(try tokens("東京タワー").map(\.0), ["東京", "京タ", "タワ", "ワー", "ー"])
        XCTAssertEqual(try tokens("맛있는 음식을").map(\.0), ["맛있는", "음식을"])
        XCTAssertEqual(try matches("\"wcdb数据\"", in: "corpus"), [5])
        XCTAssertEqual(try matches("\"iphone15手机\"", in: "corpus"), [5])
    }

    func testWordsAreFoldedAndReducedToBaseForms() throws {
        XCTAssertEqual(try tokens("Developed DEVELOPING develops cities").map(\.0), ["develop", "develop", "develop", "citi"])
        XCTAssertEqual(try tokens("is are was were been am being").map(\.0), Array(repeating: "be", count: 7))
        XCTAssertEqual(try tokens("went gone mice children feet teeth taught caught brought knew ran").map(\.0),
                       ["go", "go", "mous", "child", "foot", "tooth", "teach", "catch", "bring", "know", "run"])
        XCTAssertEqual(try tokens("Café ＦＵＬＬ１２３ Zürich").map(\.0), ["cafe", "full123", "zurich"])
        XCTAssertEqual(try tokens("ΑΘΗΝΑ Москва").map(\.0), ["αθηνα", "москва"])
    }

    func testSymbolsSeparateAndByteRangesAreExact() throws {
        let text = "cross-platform🎉é.com, x@y"
        let tokens = try tokens(text)
        XCTAssertEqual(tokens.map(\.0), ["cross", "platform", "e", "com", "x", "y"])
        let bytes = Array(text.utf8)
        for (_, start, end, _) in tokens {
            // Each range covers the original (unfolded) word.
            let original = String(decoding: bytes[start..<end], as: UTF8.self)
            XCTAssertFalse(original.isEmpty)
            XCTAssertFalse(original.contains("-") || original.contains("🎉") || original.contains("."), original)
        }
        XCTAssertEqual(tokens[2].1, Array("cross-platform🎉".utf8).count)
        XCTAssertEqual(tokens[2].2, tokens[2].1 + 2)  // é is two bytes
    }

    func testEveryContiguousCJKSubstringIsFound() throws {
        var checked = 0
        for (index, document) in Corpus.documents.enumerated() {
            for run in cjkRuns(document.body) {
                let characters = Array(run)
                for length in 1...characters.count {
                    for start in 0...(characters.count - length) {
                        let substring = String(characters[start..<(start + length)])
                        XCTAssertTrue(try matches("\"\(substring)\"", in: "corpus").contains(index + 1), "phrase \(substring)")
                        XCTAssertTrue(try matches(substring, in: "corpus").contains(index + 1), "term \(substring)")
                        checked += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 100)
    }

    func testCharactersThatAreNeverAdjacentDoNotMatchAsAPhrase() throws {
        let allText = Corpus.documents.map { $0.title + " " + $0.body }.joined(separator: " ")
        var checked = 0
        for document in Corpus.documents {
            for run in cjkRuns(document.body) {
                let characters = Array(run)
                guard characters.count > 2 else { continue }
                for first in 0..<characters.count {
                    for second in (first + 2)..<max(first + 2, characters.count) {
                        let pair = String([characters[first], characters[second]])
                        guard !allText.contains(pair) else { continue }
                        XCTAssertEqual(try matches("\"\(pair)\"", in: "corpus"), [], pair)
                        checked += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 50)
        // The order is kept too: 果苹 never occurs.
        XCTAssertEqual(try matches("\"果苹\"", in: "corpus"), [])
        // Separated by punctuation: 下, 树 in row 15 are not adjacent.
        XCTAssertEqual(try matches("\"下树\"", in: "corpus"), [])
    }

    func testEveryComparisonQueryFindsExactlyItsRows() throws {
        for (query, expected) in Corpus.queries {
            XCTAssertEqual(try matches(query, in: "corpus"), expected, query)
        }
    }

    func testColumnFilterAndWholeRowSearchThroughTheModel() throws {
        try database.create(virtualTable: "docs", of: SearchDocument.self)
        try database.insert(objects: Corpus.documents.map { SearchDocument(title: $0.title, body: $0.body) }, intoTable: "docs")
        // Column filter inside the query, and the column's own MATCH.
        let byTitle: [SearchDocument] = try database.getObjects(fromTable: "docs", where: Column(named: "docs").match("title:果园"))
        XCTAssertEqual(byTitle.map(\.title), ["果园"])
        let inBody: [SearchDocument] = try database.getObjects(fromTable: "docs", where: SearchDocument.Properties.body.match("果园"))
        XCTAssertEqual(inBody.count, 0)
        // Whole row: "english" is only a title, "wechat" only in bodies.
        let wholeRow: [SearchDocument] = try database.getObjects(fromTable: "docs", where: Column(named: "docs").match("Eng* wechat"))
        XCTAssertEqual(wholeRow.map(\.title), ["English"])
    }

    func testSnippetAndOffsetsPointAtTheMatchedBytes() throws {
        let snippet = try database.getRows("SELECT snippet(corpus, '[', ']', '…', -1, 8) FROM corpus WHERE corpus MATCH '\"果树\"'")
        // Each matched character is marked with its own bytes (MessageStore.joinMarks joins them).
        XCTAssertEqual(snippet.first?[0].stringValue, "苹[果][树]上结满了红…", "\(snippet)")
        let accented = try database.getRows("SELECT snippet(corpus, '[', ']', '…', 1, 8) FROM corpus WHERE corpus MATCH 'creme'")
        XCTAssertEqual(accented.first?[0].stringValue, "Café [crème] brûlée in Zürich")
        // offsets(): column, term, byte offset, byte length of each hit.
        let offsets = try database.getRows("SELECT offsets(corpus) FROM corpus WHERE corpus MATCH 'zurich'")
        let body = "Café crème brûlée in Zürich"
        let start = Array(body.utf8).count - Array("Zürich".utf8).count
        XCTAssertEqual(offsets.first?[0].stringValue, "1 0 \(start) \(Array("Zürich".utf8).count)")
        let cjk = try database.getRows("SELECT offsets(corpus) FROM corpus WHERE corpus MATCH '数据库'")
        // Unquoted 数据库 is 数据 AND 据库 AND 库: FTS3 reports each matching token's bytes, the
        // pair 数据 at 数's three bytes.
        let base = Array("新款iPhone15手机和WCDB".utf8).count
        XCTAssertEqual(cjk.first?[0].stringValue.hasPrefix("1 0 \(base) 3"), true, "\(cjk)")
        let info = try database.getRows("SELECT matchinfo(corpus, 'x') FROM corpus WHERE corpus MATCH 'develop'")
        XCTAssertEqual(info.count, 2)
    }

    func testBooleanOperatorsNearAndPrefix() throws {
        XCTAssertEqual(try matches("wechat OR \"手机\"", in: "corpus"), [1, 5, 6])
        // Unquoted, FTS3 keeps a term's first token and goes on after its first character, so
        // 手机 is (wechat OR 手机) AND 机: OR binds tighter than the implicit AND.
        XCTAssertEqual(try matches("wechat OR 手机", in: "corpus"), [5])
        XCTAssertEqual(try matches("wechat -framework", in: "corpus"), [6])
        XCTAssertEqual(try matches("children NEAR/3 mice", in: "corpus"), [10])
        XCTAssertEqual(try matches("children NEAR/1 feet", in: "corpus"), [])
        XCTAssertEqual(try matches("dev*", in: "corpus"), [1, 13])
        XCTAssertEqual(try matches("develo*", in: "corpus"), [1, 13])  // the prefix is stemmed too: still "develo"
        XCTAssertEqual(try matches("\"develop by wechat\"", in: "corpus"), [1])
    }

    func testNeedSymbolKeepsSymbolsAsTokens() throws {
        try database.create(virtualTable: "symbols", of: SymbolDocument.self)
        try database.insert(objects: [SymbolDocument(body: "Party tonight🎉 at 8:30!"), SymbolDocument(body: "C++ and C#")], intoTable: "symbols")
        XCTAssertEqual(try tokens("C++ 🎉!", tokenizer: "wcdb need_symbol").map(\.0), ["c", "+", "+", "🎉", "!"])
        XCTAssertEqual(try matches("🎉", in: "symbols"), [1])
        XCTAssertEqual(try matches("\"c++\"", in: "symbols"), [2])
        XCTAssertEqual(try matches("\"c#\"", in: "symbols"), [2])
        // Without need_symbol the emoji is no token at all, so it can't be searched for (or block a match).
        XCTAssertEqual(try tokens("🎉!", tokenizer: "wcdb").count, 0)
        XCTAssertEqual(try matches("tonight", in: "corpus"), [7])
    }

    func testSkipStemmingIndexesWordsAsWritten() throws {
        try database.create(virtualTable: "verbatim", of: VerbatimDocument.self)
        try database.insert(objects: [VerbatimDocument(body: "developed cities"), VerbatimDocument(body: "develop city")], intoTable: "verbatim")
        XCTAssertEqual(try matches("developed", in: "verbatim"), [1])
        XCTAssertEqual(try matches("develop", in: "verbatim"), [2])
        XCTAssertEqual(try matches("CITIES", in: "verbatim"), [1])
        XCTAssertEqual(try tokens("Was Developed", tokenizer: "wcdb skip_stemming").map(\.0), ["was", "developed"])
    }

    private func cjkRuns(_ text: String) -> [String] {
        var runs: [String] = []
        var current = ""
        for character in text {
            let isCJK = character.unicodeScalars.allSatisfy { scalar in
                (0x3040...0x30FF).contains(scalar.value) || (0x4E00...0x9FFF).contains(scalar.value)
            }
            if isCJK { current.append(character) } else if !current.isEmpty { runs.append(current); current = "" }
        }
        if !current.isEmpty { runs.append(current) }
        return runs
    }
}
