import Foundation

/// The handles of one database: idle ones, how many are open, who waits for one (first come, first
/// served by ticket), the handles leased to Transaction objects, and whether a close or blockade holds
/// new operations back. A part of the core's locked state (`CoreState`): plain bookkeeping, no waiting
/// and no I/O (the core waits on its lock and opens and closes handles outside it).
struct HandlePool {
    let path: String
    let maxHandles: Int
    let isInMemory: Bool
    private var idle: [Handle] = []
    /// Open (or opening) handles: idle, checked out and leased.
    private(set) var count = 0
    private var queue: [Int] = []
    private var nextTicket = 0
    /// Handles leased to live Transaction objects (counted in `count`).
    private(set) var leases: [HandleLease] = []
    /// The connection background checkpoints run on: not one of the app's handles, so that a checkpoint
    /// never takes a handle from the app (which would then open another, on the app's thread). Not
    /// counted in `count`; closed with the idle handles.
    private var checkpointHandle: Handle?
    private var checkpointRunning = false
    /// The thread inside `close(onClosed:)`, and the one that blockaded: others wait.
    var closingThread: UInt?
    var blockadeThread: UInt?

    init(path: String, maxHandles: Int, isInMemory: Bool) {
        self.path = path
        self.maxHandles = isInMemory ? 1 : maxHandles
        self.isInMemory = isInMemory
    }

    /// Whether thread `tid` may start a new operation (no close or blockade by another thread).
    func isOpen(for tid: UInt) -> Bool {
        (closingThread == nil || closingThread == tid) && (blockadeThread == nil || blockadeThread == tid)
    }

    /// Whether a close or a blockade by another thread holds `tid` back: that wait is not the pool's
    /// (a close is bounded by its own timeout, a blockade lasts until `unblockade()`).
    func isHeldBack(_ tid: UInt) -> Bool {
        !isOpen(for: tid)
    }

    private var hasRoom: Bool { !idle.isEmpty || count < maxHandles }

    /// A handle at once when nobody queues and one is free (or may be created); nil otherwise.
    @inline(__always)
    mutating func checkOutAtOnce(for tid: UInt) -> Handle? {
        guard queue.isEmpty, isOpen(for: tid) else { return nil }
        if let handle = idle.popLast() { return handle }
        return count < maxHandles ? newHandle() : nil
    }

    /// Joins the queue for a handle.
    mutating func enqueue() -> Int {
        let ticket = nextTicket
        nextTicket &+= 1
        queue.append(ticket)
        return ticket
    }

    /// The handle for `ticket` when its turn has come and one is free; nil to go on waiting.
    mutating func checkOut(ticket: Int, for tid: UInt) -> Handle? {
        guard queue.first == ticket, isOpen(for: tid), hasRoom else { return nil }
        queue.removeFirst()
        return idle.popLast() ?? newHandle()
    }

    /// The closing or blockading thread goes first (it would otherwise wait for those it holds back).
    mutating func checkOutAhead(for tid: UInt) -> Handle? {
        guard hasRoom else { return nil }
        return idle.popLast() ?? newHandle()
    }

    // MARK: The checkpoint connection

    /// Begins a background checkpoint (`BackgroundCheckpoint`) on the pool's checkpoint connection, made
    /// here the first time (closed; the caller opens it). Nil while one runs, while a close or blockade
    /// runs, and when the database is closed (`databaseIsOpen`): it is never opened again from here.
    mutating func beginCheckpoint(databaseIsOpen: Bool) -> Handle? {
        guard !checkpointRunning, databaseIsOpen, closingThread == nil, blockadeThread == nil else { return nil }
        checkpointRunning = true
        if let checkpointHandle { return checkpointHandle }
        let handle = Handle(path: path)
        checkpointHandle = handle
        return handle
    }

    var isCheckpointRunning: Bool { checkpointRunning }

    mutating func endCheckpoint() {
        checkpointRunning = false
    }

    /// Gives up waiting (timeout).
    mutating func abandon(ticket: Int) {
        queue.removeAll { $0 == ticket }
    }

    mutating func checkIn(_ handle: Handle) {
        idle.append(handle)
    }

    /// Forgets a checked-out handle that was closed (it failed to open, or could not be rolled back).
    mutating func discard(_ handle: Handle) {
        count -= 1
    }

    private mutating func newHandle() -> Handle {
        count += 1
        let handle = Handle(path: path)
        if isInMemory { handle.openTarget = ":memory:" }
        return handle
    }

    // MARK: Leases (Transaction objects)

    mutating func lease(_ handle: Handle) -> HandleLease {
        let lease = HandleLease(handle: handle)
        leases.append(lease)
        return lease
    }

    mutating func endLease(_ lease: HandleLease) {
        leases.removeAll { $0 === lease }
        idle.append(lease.handle)
    }

    // MARK: Close and purge

    /// Whether every handle is back: idle, or leased to a Transaction object that is idle.
    var isQuiet: Bool {
        idle.count + leases.count(where: { $0.isIdle }) == count && !checkpointRunning
    }

    /// Takes every idle handle out of the pool, and the open handles of idle Transaction objects (which
    /// keep them, closed), for the caller to close.
    mutating func takeClosable() -> [Handle] {
        var handles = idle + closableCheckpointHandle
        idle.removeAll()
        count = leases.count
        for lease in leases where lease.isIdle && lease.handle.isOpened {
            handles.append(lease.handle)
        }
        return handles
    }

    /// Whether a handle stays open after `takeClosable()`: one leased to a busy Transaction object.
    var hasOpenLeases: Bool {
        leases.contains { !$0.isIdle && $0.handle.isOpened }
    }

    /// Takes the idle handles out (`purge()`), for the caller to close.
    mutating func takeIdle() -> [Handle] {
        let handles = idle
        idle.removeAll()
        count -= handles.count
        return handles + closableCheckpointHandle
    }

    /// The checkpoint connection when it is open and no checkpoint runs on it, for the caller to close.
    private var closableCheckpointHandle: [Handle] {
        guard !checkpointRunning, let checkpointHandle, checkpointHandle.isOpened else { return [] }
        return [checkpointHandle]
    }

    var counts: (total: Int, idle: Int) { (count, idle.count) }

    /// Whether any lease's Transaction object is inside a call on `tid`.
    func hasActiveLease(on tid: UInt) -> Bool {
        leases.contains { $0.activeThread == tid }
    }
}
