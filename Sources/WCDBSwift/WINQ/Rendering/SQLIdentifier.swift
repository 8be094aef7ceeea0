/// The ONE place where identifiers (table, column, index, schema, alias… names) become SQL text.
///
/// A name is printed bare only when it is a plain word (`[A-Za-z_][A-Za-z0-9_]*`) that is not an
/// SQLite keyword; everything else is wrapped in double quotes with inner `"` doubled, which SQLite
/// reads back as exactly the original name. A name cannot contain NUL in SQLite at all: if one does,
/// the quoted text is cut at the NUL by the engine and the statement fails to parse (the opening
/// quote is never closed), so it can never change the statement's meaning.
public enum SQLIdentifier {
    /// `name`, quoted if it needs to be.
    public static func quote(_ name: String) -> String {
        if isBare(name) { return name }
        return "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Whether `name` can be printed without quotes.
    public static func isBare(_ name: String) -> Bool {
        guard let first = name.utf8.first, isHead(first) else { return false }
        for byte in name.utf8.dropFirst() where !(isHead(byte) || (byte >= 0x30 && byte <= 0x39)) {
            return false
        }
        return !isKeyword(name.utf8)
    }

    /// Whether the bytes spell an SQLite keyword, ASCII case-insensitively (SQLite folds only ASCII in
    /// keywords). Every query prints a few names, so this avoids `uppercased()` (Unicode case tables)
    /// and hashing: the keywords of the same length and first letter are compared byte by byte.
    static func isKeyword(_ utf8: some Collection<UInt8>) -> Bool {
        guard let first = utf8.first else { return false }
        let letter = Int(first | 0x20) - 0x61
        let count = utf8.count
        guard letter >= 0, letter < 26, count < keywordTable.count else { return false }
        for keyword in keywordTable[count][letter] where keyword.elementsEqual(utf8, by: { upper, byte in
            upper == byte || (upper >= 0x41 && upper <= 0x5A && upper | 0x20 == byte)
        }) {
            return true
        }
        return false
    }

    /// `keywordTable[length][firstLetter]`: the keywords of that length starting with that letter.
    private static let keywordTable: [[[[UInt8]]]] = {
        let longest = keywords.map(\.utf8.count).max() ?? 0
        var table = Array(repeating: Array(repeating: [[UInt8]](), count: 26), count: longest + 1)
        for keyword in keywords {
            let bytes = Array(keyword.utf8)
            table[bytes.count][Int(bytes[0]) - 0x41].append(bytes)
        }
        return table
    }()

    private static func isHead(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }

    /// Every keyword listed at sqlite.org/lang_keywords.html (a superset of SQLite 3.15.2's), so a
    /// name stays safe even if the engine is upgraded.
    public static let keywords: Set<String> = [
        "ABORT", "ACTION", "ADD", "AFTER", "ALL", "ALTER", "ALWAYS", "ANALYZE", "AND", "AS", "ASC",
        "ATTACH", "AUTOINCREMENT", "BEFORE", "BEGIN", "BETWEEN", "BY", "CASCADE", "CASE", "CAST",
        "CHECK", "COLLATE", "COLUMN", "COMMIT", "CONFLICT", "CONSTRAINT", "CREATE", "CROSS",
        "CURRENT", "CURRENT_DATE", "CURRENT_TIME", "CURRENT_TIMESTAMP", "DATABASE", "DEFAULT",
        "DEFERRABLE", "DEFERRED", "DELETE", "DESC", "DETACH", "DISTINCT", "DO", "DROP", "EACH",
        "ELSE", "END", "ESCAPE", "EXCEPT", "EXCLUDE", "EXCLUSIVE", "EXISTS", "EXPLAIN", "FAIL",
        "FILTER", "FIRST", "FOLLOWING", "FOR", "FOREIGN", "FROM", "FULL", "GENERATED", "GLOB",
        "GROUP", "GROUPS", "HAVING", "IF", "IGNORE", "IMMEDIATE", "IN", "INDEX", "INDEXED",
        "INITIALLY", "INNER", "INSERT", "INSTEAD", "INTERSECT", "INTO", "IS", "ISNULL", "JOIN",
        "KEY", "LAST", "LEFT", "LIKE", "LIMIT", "MATCH", "MATERIALIZED", "NATURAL", "NO", "NOT",
        "NOTHING", "NOTNULL", "NULL", "NULLS", "OF", "OFFSET", "ON", "OR", "ORDER", "OTHERS",
        "OUTER", "OVER", "PARTITION", "PLAN", "PRAGMA", "PRECEDING", "PRIMARY", "QUERY", "RAISE",
        "RANGE", "RECURSIVE", "REFERENCES", "REGEXP", "REINDEX", "RELEASE", "RENAME", "REPLACE",
        "RESTRICT", "RETURNING", "RIGHT", "ROLLBACK", "ROW", "ROWS", "SAVEPOINT", "SELECT", "SET",
        "TABLE", "TEMP", "TEMPORARY", "THEN", "TIES", "TO", "TRANSACTION", "TRIGGER", "UNBOUNDED",
        "UNION", "UNIQUE", "UPDATE", "USING", "VACUUM", "VALUES", "VIEW", "VIRTUAL", "WHEN",
        "WHERE", "WINDOW", "WITH", "WITHOUT",
    ]

    /// A schema's name: SQLite's own `main` and `temp` bare (its grammar takes the keyword TEMP as a
    /// name), any other as `quote(_:)` prints it.
    static func quoteSchema(_ name: String) -> String {
        let lowered = name.lowercased()
        return lowered == "main" || lowered == "temp" ? name : quote(name)
    }

    /// `schema.name` or `name`.
    static func qualified(_ name: String, schema: String?) -> String {
        if let schema { return quoteSchema(schema) + "." + quote(name) }
        return quote(name)
    }
}
