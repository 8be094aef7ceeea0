import WCDBSwift

/// A chat, keyed by its server id.
// @WithoutRowID
// @Check(unreadCount >= 0 && title != "")
public struct Conversation: TableCodable {
    /// The server's id.
    // @PrimaryKey(order: .descending, onConflict: .replace)
    public var serverID: String
    // @NotNull @Collate("NOCASE") @Unique(onConflict: .ignore)
    public var title: String = "untitled"
    // @Default(0) @Check(unreadCount < 100000)
    public var unreadCount: Int = 0
    // @Default(-1.5)
    public var score: Double = -1.5
    // @Default(true)
    public var isPinned: Bool = true
    // @Default(nil)
    public var note: String?
    // @Default(.currentTimestamp)
    public var createdAt: Double = 0
    public var computed: Int { unreadCount * 2 }
    public static let tableName = "conversation"

    public init(serverID: String) {
        self.serverID = serverID
    }
}
