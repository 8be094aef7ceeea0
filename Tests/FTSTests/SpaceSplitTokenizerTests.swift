import Foundation
import Testing
import WCDBSwift
import WCDBTestSupport

private let spaceSplitNotes = [
    "  test content wcdb custom tokenizer  ",   // 1: 2.x's test text
    "苹果 香蕉 橙子",                              // 2
    "Custom Colour TV",                          // 3
    "the color red",                             // 4
]

/// A tokenizer that splits on spaces, takes its arguments from the table, folds case and adds a synonym
/// at the same position: MATCH, phrases, offsets and snippets through it, beside the built-in `wcdb`
/// tokenizer and the `StopwordTokenizer` shape.
@Suite struct SpaceSplitTokenizerTests {
    /// Creates `note` through the ORM with the 2.x tokenizer and inserts `spaceSplitNotes` (rowids 1…4).
    private func makeNotes(in database: Database) throws {
        registerPointerTokenizers()
        database.add(tokenizer: SpaceSplitTokenizer.name)   // 2.x's call after registering; harmless here
        try database.create(virtualTable: "note", of: SpaceSplitNote.self)
        try database.insert(objects: spaceSplitNotes.map { SpaceSplitNote(body: $0) }, intoTable: "note")
    }

    @Test("MATCH through a 2.x tokenizer finds the right rows and no others", arguments: [
        ("custom content", [1]),            // 2.x's test query
        ("custom", [1, 3]),
        ("CUSTOM", [1, 3]),                 // `fold` applies to queries too
        ("香蕉", [2]),
        ("苹果 香蕉", [2]),
        ("苹", []),                          // words are whole between spaces
        ("\"香蕉 橙子\"", [2]),
        ("橙子 -香蕉", []),
        ("colour", [3]),
        ("color", [3, 4]),                  // the synonym
        ("\"custom color\"", [3]),          // the synonym stands at colour's position
        ("\"the color red\"", [4]),
        ("tokenizer OR colour", [1, 3]),
        ("wcdb -tokenizer", []),            // the tokenizer reads "-tokenizer" as a word: no such word
        ("banana", []),
    ] as [(String, [Int64])])
    func matchFindsTheRightRows(query: String, expected: [Int64]) throws {
        let scratch = ScratchDatabase()
        try makeNotes(in: scratch.database)
        let found: [SpaceSplitNote] = try scratch.database.getObjects(
            fromTable: "note", where: Column(named: "note").match(query),
            orderBy: [SpaceSplitNote.Properties.id.asOrder(by: .ascending)])
        #expect(found.map(\.id) == expected, "\(query)")
        if let first = found.first {
            #expect(first.body == spaceSplitNotes[Int(first.id!) - 1])
        }
    }

    @Test("the tokenizer gets the words after its name: without alpha and beta it indexes nothing")
    func argumentsReachTheTokenizer() throws {
        let scratch = ScratchDatabase()
        registerPointerTokenizers()
        try scratch.database.create(virtualTable: "bare", of: UnconfiguredNote.self)
        try scratch.database.insert(objects: [UnconfiguredNote(body: "custom content")], intoTable: "bare")
        let found: [UnconfiguredNote] = try scratch.database.getObjects(fromTable: "bare", where: UnconfiguredNote.Properties.body.match("custom"))
        #expect(found.isEmpty)
    }

    @Test("offsets() and snippet() mark the Chinese word's bytes")
    func offsetsAndSnippetOfChinese() throws {
        let scratch = ScratchDatabase()
        try makeNotes(in: scratch.database)
        let table = Column(named: "note")
        let offsets = try scratch.database.getColumn(on: table.offsets(), fromTable: "note", where: table.match("香蕉"))
        #expect(offsets.map(\.stringValue) == ["0 0 7 6"])   // column 0, term 0, byte 7, 6 bytes
        let snippets = try scratch.database.getColumn(on: table.snippet(start: "[", end: "]", ellipses: "…", column: -1, tokens: 10),
                                                      fromTable: "note", where: table.match("香蕉"))
        #expect(snippets.map(\.stringValue) == ["苹果 [香蕉] 橙子"])
        let characters = try fts3Tokens("苹果", tokenizer: CharacterTokenizer.name, in: scratch.database)
        #expect(characters.count == 2)
    }

