import CSQLCipher
import Foundation
import WCDBSwift
import XCTest

/// A `WCDBError`'s code, extended code, level and infos: comparable with SQLite's codes and as enums,
/// read as WCDB 2.x reads them beside today's fields.
final class ErrorCodeTests: DatabaseTestCase {
    override func tearDownWithError() throws {
        Database.globalTraceError(nil)
        try super.tearDownWithError()
    }

    func testErrorCodesAndInfos() throws {
        try database.create(table: TestObject.name, of: TestObject.self)
        try database.insert(TestObject(1, "one"), intoTable: TestObject.name)
        do {
            try database.insert(TestObject(1, "again"), intoTable: TestObject.name)
            XCTFail("a duplicate key must throw")
        } catch let error as WCDBError {
            XCTAssertEqual(error.code, 19, "today's Int32 code stays readable")
            XCTAssertTrue(error.code == .Constraint)
            XCTAssertTrue(error.code != .Busy)
            XCTAssertEqual(error.sqliteCode, .Constraint)
            switch error.code {
            case .Constraint: break
            default: XCTFail("matches as 2.x's enum: \(error)")
            }
            XCTAssertEqual(error.infos[.SQL]?.stringValue, error.sql)
            XCTAssertEqual(error.infos[.path]?.stringValue, error.path)
            XCTAssertEqual(error.infos[.message]?.stringValue, error.message)
            XCTAssertEqual(error.infos[.extendedCode]?.int64Value, 1555, "SQLITE_CONSTRAINT_PRIMARYKEY")
        }
        let misuse = WCDBError.interface("no SQLite code")
        XCTAssertNil(misuse.sqliteCode)
        XCTAssertFalse(misuse.code == .OK)
        XCTAssertNil(misuse.infos[.SQL])
    }

    func testErrorOfAMissingTableHasItsCodeLevelAndInfos() throws {
        database.tag = 7
        let expectedTag = database.tag
        let expectedPath = database.path
        let seen = LockedBox<[WCDBError]>([])
        Database.globalTraceError { (error: WCDBError) in
            guard error.path == expectedPath else { return }
            seen.mutate { $0.append(error) }
        }
        XCTAssertThrowsError(try database.getRows(on: Column.all(), fromTable: "nonexistentTable"))
        let error = try XCTUnwrap(seen.value.first)
        XCTAssertEqual(error.tag!, expectedTag)
        XCTAssertEqual(error.code.rawValue, 1)
        XCTAssertEqual(error.code, .Error)
        XCTAssertTrue(error.code == SQLITE_ERROR, "compares with SQLite's Int32 constant")
        XCTAssertTrue(error.level == .Error)
        XCTAssertFalse(error.level == .Warning)
        XCTAssertTrue(error.level != .Fatal)
        switch error.level {
        case .Error: break
        default: XCTFail("level \(error.level) is an error")
        }
        switch error.code {
        case .Busy, .Locked: XCTFail("not busy")
        case .Error: break
        default: XCTFail("\(error.code)")
        }
        XCTAssertEqual(error.message!, "no such table: nonexistentTable")
        XCTAssertEqual(error.sql!, "SELECT * FROM nonexistentTable")
        XCTAssertEqual(error.path!, expectedPath)
        XCTAssertNil(error.extendedCode, "SQLite gave no extended code beyond SQLITE_ERROR")
        XCTAssertEqual(error.infos[.tag]?.stringValue, String(expectedTag!))
        XCTAssertEqual(error.infos[.path]?.intValue, 0, "a path is no number")
        XCTAssertEqual(WCDBError.Code(rawValue: 26), .NotADatabase)
        XCTAssertNil(WCDBError.Code(rawValue: 99), "not one of SQLite's codes")
        XCTAssertEqual(WCDBError.ExtendCode(rawValue: 2067), .ConstraintUnique)
        XCTAssertEqual(WCDBError.ExtendCode.ConstraintUnique.code, .Constraint)
        XCTAssertEqual("\(error.code)", "Error")

        // Today's initializer with SQLite's Int32 codes still builds one, for the runtime's call sites.
        let built = WCDBError(level: .sqlite, code: SQLITE_CONSTRAINT, extendedCode: 2067, message: "m")
        XCTAssertEqual(built.code, .Constraint)
        XCTAssertEqual(built.extendedCode, .ConstraintUnique)
        XCTAssertTrue(built.extendedCode == 2067)
        XCTAssertEqual(WCDBError.interface("mine").code.rawValue, -1, "not SQLite's")
        XCTAssertNil(WCDBError.interface("mine").sqliteCode)
    }
}
