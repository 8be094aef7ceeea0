// The raw C baseline: hand-written best-practice SQLite C calls (prepared statements reused,
// explicit transactions, sqlite3_column_* by index, SQLITE_STATIC binds of buffers that outlive
// the step). Shared by both benchmark packages through a symlink: in SQLCipherBench it runs on
// SQLCipher (3.4.1 / SQLite 3.15.2), in GRDBBench on the system SQLite that GRDB links.

import Foundation
#if canImport(CSQLCipherBench)
import CSQLCipherBench
#elseif canImport(GRDBSQLite)
import GRDBSQLite
#else
#error("no SQLite module: expected CSQLCipherBench (SQLCipherBench) or GRDBSQLite (GRDBBench)")
#endif

// SQLite's destructor sentinels (C macros Swift doesn't import).
let SQLITE_STATIC_DESTRUCTOR = unsafeBitCast(0, to: sqlite3_destructor_type.self)
let SQLITE_TRANSIENT_DESTRUCTOR = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

func sqliteLibVersion() -> String { String(cString: sqlite3_libversion()) }

/// One connection. Opening order: key (if any) first, then `extraPragmas` (cipher_page_size,
/// page_size, cache_size, temp_store, ...), then the shared `BenchSettings.pragmas`.
final class RawDB {
    let db: OpaquePointer

    init(path: String, key: String? = nil, extraPragmas: [String] = [], createTable: Bool = true) throws {
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(path, &handle, flags, nil)
        guard rc == SQLITE_OK, let h = handle else {
            let msg = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "rc \(rc)"
            sqlite3_close_v2(handle)
            throw BenchError("open \(path): \(msg)")
        }
        db = h
        sqlite3_busy_timeout(db, 10_000)
        if let key { try exec(key) }
        for p in extraPragmas { try exec(p) }
        for p in BenchSettings.pragmas { try exec(p) }
        if createTable {
            try exec(BenchSettings.createTable)
            try exec(BenchSettings.createIndex)
        }
    }

    deinit { sqlite3_close_v2(db) }

    var errorMessage: String { String(cString: sqlite3_errmsg(db)) }

    /// For SQL without bound values (pragmas, DDL, BEGIN/COMMIT); steps through result rows.
    func exec(_ sql: String) throws {
        let stmt = try prepare(sql)
        defer { sqlite3_finalize(stmt) }
        var rc = sqlite3_step(stmt)
        while rc == SQLITE_ROW { rc = sqlite3_step(stmt) }
        guard rc == SQLITE_DONE else { throw BenchError("\(sql): \(errorMessage)") }
    }

    func prepare(_ sql: String) throws -> OpaquePointer {
        var stmt: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &stmt, nil) == SQLITE_OK, let s = stmt else {
            throw BenchError("prepare \(sql): \(errorMessage)")
        }
        return s
    }

    /// First column of the first row as an integer (pragmas, max, count).
    func int(_ sql: String) throws -> Int {
        let stmt = try prepare(sql)
        defer { sqlite3_finalize(stmt) }
        guard sqlite3_step(stmt) == SQLITE_ROW else { throw BenchError("\(sql): no row: \(errorMessage)") }
        return Int(sqlite3_column_int64(stmt, 0))
    }

    func string(_ sql: String) throws -> String {
        let stmt = try prepare(sql)
        defer { sqlite3_finalize(stmt) }
        guard sqlite3_step(stmt) == SQLITE_ROW, let p = sqlite3_column_text(stmt, 0) else { return "" }
        return String(cString: p)
    }
}

// MARK: - Row binding / reading

@inline(__always) func bindAndStep(_ stmt: OpaquePointer, _ row: PlainRow, _ db: RawDB) throws {
    sqlite3_bind_int64(stmt, 1, sqlite3_int64(row.id))
    sqlite3_bind_int64(stmt, 2, sqlite3_int64(row.intValue))
    sqlite3_bind_double(stmt, 3, row.doubleValue)
    var text = row.text
    // The text and blob buffers stay alive across sqlite3_step, so SQLITE_STATIC (no copy).
    let rc: Int32 = text.withUTF8 { t in
        sqlite3_bind_text(stmt, 4, UnsafeRawPointer(t.baseAddress)?.assumingMemoryBound(to: CChar.self),
                          Int32(t.count), SQLITE_STATIC_DESTRUCTOR)
        if let blob = row.blob, !blob.isEmpty {
            return blob.withUnsafeBytes { b in
                sqlite3_bind_blob(stmt, 5, b.baseAddress, Int32(b.count), SQLITE_STATIC_DESTRUCTOR)
                return sqlite3_step(stmt)
            }
        } else if row.blob != nil {
            sqlite3_bind_zeroblob(stmt, 5, 0)
        } else {
            sqlite3_bind_null(stmt, 5)
        }
        return sqlite3_step(stmt)
    }
    guard rc == SQLITE_DONE else { throw BenchError("insert: \(db.errorMessage)") }
    sqlite3_reset(stmt)
}

