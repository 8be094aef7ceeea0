import Foundation
import Testing
import WCDBTestSupport
@testable import WCDBSwift

/// An external-content full-text index over columns that compression stores compressed indexes and
/// returns the original text: FTS4 reads the content through a view that decompresses, and the
/// triggers index the decompressed new values.
@Suite struct CompressedContentIndexTests {
    private static func text(_ words: String, _ id: Int) -> String {
        (0..<12).map { _ in words }.joined(separator: " ") + " memo \(id)"
    }

    private static let memos = [
        Memo(title: "Groceries", body: text("apples and pears", 1)),
        Memo(title: "Trip", body: text("we went to Zürich by train", 2)),
        Memo(title: "果园", body: text("苹果树上结满了红苹果", 3)),
    ]

    private static func compressMemoText(_ database: Database) {
        database.setCompression { info in
            if info.tableName == "memo" { info.addZSTDNormalCompress(to: Memo.Properties.body) }
        }
    }

    private static func search(_ database: Database, _ query: String) throws -> [Int64] {
        let found: [MemoSearch] = try database.getObjects(fromTable: "memo_search", where: Column(named: "memo_search").match(query),
                                                          orderBy: [MemoSearch.Properties.id.asOrder(by: .ascending)])
        return found.map(\.id)
    }

    private static func storedCompressed(_ database: Database) throws -> Int64 {
        try database.getRows("SELECT count(*) FROM memo WHERE WCDB_CT_text = 4")[0][0].int64Value
    }

    @Test func indexCreatedAfterCompressionFindsTheOriginalText() throws {
        let scratch = ScratchDatabase("fts-content", file: "fts.db")
        let database = scratch.database
        Self.compressMemoText(database)
        try database.create(table: "memo", of: Memo.self)
        try database.create(table: "memo_search", of: MemoSearch.self)
        try database.insert(objects: Self.memos, intoTable: "memo")
        #expect(try Self.storedCompressed(database) == 3)
        #expect(try Self.search(database, "pears") == [1])
        #expect(try Self.search(database, "zürich") == [2])
        #expect(try Self.search(database, "苹果") == [3])
        // The text FTS returns and snippets come from the original.
        let hit: [MemoSearch] = try database.getObjects(fromTable: "memo_search", where: Column(named: "memo_search").match("train"))
        #expect(hit.first?.body == Self.memos[1].body)
        let snippet = try database.getValue(from: StatementSelect().select(Expression.function("snippet", Column(named: "memo_search")))
            .from("memo_search").where(Column(named: "memo_search").match("pears")))
        #expect(snippet?.stringValue.contains("<b>pears</b>") == true)
        // Updates and deletes keep the index in step.
        try database.update(table: "memo", on: Memo.Properties.body, with: [Self.text("bananas only", 1)], where: Memo.Properties.id == 1)
        #expect(try Self.search(database, "pears").isEmpty)
        #expect(try Self.search(database, "bananas") == [1])
        try database.delete(fromTable: "memo", where: Memo.Properties.id == 2)
        #expect(try Self.search(database, "train").isEmpty)
        #expect(try database.getRows("SELECT count(*) FROM memo_search")[0][0].int64Value == 2)
    }

    @Test func indexMadeBeforeCompressionIsMadeAgainAndFollowsTheSteps() throws {
        let scratch = ScratchDatabase("fts-content", file: "fts.db")
        let database = scratch.database
        try database.create(table: "memo", of: Memo.self)
        try database.create(table: "memo_search", of: MemoSearch.self)
        try database.insert(objects: Self.memos, intoTable: "memo")
        #expect(try Self.search(database, "pears") == [1])

        Self.compressMemoText(database)
        try database.create(table: "memo_search", of: MemoSearch.self)  // as an app does on each launch
        while !database.isCompressed() { try database.stepCompression() }
        #expect(try Self.storedCompressed(database) == 3)
        #expect(try Self.search(database, "pears") == [1])
        #expect(try Self.search(database, "苹果") == [3])
        try database.insert(objects: Memo(title: "New", body: Self.text("kiwis are green", 4)), intoTable: "memo")
        #expect(try Self.search(database, "kiwis") == [4])
        try database.drop(table: "memo_search")
        #expect(try database.getRows("SELECT count(*) FROM sqlite_master WHERE name LIKE 'wcdb_fts_content_%'")[0][0].int64Value == 0)
    }
}
