import Foundation
import Synchronization
import Testing
@testable import WCDBSwift

/// A database in a temporary directory with a `message` table of `CompressedMessage`s.
private final class CompressionScratch {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-compress-\(UUID().uuidString)")
    let database: Database
    static let table = "message"

    init(cipher: Bool = true) throws {
        database = Database(withPath: directory.appendingPathComponent("compress.db").path)
        if cipher { database.setCipher(key: Data("compression".utf8)) }
    }

    deinit {
        database.close()
        try? FileManager.default.removeItem(at: directory)
    }

    /// `text`'s and `payload`'s stored form, read with SQL text (no rewrite): value, type column, bytes.
    func stored(_ column: String = "text") throws -> [(id: Int64, value: FundamentalValue, type: FundamentalValue, length: Int64)] {
        try database.getRows("SELECT id, \(column), WCDB_CT_\(column), length(CAST(\(column) AS BLOB)) FROM message ORDER BY id").map {
            ($0[0].int64Value, $0[1], $0[2], $0[3].int64Value)
        }
    }
}

typealias M = CompressedMessage.Properties

/// Text that compresses well, different per `seed`.
private func chatText(_ seed: Int) -> String {
    let words = ["hello", "你好", "see you at the station", "明天见", "{\"type\":\"image\",\"w\":640}", "ok", "thanks!"]
    return (0..<30).map { words[($0 * 7 + seed) % words.count] }.joined(separator: " ") + " #\(seed)"
}

private func message(_ id: Int64, kind: Int64 = 0) -> CompressedMessage {
    CompressedMessage(id: id, kind: kind, text: chatText(Int(id)), payload: id % 3 == 0 ? nil : Data(chatText(Int(id) + 1).utf8))
}

@Suite struct CompressionTests {
    private func normalCompression(_ info: inout Database.CompressionInfo) {
        if info.tableName == CompressionScratch.table {
            info.addZSTDNormalCompress(to: M.text)
            info.addZSTDNormalCompress(to: M.payload)
        }
    }

    private func makeNormal(cipher: Bool = true) throws -> CompressionScratch {
        let scratch = try CompressionScratch(cipher: cipher)
        scratch.database.setCompression { info in
            if info.tableName == CompressionScratch.table {
                info.addZSTDNormalCompress(to: M.text)
                info.addZSTDNormalCompress(to: M.payload)
            }
        }
        try scratch.database.create(table: CompressionScratch.table, of: CompressedMessage.self)
        return scratch
    }

    // MARK: Writes and reads

    @Test func insertsAreStoredCompressedWithTheirMarker() throws {
        let scratch = try makeNormal()
        let database = scratch.database
        let messages = (1...6).map { message($0) }
        try database.insert(objects: messages, intoTable: "message")
        try database.insert(objects: CompressedMessage(id: 7, kind: 0, text: "hi", payload: Data([1, 2])), intoTable: "message")
        let text = try scratch.stored()
        for row in text.prefix(6) {
            #expect(row.type == .integer(4), "compressed text: (2 << 1) | 0")
            guard case .blob(let frame) = row.value else { Issue.record("row \(row.id) is not a BLOB"); continue }
            #expect(frame.prefix(4) == Data([0x28, 0xB5, 0x2F, 0xFD]), "a zstd frame")
            #expect(row.length < Int64(chatText(Int(row.id)).utf8.count) / 2)
        }
        // Too short to shrink: stored as written, marked plain.
        #expect(text[6].value == .text("hi"))
        #expect(text[6].type == .integer(0))
        let payload = try scratch.stored("payload")
        #expect(payload[0].type == .integer(5), "compressed BLOB: (2 << 1) | 1")
        #expect(payload[2].value == .null)
        #expect(payload[2].type == .integer(0))
        #expect(payload[6].type == .integer(1), "plain BLOB")
        let read: [CompressedMessage] = try database.getObjects(fromTable: "message", orderBy: [M.id.asOrder()])
        #expect(read == messages + [CompressedMessage(id: 7, kind: 0, text: "hi", payload: Data([1, 2]))])
    }

