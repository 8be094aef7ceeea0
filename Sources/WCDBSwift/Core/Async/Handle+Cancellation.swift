import Foundation
import CSQLCipher
import Synchronization

extension Handle {
    /// Cancels the statements of the handles it is attached to (WCDB 2.x): after `cancel()`, the running
    /// statement stops within a few dozen VM steps, and the next statement the handle prepares or `exec`s
    /// does not start; both throw a `WCDBError` with `SQLITE_INTERRUPT` (9). A `ROLLBACK` (of a transaction
    /// or savepoint that the runtime ends after the error) still runs. Any thread may cancel.
    ///
    /// The `async` forms cancel this way when their `Task` is cancelled, and throw `CancellationError`
    /// instead (see <doc:TransactionsAndThreads>).
    public final class CancellationSignal: Sendable {
        private let cancelled = Atomic<Bool>(false)
        /// Whether the `SQLITE_INTERRUPT` it causes stays away from the error tracers: true for the signal
        /// of an `async` form, whose cancellation is thrown as `CancellationError`, not as an error.
        let interruptsQuietly: Bool

        /// A signal not yet cancelled; attach it with `attach(cancellationSignal:)`.
        public init() { interruptsQuietly = false }

        /// A signal whose interruptions are not reported to the error tracers (a Task's cancellation).
        init(interruptsQuietly: Bool) { self.interruptsQuietly = interruptsQuietly }

        /// What `cancel()` also wakes: threads waiting in the pool for work this signal governs.
        private let wakeUps = Mutex<(next: Int, calls: [Int: @Sendable () -> Void])>((0, [:]))

        /// Stops the statements of every handle this signal is attached to, and wakes a wait in the pool
        /// for the work it governs (which then throws `CancellationError`).
        public func cancel() {
            cancelled.store(true, ordering: .relaxed)
            // Called outside the signal's lock: a wake-up takes the pool's lock, and the pool registers
            // wake-ups while holding it.
            let calls = wakeUps.withLock { state in
                defer { state.calls.removeAll() }
                return Array(state.calls.values)
            }
            for call in calls { call() }
        }

        /// Registers `wakeUp` for `cancel()`; the number to forget it by.
        func whenCancelled(_ wakeUp: @escaping @Sendable () -> Void) -> Int {
            wakeUps.withLock { state in
                state.next += 1
                state.calls[state.next] = wakeUp
                return state.next
            }
        }

        func forget(_ registration: Int) { _ = wakeUps.withLock { $0.calls.removeValue(forKey: registration) } }

        private static let currentKey = "WCDBSwift.CancellationSignal.current"

        /// The signal of the `async` work running on this thread (`runCancellable`), if any: a wait in the
        /// pool for a writer's turn, a handle or the write lock ends when it is cancelled.
        static var current: CancellationSignal? {
            get { Thread.current.threadDictionary[currentKey] as? CancellationSignal }
            set { Thread.current.threadDictionary[currentKey] = newValue }
        }

        /// Whether `cancel()` was called.
        public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }
    }

    /// How many SQLite VM instructions run between two looks at the signal.
    static let cancellationCheckInterval: Int32 = 64

    /// Makes `signal` able to stop this handle's statements (`sqlite3_progress_handler`). Detach it before
    /// the handle goes back to the pool (the end of the transaction or config that received it).
    public func attach(cancellationSignal signal: CancellationSignal) {
        guard let db = rawPointer else { return }
        attachedCancellationSignal = signal
        sqlite3_progress_handler(db, Handle.cancellationCheckInterval, cancellationProgressHandler,
                                 Unmanaged.passUnretained(signal).toOpaque())
    }

    /// Removes the attached signal, if any.
    public func detachCancellationSignal() {
        guard attachedCancellationSignal != nil else { return }
        attachedCancellationSignal = nil
        if let db = rawPointer { sqlite3_progress_handler(db, 0, nil, nil) }
    }

    /// Runs `body` with the attached signal, if any, set aside: what ends a transaction after a
    /// cancellation (`ROLLBACK`, `ROLLBACK TO`, `RELEASE`, resetting a pragma) must run to its end.
    func ignoringCancellation<T>(_ body: () throws -> T) rethrows -> T {
        guard attachedCancellationSignal != nil else { return try body() }
        let setAside = SignalAttachment(nil, to: self)
        defer { _ = setAside }  // the signal comes back when the scope ends, however it is left
        return try body()
    }

    /// Throws `SQLITE_INTERRUPT` when the attached signal was cancelled: a statement about to be prepared
    /// or `exec`ed does not start (the progress handler only stops statements that loop long enough).
    @inline(__always)
    func throwIfCancelled(sql: String?, operation: String) throws {
        guard let signal = attachedCancellationSignal, signal.isCancelled else { return }
        throw interruptedError(by: signal, sql: sql, operation: operation)
    }

    private func interruptedError(by signal: CancellationSignal, sql: String?, operation: String) -> WCDBError {
        var error = WCDBError(level: .sqlite, code: SQLITE_INTERRUPT, extendedCode: SQLITE_INTERRUPT,
                              message: "interrupted", sql: sql, path: path, tag: tag, operation: operation)
        guard !signal.interruptsQuietly else {
            error.isReported = true  // a Task's cancellation: thrown as CancellationError, not traced
            return error
        }
        return reportError(error)
    }

    /// Whether an error of `code` is the interruption that a cancelled `async` form's signal caused: it
    /// is not reported to the error tracers.
    func isQuietInterruption(code: Int32) -> Bool {
        guard code & 0xff == SQLITE_INTERRUPT, let signal = attachedCancellationSignal else { return false }
        return signal.interruptsQuietly && signal.isCancelled
    }
}

private let cancellationProgressHandler: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { context in
    guard let context else { return 0 }
    return Unmanaged<Handle.CancellationSignal>.fromOpaque(context).takeUnretainedValue().isCancelled ? 1 : 0
}
