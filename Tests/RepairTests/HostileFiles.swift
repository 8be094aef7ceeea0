import CSQLCipher
import Foundation
@testable import WCDBRepair
import WCDBSwift

/// Makes the damaged and crafted files the hostile-input tests feed to repair and to `wcdb`.
enum HostileFiles {
    static func makeDirectory(_ name: String) -> String {
        let directory = NSTemporaryDirectory() + "wcdb-hostile-\(name)-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    /// A rollback-journal database with table `t(a, b)` of `rows` rows; with `schemaSQL`, the table's
    /// `sqlite_master.sql` is rewritten to that text (as `PRAGMA writable_schema` lets anyone do).
    static func database(at path: String, rows: Int, schemaSQL: String?) throws -> String {
        try withConnection(path) { db in
            try run(db, "PRAGMA journal_mode = DELETE")
            try run(db, "CREATE TABLE t(a, b)")
            for i in 0..<rows { try run(db, "INSERT INTO t VALUES(\(i), 'row \(i)')") }
            if let schemaSQL {
                try run(db, "PRAGMA writable_schema = ON")
                try run(db, "UPDATE sqlite_master SET sql = '\(schemaSQL.replacingOccurrences(of: "'", with: "''"))' WHERE name = 't'")
            }
        }
        return path
    }

    /// Runs `body` on a plain SQLite connection to `path` (no WCDB configs: the journal mode stays).
    static func withConnection<T>(_ path: String, _ body: (OpaquePointer) throws -> T) throws -> T {
        var db: OpaquePointer?
        guard sqlite3_open(path, &db) == SQLITE_OK, let db else { throw Failure("cannot open \(path)") }
        defer { sqlite3_close(db) }
        return try body(db)
    }

    static func run(_ db: OpaquePointer, _ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw Failure("\(sql): \(String(cString: sqlite3_errmsg(db)))") }
    }

    static func rootPage(of table: String, in path: String) throws -> UInt32 {
        try withConnection(path) { db in
            var statement: OpaquePointer?
            sqlite3_prepare_v2(db, "SELECT rootpage FROM sqlite_master WHERE name = '\(table)'", -1, &statement, nil)
            defer { sqlite3_finalize(statement) }
            guard sqlite3_step(statement) == SQLITE_ROW else { throw Failure("no table \(table)") }
            return UInt32(sqlite3_column_int64(statement, 0))
        }
    }

    static func zero(page: Int, of path: String, pageSize: Int = 4096) throws {
        try overwrite(path, at: (page - 1) * pageSize, with: [UInt8](repeating: 0, count: pageSize))
    }

    static func overwrite(_ path: String, at offset: Int, with bytes: [UInt8]) throws {
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(offset))
        try handle.write(contentsOf: Data(bytes))
    }

    /// A file's bytes, to show that inspecting it changed nothing (the files are small).
    static func contents(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// Lets `edit` change each frame header of the WAL at `path` (page number, commit size), then
    /// recomputes every checksum, as a forger would: the frames still read as sound.
    static func rewriteWAL(_ path: String, pageSize: Int = 4096, _ edit: (_ frame: Int, _ header: inout [UInt8]) -> Void) throws {
        var bytes = Array(try contents(path))
        let bigEndian = bytes[3] & 1 == 1
        var s0: UInt32 = 0, s1: UInt32 = 0
        WALIndex.checksum(bytes[0..<24], bigEndian: bigEndian, &s0, &s1)
        var offset = 32
        var frame = 0
        while offset + 24 + pageSize <= bytes.count {
            var header = Array(bytes[offset..<offset + 24])
            edit(frame, &header)
            WALIndex.checksum(header[0..<8], bigEndian: bigEndian, &s0, &s1)
            WALIndex.checksum(bytes[offset + 24..<offset + 24 + pageSize], bigEndian: bigEndian, &s0, &s1)
            for (i, word) in [s0, s1].enumerated() {
                for j in 0..<4 { header[16 + 4 * i + j] = UInt8(truncatingIfNeeded: word >> (24 - 8 * UInt32(j))) }
            }
            bytes.replaceSubrange(offset..<offset + 24, with: header)
            offset += 24 + pageSize
            frame += 1
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    static func big32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32($0))) } }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
