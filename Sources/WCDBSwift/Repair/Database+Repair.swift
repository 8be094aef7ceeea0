import Foundation
import WCDBRepair

extension Database {
    // MARK: Backup

    /// Writes the backup material beside the database (WCDB 1.x): every table's and index's schema,
    /// root page and the AUTOINCREMENT sequences, sealed with `key` when given. Small and cheap; two
    /// generations are kept, so a crash during a backup leaves the previous one intact.
    public func backup(withKey key: Data? = nil) throws {
        do {
            let material = try withHandle(forWriting: false) { handle -> BackupMaterial in
                let writer = RecoveryWriter(handle: handle)
                let pageSize = Int(try writer.rows("PRAGMA page_size").first?.first?.int64Value ?? 4096)
                let filter = BackupFilters.shared.filter(forPath: path)
                let entries = try writer.rows("SELECT type, name, tbl_name, rootpage, sql FROM sqlite_master").filter {
                    filter == nil || $0[2].stringValue.hasPrefix("sqlite_") || filter!($0[2].stringValue)
                }.map {
                    SchemaEntry(type: $0[0].stringValue, name: $0[1].stringValue, tableName: $0[2].stringValue,
                                rootPage: UInt32(clamping: $0[3].int64Value), sql: $0[4].isNull ? nil : $0[4].stringValue)
                }
                var sequences: [String: Int64] = [:]
                if entries.contains(where: { $0.name == "sqlite_sequence" }) {
                    for row in try writer.rows("SELECT name, seq FROM sqlite_sequence") { sequences[row[0].stringValue] = row[1].int64Value }
                }
                var salt: [UInt8]?
                var profile: CipherProfile?
                if core.cipherSnapshot != nil, let file = FileHandle(forReadingAtPath: path) {
                    salt = Array(file.readData(ofLength: 16))
                    try? file.close()
                    profile = try handle.cipherProfile()
                }
                return BackupMaterial(pageSize: pageSize, entries: entries, sequences: sequences, salt: salt, cipherProfile: profile)
            }
            try material.write(forDatabase: path, key: key)
        } catch let error as RepairError {
            throw reportError(WCDBError(level: .core, message: error.description, path: path, tag: tag, operation: "backup"))
        }
    }

    /// Writes the backup material (WCDB 2.x), sealed with the database's own cipher key when it has one.
    public func backup() throws {
        try backup(withKey: core.cipherSnapshot?.keyBytes)
    }

    /// Paths of the backup material generations beside this database.
    public var materialPaths: [String] { BackupMaterial.paths(forDatabase: path) }

    // MARK: Recover

    /// Salvages every readable row of the damaged database at `fromPath` into this (fresh) database
    /// (WCDB 1.x). Rows keep their rowids; indexes, views and triggers are rebuilt afterwards. The
    /// schema comes from the damaged file's page 1 when it is readable, else from the backup material
    /// written by `backup(withKey:)` (sealed with `backupKey`). `databaseKey` decrypts a SQLCipher 3 or
    /// 4 file: the format comes from its pages (the material's, then this database's declared format is
    /// tried first; see `PageSource`), the cipher page size too (`withPageSize` first). This database
    /// is written in its own format. The damaged file is only read, never changed.
    public func recover(fromPath source: String, withPageSize pageSize: Int32 = 4096,
                        databaseKey: Data? = nil, backupKey: Data? = nil) throws {
        _ = try salvage(fromPath: source, pageSize: Int(pageSize), databaseKey: databaseKey, backupKey: backupKey, progress: nil)
    }

