import Synchronization

/// The observations of one database (one `DatabaseCore`, so every `Database` of the file in this
/// process): the pool publishes each connection's commits here, and each observation whose region they
/// touch is marked changed.
///
/// A commit costs one lock and a lookup per changed table when it touches no observation: the center
/// counts, per table, the regions that read it (`readers`), and the regions that a table name alone
/// can't decide (`broad`: not fetched yet, WITHOUT ROWID tables, virtual tables' shadow tables).
final class ObservationCenter: Sendable {
    private struct State {
        var sinks: [ObjectIdentifier: (sink: ObservationSink, region: ReadRegion)] = [:]
        var readers: [String: Int] = [:]
        var broad = 0

        mutating func count(_ region: ReadRegion, _ delta: Int) {
            if region.isBroad { broad += delta }
            for table in region.tables {
                let count = readers[table, default: 0] + delta
                readers[table] = count == 0 ? nil : count
            }
        }
    }

    // `LockedValue` (a pthread mutex) rather than `Mutex`: ThreadSanitizer does not see `Mutex`'s futex
    // on Linux as synchronization, and reported its guarded state as raced.
    private let state = LockedValue(State())
    private let count = Atomic<Int>(0)

    /// Whether any observation is registered: the pool skips publishing when none is.
    var isObserved: Bool { observerCount > 0 }

    /// How many observations are registered.
    var observerCount: Int { count.load(ordering: .sequentiallyConsistent) }

    /// Registers `sink`, woken by any commit until its first fetch sets its region.
    func add(_ sink: ObservationSink) {
        state.withLock { state in
            let id = ObjectIdentifier(sink)
            guard state.sinks[id] == nil else { return }
            state.sinks[id] = (sink, .everything)
            state.count(.everything, 1)
            count.store(state.sinks.count, ordering: .sequentiallyConsistent)
        }
    }

    /// Sets the region `sink`'s last fetch read.
    func setRegion(_ region: ReadRegion, of sink: ObservationSink) {
        state.withLock { state in
            let id = ObjectIdentifier(sink)
            guard let old = state.sinks[id] else { return }
            state.count(old.region, -1)
            state.sinks[id] = (sink, region)
            state.count(region, 1)
        }
    }

    func remove(_ sink: ObservationSink) {
        state.withLock { state in
            guard let old = state.sinks.removeValue(forKey: ObjectIdentifier(sink)) else { return }
            state.count(old.region, -1)
            count.store(state.sinks.count, ordering: .sequentiallyConsistent)
        }
    }

    /// Marks changed every observation whose region the committed changes touch (all of them when the
    /// schema changed).
    func publish(tables: Set<String>, changedRows: Bool, changedSchema: Bool) {
        let touched = state.withLock { state -> [ObservationSink] in
            if changedSchema { return state.sinks.values.map(\.sink) }
            guard state.broad > 0 || tables.contains(where: { state.readers[$0] != nil }) else { return [] }
            return state.sinks.values.compactMap { entry in
                entry.region.isTouched(tables: tables, changedRows: changedRows) ? entry.sink : nil
            }
        }
        for sink in touched { sink.markChanged() }
    }

    /// Ends every observation with `error` (the database closed).
    func endAll(with error: WCDBError) {
        let sinks = state.withLock { state in
            defer {
                state = State()
                count.store(0, ordering: .sequentiallyConsistent)
            }
            return state.sinks.values.map(\.sink)
        }
        for sink in sinks { sink.end(with: error) }
    }
}

/// One observation's side of the center: its region, whether a commit touched it since its last fetch,
/// and the continuation of a consumer waiting for that.
final class ObservationSink: Sendable {
    private struct State {
        var changed = false
        var waiter: CheckedContinuation<Void, any Error>?
        var ended: (any Error)?
    }

    private let state = LockedValue(State())  // see ObservationCenter.state

    /// Forgets changes noted so far: a fetch starts, and will see them.
    func startFetch() {
        state.withLock { $0.changed = false }
    }

    /// A commit touched the region: wakes the waiting consumer, or the next wait returns at once.
    func markChanged() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            guard state.ended == nil else { return nil }
            state.changed = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Ends the observation: a waiting consumer, and every later wait, throws `error`.
    func end(with error: any Error) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            if state.ended == nil { state.ended = error }
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(throwing: error)
    }

    /// Waits until a commit touched the region since the last `startFetch`; throws what ended the
    /// observation (`CancellationError` when the waiting Task is cancelled).
    func waitForChange() async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome = state.withLock { state -> Result<Bool, any Error> in
                    if let ended = state.ended { return .failure(ended) }
                    if state.changed { return .success(true) }
                    state.waiter = continuation
                    return .success(false)
                }
                switch outcome {
                case .failure(let error): continuation.resume(throwing: error)
                case .success(true): continuation.resume()
                case .success(false): break
                }
            }
        } onCancel: {
            end(with: CancellationError())
        }
    }
}
