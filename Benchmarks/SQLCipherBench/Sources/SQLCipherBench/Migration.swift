// Data migration (issue 23), `SQLCipherBench migration` (scripts/migration-bench.sh):
//
// (a) Migrating BENCH_MIGRATION_N rows (1,000,000) from `bench_old` into `bench`, in the same file and
//     from another file: WCDBSwift's `stepMigration()` until `isMigrated()` (every call timed, the longest
//     reported; then, untimed, the steps until `isMigrationCleanedUp()`, their total and longest apart) against hand-written C on the same SQLCipher, in one transaction:
//     `INSERT INTO bench SELECT * FROM bench_old; DELETE FROM bench_old;` (the other file ATTACHed).
// (b) On a half-migrated table of BENCH_N rows (100,000; half still in the source): point reads by primary
//     key and single-row inserts through WCDBSwift, against the same calls on a table that does not
//     migrate (every row in it), as workloads 4e, 4f and 4g do them.
//
// Both with and without a key (`BENCH_MIGRATION_KEYS`: "none,rawKey" by default). Every sample starts
// from fresh files written by raw C (untimed): the same schema as `BenchRow`'s, so both sides migrate
// identical files. JSON lines on stdout, one per (workload, variant) as the other suites, one with the
// bytes of the source table (`migrationSourceBytes`), and one per stepping variant with the longest step
// of each sample (`longest_step_*`; the last step and a concurrent writer's longest insert apart). Also
// (`rawCBatches`, `rawCSteps`) the statements of the previous design's steps (row-by-row moves) in raw C. Benchmarks/migration-report.py turns them into the tables.

import Foundation
import CSQLCipherBench
#if WCDB_BENCH
import WCDBSwift
#endif

enum MigrationBench {
    static let env = ProcessInfo.processInfo.environment
    /// Rows migrated by (a).
    static let n: Int = Int(env["BENCH_MIGRATION_N"] ?? "") ?? 1_000_000
    static let keyModes: [KeyMode] = (env["BENCH_MIGRATION_KEYS"] ?? "none,rawKey").split(separator: ",")
        .compactMap { KeyMode(rawValue: String($0)) }

    static let source = "bench_old"
    static let createSource =
        "CREATE TABLE IF NOT EXISTS bench_old(id INTEGER PRIMARY KEY, intValue INTEGER, doubleValue REAL, text TEXT, blob BLOB)"
    static let createSourceIndex = "CREATE INDEX IF NOT EXISTS bench_old_int ON bench_old(intValue)"
    static let insertSource = "INSERT INTO bench_old(id, intValue, doubleValue, text, blob) VALUES(?, ?, ?, ?, ?)"

    static func open(_ path: String, _ key: KeyMode, createTable: Bool) throws -> RawDB {
        try RawDB(path: path, key: key.pragma, extraPragmas: key == .none ? [] : BenchSettings.keyedPragmas,
                  createTable: createTable)
    }

    /// Files for one sample: the target's (table `bench`, empty) and, for `cross`, the source's; the source
    /// table holds `rows`. Returns (target path, source path or nil).
    static func prepare(_ rows: [PlainRow], cross: Bool, key: KeyMode) throws -> (String, String?) {
        let target = BenchFiles.freshPath()
        let sourcePath = cross ? BenchFiles.freshPath() : nil
        let targetDB = try open(target, key, createTable: true)
        let sourceDB = try sourcePath.map { try open($0, key, createTable: false) } ?? targetDB
        try sourceDB.exec(createSource)
        try sourceDB.exec(createSourceIndex)
        try sourceDB.exec("BEGIN IMMEDIATE")
        let stmt = try sourceDB.prepare(insertSource)
        for row in rows { try bindAndStep(stmt, row, sourceDB) }
        sqlite3_finalize(stmt)
        try sourceDB.exec("COMMIT")
        try sourceDB.exec("PRAGMA wal_checkpoint(TRUNCATE)")
        return (target, sourcePath)
    }

    static func remove(_ files: (String, String?)) {
        BenchFiles.remove(files.0)
        if let source = files.1 { BenchFiles.remove(source) }
    }

