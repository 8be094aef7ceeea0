import Foundation
import Testing
@testable import WCDBSwift
import WCDBTestSupport

/// FTS5 as the running engine has it. With FTS5 (SQLCipher 4.6.1, SQLite 3.46.1) each test runs real
/// queries through FTS5 tables: the `wcdb` tokenizer under each of its names, a Swift tokenizer, a 2.x
/// tokenizer registered for FTS5, `substring_match_info`, `@NotIndexed` as `UNINDEXED`. Without it
/// (SQLCipher 3.4.1, SQLite 3.15.2) each test checks that its FTS5 table is refused with an error that
/// names the engine's version, and nothing is created.
@Suite struct FTS5Tests {
    /// On an engine with FTS5, runs `body` on a new scratch database; on one without, checks that
    /// `statement` (an FTS5 table) is refused naming the version, and that no table was made.
    private func withFTS5(refusing statement: StatementCreateVirtualTable, setUp: (Database) -> Void = { _ in },
                          _ body: (Database, ScratchDatabase) throws -> Void) throws {
        let scratch = ScratchDatabase("fts5")
        let database = scratch.database
        setUp(database)
        guard Engine.current.supports(.fts5) else {
            let refusal = #expect(throws: WCDBError.self) { try database.exec(statement) }
            #expect(refusal?.message?.contains("SQLite \(Engine.current.sqliteVersion)") == true && refusal?.message?.contains("FTS5") == true,
                    "\(String(describing: refusal))")
            #expect(try database.getValue("SELECT count(*) FROM sqlite_master").int64Value == 0)
            return
        }
        try body(database, scratch)
    }

    /// On an engine with FTS5, creates `model`'s table in a new scratch database and runs `body`; on one
    /// without, checks that creating it is refused naming the version and saying the engine has no FTS5.
    private func withFTS5<Model: TableCodable>(creating model: Model.Type, as table: String, setUp: (Database) -> Void = { _ in },
                                               _ body: (Database, ScratchDatabase) throws -> Void) throws {
        let scratch = ScratchDatabase("fts5")
        let database = scratch.database
        setUp(database)
        guard Engine.current.supports(.fts5) else {
            let refusal = #expect(throws: WCDBError.self) { try database.create(virtualTable: table, of: model) }
            #expect(refusal?.message?.contains(Engine.current.sqliteVersion) == true && refusal?.message?.contains("no FTS5") == true,
                    "\(String(describing: refusal))")
            #expect(try !database.isTableExists(table))
            return
        }
        try database.create(virtualTable: table, of: model)
        try body(database, scratch)
    }

    private static func fts5Table(_ table: String, _ arguments: String...) -> StatementCreateVirtualTable {
        let statement = StatementCreateVirtualTable().create(virtualTable: table).using(module: .FTS5)
        for argument in arguments { statement.arguments(argument) }
        return statement
    }

    /// The comparison queries in FTS5's syntax (which has `NOT` and `NEAR(…)`, and no `.` in a bareword).
    static let corpusQueries: [(String, Set<Int>)] = Corpus.queries.map { query, rows in
        let fts5: [String: String] = ["example.com": "\"example.com\"", "wechat -database": "wechat NOT database",
                                      "taught NEAR/2 class": "NEAR(taught class, 2)"]
        return (fts5[query] ?? query, rows)
    }

    @Test("the wcdb tokenizer in an FTS5 table finds the rows it finds in FTS4", arguments: corpusQueries)
    func corpusQuery(query: String, expected: Set<Int>) throws {
        try withFTS5(refusing: Self.fts5Table("corpus", "title", "body", "tokenize = 'wcdb'")) { database, _ in
            try database.exec(Self.fts5Table("corpus", "title", "body", "tokenize = 'wcdb'"))
            try Corpus.insert(into: "corpus", in: database)
            let rows = try database.getRows("SELECT rowid FROM corpus WHERE corpus MATCH ?1", values: [.text(query)])
            #expect(Set(rows.map { Int($0[0].int64Value) }) == expected, "\(query)")
        }
    }

    @Test("highlight() marks what the wcdb tokenizer matched, a Chinese phrase as one span", arguments: [
        ("苹果树上结满了红苹果", "苹果", "[苹果]树上结满了红[苹果]"),
        ("苹果树上结满了红苹果", "\"果树\"", "苹[果树]上结满了红苹果"),
        ("WCDB is a cross-platform database", "platform", "WCDB is a cross-[platform] database"),
        ("The children were taught", "teach", "The children were [taught]"),
        ("新款iPhone15手机和WCDB数据库", "数据", "新款iPhone15手机和WCDB[数据]库"),
    ])
    func highlight(text: String, query: String, expected: String) throws {
        try withFTS5(creating: FTS5Document.self, as: "notes") { database, _ in
            try database.insert(objects: [FTS5Document(body: text)], intoTable: "notes")
            let table = Column(named: "notes")
            let marked = try database.getValue(on: table.highlight().arguments(0, "[", "]"), fromTable: "notes",
                                               where: table.match(query))
            #expect(marked.stringValue == expected)
        }
    }

    @Test("WCDB 2.x's names: wcdb_verbatim with skip_stemming, an UNINDEXED column, bm25() and the CREATE 2.x writes")
    func verbatimAndUnindexed() throws {
        try withFTS5(creating: FTS5Message.self, as: "messages") { database, _ in
            let sql = try database.getValue("SELECT sql FROM sqlite_master WHERE name = 'messages'").stringValue
            #expect(sql == "CREATE VIRTUAL TABLE messages USING fts5(tokenize = 'wcdb_verbatim skip_stemming', sender UNINDEXED, body)")
            var alice = FTS5Message(sender: "alice", body: "alice developed it")
            try database.insert(&alice, intoTable: "messages")
            #expect(alice.id == 1)
            try database.insert(objects: [FTS5Message(sender: "bob", body: "developed, developed and developed")], intoTable: "messages")
            // UNINDEXED: the sender is stored and read, never matched.
            let bySender: [FTS5Message] = try database.getObjects(fromTable: "messages", where: Column(named: "messages").match("bob"))
            #expect(bySender.isEmpty)
            // skip_stemming: the form as written.
            let developing: [FTS5Message] = try database.getObjects(fromTable: "messages", where: FTS5Message.Properties.body.match("developing"))
            #expect(developing.isEmpty)
            // bm25: the row with more occurrences ranks first (smaller is better).
            let ranked: [FTS5Message] = try database.getObjects(fromTable: "messages", where: FTS5Message.Properties.body.match("developed"),
                                                                orderBy: [Column(named: "messages").bm25().asOrder(by: .ascending)])
            #expect(ranked.map(\.sender) == ["bob", "alice"])
            #expect(ranked.last == alice)
        }
    }

    @Test("a Swift tokenizer, registered after the handle opened, serves an FTS5 table: its arguments, tokens and byte ranges")
    func swiftTokenizer() throws {
        try withFTS5(creating: StopwordFTS5Document.self, as: "stop", setUp: { database in
            _ = try? database.getValue("SELECT 1")   // a handle opened before the name exists
            Database.register(tokenizer: StopwordTokenizer.self, named: "stopwords")
        }) { database, scratch in
            try database.insert(objects: [StopwordFTS5Document(body: "the Cat and a Dog"), StopwordFTS5Document(body: "THE END")],
                                intoTable: "stop")
            #expect(try scratch.integers("SELECT rowid FROM stop WHERE stop MATCH 'cat' ORDER BY rowid") == [1])
            #expect(try scratch.integers("SELECT rowid FROM stop WHERE stop MATCH 'the' ORDER BY rowid").isEmpty)   // an argument
            #expect(try scratch.integers("SELECT rowid FROM stop WHERE stop MATCH '\"cat and dog\"' ORDER BY rowid") == [1])
            #expect(try database.getValue("SELECT highlight(stop, 0, '[', ']') FROM stop WHERE stop MATCH 'dog'").stringValue
                    == "the Cat and a [Dog]")
        }
    }

    @Test("a 2.x tokenizer registered for FTS5 gets FTS5's flags, and its COLOCATED token stands at its word's position")
    func tokenizerFor2xFTS5() throws {
        Database.register(tokenizer: FTS5SynonymTokenizer.self, of: FTS5SynonymTokenizer.fts5Name, of: .FTS5)
        try withFTS5(creating: SynonymNote.self, as: "synonyms") { database, scratch in
            FTS5SynonymTokenizer.loadedFlags.with { $0.removeAll() }
            try database.insert(objects: [SynonymNote(body: "The colour red"), SynonymNote(body: "the color blue")], intoTable: "synonyms")
            #expect(FTS5SynonymTokenizer.loadedFlags.get == [4])   // FTS5_TOKENIZE_DOCUMENT
            #expect(try scratch.integers("SELECT rowid FROM synonyms WHERE synonyms MATCH '\"color red\"' ORDER BY rowid") == [1])
            #expect(try scratch.integers("SELECT rowid FROM synonyms WHERE synonyms MATCH 'color' ORDER BY rowid") == [1, 2])
            #expect(try scratch.integers("SELECT rowid FROM synonyms WHERE synonyms MATCH 'colo*' ORDER BY rowid") == [1, 2])
            #expect(try database.getValue("SELECT highlight(synonyms, 0, '[', ']') FROM synonyms WHERE synonyms MATCH '\"color red\"'").stringValue
                    == "The [colour red]")
            // QUERY (1), QUERY | PREFIX (3), AUX for highlight() (8).
            #expect(FTS5SynonymTokenizer.loadedFlags.get == [4, 1, 3, 8])
        }
    }

    @Test("a 2.x tokenizer written for FTS3 reads FTS5's text; its .NoMemory fails the insert with a WCDBError")
    func tokenizerFor2xFTS3InFTS5() throws {
        registerPointerTokenizers()
        let create = Self.fts5Table("chars", "body", "tokenize = '\(CharacterTokenizer.name)'")
        try withFTS5(refusing: create) { database, scratch in
            try database.exec(create)
            try database.exec("INSERT INTO chars(body) VALUES ('苹果'), ('香蕉')")
            #expect(try scratch.integers("SELECT rowid FROM chars WHERE chars MATCH '果'") == [1])
            let failure = #expect(throws: WCDBError.self) { try database.exec("INSERT INTO chars(body) VALUES ('苹果💥')") }
            #expect(failure?.code == .NoMemory, "\(String(describing: failure))")
            #expect(try database.getValue("SELECT count(*) FROM chars").int64Value == 2)
        }
    }

    @Test("substring_match_info locates the matched value among separated ones (WCDB 2.x's examples)", arguments: [
        // 2.x's C++ test (CPPFTS5SymbolTests.test_substring_match_info).
        ("多级,分隔符,串联子串1;多级,分隔符,串联子串2;多级,分隔符,串联子串3", "子串2", "1,2;串联;子串2;6;"),
        // 2.x's documentation of BuiltinAuxiliaryFunction.SubstringMatchInfo.
        ("张三;广州,上海;12345,67890", "州", "1,0;广;州;3;"),
        ("张三;广州,上海;12345,67890", "67890", "2,1;;67890;0;"),
        ("张三;广州,上海;12345,67890", "\"张三\"", "0,0;;张三;0;"),
    ])
    func substringMatchInfo(content: String, query: String, expected: String) throws {
        try withFTS5(creating: ContactCard.self, as: "contacts", setUp: { database in
            database.add(auxFunction: BuiltinAuxiliaryFunction.SubstringMatchInfo)   // 2.x's call; the function is there already
        }) { database, _ in
            try database.insert(objects: [ContactCard(content: "dummy;content"), ContactCard(content: content)], intoTable: "contacts")
            let info = try database.getValue(on: Column(named: "contacts").substringMatchInfo().arguments(0, ";,"),
                                             fromTable: "contacts", where: ContactCard.Properties.content.match(query))
            #expect(info.stringValue == expected)
        }
    }

    @Test("substring_match_info gives NULL where the query's words are in different values, and an error without separators")
    func substringMatchInfoEdges() throws {
        try withFTS5(creating: ContactCard.self, as: "contacts") { database, _ in
            try database.insert(objects: [ContactCard(content: "张三;广州,上海")], intoTable: "contacts")
            #expect(try database.getValue("SELECT substring_match_info(contacts, 0, ';,') FROM contacts WHERE contacts MATCH '三 海'").isNull)
            // Two phrases in one value: each is set off with its own offset.
            #expect(try database.getValue("SELECT substring_match_info(contacts, 0, ';,') FROM contacts WHERE contacts MATCH '三 张'").stringValue
                    == "0,0;;张;0;;三;3;")
            let error = #expect(throws: WCDBError.self) {
                _ = try database.getValue("SELECT substring_match_info(contacts, 0) FROM contacts WHERE contacts MATCH '三'")
            }
            #expect(error?.message?.contains("substring_match_info takes the column's index and its separators") == true, "\(String(describing: error))")
        }
    }

    @Test("chinese_traditional_to_simplified: either spelling finds both, in FTS4 and in FTS5", arguments: ["fts4", "fts5"])
    func traditionalChinese(module: String) throws {
        Database.config(traditionalChineseDict: ["們": "们", "員": "员"])
        let tokenize = module == "fts5" ? "tokenize = 'wcdb chinese_traditional_to_simplified'" : "tokenize=wcdb chinese_traditional_to_simplified"
        let create = StatementCreateVirtualTable().create(virtualTable: "chinese").using(module: module).arguments("body", tokenize)
        let run = { (database: Database, scratch: ScratchDatabase) in
            try database.exec(create)
            try database.exec("INSERT INTO chinese(body) VALUES ('我們是程序員'), ('我们是程序员'), ('程序')")
            #expect(try scratch.integers("SELECT rowid FROM chinese WHERE chinese MATCH '我們是程序員' ORDER BY rowid") == [1, 2])
            #expect(try scratch.integers("SELECT rowid FROM chinese WHERE chinese MATCH '我们是程序员' ORDER BY rowid") == [1, 2])
            #expect(try scratch.integers("SELECT rowid FROM chinese WHERE chinese MATCH '\"員\"' ORDER BY rowid") == [1, 2])
        }
        if module == "fts5" {
            try withFTS5(refusing: create, run)
        } else {
            let scratch = ScratchDatabase("fts4")
            try run(scratch.database, scratch)
        }
    }

    @Test("an FTS5 table's tokenizer must be known to FTS5: its own names and the registered ones")
    func unknownTokenizerInFTS5() throws {
        let scratch = ScratchDatabase("fts5")
        let database = scratch.database
        guard Engine.current.supports(.fts5) else {
            let refusal = #expect(throws: WCDBError.self) { try database.create(virtualTable: "u", of: FTS5Document.self) }
            #expect(refusal?.message?.contains(Engine.current.sqliteVersion) == true, "\(String(describing: refusal))")
            return
        }
        try database.exec(Self.fts5Table("trigrams", "body", "tokenize = 'trigram'"))   // FTS5's own
        try database.exec(Self.fts5Table("wrapped", "body", "tokenize = 'porter wcdb_one_or_binary'"))   // FTS5's porter over ours
        try database.exec("INSERT INTO wrapped(body) VALUES ('WCDB数据库')")
        #expect(try scratch.integers("SELECT rowid FROM wrapped WHERE wrapped MATCH '数据'") == [1])
        let unknown = #expect(throws: WCDBError.self) { try database.create(virtualTable: "u", of: UnknownTokenizerFTS5Document.self) }
        #expect(unknown?.message?.contains("nosuchtokenizer") == true && unknown?.message?.contains("trigram") == true, "\(String(describing: unknown))")
        let option = #expect(throws: WCDBError.self) { try database.exec(Self.fts5Table("badopt", "body", "tokenize = 'wcdb need_symbols'")) }
        #expect(option != nil)
        #expect(try !database.isTableExists("badopt"))
    }
}
