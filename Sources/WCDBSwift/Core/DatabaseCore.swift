import CSQLCipher
import Foundation

/// The state shared by every Database, Transaction and CoreStatement of one path: tag, open state,
/// configs, cipher, tracer and the handle pool. Freed (closing its handles) when the last of them goes.
///
/// Lock order: `condition` may be held while taking `globalTraceState`'s lock (to read the tracers'
/// generation), never the other way round; `DatabaseRegistry`'s lock may be held while a core is created
/// (which takes `condition`), never the other way round. Errors are built under `condition` but reported
/// after it is released, because error tracers may call back into the database.
final class DatabaseCore: @unchecked Sendable {  // Every `var` is guarded by `condition` (an NSCondition).
    let path: String
    let condition = NSCondition()
    let maxHandles: Int
    /// An in-memory database: one handle (every connection to ":memory:" is a database of its own),
    /// opened on ":memory:"; its content lives until that handle closes.
    let isInMemory: Bool

    // Shared state
    var tagStorage: Int?
    var openedStorage = false
    var configs: [String: ConfigEntry] = [:]
    var sortedConfigs: [ConfigEntry] = []
    var configGeneration = 0
    var cipher: CipherSetting?
    var cipherGeneration = 0
    var performanceTracerStorage: PerformanceTracer?
    var sqlTracerStorage: SQLTracer?
    var errorTracerStorage: ErrorTracer?

    // Pool
    var idle: [Handle] = []
    /// Open (or opening) handles: idle + checked out.
    var handleCount = 0
    var writeToken = WriteToken()
    var pins = ThreadPins()
    /// Handles leased to live Transaction objects (counted in `handleCount`).
    var leases: [HandleLease] = []
    var nextTicket = 0
    var handleQueue: [Int] = []
    /// The bound of every wait for the write token, a handle or a close, in seconds.
    var busyTimeoutSeconds = Double(Database.defaultBusyTimeoutMilliseconds) / 1000
    /// Handles open the file read-only (`Database(at:readOnly: true)`).
    var isReadOnly = false
    var closingThread: UInt?
    var blockadeThread: UInt?
    /// Threads waiting on `condition`: signalling is skipped when there are none.
    var waiters = 0
    /// Changes whenever this database's performance tracer does.
    var traceGeneration = 0

    init(path: String, maxHandles: Int = Database.defaultMaxHandles, inMemory: Bool = false) {
        self.path = path
        self.isInMemory = inMemory
        self.maxHandles = inMemory ? 1 : maxHandles
        setConfig(ConfigEntry(name: Database.basicConfigName, order: Database.basicConfigOrder,
                              callback: Database.basicConfig))
    }

    deinit {
        // Nothing else references this core, so every handle is idle.
        for handle in idle { handle.close() }
        idle.removeAll()
        DatabaseRegistry.shared.remove(self)
    }

    // MARK: Shared state

    /// Runs `body` holding `condition`, the lock every `var` of the core is guarded by.
    @inline(__always)
    func locked<T>(_ body: () throws -> T) rethrows -> T {
        condition.lock()
        defer { condition.unlock() }
        return try body()
    }

    var tag: Int? {
        get { locked { tagStorage } }
        set { locked { tagStorage = newValue } }
    }

    var isOpened: Bool { locked { openedStorage } }

    func setConfig(_ entry: ConfigEntry) {
        locked {
            configs[entry.name] = entry
            refreshConfigsLocked()
        }
    }

    func removeConfig(named name: String) {
        locked {
            if configs.removeValue(forKey: name) != nil { refreshConfigsLocked() }
        }
    }

    private func refreshConfigsLocked() {
        sortedConfigs = configs.values.sorted { ($0.order, $0.name) < ($1.order, $1.name) }
        configGeneration += 1
    }

    /// Makes handles open the file read-only (or read-write again); open handles reopen at their next use.
    func setReadOnly(_ readOnly: Bool) {
        locked {
            guard isReadOnly != readOnly else { return }
            isReadOnly = readOnly
            cipherGeneration += 1  // the reopen mechanism of a cipher change
        }
    }