    /// `read(_:)` as the first operation of a database configured for compression reads the original
    /// values (the compression schema is resolved inside the read).
    @Test func readClosureReadsACompressedTableFirst() async throws {
        let scratch = try makeNormal()
        let messages = (1...8).map { message($0) }
        try await scratch.database.insert(objects: messages, intoTable: "message")
        await scratch.database.close()
        let reopened = Database(withPath: scratch.database.path)
        reopened.setCipher(key: Data("compression".utf8))
        reopened.setCompression(with: normalCompression)
        defer { reopened.close() }
        let read = try await reopened.read { _ in
            try reopened.getObjects(fromTable: "message", orderBy: [M.id.asOrder()]) as [CompressedMessage]
        }
        #expect(read == messages)
    }

    /// A compressed table named only in a LIMIT's subquery is still read decompressed: the rewrite finds
    /// the tables a statement names in every clause (ORDER BY, LIMIT, OFFSET, RETURNING too).
    @Test func aCompressedTableInALimitSubqueryIsReadDecompressed() throws {
        let scratch = try makeNormal()
        let database = scratch.database
        try database.insert(objects: (1...6).map { message($0) }, intoTable: "message")
        try database.exec("CREATE TABLE other(a INTEGER)")
        for a in 1...10 { try database.exec("INSERT INTO other VALUES(\(a))") }
        let length = chatText(1).count
        // LIMIT length(text) - (length - 3): 3 rows when text reads decompressed; negative (no limit)
        // when the compressed bytes were measured.
        let limit = Expression(with: StatementSelect().select(M.text.length()).from("message").where(M.id == 1)) - (length - 3)
        let select = StatementSelect().select(Column(named: "a")).from("other").order(by: Column(named: "a")).limit(limit)
        #expect(try database.getRows(from: select).map { $0[0].int64Value } == [1, 2, 3])
        let offset = StatementSelect().select(Column(named: "a")).from("other").order(by: Column(named: "a"))
            .limit(2, offset: Expression(with: StatementSelect().select(M.text.length()).from("message").where(M.id == 1)) - (length - 3))
        #expect(try database.getRows(from: offset).map { $0[0].int64Value } == [4, 5])
    }

