/// What a full-text index reads from a compressed content table (`@VirtualTable(module: "fts4", content: …)`
/// over columns that compression stores compressed): FTS4 reads and indexes the original text only if
/// it reads it through a view that decompresses (`wcdb_fts_content_<index>`), and its triggers index the
/// decompressed new values.
struct CompressedContent {
    /// The content table's compressed columns among the index's, by name; empty when none is.
    let columns: [CompressedTable.Column]
    let content: String

    /// `content`'s compressed columns among `indexed`, the table resolved with the compression
    /// configuration of `handle`'s database first; nil when none of them is compressed.
    init?(content: String, indexed: [String], on handle: Handle) throws {
        guard let state = handle.rewriters.list.lazy.compactMap({ ($0 as? CompressionRewriter)?.state }).first else { return nil }
        try CompressionSchema.resolve(content, in: state, on: handle)
        guard let table = state.table(content)?.compressedTable else { return nil }
        let columns = indexed.compactMap { table.column(named: $0) }
        guard !columns.isEmpty else { return nil }
        self.columns = columns
        self.content = content
    }

    /// The view FTS4 reads the content through.
    static func viewName(forIndex index: String) -> String { "wcdb_fts_content_" + index }

    /// `column` of the row `table` names (`new`, or the content table) as the app wrote it.
    func original(_ column: String, of table: String?) -> Expression {
        let reference = ColumnName(name: column, table: table)
        guard let compressed = columns.first(where: { $0.name.caseInsensitiveCompare(column) == .orderedSame }) else {
            return Expression(node: ExpressionNode(.column(reference)))
        }
        return Expression(node: CompressionRewriter.decompress(reference, compressed, table: content))
    }

    /// `CREATE VIEW` of the content's rowid and `indexed` columns, decompressed.
    func createView(forIndex index: String, indexed: [String]) -> String {
        let columns = ["rowid AS rowid"] + indexed.map { column in
            SQLRenderer.inlined { $0.render(original(column, of: nil)) } + " AS " + SQLIdentifier.quote(column)
        }
        return "CREATE VIEW IF NOT EXISTS main.\(SQLIdentifier.quote(Self.viewName(forIndex: index))) AS SELECT "
            + columns.joined(separator: ", ") + " FROM main.\(SQLIdentifier.quote(content))"
    }
}
