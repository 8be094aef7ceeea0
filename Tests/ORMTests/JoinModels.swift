import WCDBSwift

// The models of the Joins article (Sources/WCDBSwift/WCDBSwift.docc/Joins.md) as it prints them, plus
// `Equatable` for the tests; then two models of the tests' own (`MisspelledRow`, `Reaction`).

/// A chat.
struct Conversation: TableCodable, Equatable {
    // @PrimaryKey
    var id: Int = 0
    var title: String = ""
    var isMuted: Bool = false
}

/// A message of a conversation, sent by an author.
struct Message: TableCodable, Equatable {
    // @PrimaryKey(autoIncrement: true)
    var id: Int? = nil
    // @Index("_conversation")
    var conversationID: Int = 0
    var authorID: Int? = nil
    // @Column("text")
    var content: String = ""
    var sentAt: Double = 0
}

/// Who wrote a message. `name` has no initial value, so every read must select it.
struct Author: TableCodable, Equatable {
    // @PrimaryKey
    var id: Int = 0
    var name: String

    init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}

/// A projection model: one row of a join, each column from the table it names.
struct MessageRow: TableDecodable, Equatable {
    // @Column("text", table: "message")
    var text: String = ""
    // @Column("title", table: "conversation")
    var conversationTitle: String = ""
}

/// A projection for a LEFT JOIN: the right side's columns are optional, nil where it has no row. Both
/// tables' `id` columns are read, each into its own property.
struct InboxLine: TableDecodable, Equatable {
    // @Column("id", table: "message")
    var messageID: Int = 0
    // @Column("text", table: "message")
    var text: String = ""
    // @Column("id", table: "conversation")
    var conversationID: Int? = nil
    // @Column("title", table: "conversation")
    var conversationTitle: String? = nil
}

/// A projection whose column name is misspelled.
struct MisspelledRow: TableDecodable {
    // @Column("titel", table: "conversation")
    var title: String = ""
}

/// A final class model, whose left-out properties keep what `init()` gave them.
final class Reaction: TableCodable {
    // @PrimaryKey
    var id: Int = 0
    var messageID: Int = 0
    var emoji: String = "?"
    var count: Int = 1

    init() {}
}
