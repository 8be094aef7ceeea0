/// The turns of top-level write operations at holding, or waiting for, a handle: at most `limit` at a
/// time (WCDB 2.x's `HandlePoolMaxAllowedNumberOfWriters`); the others wait for a turn first come, first
/// served, before they take a handle. Only one writer runs at a time anyway (`WriteToken`): without
/// this, N concurrent writers would open N handles and sit in them waiting for the token, crowding
/// readers out of the pool.
///
/// Deadlock-free because a turn is the first thing an operation takes and it is taken only at the top:
/// - a writer waiting for a turn holds nothing (no handle, token or pin);
/// - a turn is taken only by a write that begins on a thread with no pin of this database. A write nested
///   in an operation of its thread (a transaction, a read, a CoreStatement, a Transaction object's call)
///   reuses that pin and its handle and takes no turn, so no one waits for a turn while holding
///   anything another waits for;
/// - a holder of a turn waits only for a handle, then the write token, whose holder already has a handle.
///
/// A part of `DatabaseCore`'s locked state (`CoreState`), so it is only reachable under the core's lock;
/// a pin records the turn it holds (`Pin.holdsWriterSlot`), which goes back when the pin ends.
struct WriterSlots {
    /// How many top-level writers may hold or wait for a handle at once.
    static let limit = 4

    /// Turns held now (never above `limit`).
    private(set) var taken = 0
    private var queue: [Int] = []
    private var nextTicket = 0

    /// Whether a writer waits for a turn.
    var hasWaiters: Bool { !queue.isEmpty }

    /// Takes a turn at once when one is free and nobody waits for one.
    mutating func takeIfUncontended() -> Bool {
        guard taken < Self.limit && queue.isEmpty else { return false }
        taken += 1
        return true
    }

    /// Joins the line; returns the ticket to pass to `take(ticket:)` / `leave(ticket:)`.
    mutating func enqueue() -> Int {
        let ticket = nextTicket
        nextTicket &+= 1
        queue.append(ticket)
        return ticket
    }

    /// Takes a turn for `ticket` when it is first in line and a turn is free; false to go on waiting.
    mutating func take(ticket: Int) -> Bool {
        guard taken < Self.limit, queue.first == ticket else { return false }
        queue.removeFirst()
        taken += 1
        return true
    }

    /// Gives up waiting (timeout, cancellation): the ticket leaves the line.
    mutating func leave(ticket: Int) {
        if let index = queue.firstIndex(of: ticket) { queue.remove(at: index) }
    }

    /// Gives a held turn back.
    mutating func release() {
        precondition(taken > 0, "a writer's turn given back twice")
        taken -= 1
    }
}
