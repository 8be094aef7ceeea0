import Foundation
import WCDBSwift
import XCTest

/// The built-in `OneOrBinary` tokenizer in an FTS3 table: English prefixes, Chinese words and pairs of
/// characters, numbers and words between dots are found.
final class OneOrBinaryTokenizerTests: DatabaseTestCase {
    /// AdvanceTests' FTS3 table with 2.x's `OneOrBinary` tokenizer (FTS5 is not in SQLite 3.15).
    func testFTS3WithTheOneOrBinaryTokenizer() throws {
        database.add(tokenizer: BuiltinTokenizer.OneOrBinary)
        try database.create(virtualTable: "FTS3Object", of: FTS3Object.self)
        let objects = [FTS3Object(variable1: 1, variable2: "This is English test content"),
                       FTS3Object(variable1: 2, variable2: "这是中文测试内容"),
                       FTS3Object(variable1: 3, variable2: "123456"),
                       FTS3Object(variable1: 4, variable2: "abc..def")]
        try database.insert(objects, intoTable: "FTS3Object")
        for (query, expected) in [("Engl*", 1), ("中文*", 2), ("123*", 3), ("def", 4), ("文测", 2)] {
            let found: [FTS3Object] = try database.getObjects(fromTable: "FTS3Object", where: FTS3Object.Properties.variable2.match(query))
            XCTAssertEqual(found.map(\.variable1), [expected], query)
        }
        XCTAssertEqual(BuiltinTokenizer.Parameter.NeedSymbol, "need_symbol")
    }
}

/// AdvanceTests' FTS3 model.
// @VirtualTable(module: "fts3", tokenizer: "wcdb_one_or_binary")
struct FTS3Object: TableCodable {
    var variable1: Int = 0
    var variable2: String = ""
}
