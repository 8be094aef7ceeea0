import Foundation

/// A value that can only be touched under its lock, with waiting on that same lock.
///
/// The state is reachable only through `withLock` and `wait(timeout:_:)`, whose closures get it `inout`
/// for the length of one call: nothing reads or writes it without the lock, and no access spans a wait
/// (each attempt is an access of its own), so a thread never holds the state while it sleeps.
final class Guarded<State>: @unchecked Sendable {  // `state` and `waiters` are only touched under `condition`.
    private let condition = NSCondition()
    // Unchecked: the lock already serializes every access, and the runtime check (a thread-local
    // access set per access) costs more than the lock on the hot path.
    @exclusivity(unchecked) private var state: State
    /// Threads sleeping in `wait`: waking is skipped when there are none (the common case).
    @exclusivity(unchecked) private var waiters = 0

    init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with the state, under the lock.
    @inline(__always)
    func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        condition.lock()
        defer { condition.unlock() }
        return try body(&state)
    }

    /// Runs `body` with the state under the lock, then wakes the waiting threads so that they re-check
    /// (for a change one of them may wait for: a handle or the write token given back, a close ended).
    @inline(__always)
    func withLockWakingWaiters<R>(_ body: (inout State) throws -> R) rethrows -> R {
        condition.lock()
        defer {
            if waiters > 0 { condition.broadcast() }
            condition.unlock()
        }
        return try body(&state)
    }

    /// Waits until `attempt` returns a value and returns it: `attempt` runs under the lock, at once and
    /// after each wake-up. Returns nil when `timeout` seconds pass first, unless `keepWaiting` (asked
    /// then, under the lock) says the wait must go on regardless (a blockade lasts until `unblockade()`).
    ///
    /// Waiters re-check on every change instead of being woken one by one: they are few (bounded by the
    /// handles), first come first served by tickets inside `State`, and each check is a few comparisons.
    func wait<R>(timeout: Double?, keepWaiting: (inout State) -> Bool = { _ in false },
                 _ attempt: (inout State) -> R?) -> R? {
        condition.lock()
        defer { condition.unlock() }
        if let result = attempt(&state) { return result }
        defer {
            // Taking a turn changes who is first in line: the others re-check.
            if waiters > 0 { condition.broadcast() }
        }
        var deadline = timeout.map { Date(timeIntervalSinceNow: $0) }
        while true {
            waiters += 1
            let signalled = deadline.map { condition.wait(until: $0) } ?? { condition.wait(); return true }()
            waiters -= 1
            if let result = attempt(&state) { return result }
            if !signalled {
                guard keepWaiting(&state), let timeout else { return nil }
                deadline = Date(timeIntervalSinceNow: timeout)
            }
        }
    }
}