    @Test func everyReadPathReturnsTheOriginalValues() throws {
        let scratch = try makeNormal()
        let database = scratch.database
        let messages = (1...20).map { message($0) }
        try database.insert(objects: messages, intoTable: "message")

        // One-line reads.
        let one: CompressedMessage? = try database.getObject(fromTable: "message", where: M.id == 5)
        #expect(one == messages[4])
        let some: [CompressedMessage] = try database.getObjects(fromTable: "message", where: M.id > 17, orderBy: [M.id.asOrder()])
        #expect(some == Array(messages[17...]))
        // Conditions and ordering on the compressed column.
        let equal: [CompressedMessage] = try database.getObjects(fromTable: "message", where: M.text == chatText(9))
        #expect(equal == [messages[8]])
        let like: [CompressedMessage] = try database.getObjects(fromTable: "message", where: M.text.like("% #1_"), orderBy: [M.id.asOrder()])
        #expect(like.map(\.id) == Array(10...19))
        let ordered: [CompressedMessage] = try database.getObjects(fromTable: "message", orderBy: [M.text.asOrder(by: .descending)])
        #expect(ordered.map(\.text) == messages.map(\.text).sorted(by: >))
        // Values and rows.
        #expect(try database.getValue(on: M.text, fromTable: "message", where: M.id == 3).stringValue == chatText(3))
        #expect(try database.getColumn(on: M.text, fromTable: "message", orderBy: [M.id.asOrder()]).map(\.stringValue)
                == messages.map(\.text))
        let rows = try database.getRows(fromTable: "message", orderBy: [M.id.asOrder()])
        #expect(rows.first?.count == 4, "SELECT * leaves the hidden type columns out")
        #expect(rows.map { $0[2].stringValue } == messages.map(\.text))
        #expect(rows[1][3] == .blob(messages[1].payload!))
        // Chain calls.
        let chained = try database.prepareSelect(of: CompressedMessage.self, fromTable: "message").where(M.text.like("%#2")).allObjects()
        #expect(chained == [messages[1]])
        // WINQ statements the user builds, with a subquery and an alias.
        let select = StatementSelect().select(M.text).from("message")
            .where(M.id.in(StatementSelect().select(M.id).from("message").where(M.text == chatText(4))))
        #expect(try database.getRows(from: select).map { $0[0].stringValue } == [chatText(4)])
        let aliased = StatementSelect().select(Column(named: "text").in(table: "m"), Column(named: "text").in(table: "m").length())
            .from(TableOrSubquery(table: "message").as("m")).where(Column(named: "id").in(table: "m") == 6)
        let aliasedRow = try database.getRows(from: aliased)
        #expect(aliasedRow.first?[0].stringValue == chatText(6))
        #expect(aliasedRow.first?[1].int64Value == Int64(chatText(6).count), "length() of the original text")
        // The statement's own result names are kept.
        let statement = try database.prepare(StatementSelect().select(M.text).from("message").where(M.id == 1))
        defer { statement.finalize() }
        #expect(try statement.step())
        #expect(statement.columnName(atIndex: 0) == "text")
        #expect(statement.value(atIndex: 0).stringValue == chatText(1))
    }

    @Test func everyWritePathCompresses() throws {
        let scratch = try makeNormal()
        let database = scratch.database
        try database.insert(objects: (1...4).map { message($0) }, intoTable: "message")
        // insertOrReplace of an existing row.
        var replaced = message(2)
        replaced.text = chatText(200)
        try database.insertOrReplace(objects: replaced, intoTable: "message")
        // Update with an object, with values, and with a value computed from the old one.
        try database.update(table: "message", on: M.text, with: CompressedMessage(id: 0, text: chatText(300)), where: M.id == 3)
        try database.update(table: "message", on: M.text, M.payload, with: [chatText(400), Data(chatText(401).utf8)], where: M.id == 4)
        try database.exec(StatementUpdate().update(table: "message").set(M.text, to: M.text.concat(" (edited)")).where(M.id == 1))
        // A chain-call update and a WINQ insert of literal values.
        try database.prepareUpdate(table: "message", on: M.kind).where(M.text.like("%(edited)")).execute(with: [9])
        try database.exec(StatementInsert().insert(intoTable: "message").columns(M.id, M.kind, M.text)
            .values(5, 1, chatText(500)))
        let expected: [(Int64, Int64, String)] = [(1, 9, chatText(1) + " (edited)"), (2, 0, chatText(200)), (3, 0, chatText(300)),
                                                  (4, 0, chatText(400)), (5, 1, chatText(500))]
        let read: [CompressedMessage] = try database.getObjects(fromTable: "message", orderBy: [M.id.asOrder()])
        #expect(read.map { "\($0.id) \($0.kind) \($0.text)" } == expected.map { "\($0.0) \($0.1) \($0.2)" })
        #expect(read[3].payload == Data(chatText(401).utf8))
        for row in try scratch.stored() {
            #expect(row.type == .integer(4), "row \(row.id) stored compressed")
            #expect(row.length < 150)
        }
        #expect(try scratch.stored("payload")[3].type == .integer(5))
        // A delete whose condition reads the compressed column.
        try database.delete(fromTable: "message", where: M.text.like("%(edited)"))
        #expect(try database.getValue(on: M.id.count(), fromTable: "message").int64Value == 4)
        #expect(try database.getValue(on: M.text.length(), fromTable: "message", where: M.id == 5).int64Value
                == Int64(chatText(500).count))
    }

    @Test func newDataIsStoredAsWrittenWhileDisabledAndStillReads() throws {
        let scratch = try makeNormal()
        let database = scratch.database
        try database.insert(objects: message(1), intoTable: "message")
        database.disableCompressNewData(true)
        try database.insert(objects: message(2), intoTable: "message")
        try database.update(table: "message", on: M.text, with: [chatText(100)], where: M.id == 1)
        let stored = try scratch.stored()
        #expect(stored.map(\.type) == [.null, .null], "not processed yet")
        #expect(stored[0].value == .text(chatText(100)))
        let read: [CompressedMessage] = try database.getObjects(fromTable: "message", orderBy: [M.id.asOrder()])
        #expect(read.map(\.text) == [chatText(100), chatText(2)])
        database.disableCompressNewData(false)
        try database.stepCompression()
        #expect(try scratch.stored().map(\.type) == [.integer(4), .integer(4)])
        let again: [CompressedMessage] = try database.getObjects(fromTable: "message", orderBy: [M.id.asOrder()])
        #expect(again == read)
    }

    @Test func joinsReadTheOriginalValues() throws {
        let scratch = try makeNormal()
        let database = scratch.database
        try database.insert(objects: (1...3).map { message($0) }, intoTable: "message")
        try database.exec("CREATE TABLE reply(id INTEGER PRIMARY KEY, messageId INTEGER, text TEXT)")
        try database.exec("INSERT INTO reply VALUES(1, 2, 'plain reply')")
        let join = Join(with: TableOrSubquery(table: "reply").as("r"))
            .join(TableOrSubquery(table: "message").as("m"))
            .on(Column(named: "messageId").in(table: "r") == Column(named: "id").in(table: "m"))
        let select = StatementSelect().select(Column(named: "text").in(table: "r"), Column(named: "text").in(table: "m"))
            .from(TableOrSubquery(with: join))
            .where(Column(named: "text").in(table: "m").like("%#2"))
        #expect(try database.getRows(from: select).map { $0.map(\.stringValue) } == [["plain reply", chatText(2)]])
        let star = StatementSelect().select(Column.all).from(TableOrSubquery(with: join))
        let row = try database.getRows(from: star).first ?? []
        #expect(row.count == 3 + 4, "reply's columns, then message's visible ones")
        #expect(row[5].stringValue == chatText(2))
    }

    @Test func aClosedDatabaseReopensItsHandlesAndReadsWhatItCompressed() throws {
        let scratch = try makeNormal()
        try scratch.database.insert(objects: (1...3).map { message($0) }, intoTable: "message")
        let path = scratch.database.path
        scratch.database.close()
        let again = Database(withPath: path)
        again.setCipher(key: Data("compression".utf8))
        again.setCompression { info in
            if info.tableName == "message" {
                info.addZSTDNormalCompress(to: M.text)
                info.addZSTDNormalCompress(to: M.payload)
            }
        }
        try again.create(table: "message", of: CompressedMessage.self)  // as an app does at each launch
        let read: [CompressedMessage] = try again.getObjects(fromTable: "message", orderBy: [M.id.asOrder()])
        #expect(read == (1...3).map { message($0) })
        try again.stepCompression()
        #expect(again.isCompressed(), "nothing left: the record says so")
    }

    @Test func worksWithoutEncryptionToo() throws {
        let scratch = try makeNormal(cipher: false)
        try scratch.database.insert(objects: message(1), intoTable: "message")
        let read: CompressedMessage? = try scratch.database.getObject(fromTable: "message")
        #expect(read == message(1))
        #expect(try scratch.stored()[0].type == .integer(4))
    }
}

