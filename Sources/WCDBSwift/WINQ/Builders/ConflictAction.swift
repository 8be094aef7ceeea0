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
