import Foundation
import Synchronization
import Testing
@testable import WCDBSwift

/// WCDB 2.x's own compression scenarios (src/objc/tests/compression/compatible: CompressionTests;
/// src/objc/tests/compression/common: CompressionTestCase, whose object `CompressingObject` is), written
/// against this API: issue #39, compression items 8–13.
@Suite struct CompressionCompatibilityTests {
    fileprivate typealias P = CompressingObject.Properties
    static let table = "testTable"

    final class Scratch: Sendable {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-compress-compat-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: directory) }
        func path(_ name: String = "test.db") -> String { directory.appendingPathComponent(name).path }
    }

    /// Text that compresses (WCDB's tests use random English strings).
    static func text(_ seed: Int64) -> String {
        let words = ["the quick brown fox", "jumps over", "the lazy dog", "see you at the station", "at nine", "thanks!"]
        return (0..<12).map { words[(Int($0) * 5 + Int(seed)) % words.count] }.joined(separator: " ") + " #\(seed)"
    }

    static func objects(_ ids: ClosedRange<Int64>) -> [CompressingObject] {
        ids.map { CompressingObject(mainId: $0, subId: Double($0) / 2, text: text($0), textMatchId: $0 % 3,
                                    blob: Data(text($0 + 1).utf8), blobMatchId: $0 % 2) }
    }

    /// CompressionTestCase's normal mode, one column.
    @Sendable static func normalText(_ info: inout Database.CompressionInfo) {
        if info.tableName == table { info.addZSTDNormalCompress(to: P.text) }
    }

    /// The compression states of CompressionTestCase.
    enum Status: CaseIterable { case uncompressed, startCompressed, finishCompressed }

    /// CompressionTestCase's `configCompression`: `testTable` with `rows`, then the filter, then steps
    /// as far as `status` says.
    static func configure(_ database: Database, rows: ClosedRange<Int64> = 1...300, status: Status,
                          filter: @escaping Database.CompressionFilter = normalText) throws {
        try database.create(table: table, of: CompressingObject.self)
        try database.insert(objects: objects(rows), intoTable: table)
        database.setCompression(with: filter)
        switch status {
        case .uncompressed: break
        case .startCompressed: try database.stepCompression()
        case .finishCompressed: while !database.isCompressed() { try database.stepCompression() }
        }
    }

    /// The rows of the compression record, as SQL text reads them.
    static func records(_ database: Database) throws -> [[FundamentalValue]] {
        guard try database.isTableExists("wcdb_builtin_compression_record") else { return [] }
        return try database.getRows("SELECT tableName, columns, rowid FROM \("wcdb_builtin_compression_record") ORDER BY tableName")
    }

    /// `text`'s stored type codes by rowid, as SQL text reads them.
    static func markers(_ database: Database, table: String = table) throws -> [Int64: FundamentalValue] {
        Dictionary(uniqueKeysWithValues: try database.getRows("SELECT rowid, WCDB_CT_text FROM \(table)").map { ($0[0].int64Value, $0[1]) })
    }
}

// MARK: Item 8

extension CompressionCompatibilityTests {
    /// CompressionTests.testDropTable and testRecreateTable: dropping a compressed table deletes its
    /// record; created again, the table gets its type column again and takes compressed inserts.
    @Test func droppingACompressedTableDeletesItsRecordAndItsNameCanBeCreatedAgain() throws {
        let scratch = try Scratch()
        let database = Database(withPath: scratch.path())
        defer { database.close() }
        try Self.configure(database, status: .finishCompressed)
        #expect(try Self.records(database) == [[.text(Self.table), .text("text"), .integer(0)]])

        try database.drop(table: Self.table)
        #expect(try Self.records(database).isEmpty)

        try database.create(table: Self.table, of: CompressingObject.self)
        try database.insert(objects: Self.objects(1...20), intoTable: Self.table)
        #expect(try database.getObjects(fromTable: Self.table, orderBy: [P.mainId.asOrder()]) == Self.objects(1...20))
        #expect(try Self.markers(database).values.allSatisfy { $0 == .integer(4) }, "compressed as they are written")
        #expect(try Self.records(database).isEmpty, "as 2.x: a record appears with the steps")
        // Another handle, and the steps, see the table as it is now.
        #expect(try Database(withPath: scratch.path()).getValue(on: P.text, fromTable: Self.table, where: P.mainId == 3).stringValue
                == Self.text(3))
        while !database.isCompressed() { try database.stepCompression() }
    }

    /// The same within one transaction, whose connection has the insert of the dropped table prepared:
    /// the insert into the table created again is rewritten for it.
    @Test func aTableDroppedAndCreatedAgainInOneTransactionTakesCompressedInserts() throws {
        let scratch = try Scratch()
        let database = Database(withPath: scratch.path())
        defer { database.close() }
        try Self.configure(database, status: .finishCompressed)
        try database.run(transaction: {
            try database.insert(objects: Self.objects(1001...1002), intoTable: Self.table)
            try database.drop(table: Self.table)
            try database.create(table: Self.table, of: CompressingObject.self)
            try database.insert(objects: Self.objects(1...20), intoTable: Self.table)
        })
        #expect(try Self.records(database).isEmpty)
        #expect(try database.getObjects(fromTable: Self.table, orderBy: [P.mainId.asOrder()]) == Self.objects(1...20))
        #expect(try Self.markers(database).values.allSatisfy { $0 == .integer(4) })
    }

    /// CompressionTests.testDropUncompressedTable: a table whose rows no step went over has no record.
    @Test func droppingATableNoStepWentOverRunsTheDropAlone() throws {
        let scratch = try Scratch()
        let database = Database(withPath: scratch.path())
        defer { database.close() }
        try Self.configure(database, status: .uncompressed)
        #expect(try Self.records(database).isEmpty)
        try database.drop(table: Self.table)
        #expect(try !database.isTableExists(Self.table))
    }
}

