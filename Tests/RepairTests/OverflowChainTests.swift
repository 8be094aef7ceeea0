import Foundation
import WCDBRepair
import WCDBSwift
import XCTest

/// Overflow chains: a value that spills over several pages comes back whole or not at all.
final class OverflowChainTests: XCTestCase {
    func testBrokenChainLosesThatRowOnly() throws {
        let fixture = try RepairFixture(name: "overflow", messages: 60)
        try fixture.backup()
        let source = try PageSource(path: fixture.path, pageSize: fixture.pageSize, key: nil)
        // A messages leaf whose cell spills over at least two overflow pages.
        let spilled = (2...UInt32(fixture.pageCount)).lazy.compactMap { number -> (BTreeCell, BTreePage)? in
            guard let page = source.page(number).flatMap({ BTreePage(bytes: $0, number: number, source: source) }), page.kind == .tableLeaf,
                  let cell = page.cells.first(where: { $0.overflowPages.count >= 2 }) else { return nil }
            return (cell, page)
        }.first
        let (cell, leaf) = try XCTUnwrap(spilled)
        XCTAssertGreaterThan(leaf.cells.count, 1, "neighbours on the same leaf must survive")
        try fixture.zero(pages: [Int(cell.overflowPages[1])])
        let result = try fixture.recover()
        XCTAssertEqual(result.wrong, 0, "a chain ending on a zeroed page is not a value")
        XCTAssertEqual(result.exact, fixture.totalRows - 1)
        XCTAssertEqual(try result.database.getValue("SELECT count(*) FROM messages WHERE id = \(cell.rowid!)").int64Value, 0)
    }
}