@inline(__always) func readRow(_ stmt: OpaquePointer) -> PlainRow {
    let id = Int(sqlite3_column_int64(stmt, 0))
    let intValue = Int(sqlite3_column_int64(stmt, 1))
    let doubleValue = sqlite3_column_double(stmt, 2)
    let text: String
    if let p = sqlite3_column_text(stmt, 3) {
        text = String(decoding: UnsafeBufferPointer(start: p, count: Int(sqlite3_column_bytes(stmt, 3))), as: UTF8.self)
    } else {
        text = ""
    }
    let blob: Data?
    if sqlite3_column_type(stmt, 4) == SQLITE_NULL {
        blob = nil
    } else if let p = sqlite3_column_blob(stmt, 4) {
        blob = Data(bytes: p, count: Int(sqlite3_column_bytes(stmt, 4)))
    } else {
        blob = Data()
    }
    return PlainRow(id: id, intValue: intValue, doubleValue: doubleValue, text: text, blob: blob)
}

// MARK: - Workloads

enum RawWorkloads {
    static let insertSQL = "INSERT INTO bench(id, intValue, doubleValue, text, blob) VALUES(?, ?, ?, ?, ?)"
    static let selectAllSQL = "SELECT \(BenchSettings.columns) FROM bench"
    static let selectIndexedSQL = "SELECT \(BenchSettings.columns) FROM bench WHERE intValue = ?"

    /// 1: all rows, one transaction, one prepared statement.
    static func insert(_ db: RawDB, _ rows: [PlainRow]) throws {
        try db.exec("BEGIN IMMEDIATE")
        let stmt = try db.prepare(insertSQL)
        defer { sqlite3_finalize(stmt) }
        for row in rows { try bindAndStep(stmt, row, db) }
        try db.exec("COMMIT")
    }

    static func fetch(_ db: RawDB, _ stmt: OpaquePointer) throws -> [PlainRow] {
        var out: [PlainRow] = []
        var rc = sqlite3_step(stmt)
        while rc == SQLITE_ROW {
            out.append(readRow(stmt))
            rc = sqlite3_step(stmt)
        }
        guard rc == SQLITE_DONE else { throw BenchError("fetch: \(db.errorMessage)") }
        return out
    }

    /// 2
    static func fetchAll(_ db: RawDB) throws -> [PlainRow] {
        let stmt = try db.prepare(selectAllSQL)
        defer { sqlite3_finalize(stmt) }
        return try fetch(db, stmt)
    }

    /// 3
    static func fetchIndexed(_ db: RawDB) throws -> [PlainRow] {
        let stmt = try db.prepare(selectIndexedSQL)
        defer { sqlite3_finalize(stmt) }
        sqlite3_bind_int64(stmt, 1, sqlite3_int64(BenchSettings.indexedValue))
        return try fetch(db, stmt)
    }

    /// 4a: one statement, its own (implicit) transaction.
    static func updateAll(_ db: RawDB) throws {
        let stmt = try db.prepare("UPDATE bench SET doubleValue = ?")
        defer { sqlite3_finalize(stmt) }
        sqlite3_bind_double(stmt, 1, BenchSettings.updatedDouble)
        guard sqlite3_step(stmt) == SQLITE_DONE else { throw BenchError("update: \(db.errorMessage)") }
    }