    /// Bytes the source table and its index take in a file of their own (for MB/s).
    static func sourceBytes(_ rows: [PlainRow], key: KeyMode) throws -> Int {
        let files = try prepare(rows, cross: true, key: key)
        defer { remove(files) }
        let db = try open(files.1!, key, createTable: false)
        return try db.int("PRAGMA page_count") * db.int("PRAGMA page_size")
    }

    /// ATTACH on the raw C side, as WCDBSwift does it (SQLCipher 3's default page size is 1024: 4096 for
    /// the length of the ATTACH of a keyed file).
    static func attach(_ db: RawDB, _ path: String, _ key: KeyMode) throws {
        if key != .none { try db.exec("PRAGMA cipher_default_page_size = 4096") }
        let stmt = try db.prepare("ATTACH DATABASE ? AS src KEY ?")
        defer { sqlite3_finalize(stmt) }
        sqlite3_bind_text(stmt, 1, path, -1, SQLITE_TRANSIENT_DESTRUCTOR)
        let keyText = key == .rawKey ? "x'\(BenchSettings.rawKeyHex)'" : key == .passphrase ? BenchSettings.passphrase : ""
        sqlite3_bind_text(stmt, 2, keyText, -1, SQLITE_TRANSIENT_DESTRUCTOR)
        guard sqlite3_step(stmt) == SQLITE_DONE else { throw BenchError("attach: \(db.errorMessage)") }
        if key != .none { try db.exec("PRAGMA cipher_default_page_size = 1024") }
    }
}

/// The longest `stepMigration()` of each timed WCDBSwift sample, by workload.
var longestSteps: [String: [Double]] = [:]
var stepCounts: [String: [Int]] = [:]

