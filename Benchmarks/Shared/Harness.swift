// Shared by Benchmarks/SQLCipherBench and Benchmarks/GRDBBench (each package links this file
// through a symlink in its executable target). Pure Swift + Foundation: no SQLite import here,
// so it compiles unchanged in both processes.
//
// The harness: warm-up, then BENCH_RUNS timed samples, each on a fresh database file in a temp
// dir; median / min / p90 printed as one JSON line per (workload, variant) on stdout. Progress
// goes to stderr.

import Foundation
import CBenchHooks
#if canImport(Glibc)
import Glibc
#endif

// MARK: - Configuration (environment)

enum BenchConfig {
    static let env = ProcessInfo.processInfo.environment
    /// Rows per workload (issue 6: 100,000).
    static let n: Int = Int(env["BENCH_N"] ?? "") ?? 100_000
    /// Timed samples per (workload, variant), after the warm-up.
    static let runs: Int = max(1, Int(env["BENCH_RUNS"] ?? "") ?? 5)
    /// Untimed warm-up samples per (workload, variant).
    static let warmups: Int = max(0, Int(env["BENCH_WARMUP"] ?? "") ?? 1)
    /// `BENCH_HEAP`: the C heap each timed part starts from. `trim` (the default): the free memory at
    /// the heap's top given back first, so every sample first-touches the memory it uses, whichever case
    /// ran before it; `asis`: as the run leaves it (glibc gives the heap's top back after some large
    /// frees and not others, so one sample of a fetch may find 12 MB mapped that the next touches
    /// afresh); `keep`: freed memory is never given back (no sample faults). Read at start-up.
    static let heapMode: String = {
        let mode = env["BENCH_HEAP"] ?? "trim"
        if mode == "keep" { bench_heap_keep() }
        return mode
    }()
    /// Length of one sample of the concurrent workload (6), in seconds.
    static let concurrencySeconds: Double = Double(env["BENCH_CONC_SECONDS"] ?? "") ?? 2.0
    /// Readers in the concurrent workload (6).
    static let readers: Int = 3
    /// Cold-start (7) samples: a single cold start is short, so take more of them.
    static var coldStartRuns: Int { max(runs, 10) }
    /// Optional filter: only (workload, variant) pairs whose "workload/variant" contains one of
    /// these comma-separated substrings run (e.g. BENCH_ONLY=insert,fetchAll).
    static let only: [String] = (env["BENCH_ONLY"] ?? "").split(separator: ",").map(String.init)
    /// Directory for the database files (a fresh sub-directory is made per process).
    static let tmpRoot: String = env["BENCH_TMPDIR"] ?? NSTemporaryDirectory()

    /// BENCH_CALLGRIND=1: wrap each timed part in callgrind start/stop requests (not during
    /// warm-ups, so BENCH_WARMUP=1 keeps first-use costs such as Swift type metadata out).
    static let callgrind: Bool = env["BENCH_CALLGRIND"] == "1"
    static var inWarmup = false

    /// An entry starting with "=" must match "workload/variant" exactly.
    static func selected(_ workload: String, _ variant: String) -> Bool {
        if only.isEmpty { return true }
        let key = "\(workload)/\(variant)"
        return only.contains { $0.hasPrefix("=") ? key == $0.dropFirst() : key.contains($0) }
    }
}

// MARK: - Settings shared by every side (raw C, WCDBSwift, GRDB)

/// One list of connection settings, applied by the raw C baselines and GRDB; WCDBSwift's own
/// defaults must be the same (WAL + synchronous NORMAL) for the ratio to mean anything.
enum BenchSettings {
    static let pragmas: [String] = [
        "PRAGMA journal_mode = WAL",
        "PRAGMA synchronous = NORMAL",
    ]
    static let table = "bench"
    /// Same schema the WCDBSwift model `BenchRow` generates (column names = property names,
    /// index "bench_int" = table name + the model's `@Index("_int")` suffix).
    static let createTable =
        "CREATE TABLE IF NOT EXISTS bench(id INTEGER PRIMARY KEY, intValue INTEGER, doubleValue REAL, text TEXT, blob BLOB)"
    static let createIndex = "CREATE INDEX IF NOT EXISTS bench_int ON bench(intValue)"
    static let columns = "id, intValue, doubleValue, text, blob"

