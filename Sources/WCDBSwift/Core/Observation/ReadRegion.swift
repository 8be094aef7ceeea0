import CSQLCipher
import Foundation

/// The tables an observed fetch reads: a commit that changed none of them does not wake it.
///
/// Found by SQLite itself, not by reading the SQL: each statement the fetch ran is compiled again under
/// an authorizer that notes every table a column is read from (`SQLITE_READ`). Views, subqueries, joins
/// and the statements a migration or compression rewrite produces are all seen as SQLite runs them.
struct ReadRegion: Sendable, Equatable {
    /// Read tables, lowercased.
    var tables: Set<String>
    /// Virtual tables read (full-text indexes): SQLite reports their changes on their shadow tables
    /// (`name_content`, `name_data`…), so a change to a table named with this prefix counts.
    var shadowPrefixes: [String] = []
    /// A WITHOUT ROWID table is read: its changes reach no update hook, so any commit that changed rows
    /// wakes the fetch.
    var wakesOnAnyChange = false

    /// Every table: the region of a fetch that has not run yet.
    static let everything = ReadRegion(tables: [], wakesOnAnyChange: true)

    /// Whether more than the names of `tables` decides if a commit touches it.
    var isBroad: Bool { wakesOnAnyChange || !shadowPrefixes.isEmpty }

    /// Whether a commit that changed `tables` (and any rows, when `changedRows`) may have changed what
    /// the fetch reads.
    func isTouched(tables changed: Set<String>, changedRows: Bool) -> Bool {
        if wakesOnAnyChange && changedRows { return true }
        for table in changed {
            if tables.contains(table) { return true }
            if shadowPrefixes.contains(where: { table.hasPrefix($0) }) { return true }
        }
        return false
    }

    /// What a region was found for: the SQL of the fetch's statements, and the schema they compiled
    /// against. A fetch with the same key reads the same tables.
    struct Key: Equatable, Sendable {
        var statements: Set<String>
        var schemaVersion: Int64
    }

    /// Runs `body` (an observed fetch) on `handle` and returns its result with the tables it read, or
    /// `known`'s region when the fetch ran the same statements on the same schema.
    ///
    /// Two sources, as neither sees everything on every engine: the recording authorizer notes each
    /// table a column is read from as a statement compiles (virtual tables among them); and each
    /// statement the fetch ran (compiled during it, or taken from the cache) is run as `EXPLAIN`, whose
    /// `OpenRead` instructions name the b-trees it reads, by root page (SQLite before 3.19 does not
    /// authorize a table whose columns are not read, as in `SELECT count(*) FROM t`).
    static func recording<T>(on handle: Handle, known: (key: Key, region: ReadRegion)?,
                             _ body: () throws -> T) throws -> (T, Key?, ReadRegion) {
        guard let db = handle.rawPointer, let tracker = handle.changeTracker else { return (try body(), nil, .everything) }
        tracker.recordedReads = []
        tracker.recordedSQL = []
        defer {
            tracker.recordedReads = nil
            tracker.recordedSQL = []
        }
        let value = try body()
        let statements = Set(tracker.recordedSQL + handle.statementsUsedInOperation()).filter { !$0.isEmpty }
        var reads = tracker.recordedReads ?? []
        tracker.recordedReads = nil
        let schema = try handle.cachedStatement(forSQL: "PRAGMA schema_version")
        let key = Key(statements: statements, schemaVersion: try schema.step() ? schema.value(atIndex: 0).int64Value : -1)
        if let known, known.key == key { return (value, key, known.region) }
        tracker.recordedReads = reads
        for sql in statements {
            // Compiled again for the authorizer's record (a cached statement compiled before the fetch).
            var statement: OpaquePointer?
            sqlite3_prepare_v2(db, sql, -1, &statement, nil)
            sqlite3_finalize(statement)
        }
        reads = tracker.recordedReads ?? []
        tracker.recordedReads = nil
        reads.formUnion(try openedTables(of: Array(statements), on: handle))
        var region = ReadRegion(tables: reads)
        for table in reads {
            let rows = try handle.rows("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?1 COLLATE NOCASE",
                                       [.text(table)])
            let definition = (rows.first?.first?.stringValue ?? "").uppercased()
            if definition.hasPrefix("CREATE VIRTUAL TABLE") { region.shadowPrefixes.append(table + "_") }
            if definition.replacingOccurrences(of: " ", with: "").hasSuffix("WITHOUTROWID") { region.wakesOnAnyChange = true }
        }
        return (value, key, region)
    }

    /// The tables whose b-trees (the table's or one of its indexes') the statements open for reading,
    /// from their `EXPLAIN` programs, lowercased.
    private static func openedTables(of statements: [String], on handle: Handle) throws -> Set<String> {
        var rootPages: Set<[Int64]> = []  // [schema index, root page]
        for sql in statements where !sql.isEmpty {
            guard let program = try? handle.rows("EXPLAIN " + sql) else { continue }
            for row in program where row.count > 4 {
                let opcode = row[1].stringValue
                if opcode == "OpenRead" || opcode == "ReopenIdx" || opcode == "OpenWrite" {
                    rootPages.insert([row[4].int64Value, row[3].int64Value])
                }
            }
        }
        guard !rootPages.isEmpty else { return [] }
        let schemas = Dictionary(try handle.rows("PRAGMA database_list").map { ($0[0].int64Value, $0[1].stringValue) },
                                 uniquingKeysWith: { first, _ in first })
        var tables: Set<String> = []
        for page in rootPages {
            guard let schema = schemas[page[0]] else { continue }
            let master = schema == "temp" ? "sqlite_temp_master" : "\"\(schema.replacingOccurrences(of: "\"", with: "\"\""))\".sqlite_master"
            let rows = try handle.rows("SELECT tbl_name FROM \(master) WHERE rootpage = ?1", [.integer(page[1])])
            if let name = rows.first?.first?.stringValue { tables.insert(name.lowercased()) }
        }
        return tables
    }
}
