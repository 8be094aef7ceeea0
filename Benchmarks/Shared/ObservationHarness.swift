// Shared by the observed-query benchmarks of SQLCipherBench (WCDBSwift) and GRDBBench (GRDB's
// ValueObservation): the same writes and the same ping-pong, each side with its own API.
//
// - observedWrites: BENCH_OBSERVE_N rows inserted one call (one transaction) at a time, with 0, 1 and 100
//   observations of another table running; seconds for all of them.
// - observeLatency: one observation of `SELECT count(*)` of the written table; a row is inserted, then the
//   writer waits for the element that counts it, BENCH_OBSERVE_ROUNDS times; each sample is the time from
//   the start of the insert call to the element's arrival in the observing Task (p50, p99).
import Foundation

enum ObservationBenchConfig {
    static let commits = Int(ProcessInfo.processInfo.environment["BENCH_OBSERVE_N"] ?? "") ?? 5_000
    static let rounds = Int(ProcessInfo.processInfo.environment["BENCH_OBSERVE_ROUNDS"] ?? "") ?? 1_000
    static let observerCounts = [0, 1, 100]
}

/// What the observing Task reports to the writer: the last element's count and when it came.
final class LatencyProbe: @unchecked Sendable {  // `count` and `arrival` are only touched under `lock`.
    private let lock = NSLock()
    private let arrived = DispatchSemaphore(value: 0)
    private var count = -1
    private var arrival: UInt64 = 0

    func received(_ value: Int) {
        lock.lock()
        count = value
        arrival = nowNanos()
        lock.unlock()
        arrived.signal()
    }

    /// Waits for an element counting at least `expected`; returns its arrival time.
    func wait(forCount expected: Int) -> UInt64 {
        while true {
            arrived.wait()
            lock.lock()
            defer { lock.unlock() }
            if count >= expected { return arrival }
        }
    }
}

/// Waits for `count` signals of `semaphore` (each observation's first element).
func waitForFirstElements(_ semaphore: DispatchSemaphore, _ count: Int) {
    for _ in 0..<count { semaphore.wait() }
}

/// Reports the latency samples of all runs as p50 and p99 (seconds, one sample per run).
func reportLatency(_ variant: String, _ runs: [[Double]]) {
    func percentile(_ samples: [Double], _ p: Double) -> Double {
        let sorted = samples.sorted()
        return sorted[max(0, min(sorted.count - 1, Int((p * Double(sorted.count)).rounded(.up)) - 1))]
    }
    for (name, p) in [("p50", 0.5), ("p99", 0.99)] {
        Report.result("observeLatency.\(name)", variant, Stats(samples: runs.map { percentile($0, p) }))
    }
}