    /// 4b: one UPDATE per row, all in one transaction, one prepared statement.
    static func updateRowByRow(_ db: RawDB, _ rows: [PlainRow]) throws {
        try db.exec("BEGIN IMMEDIATE")
        let stmt = try db.prepare("UPDATE bench SET doubleValue = ? WHERE id = ?")
        defer { sqlite3_finalize(stmt) }
        for row in rows {
            sqlite3_bind_double(stmt, 1, row.doubleValue + 1)
            sqlite3_bind_int64(stmt, 2, sqlite3_int64(row.id))
            guard sqlite3_step(stmt) == SQLITE_DONE else { throw BenchError("update: \(db.errorMessage)") }
            sqlite3_reset(stmt)
        }
        try db.exec("COMMIT")
    }

    /// 4d (issue 15): every row read back by its primary key, one prepared statement, in one read
    /// transaction like the ORM's loop of `getObject(fromTable:where: id == k)`.
    static func pointReads(_ db: RawDB, _ rows: [PlainRow]) throws -> Int {
        try db.exec("BEGIN")
        let found = try pointReadsAutocommit(db, rows)
        try db.exec("COMMIT")
        return found
    }

    /// The same point reads, each its own (autocommit) read: what workload 6's readers do, one thread.
    /// `pointReads` runs this loop inside one transaction.
    static func pointReadsAutocommit(_ db: RawDB, _ rows: [PlainRow]) throws -> Int {
        let stmt = try db.prepare("SELECT \(BenchSettings.columns) FROM bench WHERE id = ?")
        defer { sqlite3_finalize(stmt) }
        var found = 0
        for row in rows {
            sqlite3_bind_int64(stmt, 1, sqlite3_int64(row.id))
            guard sqlite3_step(stmt) == SQLITE_ROW else { throw BenchError("point read: \(db.errorMessage)") }
            found += readRow(stmt).id == row.id ? 1 : 0
            sqlite3_reset(stmt)
        }
        return found
    }

    /// 4h: one DELETE per row, each found by its primary key, all in one transaction, one prepared
    /// statement, like the ORM's loop of `delete(fromTable:where: id == k)`.
    static func deleteRowByRow(_ db: RawDB, _ rows: [PlainRow]) throws {
        try db.exec("BEGIN IMMEDIATE")
        let stmt = try db.prepare("DELETE FROM bench WHERE id = ?")
        defer { sqlite3_finalize(stmt) }
        for row in rows {
            sqlite3_bind_int64(stmt, 1, sqlite3_int64(row.id))
            guard sqlite3_step(stmt) == SQLITE_DONE else { throw BenchError("delete: \(db.errorMessage)") }
            sqlite3_reset(stmt)
        }
        try db.exec("COMMIT")
    }

    /// Not an issue-6 workload (tuning only): one UPDATE per row, each its own (autocommit)
    /// transaction, for the first `count` rows.
    static func updateEachAutocommit(_ db: RawDB, _ rows: ArraySlice<PlainRow>) throws {
        let stmt = try db.prepare("UPDATE bench SET doubleValue = ? WHERE id = ?")
        defer { sqlite3_finalize(stmt) }
        for row in rows {
            sqlite3_bind_double(stmt, 1, row.doubleValue + 1)
            sqlite3_bind_int64(stmt, 2, sqlite3_int64(row.id))
            guard sqlite3_step(stmt) == SQLITE_DONE else { throw BenchError("update: \(db.errorMessage)") }
            sqlite3_reset(stmt)
        }
    }

    /// 5
    static func maxInt(_ db: RawDB) throws -> Int {
        let stmt = try db.prepare("SELECT max(intValue) FROM bench")
        defer { sqlite3_finalize(stmt) }
        guard sqlite3_step(stmt) == SQLITE_ROW else { throw BenchError("max: \(db.errorMessage)") }
        return Int(sqlite3_column_int64(stmt, 0))
    }

