import CSQLCipher
import Foundation
import Synchronization

/// How a close begins: refused (it would wait for itself), nested in this thread's own close, or waiting.
private enum CloseStart {
    case refused(Int?)
    case nested([Handle])
    case wait(Double)
}

/// Everything a `DatabaseCore` guards with its one lock, in parts: the settings handles are set up with,
/// the handle pool, the write token, the writers' turns, the threads' pins, and whether a handle is open.
struct CoreState {
    var settings = DatabaseSettings()
    var pool: HandlePool
    var writeToken = WriteToken()
    var writerSlots = WriterSlots()
    var pins = ThreadPins()
    var isOpened = false
    /// Ended pooled pins, reused for the next checkouts (a point read from a thread outside any
    /// transaction checks a handle out per call; an allocation each time costs more than the rest).
    var freePins: [Pin] = []

    /// A pin of a pooled checkout of `handle` for thread `tid`.
    mutating func takePin(handle: Handle, threadID tid: UInt) -> Pin {
        guard let pin = freePins.popLast() else { return Pin(handle: handle, threadID: tid, registered: true, lease: nil) }
        pin.reuse(handle: handle, threadID: tid)
        return pin
    }

    /// Gives back the writer's turn `pin` holds, if any (the caller wakes `.writerSlot`).
    mutating func releaseWriterSlot(of pin: Pin) {
        guard pin.holdsWriterSlot else { return }
        pin.holdsWriterSlot = false
        writerSlots.release()
    }

    /// Whether thread `tid` is inside an operation, a transaction or a Transaction object's call.
    func isBusy(on tid: UInt) -> Bool {
        pins[tid] != nil || pool.hasActiveLease(on: tid)
    }

    /// Keeps an ended pooled pin for reuse (a few at most).
    mutating func recycle(_ pin: Pin) {
        if freePins.count < 8 { freePins.append(pin) }
    }
}

/// The state shared by every Database, Transaction and CoreStatement of one path. Freed (closing its
/// handles) when the last of them goes.
///
/// All of its mutable state lives in `state` (`Guarded<CoreState>`), which can only be reached under
/// its lock, so the type is `Sendable` without an unchecked promise. `Pin` and `HandleLease` objects
/// change only inside that lock too.
///
/// Lock order: the core's lock may be held while reading `globalTraceState` (its own lock, to capture the
/// process-wide tracers), never the other way round; `DatabaseRegistry`'s lock may be held while a core is
/// created, never the other way round. Errors are built under the core's lock but reported after it is
/// released, because error tracers may call back into the database. Handles are opened and closed
/// outside it.
@usableFromInline
final class DatabaseCore: Sendable {
    let path: String
    /// An in-memory database: one handle (every connection to ":memory:" is a database of its own),
    /// opened on ":memory:"; its content lives until that handle closes.
    let isInMemory: Bool
    let state: Guarded<CoreState>
    /// `ThreadLocalPins.key`, read on every nested call.
    let threadPinsKey: pthread_key_t = ThreadLocalPins.key
    /// A background checkpoint is on its way (see `BackgroundCheckpoint`).
    let checkpointScheduled = Atomic<Bool>(false)
    /// The observations of this database (`Database.observe(_:)`), which the pool tells of each commit.
    let observations = ObservationCenter()

    init(path: String, maxHandles: Int = Database.defaultMaxHandles, inMemory: Bool = false) {
        self.path = path
        self.isInMemory = inMemory
        var initial = CoreState(pool: HandlePool(path: path, maxHandles: maxHandles, isInMemory: inMemory))
        initial.settings.setConfig(ConfigEntry(name: Database.basicConfigName, order: Database.basicConfigOrder,
                                               callback: Database.basicConfig))
        initial.settings.setConfig(Database.autoCheckpointConfig())
        self.state = Guarded(initial)
    }

    deinit {
        // Nothing else references this core, so every handle is idle.
        for handle in state.withLock({ $0.pool.takeIdle() }) { handle.close() }
        DatabaseRegistry.shared.remove(self)
    }

