import CSQLCipher
import Foundation
import Testing
import WCDBRepair
import WCDBSwift
import WCDBTestSupport

/// SQLCipher 4 files (WCDB 2.x) converted to and from this engine's SQLCipher 3, checked against the
/// real SQLCipher 4 engine (PyPI's sqlcipher3-wheels through scripts/sqlcipher4.py, in the virtual
/// environment scripts/setup-sqlcipher4.sh makes): rows compared as dumps of both engines, integrity
/// checked by both, damage and wrong keys refused with nothing left behind.
@Suite final class SQLCipher4Tests {
    static let engineMissing = "no SQLCipher 4 engine: run scripts/setup-sqlcipher4.sh (needs python3 and PyPI) or set SQLCIPHER4_PYTHON"
    let directory: String
    let key = Data("sqlcipher 4 secret".utf8)
    static let rawKeyBytes = Data((0..<32).map { UInt8($0 * 7 & 0xFF) })
    static var rawKeyText: String { "x'" + Dump.hex(rawKeyBytes) + "'" }

    init() throws {
        directory = NSTemporaryDirectory() + "wcdb-sqlcipher4-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// One SQLCipher 4 file to convert: how the real engine writes it, and what the API is told.
    struct V4Case: CustomTestStringConvertible, Sendable {
        let name: String
        var pageSize = 4096
        var kdfIterations: Int?
        var wal = false
        var rawKey = false
        var testDescription: String { name }
    }

    static let v4Cases = [
        V4Case(name: "defaults (4096, 256,000 iterations)"),
        V4Case(name: "committed frames in the -wal, an uncommitted tail after them", wal: true),
        V4Case(name: "page size 8192, 10,000 iterations", pageSize: 8192, kdfIterations: 10_000),
        V4Case(name: "page size 1024, 4,000 iterations, WAL", pageSize: 1024, kdfIterations: 4_000, wal: true),
        V4Case(name: "page size 65536, 2 iterations", pageSize: 65536, kdfIterations: 2),
        V4Case(name: "raw key", rawKey: true),
    ]

    @Test("A SQLCipher 4 file of the real engine converts to SQLCipher 3, which this engine reads row for row",
          .enabled(if: SQLCipher4Tool.isAvailable, Comment(rawValue: engineMissing)), arguments: v4Cases)
    func sqlcipher4ToSQLCipher3(_ testCase: V4Case) throws {
        let source = directory + "/v4.db"
        let keyText = testCase.rawKey ? SQLCipher4Tests.rawKeyText : String(decoding: key, as: UTF8.self)
        var options = ["--page-size", "\(testCase.pageSize)"]
        if let iterations = testCase.kdfIterations { options += ["--kdf-iter", "\(iterations)"] }
        try SQLCipher4Tool.run(["write", source, keyText] + options + (testCase.wal ? ["--wal"] : []))
        let sourceBytes = try Data(contentsOf: URL(fileURLWithPath: source))
        let walBytes = try? Data(contentsOf: URL(fileURLWithPath: source + "-wal"))
        #expect((walBytes?.count ?? 0 > 0) == testCase.wal)
        let expected = try SQLCipher4Tool.dump(source, key: keyText, options: options)

        let destination = directory + "/v3.db"
        var reports: [Double] = []
        let transcoder = try CipherTranscoder(key: Data(keyText.utf8), pageSize: testCase.pageSize,
                                              kdfIterations: testCase.kdfIterations ?? SQLCipher4Cipher.defaultKDFIterations)
        let report = try transcoder.convertToSQLCipher3(from: source, to: destination) { reports.append($0); return true }
        #expect(reports.last == 1.0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: source)) == sourceBytes, "the source is only read")
        #expect((try? Data(contentsOf: URL(fileURLWithPath: source + "-wal"))) == walBytes, "and so is its WAL")
        #expect(!FileManager.default.fileExists(atPath: destination + "-wal"))
        if testCase.wal {
            #expect(report.walFrames > 0)
            #expect(SQLCipher4Tool.walFrameCount(source + "-wal", pageSize: testCase.pageSize) > report.walFrames,
                    "the uncommitted frames at the end of the WAL are not applied")
        }
        let output = try Data(contentsOf: URL(fileURLWithPath: destination))
        #expect(output.count == Int(report.pages) * testCase.pageSize)
        #expect(Array(output.prefix(16)) == report.salt)
        #expect(output.prefix(16) != sourceBytes.prefix(16), "a fresh salt")

        let database = Database(withPath: destination)
        if testCase.rawKey {
            try database.setCipher(rawKey: SQLCipher4Tests.rawKeyBytes, pageSize: testCase.pageSize)
        } else {
            database.setCipher(key: key, pageSize: testCase.pageSize)
        }
        defer { database.close() }
        #expect(try database.getRows("PRAGMA integrity_check").first?.first?.stringValue == "ok")
        try Dump.compare(try Dump(database), expected)
        // The converted file also reads as SQLCipher 3 to the real engine.
        let compatible = try SQLCipher4Tool.dump(destination, key: keyText, options: ["--page-size", "\(testCase.pageSize)", "--compat", "3"])
        try Dump.compare(compatible, expected)
    }