func runMigrationBench() {
    let n = MigrationBench.n
    let rows = BenchData.rows(n)
    let n2 = BenchConfig.n
    let rows2 = BenchData.rows(n2)
    let more2 = BenchData.moreRows(rows2)
    let autocommitInserts = min(n2, 10_000)

    for key in MigrationBench.keyModes {
        let p = key.prefix
        do {
            Report.emit([("engine", Report.jsonString(Report.engine)), ("workload", Report.jsonString(p + "migrationSourceBytes")),
                         ("bytes", "\(try MigrationBench.sourceBytes(rows, key: key))"), ("n", "\(n)")])
        } catch {
            Report.failure(p + "migrationSourceBytes", "rawC", error)
        }

        // (a) raw C: one transaction, the two statements.
        for cross in [false, true] {
            let workload = p + (cross ? "migrateCross" : "migrateSame")
            measure(workload, "rawC") {
                let files = try MigrationBench.prepare(rows, cross: cross, key: key)
                defer { MigrationBench.remove(files) }
                let db = try MigrationBench.open(files.0, key, createTable: false)
                if let source = files.1 { try MigrationBench.attach(db, source, key) }
                let from = cross ? "src.bench_old" : "main.bench_old"
                let t = try time {
                    try db.exec("BEGIN IMMEDIATE")
                    try db.exec("INSERT INTO main.bench SELECT * FROM \(from)")
                    try db.exec("DELETE FROM \(from)")
                    try db.exec("COMMIT")
                }
                try expect(try db.int("SELECT count(*) FROM main.bench") == n, "\(workload) rawC count")
                try expect(try db.int("SELECT count(*) FROM \(from)") == 0, "\(workload) rawC source left")
                return t
            }
            // The breakdown: the statements stepMigration() runs (batches of 100 rows from the highest
            // rowid down: copy, then delete; no record of moved rows), in raw C, in one transaction, and
            // in one savepoint per 10 ms as the steps commit them.
            for perStep in [false, true] {
                let variant = perStep ? "rawCSteps" : "rawCBatches"
                measure(workload, variant) {
                    let files = try MigrationBench.prepare(rows, cross: cross, key: key)
                    defer { MigrationBench.remove(files) }
                    let db = try MigrationBench.open(files.0, key, createTable: false)
                    if let source = files.1 { try MigrationBench.attach(db, source, key) }
                    let from = cross ? "src.bench_old" : "main.bench_old"
                    let columns = "\"id\", \"intValue\", \"doubleValue\", \"text\", \"blob\", rowid"
                    let selected = "FROM \(from) WHERE 1 ORDER BY rowid DESC LIMIT 100"
                    let copy = try db.prepare("INSERT INTO main.\"bench\"(\(columns)) SELECT \(columns) \(selected)")
                    let remove = try db.prepare("DELETE FROM \(from) WHERE rowid IN (SELECT rowid \(selected))")
                    defer { sqlite3_finalize(copy); sqlite3_finalize(remove) }
                    var longest = 0.0
                    var steps = 0
                    let t = try time {
                        var finished = false
                        if !perStep { try db.exec("BEGIN IMMEDIATE") }
                        while !finished {
                            let start = nowNanos()
                            if perStep { try db.exec("SAVEPOINT step") }
                            repeat {
                                guard sqlite3_step(copy) == SQLITE_DONE else { throw BenchError("copy: \(db.errorMessage)") }
                                sqlite3_reset(copy)
                                if sqlite3_changes(db.db) == 0 {
                                    finished = true
                                    break
                                }
                                guard sqlite3_step(remove) == SQLITE_DONE else { throw BenchError("remove: \(db.errorMessage)") }
                                sqlite3_reset(remove)
                            } while !perStep || nowNanos() - start < 10_000_000
                            if perStep { try db.exec("RELEASE step") }
                            longest = max(longest, Double(nowNanos() - start) / 1e9)
                            steps += 1
                        }
                        if !perStep { try db.exec("COMMIT") }
                    }
                    if perStep && !BenchConfig.inWarmup {
                        longestSteps[workload + "|" + variant, default: []].append(longest)
                        stepCounts[workload + "|" + variant, default: []].append(steps)
                    }
                    try expect(try db.int("SELECT count(*) FROM main.bench") == n, "\(workload) \(variant) count")
                    return t
                }
            }
            #if WCDB_BENCH
            measure(workload, "wcdb") {
                let files = try MigrationBench.prepare(rows, cross: cross, key: key)
                defer { MigrationBench.remove(files) }
                let db = try WCDBMigration.open(files.0, source: files.1, key: key)
                defer { db.close() }
                var longest = 0.0
                var steps = 0
                // The last step drops the source table: timed apart too.
                var longestBeforeLast = 0.0
                var last = 0.0
                let t = try time {
                    while !db.isMigrated() {
                        let start = nowNanos()
                        try db.stepMigration()
                        longestBeforeLast = max(longestBeforeLast, last)
                        last = Double(nowNanos() - start) / 1e9
                        longest = max(longest, last)
                        steps += 1
                    }
                }
                // Untimed above: the cleanup (a source in the same file, set aside when done, its pages
                // freed by the steps that follow), its total and longest step reported apart.
                var cleanupLongest = 0.0
                var cleanupSteps = 0
                let cleanupStart = nowNanos()
                while !db.isMigrationCleanedUp() {
                    let start = nowNanos()
                    try db.stepMigration()
                    cleanupLongest = max(cleanupLongest, Double(nowNanos() - start) / 1e9)
                    cleanupSteps += 1
                }
                let cleanupTotal = Double(nowNanos() - cleanupStart) / 1e9
                if !BenchConfig.inWarmup {
                    longestSteps[workload + "|wcdbBeforeLast", default: []].append(longestBeforeLast)
                    longestSteps[workload + "|wcdbLast", default: []].append(last)
                    longestSteps[workload + "|wcdb", default: []].append(longest)
                    stepCounts[workload + "|wcdb", default: []].append(steps)
                    longestSteps[workload + "|cleanupLongest", default: []].append(cleanupLongest)
                    stepCounts[workload + "|cleanupLongest", default: []].append(cleanupSteps)
                    longestSteps[workload + "|cleanupTotal", default: []].append(cleanupTotal)
                }
                let leftovers = try db.getRows("SELECT count(*) FROM sqlite_master WHERE name LIKE 'wcdb\\_migration\\_leftover\\_%' ESCAPE '\\'")
                try expect(leftovers[0][0].int64Value == 0, "\(workload) wcdb leftover left")
                try expect(try db.getRows("SELECT count(*) FROM main.bench")[0][0].int64Value == Int64(n), "\(workload) wcdb count")
                let sourceFile = try files.1.map { try MigrationBench.open($0, key, createTable: false) }
                let left = try (sourceFile.map { try $0.int("SELECT count(*) FROM sqlite_master WHERE name = 'bench_old'") }
                    ?? Int(db.getRows("SELECT count(*) FROM sqlite_master WHERE name = 'bench_old'")[0][0].int64Value))
                try expect(left == 0, "\(workload) wcdb source table left")
                return t
            }
            // A writer beside the steps (untimed, one run): the longest single-row insert into another
            // table of the file while stepMigration() runs to the end, one insert every 2 ms: how long
            // a step makes the app's writers wait.
            do {
                let files = try MigrationBench.prepare(rows, cross: cross, key: key)
                defer { MigrationBench.remove(files) }
                let db = try WCDBMigration.open(files.0, source: files.1, key: key)
                defer { db.close() }
                try db.exec("CREATE TABLE IF NOT EXISTS probe(x INTEGER)")
                final class Probe: @unchecked Sendable {
                    let lock = NSLock()
                    var stop = false
                    var longest = 0.0
                    var count = 0
                    /// The longest insert and the inserts up to `isMigrated()`, once it is.
                    var untilDone = (longest: 0.0, count: 0)
                    let finished = DispatchSemaphore(value: 0)
                }
                let probe = Probe()
                Thread.detachNewThread {
                    while probe.lock.withLock({ !probe.stop }) {
                        let start = nowNanos()
                        try? db.exec("INSERT INTO probe VALUES(1)")
                        let took = Double(nowNanos() - start) / 1e9
                        probe.lock.withLock {
                            probe.longest = max(probe.longest, took)
                            probe.count += 1
                        }
                        usleep(2000)
                    }
                    probe.finished.signal()
                }
                while !db.isMigrated() { try db.stepMigration() }
                probe.lock.withLock {
                    probe.untilDone = (probe.longest, probe.count)
                    (probe.longest, probe.count) = (0, 0)
                }
                // Then the cleanup of a source in the same file (none for another file).
                while !db.isMigrationCleanedUp() { try db.stepMigration() }
                probe.lock.withLock { probe.stop = true }
                probe.finished.wait()
                longestSteps[workload + "|writerWait", default: []].append(probe.untilDone.longest)
                longestSteps[workload + "|writerWaitCleanup", default: []].append(probe.longest)
                FileHandle.standardError.write(("  \(workload): a concurrent writer's longest insert \(String(format: "%.2f", probe.untilDone.longest * 1000)) ms "
                    + "of \(probe.untilDone.count) up to done, \(String(format: "%.2f", probe.longest * 1000)) ms of \(probe.count) during the cleanup\n").data(using: .utf8)!)
            } catch {
                Report.failure(workload, "writerWait", error)
            }
            #endif
        }

        #if WCDB_BENCH
        // (b) on a half-migrated table against a table that does not migrate.
        for variant in ["unmigrated", "halfSame", "halfCross"] {
            func withTable(_ body: (Database) throws -> Double) throws -> Double {
                if variant == "unmigrated" {
                    let path = BenchFiles.freshPath()
                    defer { BenchFiles.remove(path) }
                    do {
                        let raw = try MigrationBench.open(path, key, createTable: true)
                        try RawWorkloads.insert(raw, rows2)
                    }
                    let db = try WCDBMigration.open(path, source: nil, key: key, migrates: false)
                    defer { db.close() }
                    return try body(db)
                }
                let files = try MigrationBench.prepare(rows2, cross: variant == "halfCross", key: key)
                defer { MigrationBench.remove(files) }
                let db = try WCDBMigration.open(files.0, source: files.1, key: key)
                defer { db.close() }
                try WCDBMigration.migrateHalf(db, files: files, key: key, n: n2)
                return try body(db)
            }
            measure(p + "halfPointRead", variant) {
                try withTable { db in
                    var found = 0
                    let t = try time {
                        try db.run(transaction: {
                            for row in rows2 {
                                let object: BenchRow? = try db.getObject(fromTable: "bench", where: BenchRow.Properties.id == row.id)
                                found += object?.id == row.id ? 1 : 0
                            }
                        })
                    }
                    try expect(found == n2, "point reads \(found)")
                    return t
                }
            }
            measure(p + "halfPointReadAutocommit", variant) {
                try withTable { db in
                    var found = 0
                    let t = try time {
                        for row in rows2 {
                            let object: BenchRow? = try db.getObject(fromTable: "bench", where: BenchRow.Properties.id == row.id)
                            found += object?.id == row.id ? 1 : 0
                        }
                    }
                    try expect(found == n2, "point reads \(found)")
                    return t
                }
            }
            measure(p + "halfInsertObject", variant) {
                try withTable { db in
                    let objects = more2.map(BenchRow.init)
                    let t = try time {
                        try db.run(transaction: {
                            for object in objects { try db.insert(object, intoTable: "bench") }
                        })
                    }
                    try expect(try db.getValue(on: Column.all.count(), fromTable: "bench").int64Value == Int64(2 * n2), "insert count")
                    return t
                }
            }
            measure(p + "halfInsertAutocommit", variant) {
                try withTable { db in
                    let objects = more2.prefix(autocommitInserts).map(BenchRow.init)
                    let t = try time {
                        for object in objects { try db.insert(object, intoTable: "bench") }
                    }
                    try expect(try db.getValue(on: Column.all.count(), fromTable: "bench").int64Value == Int64(n2 + autocommitInserts),
                               "insert count")
                    return t
                }
            }
        }
        #endif
    }
    runRegisteredCases()
    for (key, values) in longestSteps.sorted(by: { $0.key < $1.key }) {
        let stats = Stats(samples: values)
        let parts = key.split(separator: "|").map(String.init)
        Report.emit([("engine", Report.jsonString(Report.engine)), ("workload", Report.jsonString(parts[0])),
                     ("variant", Report.jsonString(parts[1])), ("longest_step_median", Report.num(stats.median)),
                     ("longest_step_max", Report.num(stats.max)),
                     ("longest_step_samples", "[" + values.map(Report.num).joined(separator: ", ") + "]"),
                     ("steps", "[" + (stepCounts[key] ?? []).map(String.init).joined(separator: ", ") + "]")])
        FileHandle.standardError.write("  \(parts[0]) / \(parts[1]): longest step \(String(format: "%.2f", stats.max * 1000)) ms (median of samples' longest \(String(format: "%.2f", stats.median * 1000)) ms)\n".data(using: .utf8)!)
    }
}