    // MARK: Settings

    var tag: Int? {
        get { state.withLock { $0.settings.tag } }
        set { state.withLock { $0.settings.tag = newValue } }
    }

    var isOpened: Bool { state.withLock { $0.isOpened } }

    var maxHandles: Int { state.withLock { $0.pool.maxHandles } }

    /// Changes the settings; handles pick the change up at their next checkout.
    func updateSettings(_ change: (inout DatabaseSettings) -> Void) {
        state.withLock { change(&$0.settings) }
    }

    func setConfig(_ entry: ConfigEntry) { updateSettings { $0.setConfig(entry) } }
    func removeConfig(named name: String) { updateSettings { $0.removeConfig(named: name) } }
    /// Idle handles keyed the old way are reopened at their next checkout.
    func setCipher(_ setting: CipherSetting?) { updateSettings { $0.setCipher(setting) } }
    /// Makes handles open the file read-only (or read-write again); open handles reopen at their next use.
    func setReadOnly(_ readOnly: Bool) { updateSettings { $0.setReadOnly(readOnly) } }
    func setSQLTracer(_ tracer: SQLTracer?) { updateSettings { $0.setSQLTracer(tracer) } }
    func addRewriter(_ rewriter: any StatementRewriter) { updateSettings { $0.addRewriter(rewriter) } }
    func removeRewriters() { updateSettings { $0.removeRewriters() } }
    func setPerformanceTracer(_ tracer: PerformanceTracer?) { updateSettings { $0.setPerformanceTracer(tracer) } }

    var errorTracer: ErrorTracer? {
        get { state.withLock { $0.settings.errorTracer } }
        set { state.withLock { $0.settings.errorTracer = newValue } }
    }

    var busyTimeoutSeconds: Double {
        get { state.withLock { $0.settings.busyTimeoutSeconds } }
        set { state.withLock { $0.settings.busyTimeoutSeconds = newValue } }
    }

    var isReadOnly: Bool { state.withLock { $0.settings.isReadOnly } }

    /// A mark of this moment among the operations: `isRunningOperation(begunBefore:)` tells whether one
    /// running now is still running later (a migration drops a source only when none that might read
    /// it through a statement rewritten earlier is left).
    func operationMark() -> Int { state.withLock { $0.pins.registered + 1 } }

    /// Whether another thread still runs an operation (a checkout, a CoreStatement, a transaction) it
    /// began before `mark`.
    func isRunningOperation(begunBefore mark: Int) -> Bool {
        let tid = currentThreadID()
        return state.withLock { $0.pins.contains(registeredBefore: mark, except: tid) }
    }

    /// Numbers of handles: open in total, and idle.
    var handleCounts: (total: Int, idle: Int) { state.withLock { $0.pool.counts } }

    // MARK: Close, blockade, purge

