import Foundation
import WCDBRepair

/// WCDB Swift 2.x repair API: retrieve at the database's own path, deposit, corruption checks.
extension Database {
    /// Calls `notification` once, on another thread, the first time an operation on this database meets
    /// SQLITE_CORRUPT (11) or SQLITE_NOTADB (26). Nil removes it.
    public func setNotification(whenCorrupted notification: CorruptionNotification?) {
        CorruptionWatch.shared.setNotification(notification, forPath: path)
    }

    /// Whether an operation on this database has met SQLITE_CORRUPT or SQLITE_NOTADB.
    public func isAlreadyCorrupted() -> Bool {
        CorruptionWatch.shared.isCorrupted(path: path)
    }

    /// Runs `PRAGMA quick_check` on a read-only connection of its own (no config runs on it, so the
    /// file's journal mode stays and nothing is checkpointed); true (and marks the database corrupted)
    /// when it reports damage or fails with SQLITE_CORRUPT / SQLITE_NOTADB.
    public func checkIfCorrupted() -> Bool {
        do {
            let handle = try core.makeInspectionHandle()
            defer { handle.close() }
            let result = try handle.scalar("PRAGMA quick_check").stringValue
            if result != "ok" {
                CorruptionWatch.shared.observe(WCDBError(level: .sqlite, code: 11, message: "quick_check: \(result)",
                                                         path: path, tag: tag, operation: "checkIfCorrupted"))
                return true
            }
            return false
        } catch let error as WCDBError {
            return error.code == 11 || error.code == 26
        } catch {
            return false
        }
    }

    /// The folder where `deposit()` moves the database's files: `<path>.factory`, WCDB 2.x's name.
    public var depositDirectory: String { path + ".factory" }

    /// Moves deposits an earlier version left in `<path>.deposited` into `depositDirectory`, so that they
    /// are retrieved (and removed) like the others.
    private func adoptEarlierDeposits() {
        let earlier = path + ".deposited"
        guard let generations = try? FileManager.default.contentsOfDirectory(atPath: earlier) else { return }
        try? FileManager.default.createDirectory(atPath: depositDirectory, withIntermediateDirectories: true)
        for generation in generations where !FileManager.default.fileExists(atPath: depositDirectory + "/" + generation) {
            try? FileManager.default.moveItem(atPath: earlier + "/" + generation, toPath: depositDirectory + "/" + generation)
        }
        if (try? FileManager.default.contentsOfDirectory(atPath: earlier))?.isEmpty == true {
            try? FileManager.default.removeItem(atPath: earlier)
        }
    }

