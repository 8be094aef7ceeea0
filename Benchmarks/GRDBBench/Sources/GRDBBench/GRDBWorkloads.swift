// The GRDB variants of workloads 1–7 (workload 8 is SQLCipher only).
import Foundation
import GRDB

// MARK: - Records

/// What the two record variants have in common, so one generic suite runs both.
protocol BenchRecord: FetchableRecord, PersistableRecord {
    init(_ p: PlainRow)
    var id: Int { get }
    var doubleValue: Double { get set }
}

/// GRDB's fastest record path: hand-written `init(row:)` (columns by index) and `encode(to:)`.
struct RecordRow: BenchRecord {
    static let databaseTableName = "bench"
    var id: Int
    var intValue: Int
    var doubleValue: Double
    var text: String
    var blob: Data?

    init(_ p: PlainRow) { id = p.id; intValue = p.intValue; doubleValue = p.doubleValue; text = p.text; blob = p.blob }

    init(row: Row) throws {
        id = row[0]
        intValue = row[1]
        doubleValue = row[2]
        text = row[3]
        blob = row[4]
    }

    func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["intValue"] = intValue
        container["doubleValue"] = doubleValue
        container["text"] = text
        container["blob"] = blob
    }
}

/// The Codable-derived record (synthesized init(from:) / encode(to:)).
struct CodableRow: BenchRecord, Codable {
    static let databaseTableName = "bench"
    var id: Int
    var intValue: Int
    var doubleValue: Double
    var text: String
    var blob: Data?

    init(_ p: PlainRow) { id = p.id; intValue = p.intValue; doubleValue = p.doubleValue; text = p.text; blob = p.blob }
}

// MARK: - Connections

enum GRDBSetup {
    /// Same settings as the raw C side (BenchSettings.pragmas: WAL, synchronous NORMAL).
    static func configuration() -> Configuration {
        var config = Configuration()
        // The raw C side and WCDBSwift wait up to 10 s on a lock (sqlite3_busy_timeout); GRDB's
        // default fails at once, which made its writer in workload 6 fail with "database is locked"
        // whenever a reader briefly held the WAL lock (e.g. while checkpointing).
        config.busyMode = .timeout(10)
        config.prepareDatabase { db in
            for p in BenchSettings.pragmas where !(db.configuration.readonly && p.contains("journal_mode")) {
                try db.execute(sql: p)
            }
        }
        return config
    }

    static func queue(_ path: String, createTable: Bool = true) throws -> DatabaseQueue {
        let q = try DatabaseQueue(path: path, configuration: configuration())
        if createTable {
            try q.write { db in
                try db.execute(sql: BenchSettings.createTable)
                try db.execute(sql: BenchSettings.createIndex)
            }
        }
        return q
    }

    static func prefill(_ q: DatabaseWriter, _ rows: [PlainRow]) throws {
        try q.write { db in try rawInsert(db, rows) }
        try warmSchema(q)
    }

    /// GRDB keeps its own per-connection schema cache (table existence, columns, primary key),
    /// filled on first use. Fill it during setup, as SQLite's own schema is already loaded on
    /// the connection the raw C side times: a connection that has been used before. (Workload 7,
    /// cold start, keeps that first-use cost.)
    static func warmSchema(_ q: DatabaseWriter) throws {
        try q.read { db in
            _ = try db.tableExists("bench")
            _ = try db.columns(in: "bench")
            _ = try db.primaryKey("bench")
        }
    }

    static func rawInsert(_ db: Database, _ rows: [PlainRow]) throws {
        let stmt = try db.cachedStatement(sql: RawWorkloads.insertSQL)
        for r in rows {
            try stmt.execute(arguments: [r.id, r.intValue, r.doubleValue, r.text, r.blob])
        }
    }

    static func readPlain(_ row: Row) -> PlainRow {
        PlainRow(id: row[0], intValue: row[1], doubleValue: row[2], text: row[3], blob: row[4])
    }
}

// MARK: - Suites

/// Shared skeleton: `ops` supplies each workload's timed body for one GRDB variant.
struct GRDBOps {
    var insert: (Database, [PlainRow]) throws -> Void
    var fetchAll: (Database) throws -> Int
    var fetchIndexed: (Database) throws -> Int
    var updateAll: (Database) throws -> Void
    var updateRowByRow: (Database) throws -> Void
    var max: (Database) throws -> Int
    var writeOne: (Database, PlainRow) throws -> Void
    var readOne: (Database, Int) throws -> Int
}

