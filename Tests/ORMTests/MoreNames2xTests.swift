import Foundation
import Testing
import WCDBSwift
import WCDBTestSupport

/// Names of WCDB Swift 1.x and 2.x (issue #40) that code written for them calls, each run against a
/// real database. Deprecated ones are called on purpose (warnings expected in this file).
@Suite("1.x and 2.x names: chain-call arrays, Handle, Database, tokenizers")
struct MoreNames2xTests {
    final class Scratch {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-names-\(UUID().uuidString)")
        let database: Database
        init() throws {
            database = Database(withPath: directory.appendingPathComponent("names.db").path)
            try database.create(table: "conversation", of: Conversation.self)
            try database.insert([Conversation(id: 1, title: "Family"), Conversation(id: 2, title: "Work", isMuted: true)],
                                intoTable: "conversation")
        }
        deinit {
            database.close()
            try? FileManager.default.removeItem(at: directory)
        }
    }

    @Test func chainCallsTakeTheirPropertiesAsAnArray() throws {
        let scratch = try Scratch()
        let database = scratch.database
        let all = Conversation.Properties.all
        let select = try database.prepareSelect(on: all, fromTable: "conversation")
        #expect(try select.allObjects(of: Conversation.self).map(\.title) == ["Family", "Work"])
        let typed: TypedSelect<Conversation> = try database.prepareSelect(on: [Conversation.Properties.id, Conversation.Properties.title, Conversation.Properties.isMuted], fromTable: "conversation")
        #expect(try typed.allObjects().map(\.id) == [1, 2])
        let rows = try database.prepareRowSelect(on: [Conversation.Properties.title], fromTable: "conversation")
        #expect(try rows.allValues().map(\.stringValue) == ["Family", "Work"])
        let rowsOfTables = try database.prepareRowSelect(on: [Column(named: "title")], fromTables: ["conversation"])
        #expect(try rowsOfTables.allValues().count == 2)

        try database.prepareInsert(on: [Conversation.Properties.id, Conversation.Properties.title, Conversation.Properties.isMuted], intoTable: "conversation")
            .execute(with: [Conversation(id: 3, title: "Club")])
        try database.prepareInsertOrReplace(on: [Conversation.Properties.id, Conversation.Properties.title, Conversation.Properties.isMuted], intoTable: "conversation")
            .execute(with: [Conversation(id: 3, title: "Club 2")])
        try database.prepareInsertOrIgnore(on: [Conversation.Properties.id, Conversation.Properties.title, Conversation.Properties.isMuted], intoTable: "conversation")
            .execute(with: [Conversation(id: 3, title: "ignored")])
        #expect(try database.getValue(on: Conversation.Properties.title, fromTable: "conversation", where: Conversation.Properties.id == 3).stringValue == "Club 2")

        let table = database.getTable(named: "conversation", of: Conversation.self)
        #expect(table.rootType == Conversation.self)
        #expect(try table.prepareSelect(on: all).allObjects().count == 3)
        #expect(try table.prepareRowSelect(on: [Conversation.Properties.id]).allValues().count == 3)
        try table.prepareInsert(on: [Conversation.Properties.id, Conversation.Properties.title, Conversation.Properties.isMuted]).execute(with: [Conversation(id: 4, title: "four")])
        try table.prepareInsertOrReplace(on: [Conversation.Properties.id, Conversation.Properties.title, Conversation.Properties.isMuted]).execute(with: [Conversation(id: 4, title: "4")])
        try table.prepareInsertOrIgnore(on: [Conversation.Properties.id, Conversation.Properties.title, Conversation.Properties.isMuted]).execute(with: [Conversation(id: 4, title: "x")])
        // 2.x's getValue takes a limit, and reads one row whatever it is.
        #expect(try table.getValue(on: Conversation.Properties.title, where: Conversation.Properties.id == 4, limit: 10).stringValue == "4")
    }

    @Test func handleNames() throws {
        let scratch = try Scratch()
        let database = scratch.database
        try database.withHandle(forWriting: false) { handle in
            #expect(handle.isReadonly == handle.isReadOnly)
            #expect(handle.getDatabase().path == database.path)
            #expect(handle.getDatabase().tag == database.tag)
            let table = handle.getTable(named: "conversation", of: Conversation.self)
            #expect(try table.getObjects().count == 2)
            _ = try handle.cachedStatement(forSQL: "SELECT 1")
            handle.finalizeAllStatement()
            #expect(try handle.scalar("SELECT 2").int64Value == 2)
        }
        let standalone = Handle(path: scratch.directory.appendingPathComponent("names.db").path)
        #expect(standalone.getDatabase().path == database.path)
    }

    @Test func nestedNamesAndTokenizerSpellings() {
        let priority: Database.ConfigPriority = .low
        #expect(priority == ConfigPriority.low)
        let operation: Database.Operation = .OpenHandle
        #expect(operation == DatabaseOperation.OpenHandle)
        #expect(Database.PerformanceInfo.self == PerformanceInfo.self)
        let config: Database.Config = { _ in }
        _ = config
        #expect(BuiltinTokenizer.Simple == "simple")
        #expect(BuiltinTokenizer.Porter == "porter")
        #expect(BuiltinTokenizer.Unicode61 == "unicode61")
    }

