import Foundation
import WCDBSwift

/// A database file in a directory of its own under the temporary directory: closed and deleted, with
/// anything else the test put in `directory`, when the value goes.
public final class ScratchDatabase: Sendable {
    /// The directory holding the file; other files of the test may go here too.
    public let directory: URL
    /// The database at `directory/<file>` (not opened until its first use).
    public let database: Database

    /// A scratch database whose directory's name starts with `wcdb-<label>-`.
    public init(_ label: String = "scratch", file: String = "test.db") {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-\(label)-\(UUID().uuidString)")
        database = Database(withPath: directory.appendingPathComponent(file).path)
    }

    deinit {
        database.close()
        try? FileManager.default.removeItem(at: directory)
    }

    /// The integers of the first column of `sql`'s rows: `try scratch.integers("SELECT id FROM t ORDER BY id")`.
    public func integers(_ sql: String) throws -> [Int64] {
        try database.getRows(sql).map { $0[0].int64Value }
    }
}