/// Existing rows, compressed in steps; rollback.
@Suite struct CompressionSteppingTests {
    @Test func existingRowsAreCompressedInBoundedStepsAndReadCorrectlyMeanwhile() throws {
        let scratch = try CompressionScratch()
        let database = scratch.database
        try database.create(table: "message", of: CompressedMessage.self)
        let messages = (1...250).map { message($0) }
        try database.insert(objects: messages, intoTable: "message")
        let tables = Mutex<[String?]>([])
        database.setNotificationWhenCompressed { _, table in tables.withLock { $0.append(table) } }
        database.setCompression { info in
            if info.tableName == "message" {
                info.addZSTDNormalCompress(to: M.text)
                info.addZSTDNormalCompress(to: M.payload)
            }
        }
        // Rows written now are compressed at once; rows from before wait for the steps.
        try database.insert(objects: message(251), intoTable: "message")
        try database.stepCompression()
        var stored = try scratch.stored()
        #expect(stored.filter { $0.type == .null }.count == 150, "one step: 100 rows")
        #expect(stored.filter { $0.type == .null }.map(\.id) == Array(1...150), "from the highest rowid down")
        #expect(!database.isCompressed())
        // Half converted: every read still returns the originals.
        let all: [CompressedMessage] = try database.getObjects(fromTable: "message", orderBy: [M.id.asOrder()])
        #expect(all == messages + [message(251)])
        let filtered: [CompressedMessage] = try database.getObjects(fromTable: "message", where: M.text == chatText(120) || M.text == chatText(220))
        #expect(filtered.map(\.id).sorted() == [120, 220])
        // Written between steps: an update of a plain row compresses it.
        try database.update(table: "message", on: M.text, with: [chatText(1000)], where: M.id == 10)
        stored = try scratch.stored()
        #expect(stored[9].type == .integer(4))
        try database.stepCompression()
        try database.stepCompression()
        #expect(try scratch.stored().allSatisfy { $0.type != .null }, "150 rows left, less the updated one: two steps")
        #expect(tables.withLock { $0 }.isEmpty)
        #expect(!database.isCompressed())
        // The step that finds nothing left tells the table's end, then the database's.
        try database.stepCompression()
        #expect(database.isCompressed())
        #expect(tables.withLock { $0 } == ["message", nil])
        var expected = messages + [message(251)]
        expected[9].text = chatText(1000)
        let read: [CompressedMessage] = try database.getObjects(fromTable: "message", orderBy: [M.id.asOrder()])
        #expect(read == expected)
    }