    func setCipher(_ setting: CipherSetting?) {
        locked {
            cipher = setting
            // Idle handles keyed the old way are reopened at their next checkout.
            cipherGeneration += 1
        }
    }

    func setPerformanceTracer(_ tracer: PerformanceTracer?) {
        locked {
            performanceTracerStorage = tracer
            traceGeneration += 1
        }
    }

    @inline(__always)
    func waitLocked() {
        waiters += 1
        condition.wait()
        waiters -= 1
    }

    /// Waits on `condition` until `ready()` holds; false when `timeout` seconds pass first.
    func waitLocked(timeout: Double, until ready: () -> Bool) -> Bool {
        if ready() { return true }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !ready() {
            waiters += 1
            let signalled = condition.wait(until: deadline)
            waiters -= 1
            if !signalled { return ready() }
        }
        return true
    }

    @inline(__always)
    func signalLocked() {
        if waiters > 0 { condition.broadcast() }
    }

    func setSQLTracer(_ tracer: SQLTracer?) {
        locked {
            sqlTracerStorage = tracer
            traceGeneration += 1
        }
    }

    var errorTracer: ErrorTracer? {
        get { locked { errorTracerStorage } }
        set { locked { errorTracerStorage = newValue } }
    }

    // MARK: Close, blockade, purge

    /// Blocks new operations of other threads, waits for running ones, closes every handle, runs
    /// `onClosed` while the database is closed, then lets operations resume (reopening lazily).
    ///
    /// Handles leased to idle Transaction objects are closed in place (they reopen at the object's next
    /// call). Refused at once when the wait could never end (called inside an operation or a Transaction
    /// object's call on this thread); bounded by the busy timeout otherwise. Called again inside
    /// `onClosed`, it closes what `onClosed` reopened and runs its own callback.
    func close<T>(onClosed: () throws -> T) throws -> T {
        let tid = currentThreadID()
        condition.lock()
        if pins[tid] != nil || leases.contains(where: { $0.activeThread == tid }) {
            let tag = tagStorage
            condition.unlock()
            throw reportError(WCDBError(level: .interface, code: SQLITE_MISUSE, extendedCode: SQLITE_MISUSE, message:
                "close called inside an operation, transaction, Transaction object's call or unfinalized CoreStatement of the same database on this thread: it would wait for itself. Close after it ends",
                path: path, tag: tag, operation: "close"))
        }
        if closingThread == tid {
            // Inside this thread's own onClosed: nobody else may run, so every handle is idle or leased
            // to an idle Transaction object.
            let handles = takeClosableHandlesLocked()
            condition.unlock()
            for handle in handles { handle.close() }
            return try onClosed()
        }
        let mayClose = waitLocked(timeout: busyTimeoutSeconds) {
            closingThread == nil && (blockadeThread == nil || blockadeThread == tid)
        }
        guard mayClose else {
            let tag = tagStorage
            condition.unlock()
            throw reportError(closeTimeoutError(tag: tag, reason: "another thread's close or blockade"))
        }
        closingThread = tid
        let allBack = waitLocked(timeout: busyTimeoutSeconds) {
            idle.count + leases.count(where: { $0.isIdle }) == handleCount
        }
        guard allBack else {
            closingThread = nil
            signalLocked()
            let tag = tagStorage
            condition.unlock()
            throw reportError(closeTimeoutError(tag: tag, reason:
                "operations, unfinalized CoreStatements or transactions of Transaction objects still running"))
        }
        let handles = takeClosableHandlesLocked()
        condition.unlock()

        for handle in handles { handle.close() }
        defer {
            condition.lock()
            closingThread = nil
            signalLocked()
            condition.unlock()
        }
        return try onClosed()
    }

    /// Takes every idle handle out of the pool, and the open handles of idle Transaction objects (which
    /// keep them, closed). Leaves the database marked closed.
    private func takeClosableHandlesLocked() -> [Handle] {
        var handles = idle
        idle.removeAll()
        handleCount = leases.count
        for lease in leases where lease.isIdle && lease.handle.isOpened {
            handles.append(lease.handle)
        }
        openedStorage = leases.contains { !$0.isIdle && $0.handle.isOpened }
        return handles
    }

