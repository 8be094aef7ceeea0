import Foundation

// WCDB Swift 2.x's names for Database calls that 1.x (the seeds) spells differently. Each forwards to
// the one implementation, so both spellings behave the same.

extension Database {
    /// A database at `path` (2.x spelling of `init(withPath:)`).
    public convenience init(at path: String) {
        self.init(withPath: path)
    }

    /// A database at a file URL (2.x spelling of `init(withFileURL:)`).
    public convenience init(at url: URL) {
        self.init(withPath: url.path)
    }

    /// The database's files (2.x spelling of `paths`, as file URLs).
    public var urls: [URL] { paths.map { URL(fileURLWithPath: $0) } }

    /// Copies what the WAL holds into the database file without waiting for readers or writers
    /// (`PRAGMA wal_checkpoint(PASSIVE)`).
    public func passiveCheckpoint() throws {
        try exec("PRAGMA wal_checkpoint(PASSIVE)")
    }

    /// Copies the whole WAL into the database file and truncates the WAL to zero bytes, waiting for
    /// readers to finish (`PRAGMA wal_checkpoint(TRUNCATE)`).
    public func truncateCheckpoint() throws {
        try exec("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// Runs `body` in a transaction with the transaction's handle (2.x): commits when it returns, rolls
    /// back and rethrows when it throws.
    @available(*, noasync, message: "blocks the calling thread; in async code use the async form (try await …), which runs off the cooperative pool and stops when the Task is cancelled")
    public func run(transaction body: (Handle) throws -> Void) throws {
        try run(transaction: {
            try withHandle(forWriting: true) { handle in try body(handle) }
        })
    }

    /// Runs `body` in a transaction with its handle; commits only when `body` returns true (2.x).
    @available(*, noasync, message: "blocks the calling thread; in async code use the async form (try await …), which runs off the cooperative pool and stops when the Task is cancelled")
    public func run(controllableTransaction body: (Handle) throws -> Bool) throws {
        try run(controllableTransaction: {
            try withHandle(forWriting: true) { handle in try body(handle) }
        })
    }

    /// Runs `body` in a transaction, or inside the running one, with its handle (2.x).
    @available(*, noasync, message: "blocks the calling thread; in async code use the async form (try await …), which runs off the cooperative pool and stops when the Task is cancelled")
    public func run(embeddedTransaction body: (Handle) throws -> Void) throws {
        try run(embeddedTransaction: {
            try withHandle(forWriting: true) { handle in try body(handle) }
        })
    }
}