    /// 6: writer inserts one row per operation (autocommit); each reader fetches one row by a
    /// random primary key per operation. Each thread opens its own connection.
    static func concurrent(path: String, prefilled: Int) throws -> (writer: Double, readers: Double) {
        try runConcurrent(seconds: BenchConfig.concurrencySeconds, makeWriter: {
            let db = try RawDB(path: path, createTable: false)
            let stmt = try db.prepare("INSERT INTO bench(intValue, doubleValue, text, blob) VALUES(?, ?, ?, ?)")
            var i = prefilled
            return Worker(op: {
                i += 1
                sqlite3_bind_int64(stmt, 1, sqlite3_int64(i % 10))
                sqlite3_bind_double(stmt, 2, Double(i))
                var text = BenchData.text(i)
                let rc: Int32 = text.withUTF8 { t in
                    sqlite3_bind_text(stmt, 3, UnsafeRawPointer(t.baseAddress)?.assumingMemoryBound(to: CChar.self),
                                      Int32(t.count), SQLITE_STATIC_DESTRUCTOR)
                    sqlite3_bind_null(stmt, 4)
                    return sqlite3_step(stmt)
                }
                guard rc == SQLITE_DONE else { throw BenchError("writer: \(db.errorMessage)") }
                sqlite3_reset(stmt)
            }, close: { sqlite3_finalize(stmt); _ = db })
        }, makeReader: { t in
            let db = try RawDB(path: path, createTable: false)
            let stmt = try db.prepare("SELECT \(BenchSettings.columns) FROM bench WHERE id = ?")
            var rng = XorShift(seed: UInt64(t) &* 0x2545F4914F6CDD1D)
            return Worker(op: {
                sqlite3_bind_int64(stmt, 1, sqlite3_int64(rng.int(in: 1...prefilled)))
                guard sqlite3_step(stmt) == SQLITE_ROW else { throw BenchError("reader: \(db.errorMessage)") }
                consume(readRow(stmt).id)
                sqlite3_reset(stmt)
            }, close: { sqlite3_finalize(stmt); _ = db })
        })
    }

    /// 7: open a fresh file, settings, create table + index, first insert. The connection is
    /// returned so that closing it (a WAL checkpoint) stays outside the timed part.
    static func coldStart(path: String, row: PlainRow) throws -> RawDB {
        let db = try RawDB(path: path)
        let stmt = try db.prepare(insertSQL)
        defer { sqlite3_finalize(stmt) }
        try bindAndStep(stmt, row, db)
        return db
    }
}

// MARK: - The suite