    @Test func autoCompressionStepsByItself() throws {
        let scratch = try CompressionScratch()
        let database = scratch.database
        try database.create(table: "message", of: CompressedMessage.self)
        try database.insert(objects: (1...150).map { message($0) }, intoTable: "message")
        database.setCompression { info in
            if info.tableName == "message" { info.addZSTDNormalCompress(to: M.text) }
        }
        database.compressionState().with { $0.autoInterval = 0.01 }
        database.enableAutoCompression(true)
        let deadline = Date().addingTimeInterval(20)
        while !database.isCompressed(), Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        database.enableAutoCompression(false)
        #expect(database.isCompressed())
        #expect(try scratch.stored().allSatisfy { $0.type == .integer(4) })
    }

    @Test func rollbackRestoresByteIdenticalValuesAndForgetsTheConfiguration() throws {
        let scratch = try CompressionScratch()
        let database = scratch.database
        try database.create(table: "message", of: CompressedMessage.self)
        let messages = (1...120).map { message($0) }
        try database.insert(objects: Array(messages.prefix(60)), intoTable: "message")
        let before = try database.getRows("SELECT text, payload FROM message ORDER BY id")
        database.setCompression { info in
            if info.tableName == "message" {
                info.addZSTDNormalCompress(to: M.text)
                info.addZSTDNormalCompress(to: M.payload)
            }
        }
        try database.insert(objects: Array(messages.suffix(60)), intoTable: "message")
        let original = before + messages.suffix(60).map { [FundamentalValue.text($0.text), $0.payload.map { .blob($0) } ?? .null] }
        try database.stepCompression()
        #expect(try scratch.stored().allSatisfy { $0.type != .null })
        var reports: [Double] = []
        try database.rollbackCompression { percentage, _ in
            reports.append(percentage)
            return true
        }
        #expect(reports.last == 1)
        #expect(reports.count == 2, "two batches of at most 100 rows")
        #expect(try database.getRows("SELECT text, payload FROM message ORDER BY id") == original)
        #expect(try scratch.stored().allSatisfy { $0.type == .null })
        // Forgotten: new rows are written as they are.
        try database.insert(objects: message(500), intoTable: "message")
        #expect(try database.getRows("SELECT text FROM message WHERE id = 500") == [[.text(chatText(500))]])
    }
}