    /// One SQLCipher 3 database of this engine to export as SQLCipher 4.
    struct V3Case: CustomTestStringConvertible, Sendable {
        let name: String
        var sourcePageSize = 4096
        var pageSize = 4096
        var kdfIterations: Int?
        var wal = false
        var rawKey = false
        var testDescription: String { name }
    }

    static let v3Cases = [
        V3Case(name: "defaults (4096, 256,000 iterations)"),
        V3Case(name: "committed transactions still in the source's -wal", wal: true),
        V3Case(name: "1024-byte source to 8192-byte pages, 10,000 iterations", sourcePageSize: 1024, pageSize: 8192, kdfIterations: 10_000),
        V3Case(name: "raw key", rawKey: true),
    ]

    @Test("A SQLCipher 3 database of this engine exports to SQLCipher 4, which the real engine reads row for row",
          .enabled(if: SQLCipher4Tool.isAvailable, Comment(rawValue: engineMissing)), arguments: v3Cases)
    func sqlcipher3ToSQLCipher4(_ testCase: V3Case) throws {
        let source = directory + "/v3.db"
        let database = Database(withPath: source)
        if testCase.rawKey {
            try database.setCipher(rawKey: SQLCipher4Tests.rawKeyBytes, pageSize: testCase.sourcePageSize)
        } else {
            database.setCipher(key: key, pageSize: testCase.sourcePageSize)
        }
        defer { database.close() }
        try SQLCipher4Tests.fill(database, wal: testCase.wal)
        if testCase.wal {
            let keyBytes = testCase.rawKey ? Data(SQLCipher4Tests.rawKeyText.utf8) : key
            let frames = try PageSource(path: source, pageSize: testCase.sourcePageSize, key: keyBytes).walFrameCount
            try #require(frames > 0, "the last transactions are in the -wal only")
        }
        let expected = try Dump(database)
        let sourceBytes = try Data(contentsOf: URL(fileURLWithPath: source))

        let destination = directory + "/v4.db"
        var reports: [Double] = []
        let report = try database.exportSQLCipher4(to: destination, pageSize: testCase.pageSize,
                                                   kdfIterations: testCase.kdfIterations ?? SQLCipher4Cipher.defaultKDFIterations) {
            reports.append($0)
            return true
        }
        #expect(reports.first == 0.5 && reports.last == 1.0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: source)) == sourceBytes, "the source is not written")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains(".exporting-") || $0.contains(".converting-") }
        #expect(leftovers.isEmpty, "the intermediate file is removed")
        let output = try Data(contentsOf: URL(fileURLWithPath: destination))
        #expect(output.count == Int(report.pages) * testCase.pageSize)

        let keyText = testCase.rawKey ? SQLCipher4Tests.rawKeyText : String(decoding: key, as: UTF8.self)
        var options = ["--page-size", "\(testCase.pageSize)"]
        if let iterations = testCase.kdfIterations { options += ["--kdf-iter", "\(iterations)"] }
        #expect(try SQLCipher4Tool.run(["check", destination, keyText] + options) == "ok\n",
                "integrity_check ok and every page's HMAC holds (cipher_integrity_check prints nothing)")
        try Dump.compare(try SQLCipher4Tool.dump(destination, key: keyText, options: options), expected)
    }

    @Test("v4 → v3 → v4: the real engine reads its own rows back", .enabled(if: SQLCipher4Tool.isAvailable, Comment(rawValue: engineMissing)))
    func roundTrip() throws {
        let keyText = String(decoding: key, as: UTF8.self)
        let original = directory + "/original.db", v3 = directory + "/v3.db", back = directory + "/back.db"
        try SQLCipher4Tool.run(["write", original, keyText, "--kdf-iter", "1000", "--rows", "300"])
        try CipherTranscoder(key: key, kdfIterations: 1000).convertToSQLCipher3(from: original, to: v3)
        let database = Database(withPath: v3)
        database.setCipher(key: key)
        defer { database.close() }
        try database.exportSQLCipher4(to: back, kdfIterations: 1000)
        try Dump.compare(try SQLCipher4Tool.dump(back, key: keyText, options: ["--kdf-iter", "1000"]),
                         try SQLCipher4Tool.dump(original, key: keyText, options: ["--kdf-iter", "1000"]))
    }

    @Test("A wrong key, page size or KDF count is refused and leaves no output",
          .enabled(if: SQLCipher4Tool.isAvailable, Comment(rawValue: engineMissing)))
    func wrongKey() throws {
        let source = directory + "/v4.db"
        try SQLCipher4Tool.run(["write", source, "right", "--kdf-iter", "1000", "--rows", "50"])
        let destination = directory + "/v3.db"
        for transcoder in [try CipherTranscoder(key: Data("wrong".utf8), kdfIterations: 1000),
                           try CipherTranscoder(key: Data("right".utf8), kdfIterations: 1001),
                           try CipherTranscoder(key: Data("right".utf8), pageSize: 8192, kdfIterations: 1000)] {
            expectError({ try transcoder.convertToSQLCipher3(from: source, to: destination) }) {
                guard case .wrongKeyOrNotADatabase(let path) = $0 else { return false }
                return path == source
            }
            #expect(!FileManager.default.fileExists(atPath: destination))
        }
        // Through WCDBSwift: SQLITE_NOTADB, as for a wrong key when opening.
        let error = #expect(throws: WCDBError.self) {
            try Database.importSQLCipher4(from: source, to: destination, key: Data("wrong".utf8), kdfIterations: 1000)
        }
        #expect(error?.code == .NotADatabase)
        #expect(!FileManager.default.fileExists(atPath: destination))

        // The other way: this engine's database opened with a wrong key exports nothing.
        let v3 = directory + "/ours.db"
        let ours = Database(withPath: v3)
        ours.setCipher(key: Data("right".utf8))
        try ours.exec("CREATE TABLE t(a); INSERT INTO t VALUES(1)")
        ours.close()
        let wrong = Database(withPath: v3)
        wrong.setCipher(key: Data("wrong".utf8))
        defer { wrong.close() }
        #expect(throws: WCDBError.self) { try wrong.exportSQLCipher4(to: directory + "/out.db", kdfIterations: 1000) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).allSatisfy { $0.hasPrefix("ours.db") || $0 == "v4.db" })
    }

    @Test("Export and import write under a temporary name: the destination appears only complete, and a cancelled run leaves nothing")
    func destinationAppearsOnlyComplete() throws {
        let original = directory + "/ours.db"
        let database = Database(withPath: original)
        database.setCipher(key: key)
        try database.exec("CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT)")
        try database.run(transaction: {
            for i in 1...3_000 { try database.exec("INSERT INTO t VALUES(\(i), '\(String(repeating: "v", count: 100))')") }
        })
        defer { database.close() }
        let exported = directory + "/v4.db"
        var looks = 0
        let written = { (path: String) in
            FileManager.default.fileExists(atPath: path)
        }
        try database.exportSQLCipher4(to: exported, kdfIterations: 1000) { _ in
            looks += 1
            #expect(!written(exported), "the SQLCipher 4 copy is visible before it is complete")
            return true
        }
        #expect(looks >= 2)
        #expect(written(exported))
        let imported = directory + "/v3.db"
        looks = 0
        try Database.importSQLCipher4(from: exported, to: imported, key: key, kdfIterations: 1000) { _ in
            looks += 1
            #expect(!written(imported), "the SQLCipher 3 copy is visible before it is complete")
            return true
        }
        #expect(looks >= 1)
        let back = Database(withPath: imported)
        back.setCipher(key: key)
        defer { back.close() }
        #expect(try back.getValue("SELECT count(*) FROM t").int64Value == 3_000)

        // Cancelled half way: nothing at the destination, no temporary file beside it.
        let cancelled = directory + "/cancelled.db"
        #expect(throws: WCDBError.self) {
            try database.exportSQLCipher4(to: cancelled, kdfIterations: 1000) { share in share < 0.6 }
        }
        #expect(throws: WCDBError.self) {
            try Database.importSQLCipher4(from: exported, to: cancelled, key: key, kdfIterations: 1000) { _ in false }
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(!names.contains { $0.hasPrefix("cancelled.db") }, "\(names)")
        #expect(!names.contains { $0.contains(".converting-") || $0.contains(".exporting-") }, "\(names)")
    }

    @Test("A damaged page stops the conversion, names the page and leaves no output",
          .enabled(if: SQLCipher4Tool.isAvailable, Comment(rawValue: engineMissing)), arguments: [1, 2, 40])
    func damagedPage(_ page: Int) throws {
        let source = directory + "/v4.db"
        try SQLCipher4Tool.run(["write", source, "key", "--kdf-iter", "1000", "--rows", "300"])
        let handle = try #require(FileHandle(forUpdatingAtPath: source))
        let offset = UInt64((page - 1) * 4096 + 2000)
        try handle.seek(toOffset: offset)
        let byte = try #require(try handle.read(upToCount: 1)?.first)
        try handle.seek(toOffset: offset)
        try handle.write(contentsOf: [byte ^ 0x10])
        try handle.close()
        let destination = directory + "/v3.db"
        expectError({ try CipherTranscoder(key: Data("key".utf8), kdfIterations: 1000).convertToSQLCipher3(from: source, to: destination) }) {
            guard case .damagedPage(let path, let number) = $0 else { return false }
            return path == source && number == UInt32(page) && $0.description.contains("page \(page) ")
        }
        #expect(!FileManager.default.fileExists(atPath: destination))
    }

    @Test("An all-zero page (never written) is copied as zeros, which both engines read alike",
          .enabled(if: SQLCipher4Tool.isAvailable, Comment(rawValue: engineMissing)))
    func zeroPage() throws {
        let source = directory + "/v4.db"
        try SQLCipher4Tool.run(["write", source, "key", "--kdf-iter", "1000", "--rows", "300"])
        let pages = try Data(contentsOf: URL(fileURLWithPath: source)).count / 4096
        let zeroed = pages - 2
        let handle = try #require(FileHandle(forUpdatingAtPath: source))
        try handle.seek(toOffset: UInt64((zeroed - 1) * 4096))
        try handle.write(contentsOf: Data(count: 4096))
        try handle.close()
        let destination = directory + "/v3.db"
        let report = try CipherTranscoder(key: Data("key".utf8), kdfIterations: 1000).convertToSQLCipher3(from: source, to: destination)
        #expect(report.zeroPages == 1)
        let output = try Data(contentsOf: URL(fileURLWithPath: destination))
        #expect(output[(zeroed - 1) * 4096..<zeroed * 4096].allSatisfy { $0 == 0 })
        let theirs = try SQLCipher4Tool.run(["check", source, "key", "--kdf-iter", "1000"])
        #expect(theirs.contains("HMAC verification failed for page \(zeroed)"), "cipher_integrity_check names the page")
        #expect(try SQLCipher4Tool.run(["check", destination, "key", "--compat", "3"]) == theirs)
    }

    @Test("Cancelling through the progress callback removes the output",
          .enabled(if: SQLCipher4Tool.isAvailable, Comment(rawValue: engineMissing)))
    func cancel() throws {
        let source = directory + "/v4.db"
        try SQLCipher4Tool.run(["write", source, "key", "--kdf-iter", "1000", "--rows", "1000"])
        let destination = directory + "/v3.db"
        var calls = 0
        expectError({
            try CipherTranscoder(key: Data("key".utf8), kdfIterations: 1000).convertToSQLCipher3(from: source, to: destination) { _ in
                calls += 1
                return calls < 2
            }
        }) {
            if case .cancelled = $0 { return true }
            return false
        }
        #expect(calls == 2)
        #expect(!FileManager.default.fileExists(atPath: destination))
    }

    @Test("An existing destination is never overwritten")
    func existingDestination() throws {
        let source = directory + "/source.db", destination = directory + "/existing.db"
        let transcoder = try CipherTranscoder(key: key, kdfIterations: 10)
        try transcoder.createEmptySQLCipher3(at: source)
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: destination))
        expectError({ try transcoder.convertToSQLCipher4(from: source, to: destination) }) {
            guard case .cannotOpen(let path, let code) = $0 else { return false }
            return path == destination && code == EEXIST
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: destination)) == Data("keep me".utf8))
    }

    @Test("Page sizes SQLCipher 4 cannot use are refused", arguments: [512, 1000, 131_072])
    func unsupportedPageSize(_ size: Int) {
        #expect(throws: RepairError.self) { try CipherTranscoder(key: Data("k".utf8), pageSize: size) }
        #expect(throws: RepairError.self) { try SQLCipher4Cipher(key: Data("k".utf8), salt: Array(repeating: 1, count: 16), pageSize: size) }
        if size == 512 {
            expectError({ try SQLCipher4Cipher.check(pageSize: size) }) {
                if case .unsupportedPageSize(512, _) = $0 { return true }
                return false
            }
        }
    }

    @Test("A SQLCipher 3 file written by SQLite (48 reserved bytes) is not converted page by page to SQLCipher 4")
    func reserveTooSmall() throws {
        let source = directory + "/v3.db"
        let database = Database(withPath: source)
        database.setCipher(key: key)
        try database.exec("PRAGMA journal_mode = DELETE")
        try database.exec("CREATE TABLE t(a); INSERT INTO t VALUES(1)")
        database.close()
        let destination = directory + "/v4.db"
        expectError({ try CipherTranscoder(key: key, kdfIterations: 10).convertToSQLCipher4(from: source, to: destination) }) {
            guard case .reservedSpaceTooSmall(_, 48, 80) = $0 else { return false }
            return true
        }
        #expect(!FileManager.default.fileExists(atPath: destination))
    }

    @Test("SQLCipher4Cipher: encrypt then decrypt gives the page back; any flipped bit fails the HMAC-SHA512")
    func cipherRoundTrip() throws {
        let salt = (0..<16).map { UInt8($0) }
        let cipher = try SQLCipher4Cipher(key: key, salt: salt, pageSize: 4096, kdfIterations: 100)
        #expect(cipher.profile.reserve == 80 && cipher.profile.hmacDigest.size == 64)
        var random = SeededGenerator(seed: 3)
        for number: UInt32 in [1, 2, 77] {
            var plain = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) }
            for i in 4096 - 80..<4096 { plain[i] = 0 }
            if number == 1 { plain.replaceSubrange(0..<16, with: Array("SQLite format 3\0".utf8)) }
            var page = plain
            #expect(cipher.encrypt(page: &page, number: number))
            if number == 1 { #expect(Array(page[0..<16]) == salt) }
            var again = plain
            #expect(cipher.encrypt(page: &again, number: number))
            #expect(again[4016..<4032] != page[4016..<4032], "a fresh IV every time")
            var decrypted = page
            #expect(cipher.decrypt(page: &decrypted, number: number))
            #expect(decrypted[0..<4016] == plain[0..<4016])
            var wrongNumber = page
            #expect(!cipher.decrypt(page: &wrongNumber, number: number + 1), "the page number is signed")
            for offset in [20, 4015, 4016 + 3, 4032 + 63] {
                var damaged = page
                damaged[offset] ^= 1
                #expect(!cipher.decrypt(page: &damaged, number: number), "byte \(offset) is covered")
            }
        }
    }

    // MARK: Helpers

    /// Expects `body` to throw a `RepairError` that `matches`.
    func expectError(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation, _ matches: (RepairError) -> Bool) {
        let error = #expect(throws: RepairError.self, sourceLocation: sourceLocation) { try body() }
        if let error { #expect(matches(error), "unexpected error: \(error)", sourceLocation: sourceLocation) }
    }

    /// The tables of scripts/sqlcipher4.py's `write`, filled by this engine.
    static func fill(_ database: Database, wal: Bool) throws {
        try database.exec(wal ? "PRAGMA journal_mode = WAL" : "PRAGMA journal_mode = DELETE")
        if wal { try database.exec("PRAGMA wal_autocheckpoint = 0") }
        try database.exec("""
            CREATE TABLE messages(id INTEGER PRIMARY KEY AUTOINCREMENT, content TEXT NOT NULL, payload BLOB, score REAL);
            CREATE INDEX messages_content ON messages(content);
            CREATE TABLE notes(a INTEGER, b REAL, c TEXT, d BLOB);
            CREATE TABLE tags(name TEXT PRIMARY KEY, weight INTEGER, note TEXT) WITHOUT ROWID;
            CREATE VIEW long_messages AS SELECT id FROM messages WHERE length(content) > 1000;
            CREATE TRIGGER notes_touch AFTER UPDATE ON notes BEGIN SELECT 1; END;
            PRAGMA user_version = 42;
            """)
        var random = SeededGenerator(seed: 17)
        for chunk in stride(from: 1, through: 400, by: 100) {
            try database.run(transaction: {
                for i in chunk..<chunk + 100 {
                    let long = i % 10 == 0
                    let content = "message \(i) " + String(repeating: "é", count: long ? 3000 : Int.random(in: 0...40, using: &random))
                    let payload = Data((0..<(long ? 5000 : 16)).map { _ in UInt8.random(in: 0...255, using: &random) })
                    _ = try database.getRows("INSERT INTO messages(content, payload, score) VALUES(?, ?, ?)",
                                             values: [.text(content), .blob(payload), .double(Double(i) / 7)])
                    _ = try database.getRows("INSERT INTO notes VALUES(?, ?, ?, ?)",
                                             values: [.integer(Int64(i * 7)), .double(-Double(i) / 3), .text("note \(i)"),
                                                      i % 3 == 0 ? .blob(Data([0, 1])) : .null])
                    if i % 2 == 0 {
                        _ = try database.getRows("INSERT INTO tags VALUES(?, ?, ?)",
                                                 values: [.text("tag-\(i)"), .integer(Int64(i)), .text(String(repeating: "t", count: i % 50))])
                    }
                }
            })
        }
        try database.exec("DELETE FROM messages WHERE id > 395")
        try database.exec("DELETE FROM notes WHERE a % 11 = 0")
        try database.exec("UPDATE tags SET weight = -weight WHERE weight % 3 = 0")
        // A virtual table (its shadow tables hold rows under implicit rowids too) and sqlite_stat1.
        try database.exec("CREATE VIRTUAL TABLE search USING fts4(body)")
        try database.exec("INSERT INTO search(docid, body) SELECT id * 3, content FROM messages WHERE id % 4 = 0")
        try database.exec("DELETE FROM search WHERE docid % 5 = 0")
        try database.exec("ANALYZE")
    }
}