/// Runs workloads 1–7 (and, with `keyModes`, 8) for the raw C baseline, variant "rawC".
/// `extraPragmas`/`variant` let the tuning runs reuse the same code with other settings.
func runRawSuite(keyModes: [KeyMode], variant: String = "rawC", extraPragmas: [String] = [],
                 workloads: Set<String>? = nil) {
    let n = BenchConfig.n
    let rows = BenchData.rows(n)
    /// 4g's rows: the same values under the next N keys (N+1...2N), inserted after the N existing ones.
    let moreRows = BenchData.moreRows(rows)
    /// Opt-in workloads (not part of issue 6's list) run only when named in `workloads`.
    let optIn: Set<String> = ["updateEach", "updateRandom"]
    func wanted(_ w: String) -> Bool { workloads?.contains(w) ?? !optIn.contains(w) }

    for mode in keyModes {
        let key = mode.pragma
        let p = mode.prefix
        // Keyed runs use WCDBSwift's keyed settings; a tuning run (extraPragmas) sets its own.
        let pragmas = key != nil && extraPragmas.isEmpty ? BenchSettings.keyedPragmas : extraPragmas
        func open(_ path: String) throws -> RawDB { try RawDB(path: path, key: key, extraPragmas: pragmas) }
        func prefilled(_ body: (RawDB) throws -> Double) throws -> Double {
            let path = BenchFiles.freshPath()
            defer { BenchFiles.remove(path) }
            let db = try open(path)
            try RawWorkloads.insert(db, rows)
            return try body(db)
        }

        if wanted("insert") {
            measure(p + "insert", variant) {
                let path = BenchFiles.freshPath()
                defer { BenchFiles.remove(path) }
                let db = try open(path)
                let t = try time { try RawWorkloads.insert(db, rows) }
                try expect(try db.int("SELECT count(*) FROM bench") == n, "insert count")
                return t
            }
        }
        if wanted("fetchAll") {
            measure(p + "fetchAll", variant) {
                try prefilled { db in
                    var got: [PlainRow] = []
                    let t = try time { got = try RawWorkloads.fetchAll(db) }
                    try expect(got.count == n, "fetchAll count \(got.count)")
                    consume(got.count)
                    return t
                }
            }
        }
        if wanted("fetchIndexed") {
            measure(p + "fetchIndexed", variant) {
                try prefilled { db in
                    var got: [PlainRow] = []
                    let t = try time { got = try RawWorkloads.fetchIndexed(db) }
                    try expect(got.count == (n + 6) / 10, "fetchIndexed count \(got.count)")
                    consume(got.count)
                    return t
                }
            }
        }
        if wanted("updateAll") {
            measure(p + "updateAll", variant) {
                try prefilled { db in try time { try RawWorkloads.updateAll(db) } }
            }
        }
        if wanted("updateRowByRow") {
            measure(p + "updateRowByRow", variant) {
                try prefilled { db in try time { try RawWorkloads.updateRowByRow(db, rows) } }
            }
        }
        if wanted("updateWhere") {
            // The same statements as 4b: WCDB's own verb on the other side (issue 15).
            measure(p + "updateWhere", variant) {
                try prefilled { db in try time { try RawWorkloads.updateRowByRow(db, rows) } }
            }
        }
        if wanted("pointRead") {
            measure(p + "pointRead", variant) {
                try prefilled { db in
                    var found = 0
                    let t = try time { found = try RawWorkloads.pointReads(db, rows) }
                    try expect(found == n, "point reads \(found)")
                    return t
                }
            }
        }
        if wanted("pointReadAutocommit") {
            measure(p + "pointReadAutocommit", variant) {
                try prefilled { db in
                    var found = 0
                    let t = try time { found = try RawWorkloads.pointReadsAutocommit(db, rows) }
                    try expect(found == n, "point reads \(found)")
                    return t
                }
            }
        }
        if wanted("insertObject") {
            // 4g: workload 1's statements (one prepared INSERT stepped and reset per row, one
            // transaction), here N more rows (ids N+1...2N) after the N existing ones; WCDB's
            // one-object insert(_:intoTable:) per row on the other side.
            measure(p + "insertObject", variant) {
                try prefilled { db in
                    let t = try time { try RawWorkloads.insert(db, moreRows) }
                    try expect(try db.int("SELECT count(*) FROM bench") == 2 * n, "insertObject count")
                    return t
                }
            }
        }
        if wanted("deleteWhere") {
            // 4h: every row deleted by its primary key, one DELETE per row in one transaction.
            measure(p + "deleteWhere", variant) {
                try prefilled { db in
                    let t = try time { try RawWorkloads.deleteRowByRow(db, rows) }
                    try expect(try db.int("SELECT count(*) FROM bench") == 0, "deleteWhere count")
                    return t
                }
            }
        }
        if wanted("updateEach") {
            // Autocommit per row over a tenth of the rows (it is the slowest way to write).
            measure(p + "updateEach", variant) {
                try prefilled { db in try time { try RawWorkloads.updateEachAutocommit(db, rows[0..<max(1, n / 10)]) } }
            }
        }
        if wanted("updateRandom") {
            // Row by row in one transaction like 4b, but in a shuffled (fixed) id order.
            var rng = XorShift(seed: 42)
            var shuffled = rows
            for i in stride(from: shuffled.count - 1, to: 0, by: -1) { shuffled.swapAt(i, rng.int(in: 0...i)) }
            measure(p + "updateRandom", variant) {
                try prefilled { db in try time { try RawWorkloads.updateRowByRow(db, shuffled) } }
            }
        }
        guard mode == .none else { continue }  // 5–7 only without a key (issue 6, workload 8)
        if wanted("max") {
            measure("max", variant) {
                try prefilled { db in
                    var m = 0
                    let t = try time { m = try RawWorkloads.maxInt(db) }
                    try expect(m == Swift.min(9, n - 1), "max \(m)")
                    return t
                }
            }
        }
        if wanted("concurrent") {
            measureConcurrent(variant) {
                let path = BenchFiles.freshPath()
                defer { BenchFiles.remove(path) }
                do {
                    let db = try open(path)
                    try RawWorkloads.insert(db, rows)
                }
                return try RawWorkloads.concurrent(path: path, prefilled: n)
            }
        }
        if wanted("coldStart") {
            measure("coldStart", variant, runs: BenchConfig.coldStartRuns) {
                let path = BenchFiles.freshPath()
                defer { BenchFiles.remove(path) }
                var db: RawDB?
                let t = try time { db = try RawWorkloads.coldStart(path: path, row: rows[0]) }
                withExtendedLifetime(db) {}
                return t
            }
        }
    }
}
