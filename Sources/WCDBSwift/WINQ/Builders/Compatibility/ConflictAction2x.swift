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
