import Synchronization

/// The observations of one database (one `DatabaseCore`, so every `Database` of the file in this
/// process): the pool publishes each connection's commits here, and each observation whose region they
/// touch is marked changed.
final class ObservationCenter: Sendable {
    private let observers = Mutex<[ObjectIdentifier: ObservationSink]>([:])
    private let count = Atomic<Int>(0)

    /// Whether any observation is registered: the pool skips publishing when none is.
    var isObserved: Bool { observerCount > 0 }

    /// How many observations are registered.
    var observerCount: Int { count.load(ordering: .sequentiallyConsistent) }

    func add(_ sink: ObservationSink) {
        observers.withLock { observers in
            observers[ObjectIdentifier(sink)] = sink
            count.store(observers.count, ordering: .sequentiallyConsistent)
        }
    }

    func remove(_ sink: ObservationSink) {
        observers.withLock { observers in
            observers.removeValue(forKey: ObjectIdentifier(sink))
            count.store(observers.count, ordering: .sequentiallyConsistent)
        }
    }

    /// Marks changed every observation whose region `changes` touch.
    func publish(_ changes: CommittedChanges) {
        let sinks = observers.withLock { Array($0.values) }
        for sink in sinks { sink.noteCommit(changes) }
    }

    /// Ends every observation with `error` (the database closed).
    func endAll(with error: WCDBError) {
        let sinks = observers.withLock { observers in
            defer {
                observers.removeAll()
                count.store(0, ordering: .sequentiallyConsistent)
            }
            return Array(observers.values)
        }
        for sink in sinks { sink.end(with: error) }
    }
}

/// One observation's side of the center: its region, whether a commit touched it since its last fetch,
/// and the continuation of a consumer waiting for that.
final class ObservationSink: Sendable {
    private struct State {
        var region = ReadRegion.everything
        var changed = false
        var waiter: CheckedContinuation<Void, any Error>?
        var ended: (any Error)?
    }

    private let state = Mutex(State())

    /// Sets the region found by the last fetch.
    func setRegion(_ region: ReadRegion) {
        state.withLock { $0.region = region }
    }

    /// Forgets changes noted so far: a fetch starts, and will see them.
    func startFetch() {
        state.withLock { $0.changed = false }
    }

    func noteCommit(_ changes: CommittedChanges) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            guard state.ended == nil, state.region.isTouched(by: changes) else { return nil }
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
