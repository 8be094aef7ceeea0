/// The SQL a handle ran since an operation began, and when it began: what the performance tracer
/// (`Database.trace(performance:)`) receives when the operation ends. One per handle; the operation that
/// holds the handle opens it and closes it, and the handle's SQL trace counts into it in between.
struct PerformanceWindow {
    /// How many times each SQL ran since `open()`.
    private var sqls: [String: Int] = [:]
    private var start: UInt64 = 0

    /// Starts counting: forgets what an earlier operation ran and notes the time.
    mutating func open() {
        sqls.removeAll(keepingCapacity: true)
        start = monotonicNanoseconds()
    }

    /// Counts one run of `sql`.
    mutating func count(_ sql: String) { sqls[sql, default: 0] += 1 }

    /// What ran since `open()` and how long ago that was; the window is empty after.
    mutating func close() -> (sqls: [String: Int], nanoseconds: UInt64) {
        defer { sqls.removeAll(keepingCapacity: true) }
        return (sqls, monotonicNanoseconds() &- start)
    }
}
