import Foundation
import Messenger
import MessengerModels
import WCDBSwift
import XCTest

/// Message search with highlighted snippets, on the encrypted store.
final class MessageSearchTests: XCTestCase {
    private var directory: URL!
    private var store: MessageStore!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-messenger-search-\(UUID().uuidString)")
        store = try MessageStore(path: directory.appendingPathComponent("messenger.db").path, key: Data(repeating: 7, count: 32))
    }

    override func tearDownWithError() throws {
        store?.database.close()
        store = nil
        try? FileManager.default.removeItem(at: directory)
    }

    func testSearchFindsInflectionsAndChineseWordsWithHighlights() throws {
        let alice = try XCTUnwrap(try store.addContact(handle: "alice", displayName: "Alice").id)
        let bob = try XCTUnwrap(try store.addContact(handle: "bob", displayName: "Bob").id)
        try store.receive("我们在苹果树下见面吧", from: alice, at: 1)
        try store.receive("The children went to the park", from: alice, at: 2)
        try store.receive("New release developed by the team 🎉", from: bob, at: 3)
        try store.receive("苹果和树", from: bob, at: 4)

        let trees = try store.search("果树")
        XCTAssertEqual(trees.map(\.message.content), ["我们在苹果树下见面吧"])  // not 苹果和树: 果 and 树 apart
        XCTAssertEqual(trees.first?.snippet, "我们在苹<b>果树</b>下见面吧")

        let going = try store.search("child go", open: "[", close: "]")
        XCTAssertEqual(going.map(\.snippet), ["The [children] [went] to the park"])

        let developing = try store.search("developing")
        XCTAssertEqual(developing.first?.snippet, "New release <b>developed</b> by the team 🎉")

        // Newest first; user text with quotes and operators is plain text, never a malformed query.
        XCTAssertEqual(try store.search("苹果").map(\.message.content), ["苹果和树", "我们在苹果树下见面吧"])
        XCTAssertEqual(try store.search("\"苹果 OR -"), [])
        XCTAssertEqual(try store.search("   "), [])
    }

    func testDeletingAContactRemovesItsMessagesFromTheIndex() throws {
        let alice = try XCTUnwrap(try store.addContact(handle: "alice", displayName: "Alice").id)
        try store.receive("数据库迁移完成", from: alice, at: 1)
        XCTAssertEqual(try store.search("数据库").count, 1)
        try store.deleteContact(alice)
        XCTAssertEqual(try store.search("数据库"), [])
        // Asked through the index itself (a scan of an external-content index reads the message table).
        XCTAssertEqual(try store.database.getRows("SELECT count(*) FROM message_search WHERE message_search MATCH '数据库'").first?[0].int64Value, 0)
    }
}
