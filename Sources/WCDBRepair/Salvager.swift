/// A row found in a table b-tree (rowid table) or an index b-tree (WITHOUT ROWID table: rowid nil).
public struct SalvagedRow: Sendable {
    public var rowid: Int64?
    public var values: [RecordValue]

    public init(rowid: Int64?, values: [RecordValue]) { self.rowid = rowid; self.values = values }
}

/// One entry of `sqlite_master`, read from page 1's tree or from backup material.
public struct SchemaEntry: Codable, Sendable, Equatable {
    public var type: String
    public var name: String
    public var tableName: String
    public var rootPage: UInt32
    public var sql: String?

    public init(type: String, name: String, tableName: String, rootPage: UInt32, sql: String?) {
        self.type = type; self.name = name; self.tableName = tableName; self.rootPage = rootPage; self.sql = sql
    }
}

/// Walks the b-trees of a damaged file, keeping every record that parses. Pages already claimed by a
/// tree, the freelist or an overflow chain are remembered so the scan for orphan leaves skips them.
public final class Salvager {
    public let source: PageSource
    public private(set) var claimed = Set<UInt32>()
    public private(set) var freePages = Set<UInt32>()
    public private(set) var readablePages = 0

    public init(source: PageSource) {
        self.source = source
        readFreelist()
    }

    /// The schema from page 1's tree, or nil when page 1 is unreadable.
    public func readSchema() -> [SchemaEntry]? {
        guard let first = source.page(1), BTreePage(bytes: first, number: 1, source: source) != nil else { return nil }
        var entries: [SchemaEntry] = []
        walk(root: 1, isIndex: false) { row in
            let v = row.values
            guard v.count == 5, case let .text(type) = v[0], case let .text(name) = v[1], case let .text(table) = v[2],
                  case let .integer(root) = v[3], root >= 0, root <= Int64(UInt32.max) else { return }
            var sql: String?
            if case let .text(text) = v[4] { sql = text }
            entries.append(SchemaEntry(type: type, name: name, tableName: table, rootPage: UInt32(root), sql: sql))
        }
        return entries
    }

    /// Visits every row reachable from `root`, depth first; unreadable subtrees are skipped.
    public func walk(root: UInt32, isIndex: Bool, _ visit: (SalvagedRow) -> Void) {
        var stack: [UInt32] = [root]
        var seen = Set<UInt32>()
        while let number = stack.popLast() {
            guard seen.insert(number).inserted, !freePages.contains(number),
                  let bytes = source.page(number), let page = BTreePage(bytes: bytes, number: number, source: source),
                  page.kind.isTable != isIndex else { continue }
            claim(page)
            if let right = page.rightChild { stack.append(right) }
            for cell in page.cells.reversed() { if let child = cell.leftChild { stack.append(child) } }
            emit(page, visit)
        }
    }

    /// Leaf pages that no walked tree reached and that are not free: rows whose interior pages are lost.
    public func orphanLeaves(progress: ((Double) -> Bool)? = nil, _ visit: (BTreePage, [SalvagedRow]) -> Void) -> Bool {
        guard source.pageCount >= 2 else { return true }
        for number in 2...source.pageCount {
            if let progress, number % 256 == 0, !progress(Double(number) / Double(source.pageCount)) { return false }
            guard !claimed.contains(number), !freePages.contains(number), let bytes = source.page(number),
                  let page = BTreePage(bytes: bytes, number: number, source: source), page.kind.isLeaf, !page.cells.isEmpty else { continue }
            var rows: [SalvagedRow] = []
            emit(page) { rows.append($0) }
            // Every cell pointer was in bounds; most records must parse too, or this is more likely
            // garbage than a leaf. (Overflow pages never look like leaves: they start with a page number.)
            guard rows.count * 2 >= page.cells.count, !rows.isEmpty else { continue }
            claim(page)
            visit(page, rows)
        }
        return true
    }

    private func emit(_ page: BTreePage, _ visit: (SalvagedRow) -> Void) {
        guard page.kind.isLeaf || page.kind == .indexInterior else { return }
        for cell in page.cells {
            guard let payload = cell.payload, let values = RecordDecoder.decode(payload) else { continue }
            visit(SalvagedRow(rowid: page.kind.isTable ? cell.rowid : nil, values: values))
        }
    }

    private func claim(_ page: BTreePage) {
        readablePages += 1
        claimed.insert(page.number)
        claimed.formUnion(page.overflowPages)
    }

    private func readFreelist() {
        guard let first = source.page(1), first.count >= 100 else { return }
        var trunk = first.withUnsafeBytes { $0.u32(32) }
        var seen = Set<UInt32>()
        while trunk >= 2, trunk <= source.pageCount, seen.insert(trunk).inserted, let bytes = source.page(trunk) {
            freePages.insert(trunk)
            bytes.withUnsafeBytes { page in
                let count = Int(page.u32(4))
                guard count <= (source.usableSize - 8) / 4 else { return }
                for i in 0..<count {
                    let leaf = page.u32(8 + 4 * i)
                    if leaf >= 2, leaf <= source.pageCount { freePages.insert(leaf) }
                }
            }
            trunk = bytes.withUnsafeBytes { $0.u32(0) }
        }
    }
}