/// Dictionaries: training, registering, dictionary and multi-dictionary compression.
@Suite struct CompressionDictionaryTests {
    static let samples = (0..<2000).map { chatText($0) + " \($0 % 13)" }

    /// Registers (once per process) dictionaries 11, 12 and 13 trained on the samples.
    static let registered: Bool = {
        for id: Database.DictId in [11, 12, 13] {
            let dict = try! Database.trainDict(with: samples.map { $0 + " \(id)" }, and: id)
            try! Database.register(dict: dict, with: id)
        }
        return true
    }()

    @Test func trainingGivesTheDictionaryItsIdAndRegistrationChecksIt() throws {
        let dict = try Database.trainDict(with: Self.samples.map { Data($0.utf8) }, and: 21)
        #expect(dict.count > 1000 && dict.count <= 100 * 1024)
        #expect(throws: WCDBError.self) { try Database.register(dict: dict, with: 22) }
        #expect(throws: WCDBError.self) { try Database.register(dict: dict, with: 0) }
        #expect(throws: WCDBError.self) { try Database.trainDict(with: Self.samples, and: 0) }
        try Database.register(dict: dict, with: 21)
        try Database.register(dict: dict, with: 21)  // the same bytes again: nothing happens
        let other = try Database.trainDict(with: Self.samples.map { $0.uppercased() }, and: 21)
        #expect(throws: WCDBError.self) { try Database.register(dict: other, with: 21) }
    }

    @Test func dictionaryCompressionStoresSmallerFramesThanNormal() throws {
        _ = Self.registered
        let normal = try CompressionScratch()
        normal.database.setCompression { info in if info.tableName == "message" { info.addZSTDNormalCompress(to: M.text) } }
        let dict = try CompressionScratch()
        dict.database.setCompression { info in if info.tableName == "message" { info.addZSTDDictCompress(to: M.text, withDict: 11) } }
        let messages = (1...50).map { CompressedMessage(id: $0, text: chatText(Int($0) + 5000)) }
        for scratch in [normal, dict] {
            try scratch.database.create(table: "message", of: CompressedMessage.self)
            try scratch.database.insert(objects: messages, intoTable: "message")
            let read: [CompressedMessage] = try scratch.database.getObjects(fromTable: "message", orderBy: [M.id.asOrder()])
            #expect(read == messages)
        }
        let dictStored = try dict.stored()
        #expect(dictStored.allSatisfy { $0.type == .integer(2) }, "dictionary-compressed text: (1 << 1) | 0")
        let normalSize = try normal.stored().reduce(0) { $0 + $1.length }
        let dictSize = dictStored.reduce(0) { $0 + $1.length }
        #expect(dictSize < normalSize, "dictionary \(dictSize) bytes, normal \(normalSize)")
    }

    @Test func multiDictionaryCompressionPicksTheDictionaryByTheMatchColumn() throws {
        _ = Self.registered
        let scratch = try CompressionScratch()
        let database = scratch.database
        database.setCompression { info in
            if info.tableName == "message" {
                info.addZSTDMultiDictCompress(to: M.text, withMatchProperty: M.kind,
                                              andDicts: [1: 11, 2: 12, Database.DictDefaultMatchValue: 13])
            }
        }
        try database.create(table: "message", of: CompressedMessage.self)
        let messages = (1...9).map { CompressedMessage(id: $0, kind: $0 % 3, text: chatText(Int($0))) }
        try database.insert(objects: messages, intoTable: "message")
        let read: [CompressedMessage] = try database.getObjects(fromTable: "message", orderBy: [M.id.asOrder()])
        #expect(read == messages)
        for row in try scratch.stored() {
            guard case .blob(let frame) = row.value else { Issue.record("row \(row.id) not compressed"); continue }
            let expected: UInt8 = switch row.id % 3 { case 1: 11; case 2: 12; default: 13 }
            #expect(frameDictionaryID(frame) == expected, "row \(row.id)")
        }
        // An update moving a row to another kind compresses with that kind's dictionary.
        try database.update(table: "message", on: M.kind, M.text, with: CompressedMessage(id: 0, kind: 1, text: chatText(77)), where: M.id == 3)
        let updated: CompressedMessage? = try database.getObject(fromTable: "message", where: M.id == 3)
        #expect(updated?.text == chatText(77))
    }
}