func runGRDBSuite(variant: String, _ ops: GRDBOps) {
    let n = BenchConfig.n
    let rows = BenchData.rows(n)

    func prefilled(_ body: (DatabaseQueue) throws -> Double) throws -> Double {
        let path = BenchFiles.freshPath()
        defer { BenchFiles.remove(path) }
        let q = try GRDBSetup.queue(path)
        try GRDBSetup.prefill(q, rows)
        return try body(q)
    }

    measure("insert", variant) {
        let path = BenchFiles.freshPath()
        defer { BenchFiles.remove(path) }
        let q = try GRDBSetup.queue(path)
        try GRDBSetup.warmSchema(q)
        let t = try time { try q.write { db in try ops.insert(db, rows) } }
        try expect(try q.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM bench") } == n, "insert count")
        return t
    }
    measure("fetchAll", variant) {
        try prefilled { q in
            var c = 0
            let t = try time { c = try q.read { db in try ops.fetchAll(db) } }
            try expect(c == n, "fetchAll count \(c)")
            return t
        }
    }
    measure("fetchIndexed", variant) {
        try prefilled { q in
            var c = 0
            let t = try time { c = try q.read { db in try ops.fetchIndexed(db) } }
            try expect(c == (n + 6) / 10, "fetchIndexed count \(c)")
            return t
        }
    }
    measure("updateAll", variant) {
        try prefilled { q in try time { try q.write { db in try ops.updateAll(db) } } }
    }
    measure("updateRowByRow", variant) {
        try prefilled { q in try time { try q.write { db in try ops.updateRowByRow(db) } } }
    }
    measure("max", variant) {
        try prefilled { q in
            var m = 0
            let t = try time { m = try q.read { db in try ops.max(db) } }
            try expect(m == Swift.min(9, n - 1), "max \(m)")
            return t
        }
    }
    measureConcurrent(variant) {
        let path = BenchFiles.freshPath()
        defer { BenchFiles.remove(path) }
        do {
            let q = try GRDBSetup.queue(path)
            try GRDBSetup.prefill(q, rows)
            try q.close()
        }
        // GRDB's own way to run one writer and concurrent readers: a DatabasePool (WAL), one
        // writer connection and up to 3 reader connections, one per reading thread.
        var config = GRDBSetup.configuration()
        config.maximumReaderCount = BenchConfig.readers
        let pool = try DatabasePool(path: path, configuration: config)
        defer { try? pool.close() }
        return try runConcurrent(seconds: BenchConfig.concurrencySeconds, makeWriter: {
            var i = n
            return Worker(op: {
                i += 1
                var r = rows[i % n]
                r.id = i
                r.blob = nil
                try pool.write { db in try ops.writeOne(db, r) }
            }, close: {})
        }, makeReader: { t in
            var rng = XorShift(seed: UInt64(t) &* 0x2545F4914F6CDD1D)
            return Worker(op: {
                let id = rng.int(in: 1...n)
                consume(try pool.read { db in try ops.readOne(db, id) })
            }, close: {})
        })
    }
    measure("coldStart", variant, runs: BenchConfig.coldStartRuns) {
        let path = BenchFiles.freshPath()
        defer { BenchFiles.remove(path) }
        var q: DatabaseQueue?
        let t = try time {
            let d = try GRDBSetup.queue(path)
            try d.write { db in try ops.writeOne(db, rows[0]) }
            q = d
        }
        try q?.close()
        return t
    }
}

func runGRDBRecordSuite<R: BenchRecord>(_ type: R.Type, variant: String) {
    let records = BenchData.rows(BenchConfig.n).map(R.init)
    let intValue = Column("intValue"), doubleValue = Column("doubleValue")
    runGRDBSuite(variant: variant, GRDBOps(
        insert: { db, _ in for r in records { try r.insert(db) } },
        fetchAll: { db in try R.fetchAll(db).count },
        fetchIndexed: { db in try R.filter(intValue == BenchSettings.indexedValue).fetchAll(db).count },
        updateAll: { db in _ = try R.updateAll(db, doubleValue.set(to: BenchSettings.updatedDouble)) },
        updateRowByRow: { db in
            for var r in records {
                r.doubleValue += 1
                try r.update(db, columns: ["doubleValue"])
            }
        },
        max: { db in try R.select(max(intValue), as: Int.self).fetchOne(db) ?? -1 },
        writeOne: { db, p in try R(p).insert(db) },
        readOne: { db, id in try R.fetchOne(db, key: id)?.id ?? -1 }
    ))
}

func runGRDBRawSuite(variant: String) {
    let rows = BenchData.rows(BenchConfig.n)
    func fetchPlain(_ db: Database, _ sql: String, _ args: StatementArguments = []) throws -> Int {
        var out: [PlainRow] = []
        let cursor = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: args)
        while let row = try cursor.next() { out.append(GRDBSetup.readPlain(row)) }
        return out.count
    }
    runGRDBSuite(variant: variant, GRDBOps(
        insert: { db, rows in try GRDBSetup.rawInsert(db, rows) },
        fetchAll: { db in try fetchPlain(db, RawWorkloads.selectAllSQL) },
        fetchIndexed: { db in try fetchPlain(db, RawWorkloads.selectIndexedSQL, [BenchSettings.indexedValue]) },
        updateAll: { db in try db.execute(sql: "UPDATE bench SET doubleValue = ?", arguments: [BenchSettings.updatedDouble]) },
        updateRowByRow: { db in
            let stmt = try db.cachedStatement(sql: "UPDATE bench SET doubleValue = ? WHERE id = ?")
            for r in rows { try stmt.execute(arguments: [r.doubleValue + 1, r.id]) }
        },
        max: { db in try Int.fetchOne(db, sql: "SELECT max(intValue) FROM bench") ?? -1 },
        writeOne: { db, r in
            try db.cachedStatement(sql: "INSERT INTO bench(intValue, doubleValue, text, blob) VALUES(?, ?, ?, ?)")
                .execute(arguments: [r.intValue, r.doubleValue, r.text, r.blob])
        },
        readOne: { db, id in
            var c = 0
            let cursor = try Row.fetchCursor(db.cachedStatement(sql: "SELECT \(BenchSettings.columns) FROM bench WHERE id = ?"), arguments: [id])
            while let row = try cursor.next() { c += GRDBSetup.readPlain(row).id }
            return c
        }
    ))
}
