// Observed queries with GRDB's ValueObservation (`GRDBBench observe`, scripts/observation-bench.sh), on a
// DatabasePool (WAL), GRDB's way to read while writing: see ObservationHarness.swift.
import Dispatch
import Foundation
import GRDB

enum GRDBObservationBench {
    static func count(_ table: String) -> ValueObservation<ValueReducers.Fetch<Int>> {
        ValueObservation.tracking { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? 0 }
    }

    /// A pool with the bench table and `other`, and `count` observations of `other` running.
    static func open(observers count: Int) throws -> (DatabasePool, String, [Task<Void, Never>]) {
        let path = BenchFiles.freshPath()
        let pool = try DatabasePool(path: path, configuration: GRDBSetup.configuration())
        try pool.write { db in
            try db.execute(sql: BenchSettings.createTable)
            try db.execute(sql: BenchSettings.createTable.replacingOccurrences(of: "bench", with: "other"))
        }
        let started = DispatchSemaphore(value: 0)
        let tasks = (0..<count).map { _ in
            Task.detached {
                var first = true
                do {
                    for try await _ in Self.count("other").values(in: pool) where first {
                        first = false
                        started.signal()
                    }
                } catch {}
            }
        }
        waitForFirstElements(started, count)
        return (pool, path, tasks)
    }

    static func writes(_ rows: [PlainRow], observers: Int) throws -> Double {
        let (pool, path, tasks) = try open(observers: observers)
        defer {
            for task in tasks { task.cancel() }
            try? pool.close()
            BenchFiles.remove(path)
        }
        return try time { for row in rows { try pool.write { db in try RecordRow(row).insert(db) } } }
    }

    static func latency(_ rows: [PlainRow]) throws -> [Double] {
        let (pool, path, _) = try open(observers: 0)
        let probe = LatencyProbe()
        let task = Task.detached {
            do {
                for try await count in Self.count(BenchSettings.table).values(in: pool) { probe.received(count) }
            } catch {}
        }
        defer {
            task.cancel()
            try? pool.close()
            BenchFiles.remove(path)
        }
        _ = probe.wait(forCount: 0)
        var samples: [Double] = []
        for (index, row) in rows.enumerated() {
            let start = nowNanos()
            try pool.write { db in try RecordRow(row).insert(db) }
            samples.append(Double(probe.wait(forCount: index + 1) - start) / 1e9)
        }
        return samples
    }
}

func runObservationBench() {
    let rows = BenchData.rows(ObservationBenchConfig.commits)
    for observers in ObservationBenchConfig.observerCounts {
        measure("observedWrites", "grdb\(observers)") { try GRDBObservationBench.writes(rows, observers: observers) }
    }
    runRegisteredCases()
    let pingRows = Array(rows.prefix(ObservationBenchConfig.rounds))
    do {
        reportLatency("grdb", try (0..<BenchConfig.runs).map { _ in try GRDBObservationBench.latency(pingRows) })
    } catch {
        Report.failure("observeLatency", "grdb", error)
    }
}
