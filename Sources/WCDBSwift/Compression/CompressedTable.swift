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
    let summary: String

    func column(named name: String) -> Column? {
        columns.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }
}

extension Database.CompressionInfo.Method: @unchecked Sendable {}

/// What the filter said of a table: nothing to compress, or how.
enum TableCompression: Sendable {
    case plain
    case compressed(CompressedTable)
}