// MARK: Item 9

extension CompressionCompatibilityTests {
    /// CompressionTests.testAlterTable: renaming a compressed table moves its record with it, and the
    /// table under its new name (which the filter compresses too) reads back.
    @Test func renamingACompressedTableMovesItsRecord() throws {
        let scratch = try Scratch()
        let database = Database(withPath: scratch.path())
        defer { database.close() }
        try Self.configure(database, status: .finishCompressed) { info in
            if info.tableName == Self.table || info.tableName == "newTable" { info.addZSTDNormalCompress(to: P.text) }
        }
        #expect(try Self.records(database) == [[.text(Self.table), .text("text"), .integer(0)]])
        try database.exec(StatementAlterTable().alter(table: Self.table).rename(to: "newTable"))
        #expect(try Self.records(database) == [[.text("newTable"), .text("text"), .integer(0)]])
        #expect(try database.getObjects(fromTable: "newTable", orderBy: [P.mainId.asOrder()]) == Self.objects(1...300))
        try database.stepCompression()
        #expect(database.isCompressed())
        #expect(try Self.records(database) == [[.text("newTable"), .text("text"), .integer(0)]])
    }

    /// CompressionTests.testAlterUncompressedTable: a table no step went over is renamed alone.
    @Test func renamingATableNoStepWentOverRunsTheRenameAlone() throws {
        let scratch = try Scratch()
        let database = Database(withPath: scratch.path())
        defer { database.close() }
        try Self.configure(database, status: .uncompressed)
        try database.exec(StatementAlterTable().alter(table: Self.table).rename(to: "newTable"))
        #expect(try Self.records(database).isEmpty)
        #expect(try database.isTableExists("newTable"))
    }
}

// MARK: Item 10

extension CompressionCompatibilityTests {
    /// CompressionTests.verifyCompressionDescription (test_compressed_content_will_persist_after_retrieving):
    /// the record describes each configuration as WCDB 2.x does, and its progress is 0 once done. (On an
    /// empty table: the dictionaries of 2.x's test need not be registered to describe them.)
    @Test func theRecordDescribesTheConfigurationAs2xDoes() throws {
        let text: [Int64: Database.DictId] = [0: 1, 1: 2, 2: 3, 3: 4, 4: 5, Database.DictDefaultMatchValue: 6]
        let blob: [Int64: Database.DictId] = [0: 1, 1: 2, 2: 3, Database.DictDefaultMatchValue: 4]
        let cases: [(String, @Sendable (inout Database.CompressionInfo) -> Void)] = [
            ("text", { $0.addZSTDNormalCompress(to: P.text) }),
            ("blob,text", { $0.addZSTDNormalCompress(to: P.text); $0.addZSTDNormalCompress(to: P.blob) }),
            ("text:1", { $0.addZSTDDictCompress(to: P.text, withDict: 1) }),
            ("blob:1,text:1", { $0.addZSTDDictCompress(to: P.text, withDict: 1); $0.addZSTDDictCompress(to: P.blob, withDict: 1) }),
            ("text:{0:1;1:2;2:3;3:4;4:5;9223372036854775807:6}",
             { $0.addZSTDMultiDictCompress(to: P.text, withMatchProperty: P.textMatchId, andDicts: text) }),
            ("blob:{0:1;1:2;2:3;9223372036854775807:4},text:{0:1;1:2;2:3;3:4;4:5;9223372036854775807:6}", {
                $0.addZSTDMultiDictCompress(to: P.text, withMatchProperty: P.textMatchId, andDicts: text)
                $0.addZSTDMultiDictCompress(to: P.blob, withMatchProperty: P.blobMatchId, andDicts: blob)
            }),
            // Without a default dictionary 2.x prints its "none" (a uint16_t -1).
            ("text:{1:2;9223372036854775807:65535}",
             { $0.addZSTDMultiDictCompress(to: P.text, withMatchProperty: P.textMatchId, andDicts: [1: 2]) }),
        ]
        for (expected, configure) in cases {
            let scratch = try Scratch()
            let database = Database(withPath: scratch.path())
            defer { database.close() }
            try Self.configure(database, rows: 1...1, status: .uncompressed) { info in
                if info.tableName == Self.table { configure(&info) }
            }
            try database.delete(fromTable: Self.table)
            while !database.isCompressed() { try database.stepCompression() }
            #expect(try Self.records(database) == [[.text(Self.table), .text(expected), .integer(0)]])
        }
    }

