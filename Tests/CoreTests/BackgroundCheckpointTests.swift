import Foundation
import Testing
import WCDBSwift

/// WAL checkpoints run on a background thread, not inside the commit that fills the WAL, unless the app
/// removes the auto-checkpoint config. What the file holds tells which: a checkpoint copies the WAL's
/// pages into the database file, which grows by them.
@Suite struct BackgroundCheckpointTests {
    private static func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("checkpoint-\(UUID().uuidString).db").path
    }

    private static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? NSNumber)?.intValue ?? 0
    }

    private static func removeFiles(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// A database on a fresh file (`prepare` runs first) with an empty table `t(a BLOB)`; closed and its
    /// files removed after `body`.
    private static func withTable(prepare: (Database) -> Void = { _ in },
                                  _ body: (_ database: Database, _ path: String) throws -> Void) throws {
        let path = temporaryPath()
        let database = Database(withPath: path)
        defer { database.close(); removeFiles(path) }
        prepare(database)
        try database.exec("CREATE TABLE t(a BLOB)")
        try body(database, path)
    }

    /// One statement that writes `pages` pages of about 4 KB (one row each) in its own transaction.
    private static func insertPages(_ pages: Int, into database: Database) throws {
        try database.exec("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < \(pages)) "
            + "INSERT INTO t SELECT randomblob(3000) FROM c")
    }

    /// Waits up to 10 s for `condition`.
    private static func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while !condition() {
            if Date() > deadline { return false }
            usleep(5_000)
        }
        return true
    }

    @Test("A commit that fills the WAL leaves its checkpoint to a background thread; without the config it checkpoints inline",
          arguments: [true, false])
    func commitDoesNotCheckpointInline(background: Bool) throws {
        try Self.withTable(prepare: { if !background { $0.removeConfig(named: Database.autoCheckpointConfigName) } }) { database, path in
            try database.truncateCheckpoint()
            let before = Self.fileSize(path)

            // While this thread blockades the database, the background checkpoint takes no handle.
            database.blockade()
            try Self.insertPages(1_200, into: database)
            let afterCommit = Self.fileSize(path)
            database.unblockade()

            if background {
                #expect(afterCommit == before, "the commit copied the WAL into the file itself")
                // The next commit asks again, and the checkpoint runs while this thread goes on.
                try database.exec("INSERT INTO t VALUES (1)")
                #expect(Self.eventually { Self.fileSize(path) > before + 1_000 * 4_096 })
            } else {
                #expect(afterCommit > before + 1_000 * 4_096)
            }
            #expect(try database.getValue("SELECT count(*) FROM t").int64Value == (background ? 1_201 : 1_200))
        }
    }

    @Test("A WAL the background checkpoint could not shrink is checkpointed inline from 10,000 frames")
    func inlineCheckpointBoundsTheWAL() throws {
        try Self.withTable { database, path in
            let before = Self.fileSize(path)
            database.blockade()
            defer { database.unblockade() }
            try Self.insertPages(6_000, into: database)
            #expect(Self.fileSize(path) == before)
            try Self.insertPages(4_500, into: database)
            #expect(Self.fileSize(path) > before + 10_000 * 4_096)
        }
    }

    @Test("truncateCheckpoint() right after a commit that filled the WAL waits for the background checkpoint, then empties the WAL",
          arguments: 0..<6)
    func truncateAfterTheBackgroundCheckpoint(round: Int) throws {
        try Self.withTable { database, path in
            try Self.insertPages(1_500 + 100 * round, into: database)
            try database.truncateCheckpoint()
            #expect(Self.fileSize(path + "-wal") == 0)
        }
    }

    @Test("truncateCheckpoint() inside a write transaction of the same database ends at once",
          arguments: [false, true])
    func truncateInsideATransactionDoesNotWaitForItself(transactionObject: Bool) throws {
        try Self.withTable { database, path in
            try Self.insertPages(1_200, into: database)
            let start = Date()
            // Refused, or done on this thread's own connection: either way at once, not after the busy
            // timeout waiting for the write lock this thread holds.
            if transactionObject {
                let transaction = try database.getTransaction()
                try transaction.run(transaction: {
                    try transaction.exec("INSERT INTO t VALUES (1)")
                    _ = try? database.truncateCheckpoint()
                })
            } else {
                try database.run(transaction: {
                    try database.exec("INSERT INTO t VALUES (1)")
                    _ = try? database.truncateCheckpoint()
                })
            }
            #expect(Date().timeIntervalSince(start) < 2)
            #expect(try database.getValue("SELECT count(*) FROM t").int64Value == 1_201)
        }
    }

    /// File descriptors of this process open on `path` (a connection holds one on the database file).
    private static func descriptors(on path: String) -> Int {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return fds.count { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) == path }
    }

    @Test("The checkpoint runs on a connection of its own, which closes with the database")
    func checkpointConnectionClosesWithTheDatabase() throws {
        try Self.withTable { database, path in
            let before = Self.fileSize(path)
            try Self.insertPages(1_200, into: database)
            #expect(Self.eventually { Self.fileSize(path) > before + 1_000 * 4_096 })
            // The app's handle and the checkpoint's connection.
            #expect(Self.descriptors(on: path) == 2)
            database.close()
            #expect(Self.descriptors(on: path) == 0)
        }
    }

    @Test("A database closed right after a commit that asked for a checkpoint stays closed")
    func closeRightAfterTheCommit() throws {
        try Self.withTable { database, path in
            try Self.insertPages(1_200, into: database)
            database.close()
            // The background checkpoint never opens a handle: none is open a while later.
            usleep(300_000)
            #expect(!database.isOpened)
            // And what was committed is there, checkpointed or not.
            #expect(try database.getValue("SELECT count(*) FROM t").int64Value == 1_200)
        }
    }
}
