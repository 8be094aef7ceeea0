import Foundation
import Testing
import WCDBSwift
import WCDBTestSupport

// Tokenizers written the way a WCDB Swift 2.x user writes them (the shape of 2.x's
// TokenizerTests.CustomTokenizer: a class, `required init(args:)`, raw pointers, `TokenizerErrorCode`),
// registered with 2.x's `Database.register(tokenizer:of:of:)`, and used through the ordinary ORM and WINQ
// calls in FTS4 tables of this engine, beside the built-in `wcdb` tokenizer and this library's own shape.

/// Splits on ASCII spaces. Like 2.x's test tokenizer it produces tokens only when the table passed both
/// of its arguments (`alpha` and `beta`), and numbers its tokens from 1. With `fold` it lowercases ASCII
/// letters into a buffer of its own (so a token need not point into the text). "colour" also gives
/// "color", at the same position and with the same bytes, so a phrase can use either spelling.
class SpaceSplitTokenizer: Tokenizer {
    static let name = "wcdb2x_space"

    var isConfigured = false
    var folds = false
    var text: UnsafePointer<Int8>?
    var textLength = 0
    var location = 0
    var position = 0
    var synonymRange: (start: Int, end: Int)?
    var buffer = UnsafeMutablePointer<Int8>.allocate(capacity: 16)
    var bufferCapacity = 16

    required init(args: [String]) {
        isConfigured = args.contains("alpha") && args.contains("beta")
        folds = args.contains("fold")
    }

    deinit {
        buffer.deallocate()
    }

    func load(input: UnsafePointer<Int8>?, length: Int, flags: Int) {
        text = input
        textLength = length
        location = 0
        position = 0
        synonymRange = nil
    }

    func nextToken(ppToken: UnsafeMutablePointer<UnsafePointer<Int8>?>,
                   pnBytes: UnsafeMutablePointer<Int32>,
                   piStart: UnsafeMutablePointer<Int32>,
                   piEnd: UnsafeMutablePointer<Int32>,
                   pFlags: UnsafeMutablePointer<Int32>?,
                   piPosition: UnsafeMutablePointer<Int32>?) -> TokenizerErrorCode {
        guard isConfigured, let text else { return .Done }
        if let synonym = synonymRange {
            synonymRange = nil
            let color: StaticString = "color"
            ppToken.pointee = UnsafeRawPointer(color.utf8Start).assumingMemoryBound(to: Int8.self)
            pnBytes.pointee = Int32(color.utf8CodeUnitCount)
            piStart.pointee = Int32(synonym.start)
            piEnd.pointee = Int32(synonym.end)
            piPosition?.pointee = Int32(position)   // the position of "colour"
            return .OK
        }
        while location < textLength && text[location] == 32 /* space */ {
            location += 1
        }
        if location == textLength {
            return .Done
        }
        let start = location
        while location < textLength && text[location] != 32 {
            location += 1
        }
        let length = location - start
        if folds {
            if length > bufferCapacity {
                buffer.deallocate()
                bufferCapacity = length
                buffer = .allocate(capacity: length)
            }
            for i in 0..<length {
                let byte = text[start + i]
                buffer[i] = byte >= 65 && byte <= 90 ? byte + 32 : byte
            }
            ppToken.pointee = UnsafePointer(buffer)
        } else {
            ppToken.pointee = text + start
        }
        pnBytes.pointee = Int32(length)
        piStart.pointee = Int32(start)
        piEnd.pointee = Int32(location)
        position += 1
        piPosition?.pointee = Int32(position)
        let word = String(decoding: UnsafeRawBufferPointer(start: ppToken.pointee, count: length), as: UTF8.self)
        if word == "colour" {
            synonymRange = (start, location)
        }
        return .OK
    }
}

/// One token per UTF-8 character other than a space, pointing into the text; it leaves the position
/// unwritten. It fails with `.NoMemory` at 💥.
class CharacterTokenizer: Tokenizer {
    static let name = "wcdb2x_character"

    var text: UnsafePointer<UInt8>?
    var textLength = 0
    var location = 0

    required init(args: [String]) {}

