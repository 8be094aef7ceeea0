/// The `conflict-clause` action: `ON CONFLICT x` in constraints, `OR x` in INSERT/UPDATE.
public enum ConflictAction: String, Sendable {
    /// `ROLLBACK`: ends the transaction with a rollback and fails the statement.
    case rollback = "ROLLBACK"
    /// `ABORT`: undoes the statement's changes and fails it (SQLite's default).
    case abort = "ABORT"
    /// `FAIL`: fails the statement, keeping the changes it made before the conflict.
    case fail = "FAIL"
    /// `IGNORE`: skips the conflicting row and carries on.
    case ignore = "IGNORE"
    /// `REPLACE`: deletes the rows that conflict, then writes this one.
    case replace = "REPLACE"
}

// WCDB Swift 2.x spells the actions with a capital (`.Replace`); both spellings name the same action.
extension ConflictAction {
    /// `.rollback` (WCDB 2.x spelling).
    public static var Rollback: ConflictAction { .rollback }
    /// `.abort` (WCDB 2.x spelling).
    public static var Abort: ConflictAction { .abort }
    /// `.fail` (WCDB 2.x spelling).
    public static var Fail: ConflictAction { .fail }
    /// `.ignore` (WCDB 2.x spelling).
    public static var Ignore: ConflictAction { .ignore }
    /// `.replace` (WCDB 2.x spelling).
    public static var Replace: ConflictAction { .replace }
}