/// Schema, user_version, AUTOINCREMENT sequences and every row of every table, as scripts/sqlcipher4.py
/// `dump` prints them: values "i:", "r:<IEEE-754 bits>", "t:", "b:<hex>" or null; rowid tables with
/// their rowid, in rowid order; WITHOUT ROWID tables in column order.
struct Dump: Decodable, Equatable {
    var schema: [[String?]]
    var userVersion: Int
    var sequence: [[String?]]
    var tables: [String: [[String?]]]

    enum CodingKeys: String, CodingKey {
        case schema, sequence, tables
        case userVersion = "user_version"
    }

    /// The dump of a database read by this engine.
    init(_ database: Database) throws {
        func encode(_ value: FundamentalValue) -> String? {
            switch value {
            case let .integer(v): return "i:\(v)"
            case let .integer32(v): return "i:\(v)"
            case let .double(v): return "r:" + Dump.hex(withUnsafeBytes(of: v.bitPattern.bigEndian) { Data($0) })
            case let .text(v): return "t:" + v
            case let .blob(v): return "b:" + Dump.hex(v)
            case .null: return nil
            }
        }
        func rows(_ sql: String) throws -> [[String?]] { try database.getRows(sql).map { $0.map(encode) } }
        schema = try rows("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name")
        userVersion = Int(try database.getRows("PRAGMA user_version").first?.first?.int64Value ?? -1)
        sequence = try rows("SELECT name, seq FROM sqlite_sequence ORDER BY name")
        tables = [:]
        for row in try database.getRows("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'") {
            let name = row[0].stringValue
            if let withRowid = try? rows("SELECT rowid, * FROM \"\(name)\" ORDER BY rowid") {
                tables[name] = withRowid
            } else {
                let columns = try database.getRows("PRAGMA table_info(\"\(name)\")").count
                tables[name] = try rows("SELECT * FROM \"\(name)\" ORDER BY " + (1...columns).map(String.init).joined(separator: ", "))
            }
        }
    }