    /// `recover(fromPath:withPageSize:databaseKey:backupKey:)` reporting progress (0...1; return false
    /// to cancel, which rolls back). Returns the share of the damaged file's pages that could be read.
    /// `materialPath` names a material file kept elsewhere than beside the damaged file (nil: the newest
    /// generation beside it).
    @discardableResult
    public func recover(fromPath source: String, withPageSize pageSize: Int32 = 4096, databaseKey: Data? = nil,
                        backupKey: Data? = nil, materialPath: String? = nil, progress: @escaping (Double) -> Bool) throws -> Double {
        guard let score = try salvage(fromPath: source, pageSize: Int(pageSize), databaseKey: databaseKey,
                                      backupKey: backupKey, materialPath: materialPath, progress: progress) else {
            throw reportError(WCDBError(level: .abort, message: "recover cancelled", path: source, tag: tag, operation: "recover"))
        }
        return score
    }

    /// Returns the share of readable pages (0...1), or nil when `progress` cancelled.
    func salvage(fromPath source: String, pageSize: Int, databaseKey: Data?, backupKey: Data?, materialPath: String? = nil,
                 progress: ((Double) -> Bool)?) throws -> Double? {
        let operation = "recover"
        func fail(_ error: RepairError) -> WCDBError {
            reportError(WCDBError(level: .core, code: error.sqliteCode, message: error.description, path: source, tag: tag,
                                  operation: operation))
        }
        if Database.isSameFile(source, path) {
            throw reportError(WCDBError(level: .interface, code: 21, message: "recover writes into \(path), which is the damaged file itself; "
                                        + "recover into a new database", path: source, tag: tag, operation: operation))
        }
        var material: BackupMaterial?
        var materialError: RepairError?
        do {
            material = try materialPath.map { try BackupMaterial.read(from: $0, key: backupKey) }
                ?? BackupMaterial.readNewest(forDatabase: source, key: backupKey)
        } catch let error as RepairError {
            materialError = error
        }
        let pages: PageSource
        do {
            // A plain file whose header is lost: the material's page size, else the one its pages show.
            let plainPageSize = material?.pageSize ?? pageSize
            // An encrypted one: the format the material recorded, then the one this database declares.
            let profiles = CipherProfile.ordered(preferring: [material?.cipherProfile, core.cipherSnapshot?.declaredProfile])
            pages = try PageSource(path: source, pageSize: databaseKey == nil ? plainPageSize : pageSize, key: databaseKey,
                                   salt: databaseKey == nil ? nil : material?.salt, detectPageSize: material == nil, profiles: profiles)
        } catch let error as RepairError {
            throw fail(error)
        }
        // Checked before anything is written: no page decrypts, or the material's salt is another file's.
        if let failure = pages.keyFailure { throw fail(failure) }
        let materialFile = materialPath ?? BackupMaterial.paths(forDatabase: source)[0]
        if let materialSalt = material?.salt, let salt = pages.salt, materialSalt != salt { throw fail(.materialMismatch(path: materialFile)) }
        let salvager = Salvager(source: pages)
        let read = salvager.readSchema()
        let fileSchema = read?.entries
        if let materialError, case .materialMissing = materialError {} else if let materialError {
            if fileSchema == nil { throw fail(materialError) }
        }
        if let fileSchema, let material {
            let fileTables = Set(fileSchema.filter { $0.type == "table" }.map(\.name))
            let materialTables = Set(material.entries.filter { $0.type == "table" }.map(\.name))
            if !fileTables.isEmpty, !materialTables.isEmpty, fileTables.isDisjoint(with: materialTables) {
                throw fail(.materialMismatch(path: materialFile))
            }
        }
        // The file's own schema is the newest; the material fills in entries only when pages of the
        // schema's tree are lost (a whole tree without an entry means the table was dropped since).
        var schema = fileSchema ?? []
        if read?.complete != true {
            for entry in material?.entries ?? [] where !schema.contains(where: { $0.name == entry.name }) { schema.append(entry) }
        }
        let unconfirmed = Set(schema.map(\.name)).subtracting((fileSchema ?? []).map(\.name))

        return try withHandle(forWriting: true) { handle -> Double? in
            try RepairAuthorizer.guarding(handle) {
                try write(salvager, schema: schema, unconfirmed: unconfirmed, material: material, materialPath: materialFile, into: handle,
                          source: source, databaseKey: databaseKey, progress: progress, fail: fail)
            }
        }
    }