    /// Whether `deposit()` has left files for a later `retrieve(with:)`.
    public func containDepositedFiles() -> Bool {
        adoptEarlierDeposits()
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: depositDirectory)) ?? []
        return !contents.isEmpty
    }

    /// Deletes the deposited files.
    public func removeDepositedFiles() throws {
        adoptEarlierDeposits()
        do {
            if FileManager.default.fileExists(atPath: depositDirectory) { try FileManager.default.removeItem(atPath: depositDirectory) }
        } catch {
            throw reportError(WCDBError(level: .systemCall, message: "\(error)", path: depositDirectory, tag: tag,
                                        operation: "removeDepositedFiles"))
        }
    }

    /// Moves the current files (database, WAL, material) into the deposit folder and continues on an
    /// empty database with the same schema and AUTOINCREMENT sequences; `retrieve(with:)` later brings
    /// the deposited rows back.
    ///
    /// The schema comes from a backup taken first or, when the file can no longer be read (a damaged
    /// header), from its newest earlier material; with neither, the new database starts without tables
    /// (as WCDB 2.x's). The new database gets backup material of its own (WCDB 2.x's renewer does too),
    /// so a later `retrieve(with:)` reads it even when its header, and an encrypted file's salt, is lost.
    public func deposit() throws {
        let backedUp = (try? backup()) != nil
        try close {
            let generation = depositDirectory + "/\(Int(Date().timeIntervalSince1970 * 1000))"
            do {
                try FileManager.default.createDirectory(atPath: generation, withIntermediateDirectories: true)
                for file in [path, path + "-wal"] + materialPaths where FileManager.default.fileExists(atPath: file) {
                    try FileManager.default.moveItem(atPath: file, toPath: generation + "/" + (file as NSString).lastPathComponent)
                }
                try? FileManager.default.removeItem(atPath: path + "-shm")
            } catch {
                throw reportError(WCDBError(level: .systemCall, message: "\(error)", path: path, tag: tag, operation: "deposit"))
            }
        }
        let deposited = try depositedDatabases()
        guard let newest = deposited.last else { return }
        let material: BackupMaterial
        do { material = try BackupMaterial.readNewest(forDatabase: newest, key: core.cipherSnapshot?.keyBytes) } catch let error as RepairError {
            // No material to take the schema from: the deposited file was unreadable and never backed up.
            if !backedUp && !BackupMaterial.paths(forDatabase: newest).contains(where: FileManager.default.fileExists) { return }
            throw reportError(WCDBError(level: .core, code: error.sqliteCode, message: error.description, path: newest, tag: tag,
                                        operation: "deposit"))
        }
        try withHandle(forWriting: true) { handle in
            // The material's SQL is checked like a damaged file's: one CREATE of the entry's own object.
            try RepairAuthorizer.guarding(handle) {
                for entry in material.entries where entry.type == "table" && entry.sql != nil && !entry.name.hasPrefix("sqlite_") {
                    do { try SchemaStatement(entry: entry).create(on: handle) } catch {
                        throw reportError(WCDBError(level: .core, code: 11, message: "backup material of \(newest): table \(entry.name) "
                                                    + "\(error)", sql: entry.sql, path: path, tag: tag, operation: "deposit"))
                    }
                }
                for entry in material.entries where entry.type != "table" && entry.sql != nil && !entry.name.hasPrefix("sqlite_") {
                    createSchemaObject(entry, on: handle, source: newest)
                }
            }
            for (name, seq) in material.sequences {
                let statement = try handle.prepare("INSERT INTO sqlite_sequence(name, seq) VALUES(?, ?)")
                defer { statement.finalize() }
                statement.bind(text: name, toIndex: 1)
                statement.bind(integer: seq, toIndex: 2)
                try statement.run()
            }
        }
        try backup()
    }

    private func depositedDatabases() throws -> [String] {
        adoptEarlierDeposits()
        let generations = ((try? FileManager.default.contentsOfDirectory(atPath: depositDirectory)) ?? []).sorted {
            (Int($0) ?? 0) < (Int($1) ?? 0)
        }
        let name = (path as NSString).lastPathComponent
        return generations.map { depositDirectory + "/" + $0 + "/" + name }.filter { FileManager.default.fileExists(atPath: $0) }
    }

    /// Rebuilds the database at its own path from its (damaged) file, its backup material and any
    /// deposited files. Returns the share of pages that could be read, 0...1: each file's share
    /// weighted by its size, a file that can't be read at all counting as 0 (WCDB 2.x). `progress` receives
    /// (percentage, increment) and may return false to cancel, which leaves every file as it was.
    /// The damaged file is kept beside the result as `<path>.damaged` (`.damaged-2`, … when that
    /// exists) until the caller removes it. A healthy database is rebuilt too, losslessly (a WAL whose
    /// frames SQLite stopped reading at a broken one still gives every committed frame before it).
    /// An encrypted database's files are read in whichever SQLCipher format their pages are in (3 or 4,
    /// the declared one tried first), and the rebuilt file is written in the format `setCipher` declares.
    @discardableResult
    public func retrieve(with progress: ((_ percentage: Double, _ increment: Double) -> Bool)? = nil) throws -> Double {
        let cipher = core.cipherSnapshot
        let key = cipher?.keyBytes
        let pageSize = cipher?.pageSize ?? 4096
        var sources = try depositedDatabases()
        let hasOwnFile = FileManager.default.fileExists(atPath: path)
        let temporary = path + ".retrieving"
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: temporary + suffix) }
        let rebuilt = Database(withPath: temporary)
        // The rebuilt file is written in the format this database declares, whatever the damaged one's.
        if let cipher { rebuilt.core.setCipher(cipher) }
        if hasOwnFile { sources.append(path) }
        var last = 0.0
        // Each source's score counts by its size (database and WAL), as in WCDB 2.x; one that can't be
        // read at all counts as 0.
        var scores: [(score: Double, weight: Double)] = []
        func size(_ source: String) -> Double {
            [source, source + "-wal"].reduce(0) { total, file in
                total + Double((try? FileManager.default.attributesOfItem(atPath: file)[.size] as? UInt64) ?? 0)
            }
        }
        let cancelled: Bool = try close {
            for (index, source) in sources.enumerated() {
                // WCDB 2.x's contract: each increment is the change of percentage and is > 0; the last
                // call is at 1.0. A step that did not advance is not reported.
                let report: (Double) -> Bool = { share in
                    guard let progress else { return true }
                    let percentage = min(1, (Double(index) + share) / Double(sources.count))
                    guard percentage > last else { return true }
                    defer { last = percentage }
                    return progress(percentage, percentage - last)
                }
                do {
                    guard let score = try rebuilt.salvage(fromPath: source, pageSize: pageSize, databaseKey: key, backupKey: key,
                                                          progress: report) else { return true }
                    scores.append((score, size(source)))
                } catch let error as WCDBError where sources.count > 1 {
                    _ = error  // one unreadable generation does not stop the others
                    scores.append((0, size(source)))
                }
            }
            rebuilt.close()
            if hasOwnFile {
                // An earlier retrieve's damaged file is never replaced: the user may still need it.
                var damaged = path + ".damaged"
                var generation = 2
                while FileManager.default.fileExists(atPath: damaged) || FileManager.default.fileExists(atPath: damaged + "-wal") {
                    damaged = path + ".damaged-\(generation)"
                    generation += 1
                }
                for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: path + suffix) {
                    try FileManager.default.moveItem(atPath: path + suffix, toPath: damaged + suffix)
                }
                // The material describes the damaged file (and is rewritten for the rebuilt one below):
                // a copy beside the damaged file lets a later `recover` of it find its schema.
                for (own, kept) in zip(materialPaths, BackupMaterial.paths(forDatabase: damaged))
                    where FileManager.default.fileExists(atPath: own) {
                    try? FileManager.default.copyItem(atPath: own, toPath: kept)
                }
                try? FileManager.default.removeItem(atPath: path + "-shm")
            }
            try FileManager.default.moveItem(atPath: temporary, toPath: path)
            return false
        }
        if cancelled {
            rebuilt.close()
            for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: temporary + suffix) }
            throw reportError(WCDBError(level: .abort, message: "retrieve cancelled; files left as they were", path: path,
                                        tag: tag, operation: "retrieve"))
        }
        try? removeDepositedFiles()
        CorruptionWatch.shared.reset(path: path)
        // The old material names the old file's root pages (and salt): describe the rebuilt one instead.
        try? backup()
        let weight = scores.reduce(0) { $0 + $1.weight }
        guard weight > 0 else { return scores.isEmpty ? 0 : scores.reduce(0) { $0 + $1.score } / Double(scores.count) }
        return scores.reduce(0) { $0 + $1.score * $1.weight } / weight
    }
}
