import CSQLCipher
import Foundation

/// Keeps WAL checkpoints out of migration steps. SQLite runs a checkpoint inside the commit that takes
/// the WAL past `wal_autocheckpoint` pages (1,000 by default), with the write lock still held: a step
/// that happened to be that commit blocked the app's writers for the checkpoint's length too. A step
/// commits with the handle's auto-checkpoint off and notes how long the WAL has grown; once it holds
/// `walPages` pages, `stepMigration()` checkpoints (PASSIVE) after it has given up the write lock, on a
/// handle of its own: writers go on meanwhile, and the WAL stays as bounded as SQLite's default keeps it.
enum MigrationCheckpoint {
    /// The WAL length, in pages, past which a step is followed by a checkpoint: below SQLite's
    /// auto-checkpoint (1,000 pages) by more than a step writes, so that the app's commit that follows a
    /// step does not find the WAL past it and checkpoint inline itself.
    static let walPages: Int32 = 700

    private static let hook: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafePointer<CChar>?, Int32) -> Int32 = {
        context, _, _, pages in
        if let frames = context?.assumingMemoryBound(to: Int32.self) { frames.pointee = max(frames.pointee, pages) }
        return SQLITE_OK
    }

    /// Runs `body` (which commits) with `handle`'s auto-checkpoint off; returns its result and the most
    /// pages the WAL of a database it wrote held after a commit (0 when it wrote none).
    static func withoutAutoCheckpoint<T>(on handle: Handle, _ body: () throws -> T) throws -> (T, walPages: Int32) {
        guard let db = handle.rawPointer else { return (try body(), 0) }
        let previous = Int32(truncatingIfNeeded: try handle.rows("PRAGMA wal_autocheckpoint").first?.first?.int64Value ?? Int64(walPages))
        let frames = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        frames.pointee = 0
        defer { frames.deallocate() }
        // Replaces the auto-checkpoint hook; `sqlite3_wal_autocheckpoint` puts it back.
        sqlite3_wal_hook(db, hook, frames)
        defer { sqlite3_wal_autocheckpoint(db, previous) }
        let result = try body()
        return (result, frames.pointee)
    }

    /// A passive checkpoint of every database of the handle (the target's file and attached sources).
    static func checkpoint(on handle: Handle) throws {
        try handle.exec("PRAGMA wal_checkpoint(PASSIVE)")
    }
}
