import Foundation
import Testing
@testable import WCDBSwift
import WCDBTestSupport

/// Text and BLOB values bound to a statement are the statement's own copies: they stay what was bound
/// whatever happens to the caller's value, row after row, across resets, at any length, and a bind that
/// SQLite refuses changes nothing it still reads.
@Suite struct BoundValueTests {
    /// The lengths cross the reusable buffer's growth and the size above which SQLite makes its own copy.
    static let lengths = [1, 15, 16, 63, 64, 65, 300, BoundBytes.largest, BoundBytes.largest + 1, 20_000]

    /// Text of `count` UTF-8 bytes, different for each seed (multi-byte characters included).
    static func text(_ count: Int, seed: Int) -> String {
        let unit = Array("é\(seed)-abc,".utf8)
        var bytes: [UInt8] = []
        while bytes.count < count { bytes.append(contentsOf: unit) }
        // Cut on a character boundary: drop continuation bytes at the cut.
        var end = count
        while end > 0, end < bytes.count, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    static func blob(_ count: Int, seed: Int) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ seed) })
    }

    /// One statement inserts rows whose text and BLOB grow, shrink and grow again: each row reads back
    /// as bound, at every length (a short value after a long one does not keep the long one's tail).
    @Test func rowsOfEveryLengthReadBackAsBoundThroughOneStatement() throws {
        let scratch = ScratchDatabase("bound-values")
        let database = scratch.database
        try database.exec("CREATE TABLE t(id INTEGER PRIMARY KEY, body TEXT, raw BLOB)")
        let order = Self.lengths + Self.lengths.reversed() + Self.lengths
        try database.withHandle(forWriting: true) { handle in
            let insert = try handle.prepare("INSERT INTO t(id, body, raw) VALUES(?, ?, ?)")
            defer { insert.finalize() }
            for (id, length) in order.enumerated() {
                insert.bind(integer: Int64(id), toIndex: 1)
                insert.bind(text: Self.text(length, seed: id), toIndex: 2)
                insert.bind(blob: Self.blob(length, seed: id), toIndex: 3)
                #expect(try insert.step() == false)
                insert.reset()
            }
        }
        let rows = try database.getRows("SELECT id, body, raw, typeof(body), typeof(raw) FROM t ORDER BY id")
        #expect(rows.count == order.count)
        for (id, length) in order.enumerated() {
            let row = rows[id]
            #expect(row[1].stringValue == Self.text(length, seed: id), "text of row \(id), \(length) bytes")
            #expect(row[2].dataValue == Self.blob(length, seed: id), "blob of row \(id), \(length) bytes")
            #expect(row[3].stringValue == "text" && row[4].stringValue == "blob")
        }
    }

    /// The caller's value may change or go away between the bind and the step, and a statement reset
    /// and stepped again without new binds uses the same values.
    @Test(arguments: [16, 300, BoundBytes.largest + 1])
    func aBoundValueOutlivesTheCallersValueAndAReset(length: Int) throws {
        let scratch = ScratchDatabase("bound-values")
        let database = scratch.database
        try database.exec("CREATE TABLE t(body TEXT, raw BLOB)")
        let expectedText = Self.text(length, seed: 7)
        let expectedBlob = Self.blob(length, seed: 7)
        try database.withHandle(forWriting: true) { handle in
            let insert = try handle.prepare("INSERT INTO t VALUES(?, ?)")
            defer { insert.finalize() }
            do {
                var text = expectedText
                var blob = expectedBlob
                insert.bind(text: text, toIndex: 1)
                insert.bind(blob: blob, toIndex: 2)
                text.append("changed after the bind")
                blob.resetBytes(in: 0..<blob.count)
                #expect(text != expectedText && blob != expectedBlob)
            }
            #expect(try insert.step() == false)
            insert.reset()
            #expect(try insert.step() == false)
        }
        let rows = try database.getRows("SELECT body, raw FROM t")
        #expect(rows.count == 2)
        for row in rows {
            #expect(row[0].stringValue == expectedText)
            #expect(row[1].dataValue == expectedBlob)
        }
    }

    /// A bind while the statement is stepping is refused as SQLite refuses it, and the rows it is
    /// reading keep the value bound before: the refused value never reaches SQLite.
    @Test func aRefusedBindDoesNotChangeWhatTheRunningStatementReads() throws {
        let scratch = ScratchDatabase("bound-values")
        let database = scratch.database
        try database.exec("CREATE TABLE t(body TEXT)")
        try database.exec("INSERT INTO t VALUES('a'), ('b'), ('c')")
        try database.withHandle(forWriting: false) { handle in
            let select = try handle.prepare("SELECT body || ? FROM t ORDER BY body")
            defer { select.finalize() }
            let suffix = String(repeating: "x", count: 40)
            select.bind(text: suffix, toIndex: 1)
            #expect(try select.step())
            #expect(select.value(atIndex: 0).stringValue == "a" + suffix)
            select.bind(text: String(repeating: "y", count: 40), toIndex: 1)
            #expect(throws: WCDBError.self) { try select.step() }
            // The failed bind reset the statement; bound again, it runs with the first value.
            #expect(try select.step())
            #expect(select.value(atIndex: 0).stringValue == "a" + suffix)
            #expect(try select.step())
            #expect(select.value(atIndex: 0).stringValue == "b" + suffix)
        }
    }
}
