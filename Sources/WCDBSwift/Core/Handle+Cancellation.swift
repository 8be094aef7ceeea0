import CSQLCipher
import Synchronization

extension Handle {
    /// Cancels the statements of the handles it is attached to (WCDB 2.x): after `cancel()`, the running
    /// or next statement stops within a few dozen VM steps and throws a `WCDBError` with
    /// `SQLITE_INTERRUPT` (9). Any thread may cancel.
    public final class CancellationSignal: Sendable {
        private let cancelled = Atomic<Bool>(false)

        /// A signal not yet cancelled; attach it with `attach(cancellationSignal:)`.
        public init() {}

        /// Stops the statements of every handle this signal is attached to.
        public func cancel() { cancelled.store(true, ordering: .relaxed) }

        /// Whether `cancel()` was called.
        public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }
    }

    /// WCDB 2.x's spelling of `CancellationSignal` (its name has the typo).
    public typealias CancellatiionSignal = CancellationSignal

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
}

private let cancellationProgressHandler: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { context in
    guard let context else { return 0 }
    return Unmanaged<Handle.CancellationSignal>.fromOpaque(context).takeUnretainedValue().isCancelled ? 1 : 0
}
