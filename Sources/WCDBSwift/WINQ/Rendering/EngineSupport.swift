/// What the engine behind this library can run. WINQ builds and prints every construct of SQLite's
/// grammar, as WCDB does; preparing one that SQLite 3.15.2 lacks throws a `WCDBError` that names it
/// (`WCDBError.unsupported(_:)`), instead of SQLite's bare "syntax error".
enum EngineSupport {
    /// The SQLite version of the engine (SQLCipher 3.4.1).
    static let sqliteVersion = "3.15.2"
    /// FTS5's auxiliary functions (and WCDB's own for FTS5), which this build lacks with FTS5.
    static let fts5Functions: Set<String> = ["bm25", "highlight", "substring_match_info"]
}

/// A construct of SQLite's grammar that SQLite 3.15.2 cannot run.
enum UnsupportedConstruct: String, Sendable, Equatable {
    case windowFunction = "window functions (OVER, SQLite 3.25)"
    case upsert = "UPSERT (ON CONFLICT … DO, SQLite 3.24)"
    case insertAlias = "INSERT … AS alias (SQLite 3.24)"
    case windowClause = "named windows (SELECT … WINDOW, SQLite 3.25)"
    case filterClause = "FILTER (WHERE …) on aggregates (SQLite 3.30)"
    case renameColumn = "ALTER TABLE … RENAME COLUMN (SQLite 3.25)"
    case fts5 = "FTS5 (this build of SQLite has FTS3 and FTS4)"
    case qualifiedTableAlias = "an alias of UPDATE's or DELETE's table (… AS alias, newer SQLite)"

    /// The message of the error that preparing a statement holding it throws.
    var message: String {
        "SQLite \(EngineSupport.sqliteVersion), the engine of this library, does not support \(rawValue)"
    }
}
