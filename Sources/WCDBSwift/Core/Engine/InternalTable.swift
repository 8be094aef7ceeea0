/// Tables that are not the app's: SQLite's own (`sqlite_`) and the library's (`wcdb_`, WCDB 2.x's
/// built-in prefix). Migration and compression never ask the app's filters about them.
enum InternalTable {
    static func isInternal(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered.hasPrefix("sqlite_") || lowered.hasPrefix("wcdb_")
    }
}