    /// Writes what `salvager` reads into `handle`'s database, in one transaction; nil when cancelled.
    private func write(_ salvager: Salvager, schema: [SchemaEntry], unconfirmed: Set<String>, material: BackupMaterial?,
                       materialPath: String, into handle: Handle, source: String, databaseKey: Data?,
                       progress: ((Double) -> Bool)?, fail: (RepairError) -> WCDBError) throws -> Double? {
        let pages = salvager.source
        // Rows arrive mostly in rowid order, so SQLite's default page cache (2,000 KiB) serves the
        // writes; a keyed handle's 16 MB cache would add its whole size to the peak memory.
        let cacheSize = try handle.scalar("PRAGMA cache_size").int64Value
        try handle.exec("PRAGMA cache_size = -2000")
        defer { try? handle.exec("PRAGMA cache_size = \(cacheSize)") }
        let writer = RecoveryWriter(handle: handle)
        // Progress by pages read: the walks read about the file's pages, the scan for orphans what they
        // left (known once they end), so the share advances evenly with the work.
        // Pages present, not the count the file claims (a forged WAL commit may claim 2^32).
        let presentPages = pages.presentPages.count
        var expectedPages = presentPages
        if let progress {
            salvager.pageObserver = { read in progress(min(0.99, Double(read) / Double(max(expectedPages, 1)))) }
        }
        try handle.exec("BEGIN IMMEDIATE")
        var committed = false
        defer { if !committed { try? handle.exec("ROLLBACK") } }

        var shapes: [RecoveryWriter.Shape] = []
        var sequences = material?.sequences ?? [:]
        let tables = schema.filter { $0.type == "table" && $0.sql != nil && !$0.name.hasPrefix("sqlite_") }
        var rejected: [SchemaEntry] = []
        for entry in tables {
            // The table may exist already (a deposited generation recovered before this one).
            guard createSchemaObject(entry, on: handle, source: source) else { rejected.append(entry); continue }
            if let shape = try? writer.shape(ofTable: entry.name, sql: entry.sql!), !shape.columns.isEmpty { shapes.append(shape) }
        }
        // A table whose SQL was refused has no columns to trust: its rows are kept apart.
        for entry in rejected where entry.rootPage >= 1 {
            let isIndex = salvager.sample(root: entry.rootPage).map { !$0.kind.isTable } ?? false
            salvager.walk(root: entry.rootPage, isIndex: isIndex) { writer.insertLostAndFound($0) }
        }
        // Roots named only by the material are checked against the file before rows follow them.
        let check = MaterialCheck(tables: tables.filter { unconfirmed.contains($0.name) }, shapes: shapes, salvager: salvager)
        if check.isForeign { throw fail(.materialMismatch(path: materialPath)) }
        for entry in tables {
            if salvager.isStopped { return nil }
            guard let shape = shapes.first(where: { $0.table == entry.name }), entry.rootPage >= 1,
                  !check.contradicted.contains(entry.name) else { continue }
            salvager.walk(root: entry.rootPage, isIndex: shape.withoutRowid) { writer.insert($0, into: shape) }
        }
        if let sequenceEntry = schema.first(where: { $0.name == "sqlite_sequence" }), sequenceEntry.rootPage >= 1 {
            salvager.walk(root: sequenceEntry.rootPage, isIndex: false) { row in
                guard row.values.count == 2, case let .text(name) = row.values[0], case let .integer(seq) = row.values[1] else { return }
                sequences[name] = max(sequences[name] ?? 0, seq)
            }
        }
        // Walk the indexes too, so their pages are not mistaken for orphan leaves.
        for entry in schema where entry.type == "index" && entry.rootPage >= 1 { salvager.walk(root: entry.rootPage, isIndex: true) { _ in } }

        let indexWidths = Set(schema.filter { $0.type == "index" }.compactMap { try? writer.recordWidth(ofIndex: $0.name) })
        // The scan reads the pages no tree accounted for: the work left, in pages.
        expectedPages = salvager.pagesRead + max(0, presentPages - 1 - salvager.claimed.count - salvager.freePages.count)
        let finished = salvager.orphanPages { page, rows in
            let width = rows[0].values.count
            guard rows.allSatisfy({ $0.values.count == width }), !RecoveryWriter.looksLikeSchema(rows) else {
                rows.forEach(writer.insertLostAndFound)
                return
            }
            let isTable = rows[0].rowid != nil
            let candidates = shapes.filter { shape in
                shape.withoutRowid != isTable && shape.columns.count == width && rows.allSatisfy { shape.fits($0.values) }
            }
            // An index leaf of a regular index has the same form as a WITHOUT ROWID table's leaf.
            let ambiguous = candidates.count != 1 || (!isTable && indexWidths.contains(width))
            if ambiguous {
                if isTable { rows.forEach(writer.insertLostAndFound) }
                return
            }
            for row in rows { writer.insert(row, into: candidates[0]) }
        }
        if !finished { return nil }

        for entry in schema where entry.type != "table" && entry.sql != nil && !entry.name.hasPrefix("sqlite_") {
            createSchemaObject(entry, on: handle, source: source)
        }
        if !sequences.isEmpty, (try? writer.rows("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'"))?.isEmpty == false {
            for (name, seq) in sequences where shapes.contains(where: { $0.table == name }) {
                let statement = try handle.prepare("INSERT INTO sqlite_sequence(name, seq) VALUES(?, ?)")
                defer { statement.finalize() }
                try handle.exec("DELETE FROM sqlite_sequence WHERE name = '\(name.replacingOccurrences(of: "'", with: "''"))'")
                statement.bind(text: name, toIndex: 1)
                statement.bind(integer: seq, toIndex: 2)
                try statement.run()
            }
        }
        if salvager.readablePages == 0 && writer.rowsWritten == 0 {
            throw fail(databaseKey != nil ? .wrongKeyOrNotADatabase(path: source) : .notADatabase(path: source))
        }
        if let progress, !progress(1.0) { return nil }
        try handle.exec("COMMIT")
        committed = true
        return presentPages == 0 ? 0 : min(1, Double(salvager.claimed.count + salvager.freePages.count + 1) / Double(presentPages))
    }

    /// Runs an entry's checked `CREATE` statement; false (and a warning to the error tracers) when the
    /// statement is refused or fails. An object that exists already counts as created.
    @discardableResult
    func createSchemaObject(_ entry: SchemaEntry, on handle: Handle, source: String) -> Bool {
        do {
            try SchemaStatement(entry: entry).create(on: handle)
            return true
        } catch {
            // Reported on this database (the one being written), naming the damaged file.
            _ = reportError(WCDBError(level: .warning, message: "schema entry \(entry.type) \(entry.name) of \(source) "
                                      + "\(error); not created, its rows go to lost_and_found",
                                      sql: entry.sql, path: path, tag: tag, operation: "recover"))
            return false
        }
    }
}

extension Database {
    /// Whether two paths name the same existing file (also through links).
    static func isSameFile(_ a: String, _ b: String) -> Bool {
        var first = stat(), second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }
}

extension RecoveryWriter {
    /// `sqlite_master` rows found on an orphan leaf (page 1 lost, schema spilled to other pages).
    static func looksLikeSchema(_ rows: [SalvagedRow]) -> Bool {
        rows.allSatisfy { row in
            guard row.values.count == 5, case let .text(type) = row.values[0] else { return false }
            return ["table", "index", "view", "trigger"].contains(type)
        }
    }
}
