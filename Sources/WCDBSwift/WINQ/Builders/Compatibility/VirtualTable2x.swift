// WCDB Swift 2.x names the full-text modules with `FTSVersion` (`using(module: .FTS4)`); 1.x passes the
// module's name. Both print the same statement.

/// A full-text search module of SQLite (WCDB 2.x's names): `.FTS3` and `.FTS4` are every engine's; `.FTS5`
/// runs where the engine has FTS5 (SQLite 3.46.1), and elsewhere prints and is refused when prepared.
public enum FTSVersion: String, Sendable, CustomStringConvertible {
    /// `fts3`
    case FTS3 = "fts3"
    /// `fts4`: FTS3 with the `content=`, `matchinfo=`, `notindexed=`… options.
    case FTS4 = "fts4"
    /// `fts5`, where the engine has it (not SQLite 3.15.2).
    case FTS5 = "fts5"

    /// The module's name as SQL writes it.
    public var description: String { rawValue }
}

extension StatementCreateVirtualTable {
    /// `… USING fts3|fts4|fts5` (2.x spelling of `using(module:)` with the name).
    @discardableResult
    public func using(module: FTSVersion) -> StatementCreateVirtualTable { using(module: module.rawValue) }
}
