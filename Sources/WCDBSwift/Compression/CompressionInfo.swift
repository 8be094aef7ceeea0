extension Database {
    /// A dictionary's id: 1…255 (0 is no dictionary). A compressed value's zstd frame carries it.
    public typealias DictId = UInt8

    /// The value of `addZSTDMultiDictCompress(to:withMatchProperty:andDicts:)`'s match column that names
    /// the dictionary for every value not listed (as in WCDB 2.x).
    public static let DictDefaultMatchValue = Int64.max

    /// How one table is compressed: filled in by the filter given to `setCompression(with:)`, which the
    /// database calls with each table it uses (once per table and configuration).
    ///
    /// A compressed column must be TEXT or BLOB (or have no declared type), must not be part of the
    /// primary key or of any index, and the table must have rowids; otherwise the statement that first
    /// uses the table throws a `WCDBError` saying which rule the column breaks.
    public final class CompressionInfo: @unchecked Sendable {
        /// The table being configured.
        public let tableName: String

        /// How one column is compressed.
        enum Method: Equatable, Sendable {
            case normal
            case dictionary(DictId)
            /// A dictionary by the value of the match column (`Int64.max`: the default).
            case multiDictionary(matchColumn: String, dictionaries: [Int64: DictId])
        }

        private(set) var columns: [(name: String, method: Method)] = []
        private(set) var replacesCompression = false

        init(tableName: String) { self.tableName = tableName }

        private func set(_ name: String, _ method: Method) {
            columns.removeAll { $0.name == name }
            columns.append((name, method))
        }

        /// Compresses the values of `property`'s column with zstd, without a dictionary.
        public func addZSTDNormalCompress(to property: PropertyConvertible) {
            set(property.asColumn().name, .normal)
        }

        /// Compresses the values of `property`'s column with zstd and the dictionary registered as `id`
        /// (`Database.register(dict:with:)`).
        public func addZSTDDictCompress(to property: PropertyConvertible, withDict id: DictId) {
            set(property.asColumn().name, .dictionary(id))
        }

        /// Compresses the values of `property`'s column with one of several registered dictionaries,
        /// chosen by the value of `matchProperty`'s (integer) column in the same row; the entry for
        /// `Database.DictDefaultMatchValue` names the dictionary of every other value (without it, other
        /// values are compressed without a dictionary).
        public func addZSTDMultiDictCompress(to property: PropertyConvertible,
                                             withMatchProperty matchProperty: PropertyConvertible,
                                             andDicts dicts: [Int64: DictId]) {
            set(property.asColumn().name, .multiDictionary(matchColumn: matchProperty.asColumn().name, dictionaries: dicts))
        }

        /// Recompresses values already compressed under another configuration: `stepCompression()` and
        /// auto compression then rewrite every row of the table, not only rows not compressed yet.
        public func enableReplaceCompression() { replacesCompression = true }
    }

    /// Decides which tables are compressed and how: called with a `CompressionInfo` for each table the
    /// database uses; leave it empty for a table that is not compressed.
    public typealias CompressionFilter = @Sendable (_ info: inout CompressionInfo) -> Void

    /// Called when a table has been compressed completely (with its name), and when every table is
    /// (with nil).
    public typealias CompressedCallback = @Sendable (_ database: Database, _ table: String?) -> Void
}
