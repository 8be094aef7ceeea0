import Foundation
@testable import WCDBRepair
import WCDBSwift

/// How many of a fixture's rows are physically intact after it was damaged: the most any reader could
/// recover exactly. Every row of the undamaged original is located with the project's own reader (its
/// cell, its page's type byte, cell count and cell pointer, and the used part of each overflow page);
/// the row counts when all those bytes read back the same from the damaged file. On encrypted files a
/// page that fails its HMAC reads back as nothing, so one changed byte loses the whole page. For a WAL,
/// only the frames the damaged file still trusts (committed before the first broken checksum) count.
/// Rows the original no longer holds at that commit, or holds with other values, do not count.
struct PhysicalCeiling {
    /// A copy of the fixture's files taken before the damage.
    struct Original {
        let path: String
        let salt: [UInt8]
    }

    static func snapshot(_ fixture: RepairFixture) throws -> Original {
        let path = fixture.directory + "/original.db"
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: fixture.path + suffix) {
            try FileManager.default.copyItem(atPath: fixture.path + suffix, toPath: path + suffix)
        }
        let salt = Array(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(16))
        return Original(path: path, salt: salt)
    }

    /// Rows of `fixture` whose bytes all survived the damage.
    static func count(_ fixture: RepairFixture, original: Original) throws -> Int {
        // Both views end their WAL after the trusted frames, so the reader only ever reads intact WALs
        // here: the ceiling does not depend on how it handles a broken checksum.
        let frames = trustedFrames(original: original.path + "-wal", damaged: fixture.walPath, pageSize: fixture.pageSize)
        let reference = try view(original.path, walFrames: frames, as: original.path + ".trusted.db", fixture: fixture)
        // The original salt: the ceiling asks what is physically there, not whether the salt survived.
        let damaged = try view(fixture.path, walFrames: frames, as: fixture.directory + "/damaged-view.db", fixture: fixture,
                               salt: original.salt)
        guard let schema = Salvager(source: reference).readSchema()?.entries else { return 0 }
        var comparison = PageComparison(damaged: damaged, reference: reference)
        var count = 0
        for table in schema where table.type == "table" && table.sql != nil && !table.name.hasPrefix("sqlite_") {
            let withoutRowid = table.sql!.range(of: "WITHOUT ROWID", options: .caseInsensitive) != nil
            forEachRow(root: table.rootPage, isIndex: withoutRowid, in: reference) { page, index, cell, record in
                guard let (key, row) = fixture.keyedRow(table: table.name, rowid: withoutRowid ? nil : cell.rowid, record: record),
                      fixture.expected[table.name]?[key] == row,
                      comparison.survived(cell: cell, index: index, on: page) else { return }
                count += 1
            }
        }
        return count
    }

    /// How many WAL frames stay trusted after the damage, found without the reader under test: the
    /// frames before the first one that changed, up to the last commit among them (a commit frame
    /// carries the database size in its header).
    private static func trustedFrames(original: String, damaged: String, pageSize: Int) -> Int {
        guard let before = FileManager.default.contents(atPath: original), let after = FileManager.default.contents(atPath: damaged),
              before.count >= 32, after.prefix(32) == before.prefix(32) else { return 0 }
        let frameSize = 24 + pageSize
        var trusted = 0
        var index = 0
        while 32 + (index + 1) * frameSize <= min(before.count, after.count) {
            let start = 32 + index * frameSize
            guard before[start..<start + frameSize] == after[start..<start + frameSize] else { break }
            index += 1
            if before[start + 4..<start + 8].contains(where: { $0 != 0 }) { trusted = index }
        }
        return trusted
    }

    /// A copy of the database at `path` with its WAL (if any) cut after `walFrames` frames.
    private static func view(_ path: String, walFrames: Int, as copy: String, fixture: RepairFixture,
                             salt: [UInt8]? = nil) throws -> PageSource {
        for suffix in ["", "-wal"] { try? FileManager.default.removeItem(atPath: copy + suffix) }
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        if FileManager.default.fileExists(atPath: path + "-wal") {
            try FileManager.default.copyItem(atPath: path + "-wal", toPath: copy + "-wal")
            _ = truncate(copy + "-wal", off_t(32 + walFrames * (24 + fixture.pageSize)))
        }
        return try PageSource(path: copy, pageSize: fixture.pageSize, key: fixture.key, salt: fixture.key == nil ? nil : salt)
    }

    /// Every row of the tree at `root` with the page and cell that hold it.
    private static func forEachRow(root: UInt32, isIndex: Bool, in source: PageSource,
                                   _ visit: (BTreePage, Int, BTreeCell, [RecordValue]) -> Void) {
        var stack = [root]
        var seen = Set<UInt32>()
        while let number = stack.popLast() {
            guard seen.insert(number).inserted, let bytes = source.page(number),
                  let page = BTreePage(bytes: bytes, number: number, source: source) else { continue }
            if let right = page.rightChild { stack.append(right) }
            for (index, cell) in page.cells.enumerated() {
                if let child = cell.leftChild { stack.append(child) }
                // Table interior cells hold keys only; index interior cells hold whole rows.
                guard page.kind != .tableInterior, let payload = cell.payload, let record = RecordDecoder.decode(payload) else { continue }
                visit(page, index, cell, record)
            }
        }
    }
}

/// Byte ranges of pages compared between the damaged file and the undamaged original.
private struct PageComparison {
    let damaged: PageSource
    let reference: PageSource
    private var damagedPages: [UInt32: [UInt8]?] = [:]
    private var referencePages: [UInt32: [UInt8]?] = [:]

    init(damaged: PageSource, reference: PageSource) {
        self.damaged = damaged
        self.reference = reference
    }

    /// Whether everything the cell at `index` of `page` depends on reads back unchanged.
    mutating func survived(cell: BTreeCell, index: Int, on page: BTreePage) -> Bool {
        let start = page.number == 1 ? 100 : 0
        let pointer = start + (page.kind == .indexInterior ? 12 : 8) + 2 * index
        let onPage = [start..<start + 1, start + 3..<start + 5, pointer..<pointer + 2, cell.span]
        guard same(page.number, onPage) else { return false }
        guard let payload = cell.payload, !cell.overflowPages.isEmpty else { return true }
        let usable = reference.usableSize
        var remaining = payload.count - BTreePage.localPayloadSize(payload.count, usable: usable, isTable: page.kind.isTable)
        for overflow in cell.overflowPages {
            let used = min(usable - 4, remaining)
            guard same(overflow, [0..<4 + used]) else { return false }
            remaining -= used
        }
        return true
    }

    private mutating func same(_ number: UInt32, _ ranges: [Range<Int>]) -> Bool {
        if damagedPages[number] == nil { damagedPages[number] = .some(damaged.page(number)) }
        if referencePages[number] == nil { referencePages[number] = .some(reference.page(number)) }
        guard let after = damagedPages[number]!, let before = referencePages[number]! else { return false }
        return ranges.allSatisfy { after[$0] == before[$0] }
    }
}
