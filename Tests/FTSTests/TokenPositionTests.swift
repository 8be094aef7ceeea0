import Foundation
import Testing
import WCDBSwift
import WCDBTestSupport

/// The byte offsets and positions a tokenizer gives reach FTS3 as it gives them; a position before the
/// previous one is refused.
@Suite struct TokenPositionTests {
    @Test("byte offsets and positions of multibyte text reach FTS3 as the tokenizer gives them", arguments: [
        (SpaceSplitTokenizer.name + " alpha beta", "苹果 香蕉 colour",
         [("苹果", 0, 6, 1), ("香蕉", 7, 13, 2), ("colour", 14, 20, 3), ("color", 14, 20, 3)]),
        // Positions left unwritten count from 0.
        (CharacterTokenizer.name, "苹果 🍎a",
         [("苹", 0, 3, 0), ("果", 3, 6, 1), ("🍎", 7, 11, 2), ("a", 11, 12, 3)]),
        (CharacterTokenizer.name, "ü字", [("ü", 0, 2, 0), ("字", 2, 5, 1)]),
    ] as [(String, String, [(String, Int, Int, Int)])])
    func offsetsAndPositions(tokenizer: String, text: String, expected: [(String, Int, Int, Int)]) throws {
        let scratch = ScratchDatabase()
        registerPointerTokenizers()
        let got = try fts3Tokens(text, tokenizer: tokenizer, in: scratch.database)
        #expect(got.map(\.0) == expected.map(\.0))
        #expect(got.map(\.1) == expected.map(\.1))
        #expect(got.map(\.2) == expected.map(\.2))
        #expect(got.map(\.3) == expected.map(\.3))
    }

    @Test("a position before the previous one fails the insert with a WCDBError")
    func backwardsPositionIsRefused() throws {
        let scratch = ScratchDatabase()
        registerPointerTokenizers()
        try scratch.database.create(virtualTable: "backwards", of: BackwardsNote.self)
        let failure = #expect(throws: WCDBError.self) {
            try scratch.database.insert(objects: [BackwardsNote(body: "x")], intoTable: "backwards")
        }
        #expect(failure?.code == .Error, "\(String(describing: failure))")
        #expect(try scratch.database.getValue("SELECT count(*) FROM backwards").int64Value == 0)
    }
}
