import Foundation
import Testing
import WCDBSwift
import WCDBTestSupport

/// A tokenizer that fails (`.NoMemory`) and one registered for FTS5, which this engine lacks: each is a
/// `WCDBError`, and what worked before still works.
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
