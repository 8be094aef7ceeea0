/// The compression record, in WCDB 2.x's format (`CompressionRecord.cpp`, `CompressionInfo.cpp`): one row
/// per table whose existing rows compression steps have gone over,
///
///     CREATE TABLE wcdb_builtin_compression_record(tableName TEXT PRIMARY KEY, columns TEXT NOT NULL,
///                                                  rowid INTEGER) WITHOUT ROWID
///
/// - `columns`: the configuration the steps ran under, its columns in byte order of their names joined
///   by `,`: `c` (no dictionary), `c:7` (dictionary 7), `c:{0:1;1:2;9223372036854775807:3}` (a dictionary
///   per match value, the default last; 65535 when there is none, as 2.x prints its "no dictionary").
/// - `rowid`: the steps' progress, the lowest rowid processed: rows below it are still to go; 0 when
///   the table is done.
///
/// 2.x writes a row as the steps go (never when a table is configured), deletes it with `DROP TABLE`
/// and moves it with `ALTER TABLE … RENAME TO`. Records this library wrote before it took 2.x's format
/// (`c:normal c:dict7 c:multi(match;0=1,1=2)`, NULL when done) are read too, and rewritten in 2.x's
/// format by the next step.
struct CompressionRecord: Equatable {
    static let table = "wcdb_builtin_compression_record"
    /// 2.x's "every value not listed" match value and its print of "no dictionary" (a `uint16_t` -1).
    static let defaultMatchValue = Int64.max
    static let noDictionary = 65535

    /// The configuration's description (see above).
    let columns: String
    /// Rows below this rowid are still to be processed; 0 or less: none.
    let progress: Int64
    /// Read from a row in this library's former format (to be rewritten in 2.x's).
    var isLegacy = false

    var isDone: Bool { progress <= 0 }

    /// The names of the compressed columns `columns` lists.
    var columnNames: Set<String> {
        Set(columns.split(separator: ",", omittingEmptySubsequences: true).map { part in
            String(part.prefix { $0 != ":" })
        })
    }

    /// Whether steps under `table`'s configuration may go on from this record's progress (2.x's
    /// `filterComplessingTables`): a table that recompresses needs the very same configuration; any
    /// other only needs each of its columns to have been compressed before.
    func continues(_ table: CompressedTable) -> Bool {
        if table.replacesCompression { return columns == Self.description(of: table.columns) }
        let names = columnNames
        return table.columns.allSatisfy { names.contains($0.name) }
    }

    // MARK: The description

    /// 2.x's description of a configuration.
    static func description(of columns: [CompressedTable.Column]) -> String {
        columns.sorted { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }.map { column in
            switch column.method {
            case .normal:
                return column.name
            case .dictionary(let id):
                return "\(column.name):\(id)"
            case .multiDictionary(_, let dictionaries):
                let common = dictionaries[defaultMatchValue].map(Int.init) ?? noDictionary
                let pairs = dictionaries.keys.filter { $0 != defaultMatchValue }.sorted().map { "\($0):\(dictionaries[$0]!);" }
                return "\(column.name):{\(pairs.joined())\(defaultMatchValue):\(common)}"
            }
        }.joined(separator: ",")
    }

    /// A description in this library's former format (`text:normal payload:dict3`, one column per
    /// space-separated word) in 2.x's; nil when `text` is not one.
    static func convertingLegacy(_ text: String) -> String? {
        let words = text.split(separator: " ")
        var parts: [(name: String, description: String)] = []
        for word in words {
            guard let colon = word.firstIndex(of: ":") else { return nil }
            let name = String(word[..<colon]), method = word[word.index(after: colon)...]
            if method == "normal" {
                parts.append((name, name))
            } else if method.hasPrefix("dict"), let id = Int(method.dropFirst(4)) {
                parts.append((name, "\(name):\(id)"))
            } else if method.hasPrefix("multi("), method.hasSuffix(")"), let semicolon = method.firstIndex(of: ";") {
                var dictionaries: [Int64: Int] = [:]
                for pair in method[method.index(after: semicolon)..<method.index(before: method.endIndex)].split(separator: ",") {
                    let sides = pair.split(separator: "=")
                    guard sides.count == 2, let match = Int64(sides[0]), let id = Int(sides[1]) else { return nil }
                    dictionaries[match] = id
                }
                let common = dictionaries.removeValue(forKey: defaultMatchValue) ?? noDictionary
                let pairs = dictionaries.keys.sorted().map { "\($0):\(dictionaries[$0]!);" }
                parts.append((name, "\(name):{\(pairs.joined())\(defaultMatchValue):\(common)}"))
            } else {
                return nil
            }
        }
        guard !parts.isEmpty else { return nil }
        return parts.sorted { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }.map(\.description)
            .joined(separator: ",")
    }

    // MARK: Reading and writing

    private static func literal(_ text: String) -> String { LiteralValue(text).description }

    static func exists(on handle: Handle) throws -> Bool { try CompressionSchema.tableExists(table, on: handle) }

    /// `table`'s record, nil when it has none (or there is no record table).
    static func read(_ tableName: String, on handle: Handle) throws -> CompressionRecord? {
        guard try exists(on: handle) else { return nil }
        guard let row = try handle.rows("SELECT columns, rowid FROM main.\(table) WHERE tableName = ? COLLATE NOCASE", [.text(tableName)]).first else {
            return nil
        }
        let columns = row[0].stringValue
        if let converted = convertingLegacy(columns) {
            // The former format kept NULL for "done".
            let progress: Int64 = if case .integer(let value) = row[1] { value } else { 0 }
            return CompressionRecord(columns: converted, progress: progress, isLegacy: true)
        }
        return CompressionRecord(columns: columns, progress: row[1].int64Value)
    }

    /// Writes `table`'s record (2.x's `INSERT OR REPLACE`), making the record table first if needed.
    static func write(_ record: CompressionRecord, of tableName: String, on handle: Handle) throws {
        try handle.exec("CREATE TABLE IF NOT EXISTS main.\(table)(tableName TEXT PRIMARY KEY, columns TEXT NOT NULL, rowid INTEGER) WITHOUT ROWID")
        let statement = try handle.prepare("INSERT OR REPLACE INTO main.\(table)(tableName, columns, rowid) VALUES(?1, ?2, ?3)")
        defer { statement.finalize() }
        statement.bind([.text(tableName), .text(record.columns), .integer(record.progress)])
        while try statement.step() {}
    }

    /// Makes the steps go over every table again from its top (rows were written uncompressed above
    /// where they had come).
    static func restartAll(on handle: Handle) throws {
        guard try exists(on: handle) else { return }
        try handle.exec("UPDATE main.\(table) SET rowid = \(Int64.max)")
    }

    /// What deletes `tableName`'s record, to run with its `DROP TABLE`; nil without a record table.
    static func deleteSQL(of tableName: String, on handle: Handle) throws -> String? {
        guard try exists(on: handle) else { return nil }
        return "DELETE FROM main.\(table) WHERE tableName = \(literal(tableName)) COLLATE NOCASE"
    }

    /// What moves `old`'s record to `new`, to run with its `ALTER TABLE … RENAME TO`; nil without a
    /// record table.
    static func renameSQL(of old: String, to new: String, on handle: Handle) throws -> String? {
        guard try exists(on: handle) else { return nil }
        return "UPDATE main.\(table) SET tableName = \(literal(new)) WHERE tableName = \(literal(old)) COLLATE NOCASE"
    }
}