    /// What WCDBSwift sets on a keyed handle (cipher page size, cache cap, temp store; chosen in
    /// NOTES.md), applied by the raw C baseline of workload 8 too, so the keyed ratios compare like
    /// with like. SQLCipher 3's own defaults (1024-byte pages, 2000 KiB cache) are in the tuning runs.
    static let keyedPragmas: [String] = [
        "PRAGMA cipher_page_size = 4096",
        "PRAGMA cache_size = -16384",
        "PRAGMA temp_store = MEMORY",
    ]

    /// 32-byte raw key, 64 hex digits.
    static let rawKeyHex = "2DD29CA851E7B56E4697B0E1F08507293D761A05CE4D1B628663F411A8086D99"
    static let passphrase = "correct horse battery staple"
    /// `PRAGMA key = "x'…'"`: a raw key, no key derivation.
    static let rawKeyPragma = "PRAGMA key = \"x'\(rawKeyHex)'\""
    /// `PRAGMA key = '…'`: a passphrase, PBKDF2 (64,000 iterations in SQLCipher 3) on first use.
    static let passphrasePragma = "PRAGMA key = '\(passphrase)'"
    /// The bytes handed to `sqlite3_key` / WCDBSwift `setCipher(key:)` for the same two keys.
    static let rawKeyBytes = Array("x'\(rawKeyHex)'".utf8)
    static let passphraseBytes = Array(passphrase.utf8)

    /// The value the indexed fetch (3) looks for: `intValue = i % 10`, so 10 % of rows match.
    static let indexedValue = 3
    /// Value written by the one-statement update (4a).
    static let updatedDouble = 2.5
}

/// Which key, if any, a workload runs with (workload 8).
enum KeyMode: String, CaseIterable {
    case none, rawKey, passphrase
    /// Workload-name prefix.
    var prefix: String {
        switch self {
        case .none: return ""
        case .rawKey: return "key."
        case .passphrase: return "pass."
        }
    }
    var pragma: String? {
        switch self {
        case .none: return nil
        case .rawKey: return BenchSettings.rawKeyPragma
        case .passphrase: return BenchSettings.passphrasePragma
        }
    }
}

// MARK: - Data

/// The plain row the raw C baselines read into (the ORM and GRDB sides use their own types
/// with the same fields).
struct PlainRow {
    var id: Int
    var intValue: Int
    var doubleValue: Double
    var text: String
    var blob: Data?
}

enum BenchData {
    /// ~30-character text (heap-allocated in Swift, like real data), a 16-byte blob on even ids,
    /// NULL on odd ids; intValue cycles 0...9.
    static func text(_ i: Int) -> String { "lorem ipsum dolor sit amet #\(i)" }
    static func blob(_ i: Int) -> Data? { i % 2 == 0 ? Data(repeating: UInt8(truncatingIfNeeded: i), count: 16) : nil }

    static func rows(_ n: Int) -> [PlainRow] {
        (0..<n).map { i in
            PlainRow(id: i + 1, intValue: i % 10, doubleValue: Double(i) * 0.5, text: text(i), blob: blob(i))
        }
    }

    /// `rows` again under the next `rows.count` keys (workload 4g inserts them after the prefill).
    static func moreRows(_ rows: [PlainRow]) -> [PlainRow] {
        rows.map { r in PlainRow(id: r.id + rows.count, intValue: r.intValue, doubleValue: r.doubleValue, text: r.text, blob: r.blob) }
    }
}

// MARK: - Sanity checks and sink

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

/// Results are folded in here so the optimizer cannot drop the work.
var benchSink: Int = 0
@inline(never) func consume(_ x: Int) { benchSink &+= x }

func expect(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw BenchError("sanity check failed: \(message())") }
}

// MARK: - Timing

@inline(__always) func nowNanos() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

@inline(__always) func threadCPUNanos() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// CPU time (user + system) of the calling thread during the last `time { }`, in seconds. On a
/// machine shared with other work it is far steadier than wall time (it does not count time
/// spent waiting for a core), though it leaves out time blocked on I/O (fsync) and other
/// threads' work; the report prints both.
var lastCPUSeconds: Double = .nan

