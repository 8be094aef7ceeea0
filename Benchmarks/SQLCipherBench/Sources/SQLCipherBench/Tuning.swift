// `SQLCipherBench tuning`: the measurements behind Benchmarks/NOTES.md. The raw C workloads
// that write (insert, update in one statement, update row by row in one transaction, and
// "updateEach": one autocommit UPDATE per row over N/10 rows; "updateRandom": row by row in one
// transaction in a shuffled id order) and fetch all, keyed with the raw
// key and unkeyed, under several page size / cache size / temp store settings.
// BENCH_TUNING=name1,name2 runs only those settings.

import Foundation
import CSQLCipherBench

struct TuningSetting {
    let name: String
    let key: KeyMode
    let pragmas: [String]
}

let tuningSettings: [TuningSetting] = {
    let big = "PRAGMA cache_size = -65536"       // 64 MiB
    let mid = "PRAGMA cache_size = -16384"       // 16 MiB
    let mem = "PRAGMA temp_store = MEMORY"
    let c4k = "PRAGMA cipher_page_size = 4096"
    let c1k = "PRAGMA cipher_page_size = 1024"
    let p1k = "PRAGMA page_size = 1024"
    let p4k = "PRAGMA page_size = 4096"
    let noCkpt = "PRAGMA wal_autocheckpoint = 0"
    // Debian's SQLCipher is built with SECURE_DELETE: every freed cell is overwritten with zeros.
    let noSecureDelete = "PRAGMA secure_delete = OFF"
    return [
        // Unkeyed: SQLite 3.15's default page is 4096 bytes, default cache 2000 KiB.
        TuningSetting(name: "plain default: page 4096 cache 2MB", key: .none, pragmas: []),
        TuningSetting(name: "plain page 1024", key: .none, pragmas: [p1k]),
        TuningSetting(name: "plain page 4096 cache 64MB", key: .none, pragmas: [p4k, big]),
        TuningSetting(name: "plain secure_delete OFF", key: .none, pragmas: [noSecureDelete]),
        TuningSetting(name: "plain cache 16MB temp MEMORY", key: .none, pragmas: [mid, mem]),
        // Keyed: SQLCipher 3's default cipher page is 1024 bytes.
        TuningSetting(name: "key default: cipher page 1024 cache 2MB", key: .rawKey, pragmas: [c1k]),
        TuningSetting(name: "key cipher page 1024 temp MEMORY", key: .rawKey, pragmas: [c1k, mem]),
        TuningSetting(name: "key cipher page 1024 cache 16MB", key: .rawKey, pragmas: [c1k, mid]),
        TuningSetting(name: "key cipher page 1024 cache 64MB", key: .rawKey, pragmas: [c1k, big]),
        TuningSetting(name: "key cipher page 1024 no autocheckpoint", key: .rawKey, pragmas: [c1k, noCkpt]),
        TuningSetting(name: "key cipher page 4096", key: .rawKey, pragmas: [c4k]),
        TuningSetting(name: "key cipher page 4096 cache 16MB", key: .rawKey, pragmas: [c4k, mid]),
        TuningSetting(name: "key cipher page 4096 cache 64MB", key: .rawKey, pragmas: [c4k, big]),
        TuningSetting(name: "key cipher page 4096 cache 16MB temp MEMORY", key: .rawKey, pragmas: [c4k, mid, mem]),
        TuningSetting(name: "key cipher page 4096 cache 16MB temp MEMORY secure_delete OFF", key: .rawKey, pragmas: [c4k, mid, mem, noSecureDelete]),
    ]
}()

func runTuning() {
    let only = (BenchConfig.env["BENCH_TUNING"] ?? "").split(separator: ",").map(String.init)
    for s in tuningSettings where only.isEmpty || only.contains(where: { s.name.contains($0) }) {
        FileHandle.standardError.write("tuning: \(s.name)\n".data(using: .utf8)!)
        runRawSuite(keyModes: [s.key], variant: "tuning: \(s.name)", extraPragmas: s.pragmas,
                    workloads: ["insert", "fetchAll", "updateAll", "updateRowByRow", "updateEach", "updateRandom"])
    }
}