    @Test func tokenizerSpellingsCreateTheirTables() throws {
        let scratch = try Scratch()
        for (name, tokenizer) in [("s", BuiltinTokenizer.Simple), ("p", BuiltinTokenizer.Porter), ("u", BuiltinTokenizer.Unicode61)] {
            try scratch.database.exec(StatementCreateVirtualTable().create(virtualTable: name).using(module: .FTS4)
                .arguments("content", "tokenize=\(tokenizer)"))
        }
        try scratch.database.exec("INSERT INTO p(content) VALUES('running dogs')")
        #expect(try scratch.database.getRows("SELECT content FROM p WHERE content MATCH 'run'").count == 1)
    }

    @Test func liteModeTurnsTheJournalOffAndBack() throws {
        let scratch = try Scratch()
        let database = scratch.database
        database.setLiteMode(enable: true)
        #expect(try database.getValue(from: StatementPragma().pragma(.journalMode))?.stringValue.lowercased() == "off")
        #expect(try database.getValue(from: StatementPragma().pragma(.synchronous))?.int64Value == 0)
        database.setLiteMode(enable: false)
        #expect(try database.getValue(from: StatementPragma().pragma(.journalMode))?.stringValue.lowercased() == "wal")
        #expect(try database.getValue(from: StatementPragma().pragma(.synchronous))?.int64Value == 1)
    }

    @Test func moveFilesWithExtraFiles() throws {
        let scratch = try Scratch()
        let extra = scratch.directory.appendingPathComponent("extra.txt").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: extra))
        let destination = scratch.directory.appendingPathComponent("moved").path
        try scratch.database.moveFiles(toDirectory: destination, withExtraFiles: [extra])
        #expect(FileManager.default.fileExists(atPath: (destination as NSString).appendingPathComponent("names.db")))
        #expect(FileManager.default.fileExists(atPath: (destination as NSString).appendingPathComponent("extra.txt")))
        #expect(!FileManager.default.fileExists(atPath: extra))
    }

    @Test func globalTraceOfSpellings() throws {
        let scratch = try Scratch()
        let seen = Box<[String]>([])
        try withProcessWideTracers {
            Database.globalTrace(ofSQL: { sql in seen.with { $0.append(sql) } })
            defer { Database.globalTrace(ofSQL: nil) }
            Database.globalTrace(ofError: { _ in })
            defer { Database.globalTrace(ofError: nil) }
            Database.globalTrace(ofPerformance: { _, _, _ in })
            defer { Database.globalTrace(ofPerformance: nil) }
            _ = try scratch.database.getRows("SELECT 'traced-by-1x-spelling'")
        }
        #expect(seen.get.contains { $0.contains("traced-by-1x-spelling") })
    }

    @Test func virtualTableArgumentsOfMixedKinds() throws {
        let statement = StatementCreateVirtualTable().create(virtualTable: "mixed").using(module: .FTS4)
            .arguments(ColumnDef(named: "content", and: .text), "tokenize=porter")
        #expect(statement.description == "CREATE VIRTUAL TABLE mixed USING fts4(content TEXT, tokenize=porter)")
        let scratch = try Scratch()
        try scratch.database.exec(statement)
        try scratch.database.exec("INSERT INTO mixed(content) VALUES('running dogs')")
        #expect(try scratch.database.getRows("SELECT content FROM mixed WHERE content MATCH 'run'").count == 1)
        let arrayForm = StatementCreateVirtualTable().create(virtualTable: "a").using(module: "fts4")
            .arguments([ColumnDef(named: "c", and: .text), "tokenize=simple", "x,y"] as [any CustomStringConvertible])
        #expect(arrayForm.description == "CREATE VIRTUAL TABLE a USING fts4(c TEXT, tokenize=simple, 'x,y')")
    }

    @Test func pragmaStaticsOf2xRun() throws {
        let scratch = try Scratch()
        #expect(StatementPragma().pragma(.automaticIndex).description == "PRAGMA automatic_index")
        #expect(StatementPragma().pragma(.dataVersion).description == "PRAGMA data_version")
        #expect(try scratch.database.getValue(from: StatementPragma().pragma(.encoding))?.stringValue == "UTF-8")
        #expect(try scratch.database.getValue(from: StatementPragma().pragma(.queryOnly))?.int64Value == 0)
        #expect(try scratch.database.getValue(from: StatementPragma().pragma(.cipherVersion))?.stringValue.isEmpty == false)
    }
}

extension MoreNames2xTests {
    @Test func theHandlesOwnStatement() throws {
        let scratch = try Scratch()
        try scratch.database.withHandle(forWriting: false) { handle in
            #expect(!handle.isPrepared)
            _ = try handle.prepare(StatementSelect().select(Column(named: "title")).from("conversation").where(Column(named: "id") == BindParameter(1)))
            #expect(handle.isPrepared)
            handle.bind(2, toIndex: 1)
            #expect(try handle.step())
            #expect(handle.value(atIndex: 0).stringValue == "Work")
            handle.reset()
            handle.clearBindings()
            #expect(try !handle.step())  // id = NULL matches nothing
            handle.finalize()
            #expect(!handle.isPrepared)
        }
    }
}