    func load(input: UnsafePointer<Int8>?, length: Int, flags: Int) {
        text = input.map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) }
        textLength = length
        location = 0
    }

    func nextToken(ppToken: UnsafeMutablePointer<UnsafePointer<Int8>?>,
                   pnBytes: UnsafeMutablePointer<Int32>,
                   piStart: UnsafeMutablePointer<Int32>,
                   piEnd: UnsafeMutablePointer<Int32>,
                   pFlags: UnsafeMutablePointer<Int32>?,
                   piPosition: UnsafeMutablePointer<Int32>?) -> TokenizerErrorCode {
        guard let text else { return .Done }
        while location < textLength && text[location] == 32 {
            location += 1
        }
        if location == textLength {
            return .Done
        }
        let start = location
        location += 1
        while location < textLength && text[location] & 0xC0 == 0x80 {   // continuation bytes
            location += 1
        }
        if Array(UnsafeBufferPointer(start: text + start, count: location - start)) == Array("💥".utf8) {
            return .NoMemory
        }
        ppToken.pointee = UnsafeRawPointer(text + start).assumingMemoryBound(to: Int8.self)
        pnBytes.pointee = Int32(location - start)
        piStart.pointee = Int32(start)
        piEnd.pointee = Int32(location)
        return .OK
    }
}

/// Gives "b" a position before "a"'s, which FTS3 can't store.
class BackwardsTokenizer: Tokenizer {
    static let name = "wcdb2x_backwards"

    var count = 0

    required init(args: [String]) {}

    func load(input: UnsafePointer<Int8>?, length: Int, flags: Int) {
        count = 0
    }

    func nextToken(ppToken: UnsafeMutablePointer<UnsafePointer<Int8>?>,
                   pnBytes: UnsafeMutablePointer<Int32>,
                   piStart: UnsafeMutablePointer<Int32>,
                   piEnd: UnsafeMutablePointer<Int32>,
                   pFlags: UnsafeMutablePointer<Int32>?,
                   piPosition: UnsafeMutablePointer<Int32>?) -> TokenizerErrorCode {
        guard count < 2 else { return .Done }
        let letters: StaticString = "ab"
        ppToken.pointee = UnsafeRawPointer(letters.utf8Start + count).assumingMemoryBound(to: Int8.self)
        pnBytes.pointee = 1
        piStart.pointee = 0
        piEnd.pointee = 0
        piPosition?.pointee = count == 0 ? 5 : 2
        count += 1
        return .OK
    }
}

/// A note indexed by the 2.x tokenizer, with both of its arguments and folding.
// @VirtualTable(module: "fts4", tokenizer: "wcdb2x_space alpha beta fold")
struct SpaceSplitNote: TableCodable, Equatable {
    // @RowID
    var id: Int64? = nil
    var body: String = ""
}

/// The same tokenizer without its arguments: it indexes nothing.
// @VirtualTable(module: "fts4", tokenizer: "wcdb2x_space")
struct UnconfiguredNote: TableCodable {
    var body: String = ""
}

/// Indexed one character at a time.
// @VirtualTable(module: "fts4", tokenizer: "wcdb2x_character")
struct CharacterNote: TableCodable {
    // @RowID
    var id: Int64? = nil
    var body: String = ""
}

/// Indexed by the tokenizer that goes back.
// @VirtualTable(module: "fts3", tokenizer: "wcdb2x_backwards")
struct BackwardsNote: TableCodable {
    var body: String = ""
}

/// This library's own tokenizer shape (`StopwordTokenizer`), registered with 2.x's call.
// @VirtualTable(module: "fts4", tokenizer: "wcdb2x_registered_stopwords the")
struct StopwordNoteFrom2x: TableCodable {
    var body: String = ""
}

/// The 2.x tokenizer registered with this library's call.
// @VirtualTable(module: "fts4", tokenizer: "wcdb2x_space_named alpha beta")
struct SpaceSplitNoteByName: TableCodable {
    var body: String = ""
}

/// A name registered for FTS5, used in an FTS4 table.
// @VirtualTable(module: "fts4", tokenizer: "wcdb2x_fts5_only")
struct FTS5OnlyTokenizerNote: TableCodable {
    var body: String = ""
}

