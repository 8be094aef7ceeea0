// The WCDBSwift column of the benchmark: the same workloads as RawSQLite.swift through the public
// one-line API (WCDB Swift names): Database(withPath:), create(table:of:), insert(objects:intoTable:),
// insert(_:intoTable:), getObjects(fromTable:where:), update(table:on:with:), update(objects:on:inTable:),
// delete(fromTable:where:), getValue(on:fromTable:), setCipher(key:) / setCipher(rawKey:), run(transaction:).
// Compiled when WCDB_BENCH is defined (../../Package.swift defines it with the WCDBSwift dependency).

#if WCDB_BENCH
import Foundation
import WCDBSwift

struct BenchRow: TableCodable {
    // @PrimaryKey
    var id: Int = 0
    // @Index("_int")
    var intValue: Int = 0
    var doubleValue: Double = 0
    var text: String = ""
    var blob: Data? = nil
}

extension BenchRow {
    init(_ p: PlainRow) {
        self.init()
        id = p.id; intValue = p.intValue; doubleValue = p.doubleValue; text = p.text; blob = p.blob
    }
}

/// The 32 key bytes behind `BenchSettings.rawKeyHex` (the raw C side sends them as `x'…'`).
let rawKey: Data = {
    let hex = Array(BenchSettings.rawKeyHex.utf8)
    func nibble(_ c: UInt8) -> UInt8 { c <= 57 ? c - 48 : (c | 0x20) - 87 }
    return Data(stride(from: 0, to: hex.count, by: 2).map { nibble(hex[$0]) << 4 | nibble(hex[$0 + 1]) })
}()

enum WCDBWorkloads {
    /// A fresh database with the same settings as the raw C side (the ORM's defaults must be
    /// WAL + synchronous NORMAL; see BenchSettings.pragmas) and the table created.
    static func open(_ path: String, key: KeyMode) throws -> Database {
        let db = Database(withPath: path)
        switch key {
        case .none: break
        case .rawKey: try db.setCipher(rawKey: rawKey)
        case .passphrase: db.setCipher(key: Data(BenchSettings.passphraseBytes))
        }
        try db.create(table: BenchSettings.table, of: BenchRow.self)
        return db
    }
}

