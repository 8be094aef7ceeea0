import WCDBSwift

/// An FTS4 external-content index of table "message": no copy of the text, kept in sync by triggers.
// @VirtualTable(module: "fts4", tokenizer: "wcdb", content: "message")
public struct MessageSearch: TableCodable {
    // @RowID
    public var localID: Int64? = nil
    // @Column("text")
    public var body: String = ""
    // @NotIndexed
    public var sender: String = ""
}

/// An ordinary FTS4 table whose rowid is a property.
// @VirtualTable(module: "fts4")
final class Snippet: TableCodable {
    // @RowID
    var id: Int = 0
    var text: String = ""
    init() {}
}
