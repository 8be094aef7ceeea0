import CSQLCipher
import Foundation

/// The database's single writer slot. One pin or one Transaction object holds it at a time; the others
/// queue first come, first served.
///
/// It is part of `DatabaseCore`'s locked state: every method must run under the core's `condition`
/// (the core's `locked` helpers are the only callers).
struct WriteToken {
    /// Who holds the token, so that a thread asking for a token it already holds is told at once
    /// instead of waiting for itself.
    enum Holder {
        /// An operation (or a `Database.begin()` transaction) pinned to a thread.
        case pin(Pin)
        /// A `Transaction` object's handle, between `begin()` and `commit()`/`rollback()`.
        case lease(HandleLease)

        /// The thread that must act for the token to come back, when one is known: the pin's thread, or
        /// the thread inside a call of the Transaction object right now.
        var drivingThread: UInt? {
            switch self {
            case .pin(let pin): return pin.threadID
            case .lease(let lease): return lease.activeThread
            }
        }
    }

    private(set) var holder: Holder?
    private var queue: [Int] = []
    private var nextTicket = 0

    var isFree: Bool { holder == nil }

    /// Whether someone queues for the token (a pausable transaction then yields).
    var hasWaiters: Bool { !queue.isEmpty }

    /// Takes the token at once when nobody holds or waits for it.
    mutating func takeIfUncontended(for holder: Holder) -> Bool {
        guard self.holder == nil && queue.isEmpty else { return false }
        self.holder = holder
        return true
    }

    /// Whether waiting on `thread` could never end: the token's holder is driven by that same thread.
    func wouldDeadlock(waitingOn thread: UInt) -> Bool {
        holder?.drivingThread == thread
    }

    /// Joins the queue; returns the ticket to pass to `take(ticket:for:)` / `leave(ticket:)`.
    mutating func enqueue() -> Int {
        let ticket = nextTicket
        nextTicket &+= 1
        queue.append(ticket)
        return ticket
    }

    /// Whether `ticket` is first in line and the token is free.
    func isTurn(of ticket: Int) -> Bool {
        holder == nil && queue.first == ticket
    }

    /// Takes the token for the queued `ticket` (its turn has come).
    mutating func take(ticket: Int, for holder: Holder) {
        if let index = queue.firstIndex(of: ticket) { queue.remove(at: index) }
        self.holder = holder
    }

    /// Gives up waiting (timeout, deadlock): the ticket leaves the queue.
    mutating func leave(ticket: Int) {
        if let index = queue.firstIndex(of: ticket) { queue.remove(at: index) }
    }

    mutating func release() {
        holder = nil
    }
}

/// A pooled handle leased to a `Transaction` object for the object's lifetime, and the state the core
/// needs to see of it: whether a call of the object is running and on which thread, and whether it holds
/// the write token.
///
/// Every field is guarded by the owning core's `condition`.
final class HandleLease {
    let handle: Handle
    /// The thread inside a call of the Transaction object, while one runs.
    var activeThread: UInt?
    /// Nesting of calls on `activeThread` (a transaction body calling back into the object).
    var activeDepth = 0
    /// Whether the object holds the write token (from `begin()` to `commit()`/`rollback()`).
    var holdsWrite = false

    init(handle: Handle) {
        self.handle = handle
    }

    /// Neither running a call nor holding the write token: its handle may be closed under it by
    /// `close()` (it reopens at the object's next call).
    var isIdle: Bool { activeThread == nil && !holdsWrite }
}