/// Minor page faults of the calling thread during the last `time { }`: first touches of memory the
/// process had not used yet (or had given back), the usual suspect when one run of a fetch is slower.
var lastMinorFaults: Double = .nan

@inline(__always) func threadMinorFaults() -> Int {
    var usage = rusage()
    getrusage(__rusage_who_t(1), &usage)  // RUSAGE_THREAD, which Glibc does not import
    return usage.ru_minflt
}

/// Runs `body` and returns its wall time in seconds (and sets `lastCPUSeconds`).
@inline(__always) func time(_ body: () throws -> Void) rethrows -> Double {
    let instrument = BenchConfig.callgrind && !BenchConfig.inWarmup
    if BenchConfig.heapMode == "trim" { bench_heap_trim() }
    if instrument { bench_callgrind_start() }
    let f0 = threadMinorFaults()
    let c0 = threadCPUNanos()
    let t0 = nowNanos()
    try body()
    let t1 = nowNanos()
    if instrument { bench_callgrind_stop() }
    lastCPUSeconds = Double(threadCPUNanos() - c0) / 1e9
    lastMinorFaults = Double(threadMinorFaults() - f0)
    return Double(t1 - t0) / 1e9
}

// MARK: - Fresh database files

enum BenchFiles {
    static let dir: String = {
        let d = (BenchConfig.tmpRoot as NSString).appendingPathComponent("wcdb-bench-\(getpid())")
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }()
    private static var counter = 0
    private static let lock = NSLock()

    /// A path no file exists at yet.
    static func freshPath() -> String {
        lock.lock(); defer { lock.unlock() }
        counter += 1
        let p = (dir as NSString).appendingPathComponent("db\(counter).sqlite")
        remove(p)
        return p
    }

    /// Removes the database and its WAL / shm / journal side files.
    static func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    }

    static func removeAll() { try? FileManager.default.removeItem(atPath: dir) }
}

// MARK: - Results

struct Stats {
    let samples: [Double]
    var sorted: [Double] { samples.sorted() }
    var median: Double {
        let s = sorted
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
    var min: Double { sorted.first ?? .nan }
    var max: Double { sorted.last ?? .nan }
    /// Nearest-rank 90th percentile.
    var p90: Double {
        let s = sorted
        let rank = Int((0.9 * Double(s.count)).rounded(.up))
        return s[Swift.max(0, Swift.min(s.count - 1, rank - 1))]
    }
}

enum Report {
    /// Engine name for every line this process prints ("sqlcipher" or "system-sqlite").
    static var engine = "?"

    static func jsonString(_ s: String) -> String {
        var out = "\""
        for c in s.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(c)
            }
        }
        return out + "\""
    }

    static func num(_ d: Double) -> String { d.isFinite ? String(format: "%.9g", d) : "null" }

    static func emit(_ fields: [(String, String)]) {
        let body = fields.map { "\(jsonString($0.0)): \($0.1)" }.joined(separator: ", ")
        print("{\(body)}")
        fflush(stdout)
    }

    static func meta(_ extra: [(String, String)]) {
        emit([("meta", "true"), ("engine", jsonString(engine)), ("n", "\(BenchConfig.n)"),
              ("runs", "\(BenchConfig.runs)"), ("warmups", "\(BenchConfig.warmups)"), ("heap", jsonString(BenchConfig.heapMode))] + extra)
    }

    /// unit "s" (lower is better) or "ops/s" (higher is better).
    static func result(_ workload: String, _ variant: String, _ stats: Stats, unit: String = "s",
                       extra: [(String, String)] = []) {
        emit([("engine", jsonString(engine)), ("workload", jsonString(workload)), ("variant", jsonString(variant)),
              ("unit", jsonString(unit)), ("median", num(stats.median)), ("min", num(stats.min)),
              ("p90", num(stats.p90)), ("max", num(stats.max)),
              ("samples", "[" + stats.samples.map(num).joined(separator: ", ") + "]"),
              ("n", "\(BenchConfig.n)")] + extra)
        let m = stats.median
        var shown = unit == "s" ? String(format: "%.4f s", m) : String(format: "%.0f ops/s", m)
        if let cpu = extra.first(where: { $0.0 == "cpu_median" }) { shown += " (cpu \(cpu.1) s)" }
        FileHandle.standardError.write("  \(workload) / \(variant): median \(shown)\n".data(using: .utf8)!)
    }

    static func failure(_ workload: String, _ variant: String, _ error: Error) {
        emit([("engine", jsonString(engine)), ("workload", jsonString(workload)), ("variant", jsonString(variant)),
              ("error", jsonString("\(error)"))])
        FileHandle.standardError.write("  \(workload) / \(variant): FAILED: \(error)\n".data(using: .utf8)!)
    }
}

