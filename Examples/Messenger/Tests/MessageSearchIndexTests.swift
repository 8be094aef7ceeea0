import Foundation
import Messenger
import MessengerModels
import Testing
import WCDBSwift

/// The search index follows the messages by itself: `message_search` is an FTS4 external-content index
/// of `message` (`@VirtualTable(…, content: "message")`), kept in sync by the triggers
/// `create(virtualTable:of:)` made. Nothing in the store writes to the index.
@Suite struct MessageSearchIndexTests {
    /// An encrypted store in a temporary directory, removed when the value goes.
    final class Scratch {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-messenger-index-\(UUID().uuidString)")
        let store: MessageStore

        init() throws {
            store = try MessageStore(path: directory.appendingPathComponent("messenger.db").path, key: Data(repeating: 9, count: 32))
        }

        deinit {
            store.database.close()
            try? FileManager.default.removeItem(at: directory)
        }

        /// The ids of the messages `search(text)` returns, newest first.
        func ids(_ text: String) throws -> [Int] {
            try store.search(text).compactMap(\.message.localID)
        }
    }

    @Test func searchNeverReturnsAnEditedOrDeletedMessage() throws {
        let scratch = try Scratch()
        let store = scratch.store
        let alice = try #require(try store.addContact(handle: "alice", displayName: "Alice").id)
        let m1 = try #require(try store.receive("Lunch at the noodle bar?", from: alice, at: 1).localID)
        let m2 = try #require(try store.receive("The noodle bar is closed today", from: alice, at: 2).localID)
        let m3 = try #require(try store.receive("我们在苹果树下见面吧", from: alice, at: 3).localID)
        let ids: [Int] = [m1, m2, m3]
        #expect(ids == [1, 2, 3])
        #expect(try scratch.ids("noodle") == [2, 1])
        #expect(try scratch.ids("苹果") == [3])

        try store.edit(messageID: m1, text: "Dinner at the dumpling place?")
        try store.deleteMessage(m2)

        #expect(try scratch.ids("noodle") == [])                // m1 edited away, m2 deleted
        #expect(try scratch.ids("bar") == [])
        #expect(try scratch.ids("closed") == [])
        #expect(try scratch.ids("dumpling") == [1])
        #expect(try store.search("dinner").map(\.snippet) == ["<b>Dinner</b> at the dumpling place?"])
        #expect(try scratch.ids("苹果") == [3])
        #expect(try store.database.getValue("SELECT count(*) FROM message_search WHERE message_search MATCH 'noodle OR closed'").int64Value == 0)
    }

    /// Messages written with the ordinary one-line verbs, not through the store, are found too.
    @Test func theIndexFollowsTheOneLineVerbs() throws {
        let scratch = try Scratch()
        let store = scratch.store
        let bob = try #require(try store.addContact(handle: "bob", displayName: "Bob").id)
        try store.database.insert(objects: [Message(contactID: bob, content: "Release developed by the team", sentAt: 1, direction: .outgoing),
                                            Message(contactID: bob, content: "数据库迁移完成", sentAt: 2, direction: .incoming)],
                                  intoTable: MessageStore.messageTable)
        #expect(try scratch.ids("developing") == [1])
        #expect(try scratch.ids("数据库") == [2])

        var replaced = Message(contactID: bob, content: "Release postponed", sentAt: 3, direction: .outgoing)
        replaced.localID = 1
        try store.database.insertOrReplace(objects: [replaced], intoTable: MessageStore.messageTable)
        #expect(try scratch.ids("develop") == [])
        #expect(try scratch.ids("postponed") == [1])

        try store.database.delete(fromTable: MessageStore.messageTable, where: Message.Properties.localID == 2)
        #expect(try scratch.ids("数据库") == [])
        // The index model reads like any other: its @RowID is the message's localID, its text the message's.
        let entries: [MessageSearchIndex] = try store.database.getObjects(fromTable: MessageStore.searchTable,
                                                                          where: Column(named: MessageStore.searchTable).match("release"))
        #expect(entries == [MessageSearchIndex(localID: 1, content: "Release postponed")])
    }

    @Test func theStoreCreatesTheIndexAndItsTriggers() throws {
        let scratch = try Scratch()
        let database = scratch.store.database
        let sql = try database.getValue("SELECT sql FROM sqlite_master WHERE name = 'message_search'").stringValue
        #expect(sql == "CREATE VIRTUAL TABLE message_search USING fts4(text, content=\"message\", tokenize=wcdb)")
        let triggers = try database.getRows("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'message' ORDER BY name")
        #expect(triggers.map { $0[0].stringValue } == ["message_search_ai", "message_search_au", "message_search_bd", "message_search_bi", "message_search_bu"])
        // Reopening the store creates nothing twice.
        let path = database.path
        database.close()
        let again = try MessageStore(path: path, key: Data(repeating: 9, count: 32))
        defer { again.database.close() }
        #expect(try again.database.getValue("SELECT count(*) FROM sqlite_master WHERE type = 'trigger'").int64Value == 5)
    }
}
