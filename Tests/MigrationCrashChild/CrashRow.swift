import WCDBSwift

/// The row the crash test migrates: an optional integer key (nil: SQLite assigns the rowid, which
/// migration numbers past both tables) and a text.
struct CrashRow: TableCodable {
    // @PrimaryKey
    var id: Int64? = nil
    var content: String = ""
}