/// The dictionary id of a zstd frame's header (RFC 8878 3.1.1.1), 0 when it names none.
func frameDictionaryID(_ frame: Data) -> UInt8 {
    let bytes = [UInt8](frame)
    let descriptor = bytes[4]
    let singleSegment = descriptor >> 5 & 1 == 1
    let offset = 5 + (singleSegment ? 0 : 1)
    return descriptor & 3 == 0 ? 0 : bytes[offset]
}

/// Refusals and values that can not be decompressed.
@Suite struct CompressionErrorTests {
    @Test func aColumnInAnIndexAPrimaryKeyOrNotTextIsRefused() throws {
        let scratch = try CompressionScratch()
        let database = scratch.database
        try database.create(table: "note", of: IndexedNote.self)
        try database.create(table: "message", of: CompressedMessage.self)
        database.setCompression { info in
            if info.tableName == "note" { info.addZSTDNormalCompress(to: IndexedNote.Properties.text) }
            if info.tableName == "message" { info.addZSTDNormalCompress(to: M.kind) }
        }
        let indexError = #expect(throws: WCDBError.self) { try database.insert(objects: IndexedNote(id: 1, text: "x"), intoTable: "note") }
        #expect(indexError?.message?.contains("Column text of table note is part of an index") == true, "\(String(describing: indexError))")
        let typeError = #expect(throws: WCDBError.self) { let _: [CompressedMessage] = try database.getObjects(fromTable: "message") }
        #expect(typeError?.message?.contains("declared INTEGER; only TEXT and BLOB") == true, "\(String(describing: typeError))")
        database.setCompression { info in if info.tableName == "message" { info.addZSTDNormalCompress(to: M.id) } }
        let keyError = #expect(throws: WCDBError.self) { let _: [CompressedMessage] = try database.getObjects(fromTable: "message") }
        #expect(keyError?.message?.contains("primary key") == true)
        // Refused tables are left as they were.
        #expect(try !database.getRows("PRAGMA table_info(note)").contains { $0[1].stringValue.hasPrefix("WCDB_CT_") })
    }

    private func damaged(_ change: (inout [UInt8]) -> Void) throws -> (CompressionScratch, WCDBError?) {
        _ = CompressionDictionaryTests.registered
        let scratch = try CompressionScratch()
        let database = scratch.database
        database.setCompression { info in if info.tableName == "message" { info.addZSTDDictCompress(to: M.text, withDict: 11) } }
        try database.create(table: "message", of: CompressedMessage.self)
        try database.insert(objects: (1...3).map { CompressedMessage(id: $0, text: chatText(Int($0))) }, intoTable: "message")
        guard case .blob(let frame) = try scratch.stored()[1].value else { throw WCDBError.interface("not compressed") }
        var bytes = [UInt8](frame)
        change(&bytes)
        try database.exec(StatementUpdate().update(table: "message").set(Column(named: "WCDB_CT_text"), to: 2).where(M.id == 2))
        let statement = try database.getRows("UPDATE message SET text = ? WHERE id = 2", values: [.blob(Data(bytes))])
        _ = statement
        let error = #expect(throws: WCDBError.self) { let _: [CompressedMessage] = try database.getObjects(fromTable: "message") }
        return (scratch, error)
    }

    @Test func aCorruptValueIsAnErrorNamingTableColumnAndRowid() throws {
        let (scratch, error) = try damaged { bytes in bytes[bytes.count / 2] ^= 0x5A }
        #expect(error?.message?.contains("table message, column text, rowid 2") == true, "\(String(describing: error))")
        // The other rows still read.
        let one: CompressedMessage? = try scratch.database.getObject(fromTable: "message", where: M.id == 1)
        #expect(one?.text == chatText(1))
    }

