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

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { raw in
            guard let raw else { return }
            Unmanaged<ThreadLocalPins>.fromOpaque(raw).release()
        }
        return key
    }()

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
