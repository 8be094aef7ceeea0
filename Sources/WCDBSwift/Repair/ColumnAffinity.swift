import WCDBRepair

/// A column's type affinity, by SQLite's rules for a declared type ("Datatypes In SQLite", 3.1), and
/// the stored values it admits, used as evidence that a record found in a file belongs to a table.
enum ColumnAffinity: Equatable {
    case integer, text, blob, real, numeric

    init(declaredType: String) {
        let type = declaredType.uppercased()
        if type.contains("INT") { self = .integer }
        else if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") { self = .text }
        else if type.contains("BLOB") || type.isEmpty { self = .blob }
        else if type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") { self = .real }
        else { self = .numeric }
    }

    /// Whether a column of this affinity could hold `value` as stored. A TEXT column never stores a
    /// number (SQLite converts it to text). Numeric columns are taken strictly to hold no text: SQLite
    /// keeps text that does not read as a number, but a schema rarely relies on it, and without this a
    /// table's records would fit most other tables of the same width. A record rejected here is kept
    /// apart (`lost_and_found`), never dropped.
    func admits(_ value: RecordValue) -> Bool {
        switch (self, value) {
        case (_, .null), (_, .blob), (.blob, _): return true
        case (.text, .text): return true
        case (.text, _): return false
        case (_, .text): return false
        default: return true
        }
    }
}
