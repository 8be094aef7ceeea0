import Foundation
import Synchronization
import Testing
@testable import WCDBSwift

/// Rows written before compression is configured are compressed by two steps (the second finds
/// nothing left and says so), rows written after are compressed as they are written, and every row
/// reads back: the calls of WCDB 2.x's `testNormalCompress`, `testDictCompress` and
/// `testMultiDictCompress`, on a database whose only table is the one compressed.
@Suite struct CompressionExistingRowsTests {
    private typealias P = CompressionTestObject.Properties

    private static let sentences = ["the quick brown fox jumps over the lazy dog", "see you at the station at nine",
                                    "please send the report before friday", "thanks for the photos from the trip"]

    private static func englishString(_ seed: Int) -> String {
        (0..<4).map { sentences[(seed + $0 * 3) % sentences.count] }.joined(separator: ", ") + " \(seed)"
    }

    private static func objects(startWith first: Int, count: Int) -> [CompressionTestObject] {
        (first..<(first + count)).map { CompressionTestObject(variable1: $0, variable2: englishString($0)) }
    }

    /// Runs WCDB 2.x's sequence with `configure` as the compression filter; the stored type code of
    /// every row must be `marker` ((2 << 1) for normal, (1 << 1) for dictionary text).
    private func run(marker: Int64, configure: @escaping Database.CompressionFilter) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-compress-2x-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = Database(withPath: directory.appendingPathComponent("test.db").path)
        defer { database.close() }
        try database.create(table: "testTable", of: CompressionTestObject.self)
        let table = database.getTable(named: "testTable", of: CompressionTestObject.self)
        try table.delete()
        var preInsertObjects = Self.objects(startWith: 1, count: 2)
        try table.insert(preInsertObjects)

        database.setCompression(with: configure)
        let told = Mutex<[String?]>([])
        database.setNotificationWhenCompressed { notified, table in
            #expect(notified.path == database.path)
            told.withLock { $0.append(table) }
        }
        #expect(!database.isCompressed())
        try database.stepCompression()
        try database.stepCompression()
        #expect(database.isCompressed())
        #expect(told.withLock { $0 } == ["testTable", nil])

        let newInsertObjects = Self.objects(startWith: 3, count: 2)
        try table.insert(newInsertObjects)
        let count = try database.getValue(from: StatementSelect().select(Column.all.count()).from("testTable")
            .where(Column(named: "WCDB_CT_variable2") == marker))
        #expect(count?.intValue == 4)
        preInsertObjects.append(contentsOf: newInsertObjects)
        #expect(try table.getObjects() == preInsertObjects)
    }

    @Test func normal() throws {
        try run(marker: 4) { info in info.addZSTDNormalCompress(to: P.variable2) }
    }

    @Test func dictionary() throws {
        let samples = (0..<1000).map { Self.englishString($0).data(using: .utf8) ?? Data() }
        let dict = try Database.trainDict(with: samples, and: 1)
        try Database.register(dict: dict, with: 1)
        try run(marker: 2) { info in info.addZSTDDictCompress(to: P.variable2, withDict: 1) }
    }

    @Test func multiDictionary() throws {
        for id: Database.DictId in [2, 3, 4] {
            let samples = (0..<1000).map { Self.englishString($0 * Int(id)) + " \(id)" }
            try Database.register(dict: try Database.trainDict(with: samples, and: id), with: id)
        }
        try run(marker: 2) { info in
            info.addZSTDMultiDictCompress(to: P.variable2, withMatchProperty: P.variable1,
                                          andDicts: [1: 2, 2: 3, Database.DictDefaultMatchValue: 4])
        }
    }
}

extension CompressionExistingRowsTests {
    /// With `enableReplaceCompression()`, values compressed by an earlier method are compressed again
    /// by the new one; without it they stay as they are (and still read).
    @Test(arguments: [true, false])
    func replaceCompressionRecompressesWithTheNewMethod(replace: Bool) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-compress-replace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = Database(withPath: directory.appendingPathComponent("test.db").path)
        defer { database.close() }
        try database.create(table: "testTable", of: CompressionTestObject.self)
        let objects = Self.objects(startWith: 1, count: 30)
        try database.insert(objects: objects, intoTable: "testTable")
        database.setCompression { $0.addZSTDNormalCompress(to: P.variable2) }
        while !database.isCompressed() { try database.stepCompression() }

        let samples = (0..<1000).map { Self.englishString($0 * 5) + " five" }
        try Database.register(dict: try Database.trainDict(with: samples, and: 5), with: 5)
        database.setCompression { info in
            info.addZSTDDictCompress(to: P.variable2, withDict: 5)
            if replace { info.enableReplaceCompression() }
        }
        while !database.isCompressed() { try database.stepCompression() }
        let markers = try database.getColumn(from: StatementSelect().select(Column(named: "WCDB_CT_variable2")).from("testTable"))
            .map(\.int64Value)
        #expect(markers == Array(repeating: replace ? 2 : 4, count: 30))
        #expect(try database.getObjects(fromTable: "testTable", orderBy: [P.variable1.asOrder()]) == objects)
    }
}

extension CompressionExistingRowsTests {
    /// A compression step's statements reach the database's SQL tracer with its tag and path.
    @Test func compressionStepsAreTracedWithTheDatabaseTag() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-compress-trace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = Database(withPath: directory.appendingPathComponent("test.db").path)
        defer { database.close() }
        database.tag = 88
        try database.create(table: "testTable", of: CompressionTestObject.self)
        try database.insert(objects: Self.objects(startWith: 1, count: 10), intoTable: "testTable")
        let traced = Mutex<[(tag: Int, path: String, sql: String)]>([])
        database.traceSQL { tag, path, _, sql, _ in traced.withLock { $0.append((tag, path, sql)) } }
        database.setCompression { $0.addZSTDNormalCompress(to: P.variable2) }
        while !database.isCompressed() { try database.stepCompression() }
        let steps = traced.withLock { $0 }.filter { $0.sql.hasPrefix("UPDATE main.testTable SET variable2 = wcdb_compress(") }
        #expect(!steps.isEmpty)
        #expect(steps.allSatisfy { $0.tag == 88 && $0.path == database.path })
    }
}
