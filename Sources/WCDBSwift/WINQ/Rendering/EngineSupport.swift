/// What a statement needs of the engine. WINQ builds and prints every construct of SQLite's grammar, as
/// WCDB does; the renderer notes each construct that not every SQLite has, and the handle that prepares
/// the statement refuses one the running engine lacks with a `WCDBError` naming it and the engine's real
/// version, instead of SQLite's bare "syntax error". What the engine has runs.
enum EngineSupport {
    /// FTS5's auxiliary functions (and WCDB's own for FTS5), which exist only where FTS5 does.
    static let fts5Functions: Set<String> = ["bm25", "highlight", "substring_match_info"]
}

/// A construct of SQLite's grammar that older or differently built engines lack. Its text names it and
/// the SQLite version that brought it; whether the running engine has it is asked of the engine itself
/// (Core's `Engine` prepares a probe of each), so a build that omits a feature is told apart too.
enum EngineFeature: String, Sendable, Equatable, CaseIterable {
    case upsert = "UPSERT (ON CONFLICT … DO, SQLite 3.24)"
    case insertAlias = "INSERT … AS alias (SQLite 3.24)"
    case windowFunction = "window functions (OVER, SQLite 3.25)"
    case windowClause = "named windows (SELECT … WINDOW, SQLite 3.25)"
    case renameColumn = "ALTER TABLE … RENAME COLUMN (SQLite 3.25)"
    case filterClause = "FILTER (WHERE …) on aggregates (SQLite 3.30)"
    case nullsOrder = "NULLS FIRST and NULLS LAST (SQLite 3.30)"
    case updateFrom = "UPDATE … FROM (SQLite 3.33)"
    case returning = "RETURNING (SQLite 3.35)"
    case dropColumn = "ALTER TABLE … DROP COLUMN (SQLite 3.35)"
    case qualifiedTableAlias = "an alias of UPDATE's or DELETE's table (… AS alias)"
    /// Not noted by the renderer (a function or table of that name may be the app's own); SQLite's "no
    /// such function" says it. Asked of the engine for code that chooses what to run.
    case json = "JSON functions (SQLite 3.38, or a build with SQLITE_ENABLE_JSON1)"
    case fts5 = "FTS5 (a build with SQLITE_ENABLE_FTS5)"
}
