extension Handle {
    /// Runs `body`, which writes on this handle, holding the database's write token: inside an operation
    /// of this thread the token is taken as a nested write (a read operation takes it the way a write
    /// nested in a read does), so no other writer of the pool runs meanwhile. A handle with no database
    /// (a standalone connection) writes under SQLite's file lock alone.
    func withWriteAccess<T>(_ body: () throws -> T) throws -> T {
        guard let core else { return try body() }
        let pin = try core.enter(forWriting: true)
        defer { core.leave(pin) }
        return try body()
    }
}
