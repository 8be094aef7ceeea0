import Foundation

/// The calling thread's own pins, by core, found without the core's lock.
///
/// A pin's depth and write flags are only ever changed by the thread it belongs to (the core's lock
/// orders those changes against other threads' looks at the thread map, which read only who is
/// pinned), so a nested operation on the same thread — every call inside `run(transaction:)` — can
/// find its pin here and count itself in and out without taking the lock. Only that thread reads or
/// writes its entries; a thread's table is released when it exits.
final class ThreadLocalPins {
    // Unchecked exclusivity: only its own thread ever touches a table (the runtime check costs more
    // than the lookup).
    /// The pin a loop of calls asks for each time (one database per thread is the common case).
    @exclusivity(unchecked) private var lastCore: ObjectIdentifier?
    @exclusivity(unchecked) private var lastPin: Pin?
    /// The pins of other databases this thread is inside at the same time.
    @exclusivity(unchecked) private var others: [(core: ObjectIdentifier, pin: Pin)] = []

    /// The table of the calling thread, made on first use.
    static var current: ThreadLocalPins {
        if let raw = pthread_getspecific(key) { return Unmanaged<ThreadLocalPins>.fromOpaque(raw).takeUnretainedValue() }
        let table = ThreadLocalPins()
        pthread_setspecific(key, Unmanaged.passRetained(table).toOpaque())
        return table
    }

    /// The calling thread's table if it has one (no allocation on a thread that never pinned).
    static var existing: ThreadLocalPins? {
        pthread_getspecific(key).map { Unmanaged<ThreadLocalPins>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The key of the threads' tables (`DatabaseCore.threadPinsKey` keeps a copy, read without the
    /// lazy global's check).
    static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { raw in
            guard let raw else { return }
            Unmanaged<ThreadLocalPins>.fromOpaque(raw).release()
        }
        return key
    }()

    /// `DatabaseCore.enterNested`'s look-up: the calling thread's pin of `core` when it is the table's last
    /// one and this thread is inside an operation on it that covers this one (a read, or a write inside an
    /// operation holding the write token), counted in (depth + 1); nil otherwise. Reads the thread's table
    /// and the pin without retaining either (the table lives as long as its thread; the pin, see
    /// `enterNested`).
    @inline(__always)
    static func nestedPin(of core: DatabaseCore, key: pthread_key_t, thread tid: UInt, forWriting: Bool) -> Unmanaged<Pin>? {
        guard let raw = pthread_getspecific(key) else { return nil }
        return Unmanaged<ThreadLocalPins>.fromOpaque(raw)._withUnsafeGuaranteedRef { table -> Unmanaged<Pin>? in
            guard table.lastCore == ObjectIdentifier(core), let last = table.lastPin else { return nil }
            let pin = Unmanaged.passUnretained(last)
            return pin._withUnsafeGuaranteedRef { pin -> Unmanaged<Pin>? in
                guard pin.depth > 0, pin.threadID == tid, !forWriting || pin.holdsWrite else { return nil }
                pin.depth += 1
                return Unmanaged.passUnretained(pin)
            }
        }
    }

    /// The thread's pin of `core`, if it is inside an operation of it. (A pin is reused for another
    /// checkout once its operation ended, so the caller also checks that it is still this thread's.)
    func pin(for core: DatabaseCore) -> Pin? {
        let id = ObjectIdentifier(core)
        if lastCore == id { return lastPin }
        for entry in others where entry.core == id { return entry.pin }
        return nil
    }

    func set(_ pin: Pin, for core: DatabaseCore) {
        let id = ObjectIdentifier(core)
        if let lastCore, lastCore != id, let lastPin {
            if let index = others.firstIndex(where: { $0.core == lastCore }) {
                others[index].pin = lastPin
            } else {
                others.append((lastCore, lastPin))
            }
        }
        if !others.isEmpty { others.removeAll { $0.core == id } }
        lastCore = id
        lastPin = pin
    }

    func remove(_ pin: Pin, for core: DatabaseCore) {
        let id = ObjectIdentifier(core)
        if lastCore == id, lastPin === pin {
            lastCore = nil
            lastPin = nil
        } else if !others.isEmpty {
            others.removeAll { $0.core == id && $0.pin === pin }
        }
    }
}