    private func closeTimeoutError(tag: Int?, reason: String) -> WCDBError {
        WCDBError(level: .core, code: SQLITE_BUSY, extendedCode: SQLITE_BUSY, message:
            "close waited \(busyTimeoutSeconds) s (the busy timeout) for \(reason); nothing was closed",
            path: path, tag: tag, operation: "close")
    }

    func blockade() {
        let tid = currentThreadID()
        condition.lock()
        while !((blockadeThread == nil || blockadeThread == tid) && (closingThread == nil || closingThread == tid)) {
            waitLocked()
        }
        blockadeThread = tid
        condition.unlock()
    }

    func unblockade() {
        condition.lock()
        blockadeThread = nil
        signalLocked()
        condition.unlock()
    }

    var isBlockaded: Bool {
        condition.lock()
        defer { condition.unlock() }
        return blockadeThread != nil
    }

    /// Whether the calling thread is inside this core's close(onClosed:) or blockade.
    var isClosingOrBlockadedByCurrentThread: Bool {
        let tid = currentThreadID()
        condition.lock()
        defer { condition.unlock() }
        return closingThread == tid || blockadeThread == tid
    }

    /// Closes idle handles.
    func purge() {
        condition.lock()
        let handles = idle
        idle.removeAll()
        handleCount -= handles.count
        // Closed when no handle is left open (leased or checked out handles stay open).
        if handleCount == 0 { openedStorage = false }
        signalLocked()
        condition.unlock()
        for handle in handles { handle.close() }
    }

    /// Numbers of handles: open in total, and idle.
    var handleCounts: (total: Int, idle: Int) {
        condition.lock()
        defer { condition.unlock() }
        return (handleCount, idle.count)
    }
}

/// Weak references to the live cores, one per path.
final class DatabaseRegistry: @unchecked Sendable {  // `cores` is only touched under `lock`.
    static let shared = DatabaseRegistry()

    private final class WeakCore {
        weak var core: DatabaseCore?
        let id: ObjectIdentifier
        init(_ core: DatabaseCore) {
            self.core = core
            self.id = ObjectIdentifier(core)
        }
    }

    private let lock = NSLock()
    private var cores: [String: WeakCore] = [:]
    private var inMemoryCount = 0

    func core(forPath path: String) -> DatabaseCore {
        lock.lock()
        defer { lock.unlock() }
        if let core = cores[path]?.core { return core }
        let core = DatabaseCore(path: path)
        cores[path] = WeakCore(core)
        return core
    }

    /// A new in-memory core, registered under a path of its own (":memory:#n") so that tags and
    /// tracers find it like any other.
    func makeInMemoryCore() -> DatabaseCore {
        lock.lock()
        defer { lock.unlock() }
        inMemoryCount += 1
        let core = DatabaseCore(path: ":memory:#\(inMemoryCount)", inMemory: true)
        cores[core.path] = WeakCore(core)
        return core
    }

    /// The live core of `path`, if any (does not create one).
    func existingCore(forPath path: String) -> DatabaseCore? {
        lock.lock()
        defer { lock.unlock() }
        return cores[path]?.core
    }

    func remove(_ core: DatabaseCore) {
        lock.lock()
        if let entry = cores[core.path], entry.id == ObjectIdentifier(core) {
            cores.removeValue(forKey: core.path)
        }
        lock.unlock()
    }

    func allCores() -> [DatabaseCore] {
        lock.lock()
        defer { lock.unlock() }
        return cores.values.compactMap { $0.core }
    }
}

/// The pins of the threads running an operation on one database, each under its own `threadID`.
///
/// A few threads at most (bounded by the handles), and every operation looks its thread up under
/// the pool's lock: a linear scan of a small array costs a fraction of hashing the thread id.
struct ThreadPins {
    private var pins: [Pin] = []

    subscript(thread: UInt) -> Pin? {
        pins.first { $0.threadID == thread }
    }

    /// Registers `pin` for its thread (the thread must have none).
    mutating func insert(_ pin: Pin) {
        pins.append(pin)
    }

    mutating func removeValue(forKey thread: UInt) {
        if let index = pins.firstIndex(where: { $0.threadID == thread }) {
            pins.swapAt(index, pins.count - 1)
            pins.removeLast()
        }
    }
}
