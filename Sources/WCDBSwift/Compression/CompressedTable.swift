/// A table compression applies to, as resolved against its schema: the columns it compresses, its
/// columns as the app sees them (without the hidden type columns), and whether it recompresses.
struct CompressedTable: Sendable {
    /// One compressed column and how its values are compressed.
    struct Column: Sendable {
        let name: String
        let method: Database.CompressionInfo.Method
        var typeColumn: String { CompressionMarker.typeColumn(of: name) }
    }

    let name: String
    /// The table's columns in order, hidden type columns left out (what `*` means to the app).
    let visibleColumns: [String]
    let columns: [Column]
    let replacesCompression: Bool
    /// The configuration as the compression record describes it (WCDB 2.x's format).
    let description: String

    init(name: String, visibleColumns: [String], columns: [Column], replacesCompression: Bool) {
        self.name = name
        self.visibleColumns = visibleColumns
        self.columns = columns
        self.replacesCompression = replacesCompression
        description = CompressionRecord.description(of: columns)
    }

    func column(named name: String) -> Column? {
        columns.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }
}

/// What the filter said of a table: nothing to compress, or how.
enum TableCompression: Sendable {
    case plain
    /// Compressed as `table` says. `verified`: its type columns are committed, so every handle sees them.
    /// A table whose type columns were added inside a transaction (not visible to other connections
    /// until it commits, gone if it rolls back), or whose schema changed since (dropped, created again,
    /// altered), is checked again at its next use: outside a transaction, under the write token, which
    /// waits for the transaction that added them to end.
    case compressed(CompressedTable, verified: Bool)

    var compressedTable: CompressedTable? {
        if case .compressed(let table, _) = self { return table }
        return nil
    }
}
