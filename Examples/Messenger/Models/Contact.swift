import WCDBSwift

/// Someone the user talks to.
public struct Contact: TableCodable, Sendable, Equatable {
    // @PrimaryKey(autoIncrement: true)
    public var id: Int64? = nil
    // @NotNull @Unique(onConflict: .abort) @Collate("NOCASE")
    public var handle: String
    // @NotNull @Default("")
    public var displayName: String = ""
    // @Index("_unread", order: .descending) @Default(0) @Check(unreadCount >= 0)
    public var unreadCount: Int = 0
    // @Index("_recent", order: .descending)
    public var lastMessageAt: Double? = nil

    public init(handle: String, displayName: String = "") {
        self.handle = handle
        self.displayName = displayName
    }
}