/// The WCDB side of the workloads. `configure` runs on every database after it opens; `only` limits the
/// workloads registered (nil: all of them).
func runWCDBSuite(keyModes: [KeyMode], variant: String = "wcdb", only: Set<String>? = nil,
                  configure: @escaping (Database) -> Void = { _ in }) {
    func measure(_ workload: String, _ variant: String, runs: Int = BenchConfig.runs, _ sample: @escaping () throws -> Double) {
        guard only?.contains(workload) ?? true else { return }
        SQLCipherBench.measure(workload, variant, runs: runs, sample)
    }
    func measureConcurrent(_ variant: String, _ sample: @escaping () throws -> (writer: Double, readers: Double)) {
        guard only == nil else { return }
        SQLCipherBench.measureConcurrent(variant, sample)
    }
    let n = BenchConfig.n
    let plain = BenchData.rows(n)
    let rows = plain.map(BenchRow.init)
    let moreRows = BenchData.moreRows(plain).map(BenchRow.init)
    let table = BenchSettings.table

    for mode in keyModes {
        let p = mode.prefix
        func prefilled(_ body: (Database) throws -> Double) throws -> Double {
            let path = BenchFiles.freshPath()
            defer { BenchFiles.remove(path) }
            let db = try WCDBWorkloads.open(path, key: mode)
            defer { db.close() }
            configure(db)
            try db.insert(objects: rows, intoTable: table)
            // The insert's commit filled the WAL: raw C's setup checkpointed it inside that commit, ours
            // in the background. Done here, in the setup, so that the timed part starts from the same file
            // on both sides and does not share the machine with that checkpoint.
            try db.truncateCheckpoint()
            return try body(db)
        }

        measure(p + "insert", variant) {
            let path = BenchFiles.freshPath()
            defer { BenchFiles.remove(path) }
            let db = try WCDBWorkloads.open(path, key: mode)
            defer { db.close() }
            configure(db)
            let t = try time { try db.insert(objects: rows, intoTable: table) }
            let count: [BenchRow] = try db.getObjects(fromTable: table)
            try expect(count.count == n, "insert count")
            return t
        }
        measure(p + "fetchAll", variant) {
            try prefilled { db in
                var got: [BenchRow] = []
                let t = try time { got = try db.getObjects(fromTable: table) }
                try expect(got.count == n, "fetchAll count \(got.count)")
                consume(got.count)
                return t
            }
        }
        measure(p + "fetchIndexed", variant) {
            try prefilled { db in
                var got: [BenchRow] = []
                let t = try time {
                    got = try db.getObjects(fromTable: table,
                                            where: BenchRow.Properties.intValue == BenchSettings.indexedValue)
                }
                try expect(got.count == (n + 6) / 10, "fetchIndexed count \(got.count)")
                consume(got.count)
                return t
            }
        }
        measure(p + "updateAll", variant) {
            try prefilled { db in
                var r = BenchRow(); r.doubleValue = BenchSettings.updatedDouble
                return try time { try db.update(table: table, on: BenchRow.Properties.doubleValue, with: r) }
            }
        }
        measure(p + "updateRowByRow", variant) {
            try prefilled { db in
                try time {
                    // One UPDATE per row, each found by its primary key: the statement is prepared once
                    // (update(objects:) caches it) and every call binds and steps it.
                    try db.run(transaction: {
                        for row in rows {
                            var r = row
                            r.doubleValue = row.doubleValue + 1
                            try db.update(objects: [r], on: [BenchRow.Properties.doubleValue], inTable: table)
                        }
                    })
                }
            }
        }
        measure(p + "updateWhere", variant) {
            try prefilled { db in
                try time {
                    // WCDB users' row-by-row verb (issue 15): one update(table:on:with:where:) per row,
                    // the row found by a WINQ condition whose value is bound, in one transaction.
                    try db.run(transaction: {
                        for row in rows {
                            var r = row
                            r.doubleValue = row.doubleValue + 1
                            try db.update(table: table, on: BenchRow.Properties.doubleValue, with: r,
                                          where: BenchRow.Properties.id == row.id)
                        }
                    })
                }
            }
        }
        measure(p + "pointRead", variant) {
            try prefilled { db in
                var found = 0
                let t = try time {
                    try db.run(transaction: {
                        for row in rows {
                            let object: BenchRow? = try db.getObject(fromTable: table, where: BenchRow.Properties.id == row.id)
                            found += object?.id == row.id ? 1 : 0
                        }
                    })
                }
                try expect(found == n, "point reads \(found)")
                return t
            }
        }
        measure(p + "pointReadAutocommit", variant) {
            try prefilled { db in
                // Workload 6's readers, one thread: each getObject its own read, a handle checked out per call.
                var found = 0
                let t = try time {
                    for row in rows {
                        let object: BenchRow? = try db.getObject(fromTable: table, where: BenchRow.Properties.id == row.id)
                        found += object?.id == row.id ? 1 : 0
                    }
                }
                try expect(found == n, "point reads \(found)")
                return t
            }
        }
        measure(p + "insertObject", variant) {
            try prefilled { db in
                let t = try time {
                    // WCDB users' one-object insert (2.x spelling `insert(_:intoTable:)`), called once per
                    // row: N more rows (ids N+1...2N) after the N existing ones, in one transaction.
                    try db.run(transaction: {
                        for row in moreRows {
                            try db.insert(row, intoTable: table)
                        }
                    })
                }
                let all: [BenchRow] = try db.getObjects(fromTable: table)
                try expect(all.count == 2 * n, "insertObject count \(all.count)")
                return t
            }
        }
        measure(p + "deleteWhere", variant) {
            try prefilled { db in
                let t = try time {
                    // One delete(fromTable:where:) per row, the row found by a WINQ condition whose
                    // value is bound, in one transaction.
                    try db.run(transaction: {
                        for row in rows {
                            try db.delete(fromTable: table, where: BenchRow.Properties.id == row.id)
                        }
                    })
                }
                let left: [BenchRow] = try db.getObjects(fromTable: table)
                try expect(left.isEmpty, "deleteWhere left \(left.count)")
                return t
            }
        }
        guard mode == .none else { continue }
        measure("updateObjects", variant) {
            try prefilled { db in
                // The same N UPDATE statements (one per row, by primary key, one transaction) as 4b,
                // issued by ONE update(objects:) call: what the API offers for updating many rows.
                let changed = rows.map { row -> BenchRow in
                    var r = row
                    r.doubleValue = row.doubleValue + 1
                    return r
                }
                return try time { try db.update(objects: changed, on: [BenchRow.Properties.doubleValue], inTable: table) }
            }
        }
        measure("max", variant) {
            try prefilled { db in
                var m = 0
                let t = try time {
                    let v = try db.getValue(on: BenchRow.Properties.intValue.max(), fromTable: table)
                    m = Int(v.int64Value)
                }
                try expect(m == Swift.min(9, n - 1), "max \(m)")
                return t
            }
        }
        measureConcurrent(variant) {
            let path = BenchFiles.freshPath()
            defer { BenchFiles.remove(path) }
            do {
                let db = try WCDBWorkloads.open(path, key: .none)
                try db.insert(objects: rows, intoTable: table)
                db.close()
            }
            // Each thread its own Database object (hence its own handle) on the same file.
            return try runConcurrent(seconds: BenchConfig.concurrencySeconds, makeWriter: {
                let db = Database(withPath: path)
                var i = n
                return Worker(op: {
                    i += 1
                    var r = BenchRow(plain[i % n])
                    r.id = i
                    try db.insert(objects: [r], intoTable: table)
                }, close: { db.close() })
            }, makeReader: { t in
                let db = Database(withPath: path)
                var rng = XorShift(seed: UInt64(t) &* 0x2545F4914F6CDD1D)
                return Worker(op: {
                    let id = rng.int(in: 1...n)
                    let got: [BenchRow] = try db.getObjects(fromTable: table, where: BenchRow.Properties.id == id)
                    consume(got.count)
                }, close: { db.close() })
            })
        }
        measure("coldStart", variant, runs: BenchConfig.coldStartRuns) {
            let path = BenchFiles.freshPath()
            defer { BenchFiles.remove(path) }
            var db: Database?
            let t = try time {
                let d = try WCDBWorkloads.open(path, key: .none)
                try d.insert(objects: [rows[0]], intoTable: table)
                db = d
            }
            db?.close()
            return t
        }
    }
}
#endif
