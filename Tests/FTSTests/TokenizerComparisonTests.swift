import Foundation
import WCDBSwift
import XCTest

/// The corpus's queries under wcdb, unicode61 and porter: how many each answers exactly. With
/// `WCDB_FTS_TABLE=path` it also writes the README's comparison table there.
final class TokenizerComparisonTests: FTSTestCase {
    func testWCDBAnswersEveryQueryAndTheOthersFewer() throws {
        let tokenizers = ["wcdb", "unicode61", "porter", "simple"]
        for tokenizer in tokenizers { try makeCorpusTable("c_\(tokenizer)", tokenizer: tokenizer) }
        var exact: [String: Int] = [:]
        var lines = ["| query | expected rows | " + tokenizers.joined(separator: " | ") + " |",
                     "|---|---|" + tokenizers.map { _ in "---|" }.joined()]
        for (query, expected) in Corpus.queries {
            var cells: [String] = []
            for tokenizer in tokenizers {
                let found = (try? matches(query, in: "c_\(tokenizer)")) ?? []
                if found == expected { exact[tokenizer, default: 0] += 1 }
                cells.append(found == expected ? "✓" : (found.isEmpty ? "–" : found.sorted().map(String.init).joined(separator: ",")))
            }
            let shown = query.replacingOccurrences(of: "|", with: "\\|")
            lines.append("| `\(shown)` | \(expected.sorted().map(String.init).joined(separator: ",")) | " + cells.joined(separator: " | ") + " |")
        }
        lines.append("| **exact answers** | \(Corpus.queries.count) | " + tokenizers.map { "**\(exact[$0, default: 0])**" }.joined(separator: " | ") + " |")
        XCTAssertEqual(exact["wcdb"], Corpus.queries.count)
        XCTAssertLessThan(exact["unicode61", default: 0], Corpus.queries.count)
        XCTAssertLessThan(exact["porter", default: 0], exact["wcdb", default: 0])
        if let path = ProcessInfo.processInfo.environment["WCDB_FTS_TABLE"] {
            try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}