// MARK: - Measuring

/// One (workload group, variant) to measure. `sample` runs one full sample (setup on a fresh
/// file, the timed part, teardown) and returns one value per output.
struct BenchCase {
    let group: String
    let variant: String
    /// (workload name, unit) of each value `sample` returns.
    let outputs: [(String, String)]
    let runs: Int
    let warmups: Int
    let extra: [(String, String)]
    let sample: () throws -> [Double]
}

/// Cases are registered first (by the suites) and run by `runRegisteredCases()`, so that the
/// variants of one workload are measured interleaved: warm-ups for each, then sample 1 of every
/// variant, sample 2 of every variant, ... A burst of load from elsewhere on the machine then
/// hits all variants alike instead of skewing one column.
var registeredCases: [BenchCase] = []

/// Registers one workload for one variant: `sample` does a full sample and returns the timed
/// seconds (measured with `time { }`, which also records CPU time). Warm-ups are discarded.
func measure(_ workload: String, _ variant: String, runs: Int = BenchConfig.runs,
             extra: [(String, String)] = [], _ sample: @escaping () throws -> Double) {
    guard BenchConfig.selected(workload, variant) else { return }
    // "key.insert" and "pass.insert" are measured together with "insert" (keyed vs unkeyed).
    let group = workload.split(separator: ".").last.map(String.init) ?? workload
    registeredCases.append(BenchCase(group: group, variant: variant, outputs: [(workload, "s")], runs: runs,
                                     warmups: BenchConfig.warmups, extra: extra,
                                     sample: { lastCPUSeconds = .nan; lastMinorFaults = .nan
                                                 let t = try sample(); return [t, lastCPUSeconds, lastMinorFaults] }))
}

/// Registers workload 6 for one variant: `sample` returns (writer ops/s, readers ops/s).
func measureConcurrent(_ variant: String, _ sample: @escaping () throws -> (writer: Double, readers: Double)) {
    let wName = "concWriter", rName = "concReaders"
    guard BenchConfig.selected(wName, variant) || BenchConfig.selected(rName, variant) else { return }
    let extra = [("seconds", Report.num(BenchConfig.concurrencySeconds)), ("readers", "\(BenchConfig.readers)")]
    // No warm-up beyond the first moments of each sample: each sample is seconds long.
    registeredCases.append(BenchCase(group: "concurrent", variant: variant,
                                     outputs: [(wName, "ops/s"), (rName, "ops/s")], runs: BenchConfig.runs,
                                     warmups: 0, extra: extra, sample: { let s = try sample(); return [s.writer, s.readers] }))
}