    @Test("a table made with WINQ's StatementCreateVirtualTable uses the 2.x tokenizer")
    func winqCreateVirtualTable() throws {
        let scratch = ScratchDatabase()
        let database = scratch.database
        registerPointerTokenizers()
        try database.exec(StatementCreateVirtualTable().create(virtualTable: "winq_note").using(module: .FTS4)
            .arguments("body", "tokenize=\(SpaceSplitTokenizer.name) alpha beta"))
        try database.insert(objects: [SpaceSplitNote(body: "custom content"), SpaceSplitNote(body: "other words")], intoTable: "winq_note")
        let found: [SpaceSplitNote] = try database.getObjects(fromTable: "winq_note", where: SpaceSplitNote.Properties.body.match("words"))
        #expect(found.map(\.body) == ["other words"])
    }

    @Test("2.x tokenizers, the wcdb tokenizer and this library's shape work side by side, by either call")
    func besideOurs() throws {
        let scratch = ScratchDatabase()
        let database = scratch.database
        try makeNotes(in: database)
        // The built-in tokenizer in the same database.
        try database.create(virtualTable: "docs", of: SearchDocument.self)
        try database.insert(objects: [SearchDocument(title: "t", body: "苹果树")], intoTable: "docs")
        let wcdb: [SearchDocument] = try database.getObjects(fromTable: "docs", where: SearchDocument.Properties.body.match("\"果树\""))
        #expect(wcdb.map(\.body) == ["苹果树"])
        let notWords: [SpaceSplitNote] = try database.getObjects(fromTable: "note", where: Column(named: "note").match("果树"))
        #expect(notWords.isEmpty)   // the 2.x tokenizer's table keeps its own words
        // This library's shape registered with 2.x's call.
        Database.register(tokenizer: StopwordTokenizer.self, of: "wcdb2x_registered_stopwords", of: .FTS3)
        try database.create(virtualTable: "stop", of: StopwordNoteFrom2x.self)
        try database.insert(objects: [StopwordNoteFrom2x(body: "The Cat"), StopwordNoteFrom2x(body: "the end")], intoTable: "stop")
        let cats: [StopwordNoteFrom2x] = try database.getObjects(fromTable: "stop", where: StopwordNoteFrom2x.Properties.body.match("cat"))
        #expect(cats.map(\.body) == ["The Cat"])
        let stopped: [StopwordNoteFrom2x] = try database.getObjects(fromTable: "stop", where: StopwordNoteFrom2x.Properties.body.match("the"))
        #expect(stopped.isEmpty)
        #expect(try fts3Tokens("the Cat dog", tokenizer: "wcdb2x_registered_stopwords the", in: database).map(\.0) == ["cat", "dog"])
        // The 2.x shape registered with this library's call: its own positions still reach FTS3.
        Database.register(tokenizer: SpaceSplitTokenizer.self, named: "wcdb2x_space_named")
        try database.create(virtualTable: "named", of: SpaceSplitNoteByName.self)
        try database.insert(objects: [SpaceSplitNoteByName(body: "my colour tv")], intoTable: "named")
        let phrase: [SpaceSplitNoteByName] = try database.getObjects(fromTable: "named", where: SpaceSplitNoteByName.Properties.body.match("\"my color tv\""))
        #expect(phrase.count == 1)
    }

    @Test("tokenize(_:emit:) of a 2.x tokenizer runs load and nextToken")
    func tokenizeRunsLoadAndNextToken() {
        var emitted: [(String, Range<Int>)] = []
        SpaceSplitTokenizer(args: ["alpha", "beta"]).tokenize("苹果 Colour") { emitted.append(($0, $1)) }
        #expect(emitted.map(\.0) == ["苹果", "Colour"])
        #expect(emitted.map(\.1) == [0..<6, 7..<13])
        let folded = SpaceSplitTokenizer(arguments: ["alpha", "beta", "fold"])   // this library's initializer
        var words: [String] = []
        folded.tokenize("Colour TV") { token, _ in words.append(token) }
        #expect(words == ["colour", "color", "tv"])
    }
}
