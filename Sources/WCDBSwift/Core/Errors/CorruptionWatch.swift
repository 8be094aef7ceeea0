import Foundation

/// Receives the database the first time one of its operations meets SQLITE_CORRUPT or SQLITE_NOTADB.
public typealias CorruptionNotification = @Sendable (_ database: Database) -> Void

/// Per path: whether corruption was met, and who to tell, once, off the thread that met it.
/// Fed by `reportError`, where every error the runtime raises passes.
final class CorruptionWatch: Sendable {
    static let shared = CorruptionWatch()

    private struct Entry {
        var notification: CorruptionNotification?
        var corrupted = false
        var notified = false
    }

    private let entries = LockedValue([String: Entry]())

    func setNotification(_ notification: CorruptionNotification?, forPath path: String) {
        entries.withLock { $0[path, default: Entry()].notification = notification }
    }

    func isCorrupted(path: String) -> Bool { entries.withLock { $0[path]?.corrupted ?? false } }

    func reset(path: String) { entries.withLock { $0[path]?.corrupted = false; $0[path]?.notified = false } }

    /// Called for every raised error; SQLITE_CORRUPT (11) and SQLITE_NOTADB (26) mark the path.
    func observe(_ error: WCDBError) {
        guard error.code == 11 || error.code == 26, error.level == .sqlite, let path = error.path else { return }
        let notification = entries.withLock { entries -> CorruptionNotification? in
            var entry = entries[path, default: Entry()]
            entry.corrupted = true
            defer { entries[path] = entry }
            guard !entry.notified, let notification = entry.notification else { return nil }
            entry.notified = true
            return notification
        }
        if let notification {
            Thread.detachNewThread { notification(Database(withPath: path)) }
        }
    }
}
