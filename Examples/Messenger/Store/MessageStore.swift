import Foundation
import MessengerModels
import WCDBSwift

/// A small messenger store over an encrypted database: contacts, conversations, unread counters.
///
/// Every method can be called from any thread; each multi-step change runs in one transaction, so
/// other threads never see a message without its contact's counters updated.
public final class MessageStore: Sendable {
    public static let contactTable = "contact"
    public static let messageTable = "message"
    public static let searchTable = "message_search"

    public let database: Database

    /// Opens (lazily) the store at `path`, encrypted with `key` when given.
    public init(path: String, key: Data? = nil) throws {
        database = Database(withPath: path)
        if let key { database.setCipher(key: key) }
        // SQLite checks foreign keys (and runs ON DELETE CASCADE) only when asked to, per connection.
        database.setConfig(named: "messenger.foreignKeys", with: { handle in
            try handle.exec("PRAGMA foreign_keys = ON")
        })
        try database.run(transaction: {
            try database.create(table: Self.contactTable, of: Contact.self)
            try database.create(table: Self.messageTable, of: Message.self)
            // An external-content index of `message`: its triggers follow every change of a message.
            try database.create(virtualTable: Self.searchTable, of: MessageSearchIndex.self)
        })
    }

    @discardableResult
    public func addContact(handle: String, displayName: String) throws -> Contact {
        var contact = Contact(handle: handle, displayName: displayName)
        try database.insert(&contact, intoTable: Self.contactTable)
        return contact
    }

    /// Stores a message and, in the same transaction, updates the contact's recency and unread count
    /// with a partial update (only those columns are written).
    @discardableResult
    public func receive(_ text: String, from contactID: Int64, at time: Double, attachments: [String] = []) throws -> Message {
        var message = Message(contactID: contactID, content: text, sentAt: time, direction: .incoming)
        message.attachments = attachments
        try database.run(transaction: {
            try database.insert(&message, intoTable: Self.messageTable)
            let unread = try database.getValue(on: Message.Properties.any.count(), fromTable: Self.messageTable,
                                               where: Message.Properties.contactID == contactID && Message.Properties.isRead == false)
            try database.update(table: Self.contactTable,
                                on: [Contact.Properties.unreadCount, Contact.Properties.lastMessageAt],
                                with: [unread.int64Value, time] as [ColumnEncodable],
                                where: Contact.Properties.id == contactID)
        })
        return message
    }

    /// Marks a conversation read: one UPDATE for the messages, one partial update for the contact.
    public func markRead(contactID: Int64) throws {
        try database.run(transaction: {
            try database.update(table: Self.messageTable, on: [Message.Properties.isRead], with: [true] as [ColumnEncodable],
                                where: Message.Properties.contactID == contactID)
            try database.update(table: Self.contactTable, on: [Contact.Properties.unreadCount], with: [0] as [ColumnEncodable],
                                where: Contact.Properties.id == contactID)
        })
    }

    /// The newest messages of a conversation, newest first (served by the `message_conversation` index).
    public func conversation(with contactID: Int64, limit: Int = 50) throws -> [Message] {
        try database.getObjects(fromTable: Self.messageTable, where: Message.Properties.contactID == contactID,
                                orderBy: [Message.Properties.sentAt.asOrder(by: .descending)], limit: limit)
    }

    /// The inbox: each contact with messages, most recent first, with its latest message text, read with
    /// one multi-table select.
    public func inbox() throws -> [(contact: Contact, lastMessage: Message)] {
        let contact = Self.contactTable
        let message = Self.messageTable
        let latest = StatementSelect()
            .select(Message.Properties.sentAt.max())
            .from(message)
            .where(Message.Properties.contactID.in(table: message) == Contact.Properties.id.in(table: contact).asProperty())
        let select = try database.prepareMultiSelect(
            on: Contact.Properties.all.in(table: contact) + Message.Properties.all.in(table: message),
            fromTables: [contact, message],
            where: Message.Properties.contactID.in(table: message) == Contact.Properties.id.in(table: contact).asProperty()
                && Message.Properties.sentAt.in(table: message) == latest.asExpression())
        select.order(by: Message.Properties.sentAt.in(table: message).asOrder(by: .descending))
        return try select.allObjects(of: Contact.self, Message.self).map { (contact: $0.0, lastMessage: $0.1) }
    }

    /// Deletes a contact; the foreign key's cascade deletes its messages, and the index's triggers their
    /// entries in the search index, in the same statement.
    public func deleteContact(_ contactID: Int64) throws {
        try database.delete(fromTable: Self.contactTable, where: Contact.Properties.id == contactID)
    }

    /// Replaces a message's text (the search index follows).
    public func edit(messageID: Int, text: String) throws {
        try database.update(table: Self.messageTable, on: [Message.Properties.content], with: [text] as [ColumnEncodable],
                            where: Message.Properties.localID == messageID)
    }

    /// Deletes one message (its search index entry goes with it).
    public func deleteMessage(_ messageID: Int) throws {
        try database.delete(fromTable: Self.messageTable, where: Message.Properties.localID == messageID)
    }
}
