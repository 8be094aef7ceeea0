/// The `conflict-clause` action: `ON CONFLICT x` in constraints, `OR x` in INSERT/UPDATE.
public enum ConflictAction: String, Sendable {
    case rollback = "ROLLBACK"
    case abort = "ABORT"
    case fail = "FAIL"
    case ignore = "IGNORE"
    case replace = "REPLACE"
}