    /// A zstd frame of `text` as WCDB 2.x stores it (no dictionary).
    static func frame(_ text: String) throws -> Data {
        let codec = ZstdCodec()
        let bytes = Data(text.utf8)
        return try bytes.withUnsafeBytes { input in
            let frame = try #require(try codec.compress(input, dictionary: nil))
            return Data(frame)
        }
    }

    /// A file whose `testTable` holds rows 1…200, written with SQL as a WCDB file does: rows from
    /// `compressedFrom` up stored as zstd frames of their text (type 4), except row 180 which is stored as
    /// written with its type NULL (new data while compression of it was disabled); the rows below, as
    /// written, type NULL; and the record `columns`/`rowid`.
    static func writeFile(at path: String, columns: String, rowid: FundamentalValue, compressedFrom: Int64) throws {
        let database = Database(withPath: path)
        defer { database.close() }
        try database.exec("""
            CREATE TABLE testTable(mainId INTEGER PRIMARY KEY AUTOINCREMENT, subId REAL, text TEXT, textMatchId INTEGER, \
            blob BLOB, blobMatchId INTEGER, WCDB_CT_text INTEGER DEFAULT NULL)
            """)
        try database.exec("CREATE TABLE wcdb_builtin_compression_record(tableName TEXT PRIMARY KEY, columns TEXT NOT NULL, rowid INTEGER) WITHOUT ROWID")
        try database.withHandle(forWriting: true) { handle in
            let insert = try handle.prepare("INSERT INTO testTable VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7)")
            defer { insert.finalize() }
            for object in objects(1...200) {
                let compressed = object.mainId! >= compressedFrom && object.mainId! != 180
                insert.bind([.integer(object.mainId!), .double(object.subId), compressed ? .blob(try frame(object.text!)) : .text(object.text!),
                             .integer(object.textMatchId), .blob(object.blob!), .integer(object.blobMatchId), compressed ? .integer(4) : .null])
                while try insert.step() {}
                insert.reset()
            }
            let record = try handle.prepare("INSERT INTO wcdb_builtin_compression_record VALUES('testTable', ?1, ?2)")
            defer { record.finalize() }
            record.bind([.text(columns), rowid])
            while try record.step() {}
        }
    }

    /// A file WCDB 2.x compressed halfway (rows from 100 up; its record says rows below 100 are to go)
    /// reads back, and the steps go on from its record: they compress rows 99…1, not row 180 above it,
    /// and leave 2.x's record, done.
    @Test func aFileWCDB2xCompressedHalfwayIsReadAndItsStepsGoOn() throws {
        let scratch = try Scratch()
        try Self.writeFile(at: scratch.path(), columns: "text", rowid: .integer(100), compressedFrom: 100)
        let database = Database(withPath: scratch.path())
        defer { database.close() }
        database.setCompression(with: Self.normalText)
        #expect(try database.getObjects(fromTable: Self.table, orderBy: [P.mainId.asOrder()]) == Self.objects(1...200))
        try database.stepCompression()
        #expect(try Self.records(database) == [[.text(Self.table), .text("text"), .integer(1)]])
        try database.stepCompression()
        #expect(database.isCompressed())
        #expect(try Self.records(database) == [[.text(Self.table), .text("text"), .integer(0)]])
        let markers = try Self.markers(database)
        #expect(markers[180] == .null, "above the record's progress: 2.x's steps are past it")
        #expect(markers.filter { $0.key != 180 }.values.allSatisfy { $0 == .integer(4) })
        #expect(try database.getObjects(fromTable: Self.table, orderBy: [P.mainId.asOrder()]) == Self.objects(1...200))
    }

