import Foundation

/// A database that `addMigration` takes tables from: the database itself, or a file attached to each
/// handle under a schema name derived from its path (`wcdb_migration_<hash>`, as WCDB 2.x names it).
struct MigrationSource: Sendable {
    /// The source file; nil for the database itself.
    let path: String?
    /// Its key (a passphrase, as `setCipher(key:)` takes), or nil for a plain file.
    let cipher: Data?
    let filter: Database.TableFilter?

    /// The schema its tables are named in: `main`, or the attached file's.
    var schema: String {
        guard let path else { return "main" }
        // FNV-1a: stable across launches (Swift's hashValue is seeded per process).
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return "wcdb_migration_" + String(hash, radix: 16)
    }

    var isCrossDatabase: Bool { path != nil }

    /// What the filter says of `table`, nil when this source does not feed it.
    func info(for table: String) -> Database.MigrationInfo? {
        var info = Database.MigrationInfo(table: table)
        filter?(&info)
        guard let sourceTable = info.sourceTable, !sourceTable.isEmpty else { return nil }
        // A table can not take over itself (WCDB refuses it too).
        if !isCrossDatabase && sourceTable.caseInsensitiveCompare(table) == .orderedSame { return nil }
        return info
    }
}