/// Runs every registered case, grouped by workload in registration order, variants interleaved.
func runRegisteredCases() {
    var groups: [String] = []
    for c in registeredCases where !groups.contains(c.group) { groups.append(c.group) }
    for g in groups {
        let cases = registeredCases.filter { $0.group == g }
        var values = [[[Double]]](repeating: [], count: cases.count)  // [case][sample][output]
        var failed = [Error?](repeating: nil, count: cases.count)
        func take(_ i: Int, keep: Bool) {
            guard failed[i] == nil else { return }
            do {
                let v = try cases[i].sample()
                if keep { values[i].append(v) }
            } catch {
                failed[i] = error
            }
        }
        BenchConfig.inWarmup = true
        for i in cases.indices { for _ in 0..<cases[i].warmups { take(i, keep: false) } }
        BenchConfig.inWarmup = false
        for r in 0..<(cases.map(\.runs).max() ?? 0) {
            for i in cases.indices where r < cases[i].runs { take(i, keep: true) }
        }
        for (i, c) in cases.enumerated() {
            if let e = failed[i] {
                Report.failure(c.outputs[0].0, c.variant, e)
                continue
            }
            for (k, (workload, unit)) in c.outputs.enumerated() {
                let stats = Stats(samples: values[i].map { $0[k] })
                var extra = c.extra
                if unit == "s", values[i].allSatisfy({ $0.count > 1 && $0[1].isFinite }) {
                    let cpu = Stats(samples: values[i].map { $0[1] })
                    extra += [("cpu_median", Report.num(cpu.median)), ("cpu_min", Report.num(cpu.min)),
                              ("cpu_samples", "[" + cpu.samples.map(Report.num).joined(separator: ", ") + "]")]
                }
                if unit == "s", values[i].allSatisfy({ $0.count > 2 && $0[2].isFinite }) {
                    // In sample order, beside `samples`: which runs touched fresh memory.
                    extra += [("minor_faults", "[" + values[i].map { String(Int($0[2])) }.joined(separator: ", ") + "]")]
                }
                Report.result(workload, c.variant, stats, unit: unit, extra: extra)
            }
        }
    }
    registeredCases.removeAll()
}

/// State the concurrent workload's threads share, behind a lock.
final class ConcurrentShared {
    let lock = NSLock()
    var counts: [Int]
    var elapsed: [Double]
    var firstError: Error?
    init(_ n: Int) { counts = .init(repeating: 0, count: n); elapsed = .init(repeating: 0, count: n) }
    func fail(_ e: Error) { lock.lock(); if firstError == nil { firstError = e }; lock.unlock() }
    func record(_ t: Int, _ ops: Int, _ secs: Double) { lock.lock(); counts[t] = ops; elapsed[t] = secs; lock.unlock() }
}

/// A worker of the concurrent workload: `op` is one operation on the thread's own connection,
/// `close` runs on the same thread afterwards.
struct Worker {
    let op: () throws -> Void
    let close: () -> Void
}

/// Workload 6: one writer and `BenchConfig.readers` readers, each on its own thread (and its
/// own connection, made by `make` on that thread), all started together and stopped after
/// `seconds`. Returns operations per second of the writer and of all readers together.
func runConcurrent(seconds: Double, makeWriter: @escaping () throws -> Worker,
                   makeReader: @escaping (Int) throws -> Worker) throws -> (writer: Double, readers: Double) {
    let threads = 1 + BenchConfig.readers
    let ready = DispatchSemaphore(value: 0)
    let go = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    let shared = ConcurrentShared(threads)
    final class Box { var deadline: UInt64 = 0 }
    let box = Box()  // written before `go` is signalled, read after: the semaphore orders it

    for t in 0..<threads {
        done.enter()
        let thread = Thread {
            defer { done.leave() }
            var worker: Worker?
            do { worker = try (t == 0 ? makeWriter() : makeReader(t)) } catch { shared.fail(error) }
            ready.signal()
            go.wait()
            guard let w = worker else { return }
            let start = nowNanos()
            var ops = 0
            do {
                while nowNanos() < box.deadline {
                    try w.op()
                    ops += 1
                }
            } catch {
                shared.fail(error)
            }
            let secs = Double(nowNanos() - start) / 1e9
            w.close()
            shared.record(t, ops, secs)
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
    for _ in 0..<threads { ready.wait() }
    box.deadline = nowNanos() + UInt64(seconds * 1e9)
    for _ in 0..<threads { go.signal() }
    done.wait()
    if let e = shared.firstError { throw e }
    let writer = Double(shared.counts[0]) / shared.elapsed[0]
    var readers = 0.0
    for t in 1..<threads { readers += Double(shared.counts[t]) / shared.elapsed[t] }
    return (writer, readers)
}

/// Tiny deterministic PRNG for the readers' random ids.
struct XorShift {
    var state: UInt64
    init(seed: UInt64) { state = seed == 0 ? 0x9E3779B97F4A7C15 : seed }
    mutating func next() -> UInt64 {
        state ^= state << 13; state ^= state >> 7; state ^= state << 17
        return state
    }
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }
}
