import Foundation
import Testing
@testable import WCDBSwift
import WCDBTestSupport

/// A tokenizer that fails (`.NoMemory`), and one registered for FTS5: a `WCDBError` naming the engine
/// where it lacks FTS5, a working tokenizer where it has it; what worked before still works.
@Suite struct TokenizerFailureTests {
    @Test("a tokenizer's .NoMemory fails the insert or the query with a WCDBError, and the table stays usable")
    func tokenizerErrorIsAWCDBError() throws {
        let scratch = ScratchDatabase()
        let database = scratch.database
        registerPointerTokenizers()
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

    @Test("registering for FTS5 works where the engine has FTS5; elsewhere it is refused, naming the engine, and so is every table that needs it")
    func fts5Registration() throws {
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
        guard Engine.current.supports(.fts5) else {
            let registration = try #require(reported.get.first)
            #expect(registration.level == .interface)
            #expect(registration.message?.contains("FTS5") == true && registration.message?.contains(Engine.current.sqliteVersion) == true,
                    "\(registration)")

            // An FTS4 table naming it says why the name is unknown.
            let unknown = #expect(throws: WCDBError.self) {
                try database.create(virtualTable: "fts4_note", of: FTS5OnlyTokenizerNote.self)
            }
            #expect(unknown?.message?.contains("registered for FTS5") == true && unknown?.message?.contains(Engine.current.sqliteVersion) == true,
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
            return
        }
        #expect(reported.get.isEmpty, "\(reported.get)")
        // 2.x's FTS5 table through the ORM: the tokenizer reads FTS5's flags, its arguments and its text.
        try database.create(virtualTable: "fts5_note", of: FTS5Note.self)
        try database.insert(objects: [FTS5Note(body: "Alpha colour Beta"), FTS5Note(body: "gamma")], intoTable: "fts5_note")
        let found: [FTS5Note] = try database.getObjects(fromTable: "fts5_note", where: FTS5Note.Properties.body.match("colour"))
        #expect(found.map(\.body) == ["Alpha colour Beta"])
        // Through WINQ, and the name serves an FTS4 table as well.
        try database.exec(StatementCreateVirtualTable().create(virtualTable: "winq_fts5").using(module: .FTS5)
            .arguments("body", "tokenize = 'wcdb2x_fts5_only alpha beta'"))
        try database.exec("INSERT INTO winq_fts5(body) VALUES ('one two'), ('two three')")
        #expect(try scratch.integers("SELECT rowid FROM winq_fts5 WHERE winq_fts5 MATCH 'two' ORDER BY rowid") == [1, 2])
        try database.create(virtualTable: "fts4_note", of: FTS5OnlyTokenizerNote.self)
        #expect(try database.isTableExists("fts4_note"))
    }
}