    static func hex(_ bytes: Data) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Expects `ours` to equal `theirs`, naming the first difference (a whole dump is too long to print).
    static func compare(_ ours: Dump, _ theirs: Dump, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(ours.schema == theirs.schema, sourceLocation: sourceLocation)
        #expect(ours.userVersion == theirs.userVersion, sourceLocation: sourceLocation)
        #expect(ours.sequence == theirs.sequence, sourceLocation: sourceLocation)
        #expect(ours.tables.keys.sorted() == theirs.tables.keys.sorted(), sourceLocation: sourceLocation)
        try #require(!theirs.tables.isEmpty && theirs.tables.values.allSatisfy { !$0.isEmpty }, sourceLocation: sourceLocation)
        for (name, rows) in theirs.tables {
            let mine = ours.tables[name] ?? []
            #expect(mine.count == rows.count, "\(name): row count", sourceLocation: sourceLocation)
            if let index = zip(mine, rows).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
                Issue.record("\(name): row \(index) differs: \(mine[index].prefix(3)) vs \(rows[index].prefix(3))", sourceLocation: sourceLocation)
            }
        }
    }
}

/// scripts/sqlcipher4.py run by the virtual environment's python (SQLCIPHER4_PYTHON overrides it).
enum SQLCipher4Tool {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let python = ProcessInfo.processInfo.environment["SQLCIPHER4_PYTHON"] ?? root + "/.build/venv-sqlcipher4/bin/python"
    static let script = root + "/scripts/sqlcipher4.py"

    /// Whether the python runs and imports `sqlcipher3` (the tests that need it skip otherwise).
    static let isAvailable: Bool = FileManager.default.isExecutableFile(atPath: python)
        && (try? execute([python, "-c", "import sqlcipher3"])) != nil

    /// Runs the script with `arguments`; its standard output, or an error with its standard error.
    @discardableResult
    static func run(_ arguments: [String]) throws -> String {
        try execute([python, script] + arguments)
    }

    static func dump(_ path: String, key: String, options: [String] = []) throws -> Dump {
        try JSONDecoder().decode(Dump.self, from: Data(try run(["dump", path, key] + options).utf8))
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func execute(_ command: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        let output = Pipe()
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("sqlcipher4-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errors) }
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            throw Failure(description: "\(command.dropFirst().prefix(3).joined(separator: " ")) exited \(process.terminationStatus): \(message)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Frames in a WAL file whose header says `pageSize`, committed or not.
    static func walFrameCount(_ path: String, pageSize: Int) -> Int {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        return max(0, (size - 32) / (24 + pageSize))
    }
}
