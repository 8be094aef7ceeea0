import Foundation
import Messenger
import MessengerModels
import WCDBSwift
import XCTest

final class MessageStoreTests: XCTestCase {
    private var directory: URL!
    private var store: MessageStore!
    private let key = Data((0..<32).map { UInt8($0) })

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-messenger-\(UUID().uuidString)")
        store = try MessageStore(path: directory.appendingPathComponent("messenger.db").path, key: key)
    }

    override func tearDownWithError() throws {
        store?.database.close()
        store = nil
        try? FileManager.default.removeItem(at: directory)
    }

    func testSchemaHasTheIndexesConstraintsAndForeignKey() throws {
        let indexes = try store.database.getRows("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name")
        XCTAssertEqual(indexes.map { $0[0].stringValue }, ["contact_recent", "contact_unread", "message_conversation"])
        let conversation = try store.database.getRows("PRAGMA index_xinfo(message_conversation)").filter { $0[5].int64Value == 1 }
        XCTAssertEqual(conversation.map { $0[2].stringValue }, ["contactID", "sentAt"])
        let keys = try store.database.getRows("PRAGMA foreign_key_list(message)")
        XCTAssertEqual(keys.first.map { [$0[2].stringValue, $0[3].stringValue, $0[6].stringValue] }, ["contact", "contactID", "CASCADE"])
    }

    func testReceivingUpdatesTheContactInOneTransaction() throws {
        let alice = try store.addContact(handle: "alice", displayName: "Alice")
        let aliceID = try XCTUnwrap(alice.id)
        try store.receive("hi", from: aliceID, at: 10)
        try store.receive("are you there?", from: aliceID, at: 20, attachments: ["photo.jpg"])

        let contact: Contact? = try store.database.getObject(fromTable: MessageStore.contactTable, where: Contact.Properties.id == aliceID)
        XCTAssertEqual(contact?.unreadCount, 2)
        XCTAssertEqual(contact?.lastMessageAt, 20)
        XCTAssertEqual(contact?.displayName, "Alice", "the partial update left other columns alone")

        let messages = try store.conversation(with: aliceID)
        XCTAssertEqual(messages.map(\.content), ["are you there?", "hi"])
        XCTAssertEqual(messages.first?.attachments, ["photo.jpg"])
        XCTAssertEqual(messages.first?.direction, .incoming)

        try store.markRead(contactID: aliceID)
        let read: Contact? = try store.database.getObject(fromTable: MessageStore.contactTable, where: Contact.Properties.id == aliceID)
        XCTAssertEqual(read?.unreadCount, 0)
        XCTAssertTrue(try store.conversation(with: aliceID).allSatisfy(\.isRead))
    }

    func testInboxUsesAMultiTableSelect() throws {
        let alice = try store.addContact(handle: "alice", displayName: "Alice")
        let bob = try store.addContact(handle: "bob", displayName: "Bob")
        _ = try store.addContact(handle: "carol", displayName: "Carol (no messages)")
        try store.receive("a1", from: alice.id!, at: 1)
        try store.receive("b1", from: bob.id!, at: 2)
        try store.receive("a2", from: alice.id!, at: 3)

        let inbox = try store.inbox()
        XCTAssertEqual(inbox.map(\.contact.handle), ["alice", "bob"])
        XCTAssertEqual(inbox.map(\.lastMessage.content), ["a2", "b1"])
    }

    func testConstraintsHoldAndCascadeDeletes() throws {
        let alice = try store.addContact(handle: "alice", displayName: "Alice")
        XCTAssertThrowsError(try store.addContact(handle: "ALICE", displayName: "dup"), "handle is UNIQUE COLLATE NOCASE")
        XCTAssertThrowsError(try store.receive("orphan", from: 999, at: 1), "the foreign key is enforced") { error in
            XCTAssertEqual((error as? WCDBError)?.code, 19)
        }
        try store.receive("hi", from: alice.id!, at: 1)
        try store.deleteContact(alice.id!)
        XCTAssertEqual(try store.database.getValue(on: Message.Properties.any.count(), fromTable: MessageStore.messageTable).int64Value, 0,
                       "ON DELETE CASCADE removed the messages")
    }

    func testTheStoreIsEncryptedAtRest() throws {
        let alice = try store.addContact(handle: "alice-secret-handle", displayName: "Alice")
        try store.receive("the eagle lands at midnight", from: alice.id!, at: 1)
        store.database.close()
        let bytes = try Data(contentsOf: directory.appendingPathComponent("messenger.db"))
            + ((try? Data(contentsOf: directory.appendingPathComponent("messenger.db-wal"))) ?? Data())
        XCTAssertNil(bytes.range(of: Data("the eagle lands".utf8)))
        XCTAssertNil(bytes.range(of: Data("alice-secret-handle".utf8)))

        let reopened = try MessageStore(path: directory.appendingPathComponent("messenger.db").path, key: key)
        XCTAssertEqual(try reopened.conversation(with: alice.id!).map(\.content), ["the eagle lands at midnight"])
        reopened.database.close()
        XCTAssertThrowsError(try MessageStore(path: directory.appendingPathComponent("messenger.db").path, key: Data(repeating: 7, count: 32))) { error in
            XCTAssertEqual((error as? WCDBError)?.code, 26, "SQLITE_NOTADB for a wrong key")
        }
    }

    func testConcurrentReceiversLoseNothing() throws {
        let shared: MessageStore = store
        let contacts = try (0..<4).map { try shared.addContact(handle: "c\($0)", displayName: "C\($0)") }
        let failures = LockedCounter()
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for index in 0..<50 {
                do {
                    try shared.receive("m\(index)", from: contacts[worker].id!, at: Double(index))
                } catch {
                    failures.increment()
                }
            }
        }
        XCTAssertEqual(failures.value, 0)
        let store = shared
        for contact in contacts {
            XCTAssertEqual(try store.conversation(with: contact.id!, limit: 100).count, 50)
            let stored: Contact? = try store.database.getObject(fromTable: MessageStore.contactTable, where: Contact.Properties.id == contact.id!)
            XCTAssertEqual(stored?.unreadCount, 50)
        }
    }
}

/// A thread-safe counter for the concurrency test.
final class LockedCounter: @unchecked Sendable {  // `lock` guards `count`.
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
