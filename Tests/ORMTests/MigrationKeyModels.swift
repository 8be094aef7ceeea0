import Foundation
import WCDBSwift

/// WCDB 2.x's three migration models (src/objc/tests/migration/model: NormalMigrationObject,
/// IntegerPrimaryKeyMigrationObject, AutoIncrementMigrationObject), each usable as a source and as a
/// target: an `identifier` that is a plain column, an INTEGER PRIMARY KEY, or one with AUTOINCREMENT.
protocol MigrationKeyObject: TableCodable, Equatable {
    init(identifier: Int64?, content: String?)
    var identifier: Int64? { get }
    var content: String? { get }
    /// WCDB's `hasIntegerPrimaryKey`.
    static var hasIntegerPrimaryKey: Bool { get }
}

/// `identifier` is a plain column: the rowid is another value.
struct NormalMigrationObject: TableCodable, MigrationKeyObject {
    var identifier: Int64?
    var content: String?
    static var hasIntegerPrimaryKey: Bool { false }
}

/// `identifier` is the INTEGER PRIMARY KEY (the rowid).
struct IntegerPrimaryKeyMigrationObject: TableCodable, MigrationKeyObject {
    // @PrimaryKey
    var identifier: Int64?
    var content: String?
    static var hasIntegerPrimaryKey: Bool { true }
}

/// `identifier` is an INTEGER PRIMARY KEY AUTOINCREMENT.
struct AutoIncrementMigrationObject: TableCodable, MigrationKeyObject {
    // @PrimaryKey(autoIncrement: true)
    var identifier: Int64?
    var content: String?
    static var hasIntegerPrimaryKey: Bool { true }
}

/// WCDB 2.x's source models (NormalMigrationSourceObject…): a `classification` the targets do not have,
/// indexed, that a filter can split the source by.
struct ClassifiedMigrationSource: TableCodable {
    var identifier: Int64?
    // @Index("_classification")
    var classification: Int64 = 0
    var content: String?
}

/// A target whose `content` has a default, and a column of its own (`note`) that a source of
/// `NormalMigrationObject`s does not have.
struct DefaultedMigrationTarget: TableCodable, Equatable {
    // @PrimaryKey
    var identifier: Int64?
    var content: String?
    // @Default("none")
    var note: String?
}
