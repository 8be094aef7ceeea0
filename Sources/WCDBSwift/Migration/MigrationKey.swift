import Foundation

/// Which value of a source row becomes its rowid in the target, as WCDB 2.x decides it. WCDB moves a row
/// with `INSERT INTO target(rowid, columns…) SELECT rowid, columns… FROM source` (MigrationInfo.cpp), where
/// the target's INTEGER PRIMARY KEY, named after `rowid`, wins:
///
/// - a target with an INTEGER PRIMARY KEY takes the source's value of that column, whether the source
///   declares it its own INTEGER PRIMARY KEY or a plain column: the row keeps its identifier;
/// - a target without one takes the source's rowid (its rowid is no column of the row's);
/// - a target whose key column the source lacks takes the source's rowid too (WCDB can not migrate such a
///   source: it would add the column to it, and SQLite adds no PRIMARY KEY column).
///
/// The union view reads this value as the source row's `rowid`, the writes' moves look rows up by it, and
/// new rows take keys past the largest: a row has one key before, during and after its move.
struct MigrationKey: Sendable, Equatable {
    /// The source's column the key is read from; nil for the source's rowid.
    let sourceColumn: String?
    /// Whether the key is the source's rowid as well (no column, or the source's own INTEGER PRIMARY KEY):
    /// the largest key is then one b-tree descent away, and a step's batch ends at SQLite's last
    /// inserted rowid.
    let isSourceRowid: Bool

    /// The key of the source row that `alias` names.
    func sql(of alias: String) -> String { alias + "." + (sourceColumn.map(SQLIdentifier.quote) ?? "rowid") }

    /// The key of a target whose INTEGER PRIMARY KEY is `integerPrimaryKey` (nil: none), over a source whose
    /// columns are `sourceColumns` and whose own INTEGER PRIMARY KEY is `sourcePrimaryKey`.
    init(targetKey integerPrimaryKey: String?, sourceColumns: [String], sourcePrimaryKey: String?) {
        let column = integerPrimaryKey.flatMap { key in sourceColumns.first { $0.caseInsensitiveCompare(key) == .orderedSame } }
        sourceColumn = column
        isSourceRowid = column == nil || column?.caseInsensitiveCompare(sourcePrimaryKey ?? "") == .orderedSame
    }
}
