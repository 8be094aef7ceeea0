/// A read kept up to date: an `AsyncSequence` whose first element is the read's current result, then
/// a fresh result after each committed transaction that changed a table the read reads.
///
/// Make one with `Database.observe(_:)` or an observed verb (`observeObjects(of:fromTable:where:orderBy:limit:offset:)`,
/// `observeValue(on:fromTable:where:orderBy:offset:)`…), and iterate it:
///
/// ```swift
/// for try await messages in database.observeObjects(of: Message.self, fromTable: "message",
///                                                    orderBy: [Message.Properties.time.order(.descending)],
///                                                    limit: 50) {
///     show(messages)
/// }
/// ```
///
/// - Each result is read on a pooled reader after the commit, never inside the writer's transaction.
/// - A commit to a table the read does not read fetches nothing. A transaction that changes a table a
///   thousand times is one commit; commits that come while a result is being fetched or consumed make
///   one more fetch, of the database as it is then (the latest result wins, nothing is buffered), so the
///   last element always equals the database after the last commit. A rolled-back transaction changes
///   nothing.
/// - Cancelling the iterating Task ends the sequence (`next()` returns nil). Closing the database ends
///   it with a `WCDBError` (`SQLITE_ABORT`); an error of a fetch is thrown too, and ends it.
/// - Commits of this process are seen, through any `Database` of the file; other processes' are not.
public struct DatabaseObservation<Value: Sendable>: AsyncSequence, Sendable {
    /// Each element is a result of the read.
    public typealias Element = Value

    let database: Database
    let fetch: @Sendable (Handle) throws -> Value
    let isSame: (@Sendable (Value, Value) -> Bool)?

    init(database: Database, isSame: (@Sendable (Value, Value) -> Bool)? = nil,
         fetch: @escaping @Sendable (Handle) throws -> Value) {
        self.database = database
        self.fetch = fetch
        self.isSame = isSame
    }

    /// The same observation, leaving out a result equal to the one before it.
    public func removeDuplicates() -> DatabaseObservation<Value> where Value: Equatable {
        DatabaseObservation(database: database, isSame: { $0 == $1 }, fetch: fetch)
    }

    /// Starts the observation and iterates it.
    public func makeAsyncIterator() -> Iterator {
        Iterator(run: ObservationRun(observation: self))
    }

    /// Iterates an observation; see `DatabaseObservation`.
    public struct Iterator: AsyncIteratorProtocol {
        let run: ObservationRun<Value>

        /// The current result the first time; then the next fresh result, nil once the iterating Task is
        /// cancelled.
        /// - Throws: `WCDBError` — the database closed (`SQLITE_ABORT`), or an error of the fetch.
        public mutating func next() async throws -> Value? {
            try await run.next()
        }
    }
}

/// The state of one iteration of an observation: its registration with the database, its region and
/// its last result. Used by the iterating Task only.
final class ObservationRun<Value: Sendable> {
    let observation: DatabaseObservation<Value>
    let sink = ObservationSink()
    private var started = false
    private var finished = false
    private var last: Value?
    /// The region of the last fetch, and what it was found for.
    private var region: (key: ReadRegion.Key, region: ReadRegion)?

    init(observation: DatabaseObservation<Value>) {
        self.observation = observation
    }

    deinit { finish() }

    func next() async throws -> Value? {
        guard !finished else { return nil }
        do {
            if !started {
                started = true
                // Registered before the first fetch: a commit from now on marks it changed.
                observation.database.core.observations.add(sink)
                let value = try await fetch()
                if observation.isSame != nil { last = value }
                return value
            }
            while true {
                try await sink.waitForChange()
                let value = try await fetch()
                if let isSame = observation.isSame {
                    if let previous = last, isSame(previous, value) { continue }
                    last = value
                }
                return value
            }
        } catch is CancellationError {
            finish()
            return nil
        } catch {
            finish()
            throw error
        }
    }

    private func fetch() async throws -> Value {
        sink.startFetch()
        let fetch = observation.fetch
        let known = region
        // Not `read(_:)`: inside its transaction, the set-up a migrating table's read makes on a handle
        // (its temp view) is made again at every fetch instead of once per handle.
        let (value, key, region) = try await observation.database.runCancellable(writes: false) { handle in
            try ReadRegion.recording(on: handle, known: known) { try fetch(handle) }
        }
        if let key, key != known?.key {
            self.region = (key, region)
            observation.database.core.observations.setRegion(region, of: sink)
        }
        return value
    }

    private func finish() {
        guard !finished else { return }
        finished = true
        observation.database.core.observations.remove(sink)
        sink.end(with: CancellationError())
    }
}
