// Commit latency (`SQLCipherBench commits`): BENCH_N rows inserted one call at a time, each call its own
// transaction (autocommit), every call timed. The WAL fills about once per thousand commits; where its
// checkpoint runs decides the slow calls:
//
// - rawC: a prepared INSERT stepped per row; SQLite's auto-checkpoint runs inside the commit that takes
//   the WAL past 1,000 frames.
// - wcdb: `insert(_:intoTable:)` per row; the checkpoint runs on a background thread (BackgroundCheckpoint).
// - wcdbInline: the same with the auto-checkpoint config removed, so that commits checkpoint inline as in C.
//
// Every sample starts from an empty table in a fresh file. One JSON line per (key, variant) and statistic
// (`commitLatency.p50`, `.p99`, `.p999`, `.max`, `.total`: seconds, one sample per run), and per run the
// number of calls that took 1 ms or more (`slow_calls`) and the file's size at the end (`file_bytes`,
// which tells that checkpoints ran).

import Foundation
import CSQLCipherBench
#if WCDB_BENCH
import WCDBSwift
#endif

enum CommitLatencyBench {
    static let keyModes: [KeyMode] = (ProcessInfo.processInfo.environment["BENCH_COMMIT_KEYS"] ?? "none,rawKey")
        .split(separator: ",").compactMap { KeyMode(rawValue: String($0)) }

    struct Run {
        var latencies: [Double]
        var fileBytes: Int

        func percentile(_ p: Double) -> Double {
            let sorted = latencies.sorted()
            let rank = Int((p * Double(sorted.count)).rounded(.up))
            return sorted[max(0, min(sorted.count - 1, rank - 1))]
        }
    }

    static func fileBytes(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? NSNumber)?.intValue ?? 0
    }

    static func rawC(_ rows: [PlainRow], key: KeyMode) throws -> Run {
        let path = BenchFiles.freshPath()
        defer { BenchFiles.remove(path) }
        let db = try RawDB(path: path, key: key.pragma, extraPragmas: key == .none ? [] : BenchSettings.keyedPragmas)
        let stmt = try db.prepare(RawWorkloads.insertSQL)
        defer { sqlite3_finalize(stmt) }
        var latencies: [Double] = []
        latencies.reserveCapacity(rows.count)
        for row in rows {
            let start = nowNanos()
            try bindAndStep(stmt, row, db)
            latencies.append(Double(nowNanos() - start) / 1e9)
        }
        return Run(latencies: latencies, fileBytes: fileBytes(path))
    }

    #if WCDB_BENCH
    static func wcdb(_ rows: [BenchRow], key: KeyMode, inline: Bool) throws -> Run {
        let path = BenchFiles.freshPath()
        defer { BenchFiles.remove(path) }
        var run = Run(latencies: [], fileBytes: 0)
        do {
            let db = try WCDBWorkloads.open(path, key: key)
            defer { db.close() }
            if inline { db.removeConfig(named: Database.autoCheckpointConfigName) }
            run.latencies.reserveCapacity(rows.count)
            for row in rows {
                let start = nowNanos()
                try db.insert(row, intoTable: BenchSettings.table)
                run.latencies.append(Double(nowNanos() - start) / 1e9)
            }
            // The background checkpoint of the last commits may still run: its work is in the file once
            // the database has closed (the close waits for it).
        }
        run.fileBytes = fileBytes(path)
        return run
    }
    #endif

    static func report(_ workload: String, _ variant: String, _ runs: [Run]) {
        let stats: [(String, (Run) -> Double)] = [
            ("p50", { $0.percentile(0.5) }), ("p99", { $0.percentile(0.99) }), ("p999", { $0.percentile(0.999) }),
            ("max", { $0.latencies.max() ?? .nan }), ("total", { $0.latencies.reduce(0, +) }),
        ]
        for (name, value) in stats {
            Report.result("\(workload).\(name)", variant, Stats(samples: runs.map(value)), extra: [
                ("slow_calls", "[" + runs.map { "\($0.latencies.count { $0 >= 0.001 })" }.joined(separator: ", ") + "]"),
                ("file_bytes", "[" + runs.map { "\($0.fileBytes)" }.joined(separator: ", ") + "]"),
            ])
        }
    }
}

func runCommitLatencyBench() {
    let plain = BenchData.rows(BenchConfig.n)
    #if WCDB_BENCH
    let objects = plain.map(BenchRow.init)
    #endif
    for key in CommitLatencyBench.keyModes {
        let workload = key.prefix + "commitLatency"
        var variants: [(String, () throws -> CommitLatencyBench.Run)] = [("rawC", { try CommitLatencyBench.rawC(plain, key: key) })]
        #if WCDB_BENCH
        variants.append(("wcdb", { try CommitLatencyBench.wcdb(objects, key: key, inline: false) }))
        variants.append(("wcdbInline", { try CommitLatencyBench.wcdb(objects, key: key, inline: true) }))
        #endif
        var runs: [String: [CommitLatencyBench.Run]] = [:]
        do {
            // Variants interleaved run by run, so that a slow stretch of the machine hits each alike.
            for _ in 0..<BenchConfig.runs {
                for (variant, sample) in variants { runs[variant, default: []].append(try sample()) }
            }
        } catch {
            FileHandle.standardError.write("commitLatency \(key): \(error)\n".data(using: .utf8)!)
            continue
        }
        for (variant, _) in variants { CommitLatencyBench.report(workload, variant, runs[variant] ?? []) }
    }
}
