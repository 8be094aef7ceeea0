import Foundation
import WCDBRepair
import WCDBSwift
import XCTest

/// Pages on the freelist are not live data. With `secure_delete` off (plain SQLite's default) a freed
/// leaf keeps its deleted rows; the scan for orphan pages must never bring them back.
final class FreelistTests: XCTestCase {
    private let deleted = 100...500

    /// A fixture whose `notes` rows in `deleted` were removed with secure_delete off, leaving freed
    /// leaves that still hold them (asserted, so the tests below cannot pass on an empty freelist).
    private func fixtureWithFreedLeaves(_ name: String) throws -> RepairFixture {
        let fixture = try RepairFixture(name: name, messages: 600)
        let database = Database(withPath: fixture.path)
        try database.exec("PRAGMA secure_delete = 0")
        try database.exec("DELETE FROM notes WHERE rowid BETWEEN \(deleted.lowerBound) AND \(deleted.upperBound)")
        try database.backup()
        database.close()
        let source = try PageSource(path: fixture.path, pageSize: fixture.pageSize, key: nil)
        let freedLeaves = Salvager(source: source).freePages.filter { number in
            source.page(number).flatMap { BTreePage(bytes: $0, number: number, source: source) }.map { $0.kind == .tableLeaf && !$0.cells.isEmpty } ?? false
        }
        XCTAssertFalse(freedLeaves.isEmpty, "the deleted rows must still be on freed leaves for this test")
        return fixture
    }

    private func assertDeletedRowsStayDeleted(_ fixture: RepairFixture, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try fixture.recover()
        XCTAssertEqual(try result.database.getValue("SELECT count(*) FROM notes WHERE rowid BETWEEN \(deleted.lowerBound) AND \(deleted.upperBound)").int64Value,
                       0, "deleted rows came back from the freelist", file: file, line: line)
        XCTAssertEqual(result.exact, fixture.totalRows - deleted.count, "every live row comes back", file: file, line: line)
        XCTAssertEqual(result.wrong, 0, file: file, line: line)
    }

    func testFreedLeavesAreNotOrphansWhenInteriorPagesAreLost() throws {
        let fixture = try fixtureWithFreedLeaves("free-interior")
        try fixture.zero(pages: try fixture.interiorPages())  // every leaf is an orphan now; the header names the freelist
        try assertDeletedRowsStayDeleted(fixture)
    }

    func testFreedLeavesAreFoundByShapeWhenPageOneIsLost() throws {
        let fixture = try fixtureWithFreedLeaves("free-page1")
        try fixture.zero(pages: [1])  // no header: the freelist's trunk pages are found by their shape
        try assertDeletedRowsStayDeleted(fixture)
    }
}