// MARK: - Page counts

/// `SQLCipherBench pages`: for each tuning setting, one sample per workload with the page
/// cache counters of the connection (sqlite3_db_status CACHE_HIT / CACHE_MISS / CACHE_WRITE,
/// reset just before the timed part). With a key, every miss is a page read + decrypt + HMAC
/// check and every write a page encrypt + HMAC, so these counts explain the keyed timings.
func runPageCounts() {
    let only = (BenchConfig.env["BENCH_TUNING"] ?? "").split(separator: ",").map(String.init)
    let n = BenchConfig.n
    let rows = BenchData.rows(n)
    var rng = XorShift(seed: 42)
    var shuffled = rows
    for i in stride(from: shuffled.count - 1, to: 0, by: -1) { shuffled.swapAt(i, rng.int(in: 0...i)) }
    let ops: [(String, (RawDB) throws -> Void)] = [
        ("updateRandom", { try RawWorkloads.updateRowByRow($0, shuffled) }),
        ("updateRowByRow", { try RawWorkloads.updateRowByRow($0, rows) }),
        ("updateAll", { try RawWorkloads.updateAll($0) }),
        ("fetchAll", { consume(try RawWorkloads.fetchAll($0).count) }),
        ("fetchIndexed", { consume(try RawWorkloads.fetchIndexed($0).count) }),
        ("updateEach", { try RawWorkloads.updateEachAutocommit($0, rows[0..<max(1, n / 10)]) }),
    ]
    func status(_ db: RawDB, _ op: Int32) -> Int {
        var cur: Int32 = 0, hi: Int32 = 0
        sqlite3_db_status(db.db, op, &cur, &hi, 1)
        return Int(cur)
    }
    for s in tuningSettings where only.isEmpty || only.contains(where: { s.name.contains($0) }) {
        for (name, op) in ops {
            var walls: [Double] = [], cpus: [Double] = []
            var counts = (hit: 0, miss: 0, write: 0, pageSize: 0, walBytes: 0)
            do {
                for _ in 0..<BenchConfig.runs {
                    let path = BenchFiles.freshPath()
                    defer { BenchFiles.remove(path) }
                    let db = try RawDB(path: path, key: s.key.pragma, extraPragmas: s.pragmas)
                    try RawWorkloads.insert(db, rows)
                    for o in [SQLITE_DBSTATUS_CACHE_HIT, SQLITE_DBSTATUS_CACHE_MISS, SQLITE_DBSTATUS_CACHE_WRITE] {
                        _ = status(db, o)
                    }
                    walls.append(try time { try op(db) })
                    cpus.append(lastCPUSeconds)
                    counts.hit = status(db, SQLITE_DBSTATUS_CACHE_HIT)
                    counts.miss = status(db, SQLITE_DBSTATUS_CACHE_MISS)
                    counts.write = status(db, SQLITE_DBSTATUS_CACHE_WRITE)
                    counts.pageSize = try db.int("PRAGMA page_size")
                    let attrs = try? FileManager.default.attributesOfItem(atPath: path + "-wal")
                    counts.walBytes = (attrs?[.size] as? NSNumber)?.intValue ?? 0
                }
            } catch {
                Report.failure("pages." + name, s.name, error)
                continue
            }
            Report.result("pages." + name, "tuning: " + s.name, Stats(samples: walls), extra: [
                ("cpu_median", Report.num(Stats(samples: cpus).median)),
                ("cache_hit", "\(counts.hit)"), ("cache_miss", "\(counts.miss)"), ("cache_write", "\(counts.write)"),
                ("page_size", "\(counts.pageSize)"), ("wal_bytes_after", "\(counts.walBytes)"),
            ])
        }
    }
}
