import Foundation

/// What a waiting thread waits for, so that a change wakes only a thread it may let through.
enum WaitReason {
    /// A free handle. Waiters are served first come, first served (by ticket), so the first of them is the
    /// only one a returned handle can let through.
    case handle
    /// The write token, first come, first served in the same way.
    case writeToken
    /// A top-level writer's turn (`WriterSlots`), first come, first served in the same way.
    case writerSlot
    /// Anything else: a close or blockade to end, running operations to finish before a close, a
    /// Transaction object to go idle. Rare, so these waiters re-check at every change.
    case anyChange
}

/// Which waiters a change may let through: the first waiter of each reason named here (and every
/// `.anyChange` waiter) re-checks.
struct Wake: OptionSet {
    let rawValue: UInt8
    /// A handle came back, was discarded, or the line for one moved.
    static let handle = Wake(rawValue: 1)
    /// The write token came back, or the line for it moved.
    static let writeToken = Wake(rawValue: 2)
    /// A writer's turn came back, or the line for one moved.
    static let writerSlot = Wake(rawValue: 4)
    /// Only the `.anyChange` waiters.
    static let others: Wake = []
}

/// A value that can only be touched under its lock, with waiting on that same lock.
///
/// The state is reachable only through `withLock` and `wait(for:…)`, whose closures get it `inout` for
/// the length of one call: nothing reads or writes it without the lock, and no access spans a wait (each
/// attempt is an access of its own), so a thread never holds the state while it sleeps.
///
/// Each waiting thread sleeps on a condition of its own, in one first-come-first-served line. A change
/// wakes the first waiter of each reason it names (one thread, not all of them); a waiter that gets
/// through wakes the next of its reason (more may be free), and one that gives up passes its wake-up on,
/// so no wake-up is lost.
final class Guarded<State>: @unchecked Sendable {  // `state` and `line` are only touched while `mutex` is held.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    // Unchecked: the lock already serializes every access, and the runtime check (a thread-local
    // access set per access) costs more than the lock on the hot path.
    @exclusivity(unchecked) private var state: State
    /// The sleeping threads, in the order they are served.
    @exclusivity(unchecked) private var line: [Waiter] = []

    init(_ state: State) {
        self.state = state
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the state, under the lock.
    @inline(__always)
    func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }

    /// Runs `body` with the state under the lock, then wakes the first waiter of each reason in `wake`
    /// (and the `.anyChange` waiters), which re-check.
    @inline(__always)
    func withLock<R>(waking wake: Wake, _ body: (inout State) throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer {
            if !line.isEmpty { signal(wake) }
            pthread_mutex_unlock(mutex)
        }
        return try body(&state)
    }

    /// Waits until `attempt` returns a value and returns it: `attempt` runs under the lock, at once and
    /// after each wake-up. Returns nil when `timeout` seconds pass first, unless `keepWaiting` (asked
    /// then, under the lock) says the wait must go on regardless (a blockade lasts until `unblockade()`).
    /// `first`: this thread goes ahead of the line (a closing thread that holds the others back).
    ///
    /// A waiter served by ticket must take its ticket in its first attempt: that attempt runs under the
    /// same lock that puts the thread in the line, so the line's order is the tickets' order and the
    /// first waiter of a reason is the one whose turn it is.
    func wait<R>(for reason: WaitReason, first: Bool = false, timeout: Double?,
                 cancellation: Handle.CancellationSignal? = nil,
                 keepWaiting: (inout State) -> Bool = { _ in false }, _ attempt: (inout State) -> R?) -> R? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if let result = attempt(&state) { return result }
        let waiter = Waiter(reason: reason)
        if first { line.insert(waiter, at: 0) } else { line.append(waiter) }
        // A cancelled signal wakes this thread, which then gives up its place (nil, as a timeout).
        let wakeUp = cancellation.map { $0.whenCancelled(WakeUp(guarded: self, waiter: waiter).call) }
        defer { if let wakeUp { cancellation?.forget(wakeUp) } }
        var deadline = timeout.map { Waiter.deadline(after: $0) }
        while true {
            if cancellation?.isCancelled == true {
                leave(waiter)
                signalFirst(of: reason)
                return nil
            }
            let timedOut = waiter.sleep(on: mutex, until: deadline)
            if let result = attempt(&state) {
                leave(waiter)
                // What let this thread through may let the next one through too.
                signalFirst(of: reason)
                return result
            }
            if timedOut {
                guard keepWaiting(&state), let timeout else {
                    leave(waiter)
                    signalFirst(of: reason)  // a wake-up meant for this thread is not lost
                    return nil
                }
                deadline = Waiter.deadline(after: timeout)
            }
        }
    }

    /// Under the lock.
    private func signal(_ wake: Wake) {
        if wake.contains(.handle) { signalFirst(of: .handle) }
        if wake.contains(.writeToken) { signalFirst(of: .writeToken) }
        if wake.contains(.writerSlot) { signalFirst(of: .writerSlot) }
        for waiter in line where waiter.reason == .anyChange { waiter.signal() }
    }

    /// Under the lock.
    private func signalFirst(of reason: WaitReason) {
        guard reason != .anyChange else { return }
        line.first { $0.reason == reason }?.signal()
    }

    /// Under the lock.
    private func leave(_ waiter: Waiter) {
        if let index = line.firstIndex(where: { $0 === waiter }) { line.remove(at: index) }
    }
}

/// Wakes one waiter from another thread (a cancelled signal). Holds the guard, so its mutex outlives
/// a wake-up that comes late.
private final class WakeUp<State>: @unchecked Sendable {  // `waiter` is only signalled under `guarded`'s mutex.
    let guarded: Guarded<State>
    let waiter: Waiter

    init(guarded: Guarded<State>, waiter: Waiter) {
        self.guarded = guarded
        self.waiter = waiter
    }

    func call() { guarded.signal(waiter) }
}

extension Guarded {
    /// Wakes `waiter` (it re-checks, and leaves when its work was cancelled).
    fileprivate func signal(_ waiter: Waiter) {
        pthread_mutex_lock(mutex)
        waiter.signal()
        pthread_mutex_unlock(mutex)
    }
}

/// One sleeping thread: a condition of its own on the guard's mutex.
private final class Waiter {
    let reason: WaitReason
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    init(reason: WaitReason) {
        self.reason = reason
        condition = .allocate(capacity: 1)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        // Deadlines on the monotonic clock: a change of the wall clock neither ends nor stretches a wait.
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
    }

    static func deadline(after seconds: Double) -> timespec {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let whole = seconds.rounded(.down)
        var nanoseconds = Int(now.tv_nsec) + Int((seconds - whole) * 1e9)
        var secondsPart = Int(now.tv_sec) + Int(min(whole, 1e9))
        if nanoseconds >= 1_000_000_000 {
            nanoseconds -= 1_000_000_000
            secondsPart += 1
        }
        return timespec(tv_sec: secondsPart, tv_nsec: nanoseconds)
    }

    /// Sleeps (releasing `mutex`) until signalled, a spurious wake-up, or `deadline`; true when the
    /// deadline passed.
    func sleep(on mutex: UnsafeMutablePointer<pthread_mutex_t>, until deadline: timespec?) -> Bool {
        guard var deadline else {
            pthread_cond_wait(condition, mutex)
            return false
        }
        return pthread_cond_timedwait(condition, mutex, &deadline) == ETIMEDOUT
    }

    func signal() { pthread_cond_signal(condition) }
}