    /// Blocks new operations of other threads, waits for running ones, closes every handle, runs
    /// `onClosed` while the database is closed, then lets operations resume (reopening lazily).
    ///
    /// Handles leased to idle Transaction objects are closed in place (they reopen at the object's next
    /// call). Refused at once when the wait could never end (called inside an operation or a Transaction
    /// object's call on this thread); bounded by the busy timeout otherwise. Called again inside
    /// `onClosed`, it closes what `onClosed` reopened and runs its own callback. Handles `onClosed`
    /// opened are closed when it returns.
    func close<T>(onClosed: () throws -> T) throws -> T {
        let tid = currentThreadID()
        let start: CloseStart = state.withLock { state in
            if state.isBusy(on: tid) { return .refused(state.settings.tag) }
            if state.pool.closingThread == tid {
                // Inside this thread's own onClosed: nobody else may run, so every handle is idle or
                // leased to an idle Transaction object.
                let handles = state.pool.takeClosable()
                state.isOpened = state.pool.hasOpenLeases
                return .nested(handles)
            }
            return .wait(state.settings.busyTimeoutSeconds)
        }
        let timeout: Double
        switch start {
        case .refused(let tag):
            throw reportError(WCDBError(level: .interface, code: SQLITE_MISUSE, extendedCode: SQLITE_MISUSE, message:
                "close called inside an operation, transaction, Transaction object's call or unfinalized CoreStatement of the same database on this thread: it would wait for itself. Close after it ends",
                path: path, tag: tag, operation: "close"))
        case .nested(let handles):
            for handle in handles { handle.close() }
            return try onClosed()
        case .wait(let seconds):
            timeout = seconds
        }

        let claimed = state.wait(for: .anyChange, timeout: timeout) { state -> Bool? in
            guard state.pool.closingThread == nil, state.pool.blockadeThread == nil || state.pool.blockadeThread == tid
            else { return nil }
            state.pool.closingThread = tid
            return true
        }
        guard claimed != nil else {
            throw reportError(closeTimeoutError(timeout, reason: "another thread's close or blockade"))
        }
        let handles = state.wait(for: .anyChange, timeout: timeout) { state -> [Handle]? in
            guard state.pool.isQuiet else { return nil }
            let handles = state.pool.takeClosable()
            state.isOpened = state.pool.hasOpenLeases
            return handles
        }
        guard let handles else {
            state.withLock(waking: .handle) { $0.pool.closingThread = nil }
            throw reportError(closeTimeoutError(timeout, reason:
                "operations, unfinalized CoreStatements or transactions of Transaction objects still running"))
        }
        for handle in handles { handle.close() }
        observations.endAll(with: WCDBError(level: .interface, code: SQLITE_ABORT, extendedCode: SQLITE_ABORT,
                                            message: "The database was closed, which ends its observations",
                                            path: path, tag: tag, operation: "observe"))
        defer {
            // Handles `onClosed` opened would keep pages of files it may have changed behind SQLite's
            // back (a WAL connection trusts its cache while the WAL is unchanged): they close too.
            let reopened = state.withLock(waking: .handle) { state -> [Handle] in
                let handles = state.pool.takeClosable()
                state.isOpened = state.pool.hasOpenLeases
                state.pool.closingThread = nil
                return handles
            }
            for handle in reopened { handle.close() }
        }
        return try onClosed()
    }

    private func closeTimeoutError(_ timeout: Double, reason: String) -> WCDBError {
        WCDBError(level: .core, code: SQLITE_BUSY, extendedCode: SQLITE_BUSY, message:
            "close waited \(timeout) s (the busy timeout) for \(reason); nothing was closed",
            path: path, tag: tag, operation: "close")
    }

    /// Blocks new operations of other threads until `unblockade()`, after another thread's close ends.
    func blockade() {
        let tid = currentThreadID()
        _ = state.wait(for: .anyChange, timeout: nil) { state -> Bool? in
            let pool = state.pool
            guard pool.blockadeThread == nil || pool.blockadeThread == tid,
                  pool.closingThread == nil || pool.closingThread == tid else { return nil }
            state.pool.blockadeThread = tid
            return true
        }
    }

    func unblockade() {
        state.withLock(waking: .handle) { $0.pool.blockadeThread = nil }
    }

    var isBlockaded: Bool { state.withLock { $0.pool.blockadeThread != nil } }

    /// Whether the calling thread is inside this core's close(onClosed:) or blockade.
    var isClosingOrBlockadedByCurrentThread: Bool {
        let tid = currentThreadID()
        return state.withLock { $0.pool.closingThread == tid || $0.pool.blockadeThread == tid }
    }

    /// Closes idle handles; the database counts as closed when none is left open.
    func purge() {
        let handles = state.withLock(waking: .handle) { state -> [Handle] in
            let handles = state.pool.takeIdle()
            if state.pool.count == 0 { state.isOpened = false }
            return handles
        }
        for handle in handles { handle.close() }
    }
}
