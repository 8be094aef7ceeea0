/// A running observation started with a callback (`DatabaseObservation.start(onChange:onError:)`), for
/// code that is not async. The observation runs until `cancel()` or until the token goes away.
public final class ObservationToken: Sendable {
    private let task: Task<Void, Never>

    init(_ task: Task<Void, Never>) {
        self.task = task
    }

    deinit { task.cancel() }

    /// Stops the observation: no callback comes after the one running, if any.
    public func cancel() {
        task.cancel()
    }
}

extension DatabaseObservation {
    /// Starts the observation, calling `onChange` with each result (the current one first) and `onError`
    /// with the error that ended it, if any (not for `cancel()`). Keep the token: the observation stops
    /// when it goes away. The callbacks run on no particular thread, one at a time.
    public func start(onChange: @escaping @Sendable (Value) -> Void,
                      onError: @escaping @Sendable (any Error) -> Void = { _ in }) -> ObservationToken {
        ObservationToken(Task {
            do {
                for try await value in self {
                    guard !Task.isCancelled else { return }
                    onChange(value)
                }
            } catch {
                onError(error)
            }
        })
    }
}

extension Database {
    /// Observes the reads of `fetch`: the first element is its result now, then one after each committed
    /// transaction that changed a table it reads (see `DatabaseObservation`).
    ///
    /// `fetch` runs on a pooled reader, off Swift's cooperative thread pool; it may read through `handle`
    /// or through this database, with any verb, chain call or prepared statement, and should only read.
    /// Each of its statements sees the database after a commit; for several statements to see the same
    /// one, run them in `handle.run(transaction:)`. The tables it reads are those SQLite reads for its
    /// statements, found again after each fetch.
    ///
    /// ```swift
    /// let unread = database.observe { handle in
    ///     try handle.getValue(on: Column.all.count(), fromTable: "message", where: Column(named: "read") == false).int64Value
    /// }
    /// ```
    public func observe<Value: Sendable>(_ fetch: @escaping @Sendable (Handle) throws -> Value) -> DatabaseObservation<Value> {
        DatabaseObservation(database: self, fetch: fetch)
    }
}
