import WCDBSwift

// The seeds' class style: WCDB's auto-increment hooks are not columns.
public final class Sample: TableCodable {
    // @PrimaryKey(autoIncrement: true)
    public var identifier: Int? = nil
    public var description: String? = nil
    public var isAutoIncrement: Bool = false
    public var lastInsertedRowID: Int64 = 0

    public init() {}
}

// @VirtualTable(module: "fts4", tokenizer: "porter")
struct SearchEntry: TableCodable {
    var body: String = ""
    // @Ignore
    var cachedSnippet: String?
}
