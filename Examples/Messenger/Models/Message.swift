import Foundation
import WCDBSwift

/// Which way a message went.
public enum Direction: Int, Codable, Sendable {
    case incoming
    case outgoing
}

/// One message of a conversation with a contact; deleting the contact deletes its messages.
public struct Message: TableCodable, Sendable, Equatable {
    // @PrimaryKey(autoIncrement: true)
    public var localID: Int? = nil
    // @ForeignKey(table: "contact", column: "id", onDelete: .cascade)
    // @Index("_conversation") @NotNull
    public var contactID: Int64
    // @Column("text") @NotNull @Default("")
    public var content: String = ""
    // @Index("_conversation", order: .descending)
    public var sentAt: Double = 0
    public var direction: Direction = .incoming
    // @Default(0)
    public var isRead: Bool = false
    public var attachments: [String] = []
    // @Ignore
    public var isSelectedInUI: Bool = false

    public init(contactID: Int64, content: String, sentAt: Double, direction: Direction) {
        self.contactID = contactID
        self.content = content
        self.sentAt = sentAt
        self.direction = direction
    }
}
