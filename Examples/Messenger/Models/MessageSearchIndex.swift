import WCDBSwift

/// The full-text index of message texts, tokenized by the built-in `wcdb` tokenizer (Chinese, Japanese,
/// English base forms).
///
/// It is an FTS4 external-content index of table `message`: it keeps no copy of the texts (it reads a
/// hit's text from the message of the same rowid, its `localID`), and the triggers that
/// `create(virtualTable:of:)` puts on `message` keep it in step with every insert, edit and delete
/// there, whatever verb makes them. Nothing writes to it directly.
// @VirtualTable(module: "fts4", tokenizer: "wcdb", content: "message")
public struct MessageSearchIndex: TableCodable, Sendable, Equatable {
    /// The indexed message's `localID`.
    // @RowID
    public var localID: Int64 = 0
    /// `Message.content`, whose column is `text`.
    // @Column("text")
    public var content: String = ""

    public init(localID: Int64, content: String) {
        self.localID = localID
        self.content = content
    }
}
