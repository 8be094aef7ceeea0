import CSQLCipher
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
    /// (`PRAGMA wal_checkpoint(PASSIVE)`), after a background checkpoint in progress, if any.
    public func passiveCheckpoint() throws {
        try checkpoint(mode: SQLITE_CHECKPOINT_PASSIVE)
    }

    /// Copies the whole WAL into the database file and truncates the WAL to zero bytes, waiting for
    /// readers to finish (`PRAGMA wal_checkpoint(TRUNCATE)`), after a background checkpoint in progress, if any.
    public func truncateCheckpoint() throws {
        try checkpoint(mode: SQLITE_CHECKPOINT_TRUNCATE)
    }
}
