import WCDBSwift

/// The full-text index of message texts: one row per message, whose rowid is the message's
/// `localID`, tokenized by the built-in `wcdb` tokenizer (Chinese, Japanese, English base forms).
// @VirtualTable(module: "fts4", tokenizer: "wcdb")
public struct MessageSearchIndex: TableCodable, Sendable {
    public var content: String = ""
    public init(content: String) { self.content = content }
}
