import Foundation
@testable import WCDBSwift
import XCTest

/// Bad input gets a clear, located error and loses no data; it never stops the process.
final class BadInputTests: DatabaseTestCase {
    func testACorruptFileIsAnErrorAndIsLeftUntouched() throws {
        let path = directory.appendingPathComponent("corrupt.db").path
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: URL(fileURLWithPath: path))
        let corrupt = Database(withPath: path)
        XCTAssertThrowsError(try corrupt.create(table: "owner", of: Owner.self)) { error in
            let error = error as? WCDBError
            XCTAssertEqual(error?.code, 26, "SQLITE_NOTADB: \(String(describing: error))")
            XCTAssertEqual(error?.path, path)
        }
        corrupt.close()
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), garbage, "the file is not modified")
    }

    func testBadSQLIsAnErrorWithTheSQL() throws {
        XCTAssertThrowsError(try database.exec("SELEC 1")) { error in
            let error = error as? WCDBError
            XCTAssertEqual(error?.code, 1)
            XCTAssertEqual(error?.sql, "SELEC 1")
            XCTAssertTrue(error?.description.contains("syntax error") == true, "\(String(describing: error))")
        }
    }

    func testMissingTableAndColumnMismatchAreErrorsNotCrashes() throws {
        XCTAssertThrowsError(try database.getObjects(fromTable: "missing") as [Owner]) { error in
            XCTAssertTrue((error as? WCDBError)?.message?.contains("no such table") == true)
        }
        // A table whose columns don't match the model: selecting the model's columns fails clearly.
        try database.exec("CREATE TABLE owner(other INTEGER)")
        XCTAssertThrowsError(try database.getObjects(fromTable: "owner") as [Owner]) { error in
            XCTAssertTrue((error as? WCDBError)?.message?.contains("no such column") == true)
        }
    }

    func testUnsupportedEngineFeaturesSaySo() throws {
        // SQL text goes to SQLite as it is: where the engine lacks FTS5 or JSON (SQLite 3.15.2), SQLite's own
        // error names what is missing; where it has them, they run.
        if Engine.current.supports(.fts5) {
            try database.exec("CREATE VIRTUAL TABLE t USING fts5(body)")
        } else {
            XCTAssertThrowsError(try database.exec("CREATE VIRTUAL TABLE t USING fts5(body)")) { error in
                XCTAssertTrue((error as? WCDBError)?.message?.contains("no such module: fts5") == true, "\(error)")
            }
        }
        if Engine.current.supports(.json) {
            XCTAssertEqual(try database.getValue("SELECT json('{}')").stringValue, "{}")
        } else {
            XCTAssertThrowsError(try database.exec("SELECT json('{}')")) { error in
                XCTAssertTrue((error as? WCDBError)?.message?.contains("no such function: json") == true, "\(error)")
            }
        }
    }
}
