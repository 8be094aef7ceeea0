// Observed queries (`SQLCipherBench observe`, scripts/observation-bench.sh): see ObservationHarness.swift.
#if WCDB_BENCH
import Dispatch
import CSQLCipherBench
import Foundation
import WCDBSwift

enum WCDBObservationBench {
    /// A database with the bench table and `other`, and `count` observations of `other` running.
    static func open(observers count: Int) throws -> (Database, String, [Task<Void, Never>]) {
        let path = BenchFiles.freshPath()
        let db = try WCDBWorkloads.open(path, key: .none)
        try db.create(table: "other", of: BenchRow.self)
        let started = DispatchSemaphore(value: 0)
        let tasks = (0..<count).map { _ in
            Task.detached {
                var first = true
                do {
                    for try await _ in db.observeValue(on: BenchRow.Properties.id.count(), fromTable: "other") where first {
                        first = false
                        started.signal()
                    }
                } catch {}
            }
        }
        waitForFirstElements(started, count)
        return (db, path, tasks)
    }

    static func writes(_ rows: [BenchRow], observers: Int) throws -> Double {
        let (db, path, tasks) = try open(observers: observers)
        defer {
            for task in tasks { task.cancel() }
            db.close()
            BenchFiles.remove(path)
        }
        return try time { for row in rows { try db.insert(row, intoTable: BenchSettings.table) } }
    }

    /// The same inserts in C: a prepared INSERT stepped per row, each its own transaction.
    static func rawWrites(_ rows: [PlainRow]) throws -> Double {
        let path = BenchFiles.freshPath()
        defer { BenchFiles.remove(path) }
        let db = try RawDB(path: path)
        let statement = try db.prepare(RawWorkloads.insertSQL)
        defer { sqlite3_finalize(statement) }
        return try time { for row in rows { try bindAndStep(statement, row, db) } }
    }

    static func latency(_ rows: [BenchRow]) throws -> [Double] {
        let (db, path, _) = try open(observers: 0)
        let probe = LatencyProbe()
        let task = Task.detached {
            do {
                for try await count in db.observeValue(on: BenchRow.Properties.id.count(), fromTable: BenchSettings.table) {
                    probe.received(Int(count.int64Value))
                }
            } catch {}
        }
        defer {
            task.cancel()
            db.close()
            BenchFiles.remove(path)
        }
        _ = probe.wait(forCount: 0)
        var samples: [Double] = []
        for (index, row) in rows.enumerated() {
            let start = nowNanos()
            try db.insert(row, intoTable: BenchSettings.table)
            samples.append(Double(probe.wait(forCount: index + 1) - start) / 1e9)
        }
        return samples
    }
}

func runObservationBench() {
    let plain = BenchData.rows(ObservationBenchConfig.commits)
    let rows = plain.map(BenchRow.init)
    measure("observedWrites", "rawC") { try WCDBObservationBench.rawWrites(plain) }
    for observers in ObservationBenchConfig.observerCounts {
        measure("observedWrites", "wcdb\(observers)") { try WCDBObservationBench.writes(rows, observers: observers) }
    }
    runRegisteredCases()
    let pingRows = Array(rows.prefix(ObservationBenchConfig.rounds))
    do {
        reportLatency("wcdb", try (0..<BenchConfig.runs).map { _ in try WCDBObservationBench.latency(pingRows) })
    } catch {
        Report.failure("observeLatency", "wcdb", error)
    }
}
#endif
