import Foundation
import WCDBSwift

/// A row that migrates: an integer key (an alias of the rowid) and a text.
struct MigrationItem: TableCodable, Equatable, Hashable {
    // @PrimaryKey
    var id: Int64 = 0
    var content: String = ""
}

/// `MigrationItem` with an optional key: inserted with nil, SQLite assigns the rowid and reports it back.
struct MigrationNewItem: TableCodable {
    // @PrimaryKey
    var id: Int64? = nil
    var content: String = ""
}

/// A row with an automatic key and a UNIQUE code: new rows take rowids, and conflicts span both tables.
struct MigrationTicket: TableCodable, Equatable {
    // @PrimaryKey(autoIncrement: true)
    var id: Int64? = nil
    // @Unique
    var code: String = ""
    var amount: Int64 = 0
    var isAutoIncrement: Bool { id == nil }
}

/// A source whose columns differ from `MigrationItem`'s.
struct MigrationMismatch: TableCodable {
    // @PrimaryKey
    var id: Int64 = 0
    var other: String = ""
}