/// 2.x's FTS5 table with its custom tokenizer.
// @VirtualTable(module: "fts5", tokenizer: "wcdb2x_fts5_only alpha beta")
struct FTS5Note: TableCodable {
    var body: String = ""
}

/// Registers the test tokenizers with 2.x's call (again in every test: registering a name again with
/// the same type changes nothing).
private func register2xTokenizers() {
    Database.register(tokenizer: SpaceSplitTokenizer.self, of: SpaceSplitTokenizer.name, of: .FTS4)
    Database.register(tokenizer: CharacterTokenizer.self, of: CharacterTokenizer.name, of: .FTS4)
    Database.register(tokenizer: BackwardsTokenizer.self, of: BackwardsTokenizer.name, of: .FTS3)
}

/// (token, start, end, position) as FTS3 reads them from `tokenizer`, through an fts3tokenize table.
private func tokens(_ text: String, tokenizer: String, in database: Database) throws -> [(String, Int, Int, Int)] {
    let table = "tokens_" + tokenizer.replacingOccurrences(of: " ", with: "_")
    try database.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.\(table) USING fts3tokenize(\(tokenizer.split(separator: " ").joined(separator: ", ")))")
    let rows = try database.getRows("SELECT token, start, \"end\", position FROM temp.\(table) WHERE input = ?1", values: [.text(text)])
    return rows.map { ($0[0].stringValue, Int($0[1].int64Value), Int($0[2].int64Value), Int($0[3].int64Value)) }
}

private let spaceSplitNotes = [
    "  test content wcdb custom tokenizer  ",   // 1: 2.x's test text
    "苹果 香蕉 橙子",                              // 2
    "Custom Colour TV",                          // 3
    "the color red",                             // 4
]

