import Foundation

/// A handle checked out to one thread (or leased to a `Transaction` object) for the length of an operation.
///
/// Nested operations on the same thread reuse the pin, so they see the same connection (and its open
/// transaction). Its fields change only under the core's lock (`DatabaseCore.state`); `handle`'s own use
/// belongs to the thread that holds the pin.
///
/// The pins of pooled checkouts are reused (`CoreState.takePin`): one that ended (depth 0) may become
/// another thread's, so whoever keeps a reference past the end checks `threadID` and `depth`.
@usableFromInline
final class Pin {
    // Every field unchecked by the runtime's exclusivity enforcement: a pin is changed only by its own
    // thread or under the core's lock (see above), and the check (a thread-local access set per access)
    // cost more than the rest of a checkout.
    @usableFromInline @exclusivity(unchecked) private(set) var handle: Handle
    @exclusivity(unchecked) private(set) var threadID: UInt
    /// Whether the pin is in the core's thread map (false for a Transaction handle used on a thread that
    /// is already pinned to another handle).
    @exclusivity(unchecked) private(set) var registered: Bool
    /// The Transaction object's lease when the handle is one: it is not returned to the pool when the pin ends.
    @exclusivity(unchecked) private(set) var lease: HandleLease?
    @exclusivity(unchecked) var depth = 1
    @exclusivity(unchecked) var holdsWrite = false
    @exclusivity(unchecked) var writeDepth = 0
    /// Whether this pin's operation holds a top-level writer's turn (`WriterSlots`), given back when
    /// the pin ends.
    @exclusivity(unchecked) var holdsWriterSlot = false
    /// How many `Database.begin()` calls of this thread are not yet ended: each left this pin entered
    /// until its commit() or rollback().
    @exclusivity(unchecked) var explicitBegins = 0
    @exclusivity(unchecked) var performanceTracer: PerformanceTracer?
    /// Its number among the pins registered with the core (`ThreadPins.insert`): which operations began
    /// before a given moment.
    @exclusivity(unchecked) var serial = 0

    init(handle: Handle, threadID: UInt, registered: Bool, lease: HandleLease?) {
        self.handle = handle
        self.threadID = threadID
        self.registered = registered
        self.lease = lease
    }

    /// Makes an ended pooled pin a new checkout's (under the core's lock).
    func reuse(handle: Handle, threadID: UInt) {
        self.handle = handle
        self.threadID = threadID
        registered = true
        lease = nil
        depth = 1
        holdsWrite = false
        writeDepth = 0
        holdsWriterSlot = false
        explicitBegins = 0
        performanceTracer = nil
    }

    var isExternal: Bool { lease != nil }

    /// Whether this pin, or the Transaction object it runs for, already holds the write token.
    var hasWriteToken: Bool { holdsWrite || (lease?.holdsWrite ?? false) }
}

/// The pins of the threads running an operation on one database, each under its own `threadID`.
///
/// A few threads at most (bounded by the handles), and every operation looks its thread up under
/// the pool's lock: a linear scan of a small array costs a fraction of hashing the thread id.
struct ThreadPins {
    private var pins: [Pin] = []
    /// Pins registered so far: the serial of the last one.
    private(set) var registered = 0

    subscript(thread: UInt) -> Pin? {
        pins.first { $0.threadID == thread }
    }

    /// Registers `pin` for its thread (the thread must have none).
    mutating func insert(_ pin: Pin) {
        registered += 1
        pin.serial = registered
        pins.append(pin)
    }

    /// Whether a thread other than `thread` still runs an operation whose pin was registered before
    /// `serial`.
    func contains(registeredBefore serial: Int, except thread: UInt) -> Bool {
        pins.contains { $0.serial < serial && $0.threadID != thread }
    }

    mutating func removeValue(forKey thread: UInt) {
        if let index = pins.firstIndex(where: { $0.threadID == thread }) {
            pins.swapAt(index, pins.count - 1)
            pins.removeLast()
        }
    }
}

/// A pooled handle leased to a `Transaction` object for the object's lifetime, and the state the core
/// needs to see of it: whether a call of the object is running and on which thread, and whether it holds
/// the write token.
///
/// Its fields change only under the core's lock (`DatabaseCore.state`), which is also why the runtime's
/// exclusivity check is off for them.
final class HandleLease {
    let handle: Handle
    /// The thread inside a call of the Transaction object, while one runs.
    @exclusivity(unchecked) var activeThread: UInt?
    /// Nesting of calls on `activeThread` (a transaction body calling back into the object).
    @exclusivity(unchecked) var activeDepth = 0
    /// Whether the object holds the write token (from `begin()` to `commit()`/`rollback()`).
    @exclusivity(unchecked) var holdsWrite = false

    init(handle: Handle) {
        self.handle = handle
    }

    /// Neither running a call nor holding the write token: its handle may be closed under it by
    /// `close()` (it reopens at the object's next call).
    var isIdle: Bool { activeThread == nil && !holdsWrite }
}
