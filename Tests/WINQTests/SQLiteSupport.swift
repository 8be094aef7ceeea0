import CSQLCipher
import Foundation
@_spi(WCDBGenerated) import WCDBSwift
import XCTest

/// A throwaway in-memory SQLCipher connection for checking that printed SQL parses.
final class TestDatabase {
    private(set) var handle: OpaquePointer?

    init() {
        // SQLite takes its log callback only before it initializes: let the library install it first,
        // so that a raw connection opened here doesn't take the SQLite log away from later tests.
        Database.setSQLiteLogTrace(enable: false)
        let rc = sqlite3_open_v2(":memory:", &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
        precondition(rc == SQLITE_OK, "cannot open an in-memory database")
    }

    deinit { sqlite3_close_v2(handle) }

    var errorMessage: String { String(cString: sqlite3_errmsg(handle)) }

    /// Runs `sql` (possibly several statements); returns nil or the engine's error message.
    @discardableResult
    func exec(_ sql: String) -> String? {
        var error: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &error)
        defer { sqlite3_free(error) }
        if rc == SQLITE_OK { return nil }
        return error.map { String(cString: $0) } ?? "rc \(rc)"
    }

    /// Prepares `sql` (exactly one statement, nothing left over); returns nil or the error message.
    func prepareError(_ sql: String) -> String? {
        var statement: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        let utf8 = Array(sql.utf8CString)
        return utf8.withUnsafeBufferPointer { buffer -> String? in
            let rc = sqlite3_prepare_v2(handle, buffer.baseAddress, Int32(buffer.count - 1), &statement, &tail)
            defer { sqlite3_finalize(statement) }
            if rc != SQLITE_OK { return errorMessage }
            if let tail, tail.pointee != 0 {
                let rest = String(cString: tail).trimmingCharacters(in: .whitespacesAndNewlines)
                if !rest.isEmpty { return "trailing SQL: \(rest)" }
            }
            return nil
        }
    }

    /// Every row of a query, as Swift values (Int64, Double, String, Data, nil).
    func query(_ sql: String) throws -> [[Any?]] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
            throw NSError(domain: "sqlite", code: 1, userInfo: [NSLocalizedDescriptionKey: errorMessage + " in " + sql])
        }
        defer { sqlite3_finalize(statement) }
        var rows: [[Any?]] = []
        while true {
            let rc = sqlite3_step(statement)
            if rc == SQLITE_DONE { break }
            guard rc == SQLITE_ROW else {
                throw NSError(domain: "sqlite", code: Int(rc), userInfo: [NSLocalizedDescriptionKey: errorMessage])
            }
            var row: [Any?] = []
            for index in 0..<sqlite3_column_count(statement) {
                switch sqlite3_column_type(statement, index) {
                case SQLITE_INTEGER: row.append(sqlite3_column_int64(statement, index))
                case SQLITE_FLOAT: row.append(sqlite3_column_double(statement, index))
                case SQLITE_TEXT:
                    let count = Int(sqlite3_column_bytes(statement, index))
                    let bytes = sqlite3_column_text(statement, index)!
                    row.append(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
                case SQLITE_BLOB:
                    let count = Int(sqlite3_column_bytes(statement, index))
                    let bytes = sqlite3_column_blob(statement, index)
                    row.append(count == 0 ? Data() : Data(bytes: bytes!, count: count))
                default: row.append(nil)
                }
            }
            rows.append(row)
        }
        return rows
    }
}

/// Asserts that SQLite accepts `statement` (prepares `EXPLAIN <sql>`) after running `setup`.
func assertAccepted(_ statement: CustomStringConvertible, setup: String = "",
                    file: StaticString = #filePath, line: UInt = #line) {
    let database = TestDatabase()
    if !setup.isEmpty, let error = database.exec(setup) {
        XCTFail("setup failed: \(error)", file: file, line: line)
        return
    }
    if let error = database.prepareError("EXPLAIN " + statement.description) {
        XCTFail("SQLite rejects \(statement.description): \(error)", file: file, line: line)
    }
}

/// Asserts that SQLite (3.15.2) rejects `statement`, and returns its message.
@discardableResult
func assertRejected(_ statement: CustomStringConvertible, setup: String = "",
                    file: StaticString = #filePath, line: UInt = #line) -> String {
    let database = TestDatabase()
    if !setup.isEmpty, let error = database.exec(setup) {
        XCTFail("setup failed: \(error)", file: file, line: line)
    }
    guard let error = database.prepareError("EXPLAIN " + statement.description) else {
        XCTFail("SQLite accepted \(statement.description)", file: file, line: line)
        return ""
    }
    return error
}

/// A schema most tests share.
let sampleSchema = """
CREATE TABLE sampleTable(identifier INTEGER PRIMARY KEY, description TEXT, score REAL, data BLOB);
CREATE TABLE other(identifier INTEGER, name TEXT);
CREATE TABLE ids(identifier INTEGER);
"""

/// A model like the guide's `Sample`, with properties as the generator emits them.
final class Sample {
    enum Properties {
        static let identifier = TypedProperty<Sample, Int?>(named: "identifier", index: 0)
        static let description = TypedProperty<Sample, String?>(named: "description", index: 1)
        static let all: [Property] = [identifier.asProperty(), description.asProperty()]
        static let any = Property.any
    }
}
