/// The `conflict-clause` action: `ON CONFLICT x` in constraints, `OR x` in INSERT/UPDATE.
public enum ConflictAction: String, Sendable {
    case rollback = "ROLLBACK"
    case abort = "ABORT"
    case fail = "FAIL"
    case ignore = "IGNORE"
    case replace = "REPLACE"
}

// WCDB Swift 2.x spells the actions with a capital (`.Replace`); both spellings name the same action.
extension ConflictAction {
    public static var Rollback: ConflictAction { .rollback }
    public static var Abort: ConflictAction { .abort }
    public static var Fail: ConflictAction { .fail }
    public static var Ignore: ConflictAction { .ignore }
    public static var Replace: ConflictAction { .replace }
}
