import Foundation
import Testing
import WCDBRepair
import WCDBSwift

/// Bytes overwritten inside a leaf's cell content area (its header and cell pointers intact) lose the
/// cells they reach, not the whole leaf: sqlite3's `.recover` keeps the other cells of such a page,
/// and a leaf dropped whole made `recover` return fewer exact rows than it (issue #42).
@Suite struct DamagedCellTests {
    let directory = HostileFiles.makeDirectory("damaged-cell")

    @Test("A cell overwritten on a leaf loses that cell and the one the damage ran in from, not the leaf")
    func overwrittenCellLosesItsNeighbourhoodOnly() throws {
        let path = directory + "/cells.db"
        try HostileFiles.withConnection(path) { db in
            try HostileFiles.run(db, "PRAGMA journal_mode = DELETE")
            try HostileFiles.run(db, "CREATE TABLE t(id INTEGER PRIMARY KEY, body TEXT, score REAL, n INTEGER)")
            try HostileFiles.run(db, "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 400) "
                                 + "INSERT INTO t SELECT i, 'row ' || i || substr(hex(zeroblob(80)), 1, 40 + i % 60), "
                                 + "i / 7.0, i * 1000003 FROM c")
        }
        let original = Database(withPath: path)
        var expected: [Int64: FundamentalRow] = [:]
        for row in try original.getRows("SELECT id, body, score, n FROM t") { expected[row[0].int64Value] = row }
        original.close()

        // A leaf (not the root) and two cells adjacent on it: `below` just under `hit` in the page.
        let source = try PageSource(path: path, pageSize: 4096, key: nil)
        let root = try HostileFiles.rootPage(of: "t", in: path)
        let leaf = try #require((2...source.pageCount).lazy.filter { $0 != root }.compactMap { number in
            source.page(number).flatMap { BTreePage(bytes: $0, number: number, source: source) }
        }.first { $0.kind == .tableLeaf && $0.cells.count >= 10 })
        let byOffset = leaf.cells.sorted { $0.span.lowerBound < $1.span.lowerBound }
        let below = byOffset[4], hit = byOffset[5]
        try #require(below.span.upperBound == hit.span.lowerBound)

        // One run of overwritten bytes: the last 8 bytes of `below` (its values still decode, as
        // other numbers) and the start of `hit`, whose payload size now reads as -1.
        let pageStart = Int(leaf.number - 1) * 4096
        try HostileFiles.overwrite(path, at: pageStart + below.span.upperBound - 8,
                                   with: [1, 2, 3, 4, 5, 6, 7, 8] + [UInt8](repeating: 0xFF, count: 9) + [0x5A, 0xA5, 0x5A])

        let output = Database(withPath: directory + "/cells-out.db")
        defer { output.close() }
        try output.recover(fromPath: path)
        var exact = 0, wrong = 0
        for row in try output.getRows("SELECT id, body, score, n FROM t") {
            if expected[row[0].int64Value] == row { exact += 1 } else { wrong += 1 }
        }
        #expect(wrong == 0, "the cell the damage ran into from below is not a row")
        #expect(exact == expected.count - 2, "every other cell of the damaged leaf comes back")
        let lost = try output.getValue("SELECT count(*) FROM t WHERE id IN (\(below.rowid!), \(hit.rowid!))").int64Value
        #expect(lost == 0)

        let damaged = try PageSource(path: path, pageSize: 4096, key: nil)
        let reparsed = damaged.page(leaf.number).flatMap { BTreePage(bytes: $0, number: leaf.number, source: damaged) }
        #expect(reparsed?.damagedCells == [hit.span.lowerBound], "a cell that does not parse loses that cell, not the page")
    }
}
