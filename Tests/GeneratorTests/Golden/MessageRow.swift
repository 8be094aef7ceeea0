import WCDBSwift

/// One row of a join of messages and their conversations: a read-only projection whose columns name
/// their tables.
public struct MessageRow: TableDecodable {
    // @Column("id", table: "message")
    public var messageID: Int = 0
    // @Column("text", table: "message")
    public var text: String = ""
    // @Column("id", table: "conversation")
    public var conversationID: Int? = nil
    // @Column("title", table: "conversation")
    public var conversationTitle: String
    /// Unqualified: SQLite finds the one table that has it.
    public var unreadCount: Int = 0
}