    /// Files this library wrote before it took 2.x's record format (`text:normal`, NULL when done) are
    /// understood as they were meant, and the next step writes their record in 2.x's format.
    @Test(arguments: [(FundamentalValue.null, Int64(1)), (.integer(100), 100)])
    func aFileInTheFormerRecordFormatIsUnderstoodAndRewritten(rowid: FundamentalValue, compressedFrom: Int64) throws {
        let scratch = try Scratch()
        try Self.writeFile(at: scratch.path(), columns: "text:normal", rowid: rowid, compressedFrom: compressedFrom)
        let database = Database(withPath: scratch.path())
        defer { database.close() }
        database.setCompression(with: Self.normalText)
        #expect(try database.getObjects(fromTable: Self.table, orderBy: [P.mainId.asOrder()]) == Self.objects(1...200))
        while !database.isCompressed() { try database.stepCompression() }
        #expect(try Self.records(database) == [[.text(Self.table), .text("text"), .integer(0)]])
        let markers = try Self.markers(database)
        #expect(markers[180] == .null, "above the record's progress")
        #expect(markers.filter { $0.key != 180 }.values.allSatisfy { $0 == .integer(4) })
    }

    /// 2.x's rule for a record of another configuration (`filterComplessingTables`): a table that does
    /// not recompress goes on from the progress when the record lists each of its columns; one that
    /// recompresses only from a record of the very same configuration.
    @Test func aRecordOfAnotherConfigurationIsContinuedAs2xDoes() throws {
        let normal = CompressedTable(name: "t", visibleColumns: ["text", "blob"],
                                     columns: [.init(name: "text", method: .dictionary(3))], replacesCompression: false)
        let replacing = CompressedTable(name: "t", visibleColumns: ["text", "blob"],
                                        columns: [.init(name: "text", method: .dictionary(3))], replacesCompression: true)
        #expect(CompressionRecord(columns: "blob,text", progress: 5).continues(normal))
        #expect(!CompressionRecord(columns: "blob", progress: 5).continues(normal))
        #expect(!CompressionRecord(columns: "text", progress: 5).continues(replacing))
        #expect(CompressionRecord(columns: "text:3", progress: 5).continues(replacing))
        #expect(CompressionRecord.convertingLegacy("text:multi(textMatchId;0=1,9223372036854775807=6) blob:dict2")
                == "blob:2,text:{0:1;9223372036854775807:6}")
        #expect(CompressionRecord.convertingLegacy("blob:1,text:1") == nil)
    }
}

// MARK: Item 11

extension CompressionCompatibilityTests {
    /// CompressionTests.testRollbackCompression, in each compression state: the progress only moves
    /// forward, each increment is the difference, it ends at 1 (also with nothing compressed), and no
    /// value is left compressed.
    @Test(arguments: Status.allCases)
    func rollbackEndsAtOneAndLeavesNothingCompressed(status: Status) throws {
        let scratch = try Scratch()
        let database = Database(withPath: scratch.path())
        defer { database.close() }
        try Self.configure(database, status: status)
        var last = 0.0
        var sane = true
        try database.rollbackCompression { percentage, increment in
            if percentage - last != increment || increment <= 0 { sane = false }
            last = percentage
            return true
        }
        #expect(sane)
        #expect(last == 1)
        #expect(!database.isCompressed())
        if try database.getRows("PRAGMA table_info(testTable)").contains(where: { $0[1].stringValue == "WCDB_CT_text" }) {
            #expect(try database.getRows("SELECT count(*) FROM testTable WHERE WCDB_CT_text NOT NULL")[0][0].int64Value == 0)
        }
        #expect(try database.getObjects(fromTable: Self.table, orderBy: [P.mainId.asOrder()]) == Self.objects(1...300))
    }
}

// MARK: Item 12