    @Test func aValueOfAnUnregisteredDictionaryIsAnError() throws {
        let (_, error) = try damaged { bytes in
            let offset = 5 + (bytes[4] >> 5 & 1 == 1 ? 0 : 1)
            bytes[offset] = 250
        }
        #expect(error?.message?.contains("dictionary 250 is not registered") == true, "\(String(describing: error))")
        #expect(error?.message?.contains("rowid 2") == true)
    }

    @Test func aValueReadWithAnotherDictionaryIsAnErrorNotGarbage() throws {
        let (_, error) = try damaged { bytes in
            let offset = 5 + (bytes[4] >> 5 & 1 == 1 ? 0 : 1)
            bytes[offset] = 12
        }
        #expect(error?.message?.contains("table message, column text, rowid 2") == true, "\(String(describing: error))")
    }

    @Test func writingWithAnUnregisteredDictionaryIsAnError() throws {
        let scratch = try CompressionScratch()
        let database = scratch.database
        database.setCompression { info in if info.tableName == "message" { info.addZSTDDictCompress(to: M.text, withDict: 99) } }
        try database.create(table: "message", of: CompressedMessage.self)
        let error = #expect(throws: WCDBError.self) { try database.insert(objects: message(1), intoTable: "message") }
        #expect(error?.message?.contains("dictionary 99 is not registered") == true, "\(String(describing: error))")
        #expect(try database.getRows("SELECT count(*) FROM message") == [[.integer(0)]])
    }
}

/// How an insert reaches SQLite under compression: each compressed value wrapped where it stands
/// (`VALUES(?, wcdb_compress(?, …), wcdb_compression_type(…))`), or read through a subquery when a
/// multi-dictionary column's match value is bound in the same row; both store and read back the same.
@Suite struct CompressedInsertShapeTests {
    private func insertedSQL(_ configure: @escaping @Sendable (inout Database.CompressionInfo) -> Void) throws
        -> (sql: [String], stored: [(id: Int64, value: FundamentalValue, type: FundamentalValue, length: Int64)]) {
        _ = CompressionDictionaryTests.registered
        let scratch = try CompressionScratch(cipher: false)
        scratch.database.setCompression { info in if info.tableName == CompressionScratch.table { configure(&info) } }
        try scratch.database.create(table: CompressionScratch.table, of: CompressedMessage.self)
        let traced = Mutex<[String]>([])
        scratch.database.traceSQL { _, _, _, sql, _ in traced.withLock { $0.append(sql) } }
        let messages = (1...12).map { message($0, kind: $0 % 3) }
        try scratch.database.insert(objects: messages, intoTable: CompressionScratch.table)
        let read: [CompressedMessage] = try scratch.database.getObjects(fromTable: CompressionScratch.table, orderBy: [M.id.asOrder()])
        #expect(read == messages)
        return (traced.withLock { $0 }.filter { $0.hasPrefix("INSERT INTO message") }, try scratch.stored())
    }

    @Test func aDictionaryCompressedValueIsCompressedWhereItStands() throws {
        let (sql, stored) = try insertedSQL { $0.addZSTDDictCompress(to: M.text, withDict: 11) }
        #expect(!sql.isEmpty)
        #expect(sql.allSatisfy { $0.contains("VALUES(") && $0.contains("wcdb_compress(?, 11, 'text')") && !$0.contains("wcdb_v0") })
        #expect(stored.allSatisfy { $0.type == .integer(2) })
    }

    @Test func aBoundMatchValueIsReadThroughASubquery() throws {
        let (sql, stored) = try insertedSQL {
            $0.addZSTDMultiDictCompress(to: M.text, withMatchProperty: M.kind,
                                        andDicts: [0: 11, 1: 12, Database.DictDefaultMatchValue: 13])
        }
        #expect(!sql.isEmpty)
        #expect(sql.allSatisfy { $0.contains("FROM (SELECT") && $0.contains("wcdb_v") })
        #expect(stored.allSatisfy { $0.type == .integer(2) })
    }
}
