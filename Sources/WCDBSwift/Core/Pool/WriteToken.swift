import CSQLCipher
import Foundation

/// The database's single writer slot. One pin or one Transaction object holds it at a time; the others
/// queue first come, first served.
///
/// A part of `DatabaseCore`'s locked state (`CoreState`), so it is only reachable under the core's lock.
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

    /// Whether someone queues for the token (a pausable transaction then yields).
    var hasWaiters: Bool { !queue.isEmpty }

    /// How many queue for the token.
    var queuedCount: Int { queue.count }

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