extension CompressionCompatibilityTests {
    /// CompressionTests.test_feature_closed_database_will_not_perform_auto_compress: auto compression does
    /// not open a database the app closed; it goes on when the app opens it again (testAutoCompress).
    @Test func autoCompressionLeavesAClosedDatabaseClosed() throws {
        let scratch = try Scratch()
        let database = Database(withPath: scratch.path())
        defer { database.close() }
        try Self.configure(database, rows: 1...5000, status: .uncompressed)
        let compressed = Mutex(false)
        database.setNotificationWhenCompressed { _, table in if table == nil { compressed.withLock { $0 = true } } }
        database.compressionState().with { $0.autoInterval = 0.01 }
        database.enableAutoCompression(true)
        #expect(database.canOpen)
        database.close()
        #expect(!database.isOpened)
        Thread.sleep(forTimeInterval: 0.3)
        #expect(!database.isOpened, "the auto compression opened the database again")
        #expect(!compressed.withLock { $0 })

        #expect(database.canOpen)
        let deadline = Date().addingTimeInterval(60)
        while !compressed.withLock({ $0 }), Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        database.enableAutoCompression(false)
        #expect(database.isCompressed())
        #expect(try Self.markers(database).values.allSatisfy { $0 == .integer(4) })
    }
}

// MARK: Item 13

extension CompressionCompatibilityTests {
    /// Several databases in one process compress a table of the same name while their apps write and read
    /// it. The first write after `setCompression` is a batch insert, whose transaction adds the type
    /// column; readers and steps start the moment it does (seen by the SQL tracer), while the transaction
    /// is still open: they must neither rewrite for a column their connection does not see yet ("no such
    /// column: testTable.WCDB_CT_text") nor wait for each other until the busy timeout.
    @Test func severalDatabasesCompressAndWriteTablesOfOneNameAtOnce() throws {
        for round in 0..<3 {
            let scratch = try Scratch()
            let databases = (0..<4).map { Database(withPath: scratch.path("db\($0).db")) }
            defer { databases.forEach { $0.close() } }
            let failures = Mutex<[String]>([])
            let group = DispatchGroup()
            for database in databases {
                try database.create(table: Self.table, of: CompressingObject.self)
                try database.insert(objects: Self.objects(1...300), intoTable: Self.table)
                let altered = DispatchSemaphore(value: 0)
                database.traceSQL { _, _, _, sql, _ in
                    if sql.hasPrefix("ALTER TABLE") { altered.signal() }
                }
                database.setCompression(with: Self.normalText)
                let run = { (body: @escaping @Sendable () throws -> Void) in
                    group.enter()
                    Thread.detachNewThread {
                        defer { group.leave() }
                        do { try body() } catch { failures.withLock { $0.append("round \(round): \(error)") } }
                    }
                }
                run {
                    try database.insert(objects: Self.objects(1001...3000), intoTable: Self.table)
                    try database.insert(objects: Self.objects(3001...3010), intoTable: Self.table)
                }
                // Each waiter passes the signal on to the next.
                let started: @Sendable () -> Void = { _ = altered.wait(timeout: .now() + 5); altered.signal() }
                run {
                    started()
                    let read: [CompressingObject] = try database.getObjects(fromTable: Self.table, where: P.mainId <= 300)
                    if read != Self.objects(1...300) { failures.withLock { $0.append("round \(round): the rows read back differ") } }
                }
                run {
                    started()
                    while !database.isCompressed() { try database.stepCompression() }
                }
            }
            group.wait()
            let found = failures.withLock { $0 }
            #expect(found.isEmpty, "\(found.prefix(3))")
            for database in databases {
                #expect(try database.getObjects(fromTable: Self.table, orderBy: [P.mainId.asOrder()])
                        == Self.objects(1...300) + Self.objects(1001...3010))
            }
            if !found.isEmpty { return }
        }
    }
}

extension CompressionCompatibilityTests {
    private struct Abandon: Error {}

    /// The transaction whose first write added the type column rolls back, and takes the column with
    /// it: the table is checked again at its next use, and the next writes (on the same connection, whose
    /// statements named the column) add it again and compress.
    @Test func aTransactionThatAddedTheTypeColumnRollsBack() throws {
        let scratch = try Scratch()
        let database = Database(withPath: scratch.path())
        defer { database.close() }
        try Self.configure(database, status: .uncompressed)
        #expect(throws: Abandon.self) {
            try database.run(transaction: {
                try database.insert(objects: Self.objects(1001...1010), intoTable: Self.table)
                throw Abandon()
            })
        }
        #expect(try !database.getRows("PRAGMA table_info(testTable)").contains { $0[1].stringValue == "WCDB_CT_text" })
        try database.insert(objects: Self.objects(1001...1010), intoTable: Self.table)
        try database.insert(objects: Self.objects(1011...1011), intoTable: Self.table)
        #expect(try database.getObjects(fromTable: Self.table, orderBy: [P.mainId.asOrder()]) == Self.objects(1...300) + Self.objects(1001...1011))
        #expect(try Self.markers(database).filter { $0.key > 1000 }.values.allSatisfy { $0 == .integer(4) })
        while !database.isCompressed() { try database.stepCompression() }
    }
}