@Suite struct Tokenizer2xTests {
    /// Creates `note` through the ORM with the 2.x tokenizer and inserts `spaceSplitNotes` (rowids 1…4).
    private func makeNotes(in database: Database) throws {
        register2xTokenizers()
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
        register2xTokenizers()
        try scratch.database.create(virtualTable: "bare", of: UnconfiguredNote.self)
        try scratch.database.insert(objects: [UnconfiguredNote(body: "custom content")], intoTable: "bare")
        let found: [UnconfiguredNote] = try scratch.database.getObjects(fromTable: "bare", where: UnconfiguredNote.Properties.body.match("custom"))
        #expect(found.isEmpty)
    }

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
        register2xTokenizers()
        let got = try tokens(text, tokenizer: tokenizer, in: scratch.database)
        #expect(got.map(\.0) == expected.map(\.0))
        #expect(got.map(\.1) == expected.map(\.1))
        #expect(got.map(\.2) == expected.map(\.2))
        #expect(got.map(\.3) == expected.map(\.3))
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
        let characters = try tokens("苹果", tokenizer: CharacterTokenizer.name, in: scratch.database)
        #expect(characters.count == 2)
    }

    @Test("a table made with WINQ's StatementCreateVirtualTable uses the 2.x tokenizer")
    func winqCreateVirtualTable() throws {
        let scratch = ScratchDatabase()
        let database = scratch.database
        register2xTokenizers()
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
        #expect(try tokens("the Cat dog", tokenizer: "wcdb2x_registered_stopwords the", in: database).map(\.0) == ["cat", "dog"])
        // The 2.x shape registered with this library's call: its own positions still reach FTS3.
        Database.register(tokenizer: SpaceSplitTokenizer.self, named: "wcdb2x_space_named")
        try database.create(virtualTable: "named", of: SpaceSplitNoteByName.self)
        try database.insert(objects: [SpaceSplitNoteByName(body: "my colour tv")], intoTable: "named")
        let phrase: [SpaceSplitNoteByName] = try database.getObjects(fromTable: "named", where: SpaceSplitNoteByName.Properties.body.match("\"my color tv\""))
        #expect(phrase.count == 1)
    }

    @Test("tokenize(_:emit:) of a 2.x tokenizer runs load and nextToken")
    func tokenizeOfA2xTokenizer() {
        var emitted: [(String, Range<Int>)] = []
        SpaceSplitTokenizer(args: ["alpha", "beta"]).tokenize("苹果 Colour") { emitted.append(($0, $1)) }
        #expect(emitted.map(\.0) == ["苹果", "Colour"])
        #expect(emitted.map(\.1) == [0..<6, 7..<13])
        let folded = SpaceSplitTokenizer(arguments: ["alpha", "beta", "fold"])   // this library's initializer
        var words: [String] = []
        folded.tokenize("Colour TV") { token, _ in words.append(token) }
        #expect(words == ["colour", "color", "tv"])
    }

    @Test("a tokenizer's .NoMemory fails the insert or the query with a WCDBError, and the table stays usable")
    func tokenizerErrorIsAWCDBError() throws {
        let scratch = ScratchDatabase()
        let database = scratch.database
        register2xTokenizers()
        try database.create(virtualTable: "chars", of: CharacterNote.self)
        try database.insert(objects: [CharacterNote(body: "苹果")], intoTable: "chars")
        let failure = #expect(throws: WCDBError.self) {
            try database.insert(objects: [CharacterNote(body: "苹果💥")], intoTable: "chars")
        }
        #expect(failure?.code == .NoMemory, "\(String(describing: failure))")
        #expect(throws: WCDBError.self) {
            let _: [CharacterNote] = try database.getObjects(fromTable: "chars", where: CharacterNote.Properties.body.match("💥"))
        }
        try database.insert(objects: [CharacterNote(body: "香蕉")], intoTable: "chars")
        let apples: [CharacterNote] = try database.getObjects(fromTable: "chars", where: CharacterNote.Properties.body.match("果"))
        #expect(apples.map(\.body) == ["苹果"])
        #expect(try database.getValue("SELECT count(*) FROM chars").int64Value == 2)
    }

    @Test("a position before the previous one fails the insert with a WCDBError")
    func backwardsPositionIsRefused() throws {
        let scratch = ScratchDatabase()
        register2xTokenizers()
        try scratch.database.create(virtualTable: "backwards", of: BackwardsNote.self)
        let failure = #expect(throws: WCDBError.self) {
            try scratch.database.insert(objects: [BackwardsNote(body: "x")], intoTable: "backwards")
        }
        #expect(failure?.code == .Error, "\(String(describing: failure))")
        #expect(try scratch.database.getValue("SELECT count(*) FROM backwards").int64Value == 0)
    }

    @Test("registering for FTS5 is refused with a WCDBError, and so is every table that needs it")
    func fts5IsRefused() throws {
        let scratch = ScratchDatabase()
        let database = scratch.database
        let reported = Box<[WCDBError]>([])
        withProcessWideTracers {
            Database.globalTraceError { error in
                if error.message?.contains("wcdb2x_fts5_only") == true { reported.with { $0.append(error) } }
            }
            defer { Database.globalTraceError(nil) }
            Database.register(tokenizer: SpaceSplitTokenizer.self, of: "wcdb2x_fts5_only", of: .FTS5)
        }
        let registration = try #require(reported.get.first)
        #expect(registration.level == .interface)
        #expect(registration.message?.contains("FTS5") == true && registration.message?.contains("3.15.2") == true,
                "\(registration)")

        // An FTS4 table naming it says why the name is unknown.
        let unknown = #expect(throws: WCDBError.self) {
            try database.create(virtualTable: "fts4_note", of: FTS5OnlyTokenizerNote.self)
        }
        #expect(unknown?.message?.contains("registered for FTS5") == true && unknown?.message?.contains("3.15.2") == true,
                "\(String(describing: unknown))")
        // 2.x's FTS5 table, through the ORM and through WINQ.
        let fts5 = #expect(throws: WCDBError.self) {
            try database.create(virtualTable: "fts5_note", of: FTS5Note.self)
        }
        #expect(fts5?.message?.contains("no FTS5") == true, "\(String(describing: fts5))")
        #expect(throws: WCDBError.self) {
            try database.exec(StatementCreateVirtualTable().create(virtualTable: "winq_fts5").using(module: .FTS5)
                .arguments("body", "tokenize=wcdb2x_fts5_only"))
        }
        #expect(try !database.isTableExists("fts4_note") && !database.isTableExists("fts5_note") && !database.isTableExists("winq_fts5"))
    }
}