#if WCDB_BENCH
enum WCDBMigration {
    /// The target database with `bench` migrating from `bench_old` (in `source`'s file, or its own).
    static func open(_ path: String, source: String?, key: KeyMode, migrates: Bool = true) throws -> Database {
        let db = Database(withPath: path)
        switch key {
        case .none: break
        case .rawKey: try db.setCipher(rawKey: rawKey)
        case .passphrase: db.setCipher(key: Data(BenchSettings.passphraseBytes))
        }
        if migrates {
            let cipher: Data? = source == nil || key == .none ? nil
                : Data(key == .rawKey ? BenchSettings.rawKeyBytes : BenchSettings.passphraseBytes)
            db.addMigration(sourcePath: source, sourceCipher: cipher) { info in
                if info.table == BenchSettings.table { info.sourceTable = MigrationBench.source }
            }
        }
        return db
    }

    /// Steps until at most half of `n` rows are left in the source (untimed setup of (b)).
    static func migrateHalf(_ db: Database, files: (String, String?), key: KeyMode, n: Int) throws {
        let counter = try files.1.map { try MigrationBench.open($0, key, createTable: false) }
        // Rows at or below the target's watermark have moved (they stay in the source until it is dropped).
        func left() throws -> Int {
            let mark = try db.getRows("SELECT moved FROM wcdb_migration_progress").first?[0].int64Value ?? Int64.min
            if let counter { return try counter.int("SELECT count(*) FROM bench_old WHERE rowid > \(mark)") }
            return Int(try db.getRows("SELECT count(*) FROM bench_old WHERE rowid > \(mark)")[0][0].int64Value)
        }
        while try left() > n / 2 { try db.stepMigration() }
        let remaining = try left()
        try expect(remaining > n / 4, "half-migrated: \(remaining) rows left of \(n)")
    }
}
#endif
