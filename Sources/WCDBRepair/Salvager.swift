/// A row found in a table b-tree (rowid table) or an index b-tree (WITHOUT ROWID table: rowid nil).
public struct SalvagedRow: Sendable {
    /// The row's rowid; nil for a WITHOUT ROWID table's row.
    public var rowid: Int64?
    /// The row's column values, in the table's column order.
    public var values: [RecordValue]

    /// A row with this rowid and these values.
    public init(rowid: Int64?, values: [RecordValue]) { self.rowid = rowid; self.values = values }
}

/// One entry of `sqlite_master`, read from page 1's tree or from backup material.
public struct SchemaEntry: Codable, Sendable, Equatable {
    /// `sqlite_master`'s `type`: `table`, `index`, `view` or `trigger`.
    public var type: String
    /// The entry's own name.
    public var name: String
    /// The table the entry belongs to (its own name for a table).
    public var tableName: String
    /// The page number of the entry's b-tree root (0 for views and triggers).
    public var rootPage: UInt32
    /// The `CREATE` statement; nil for automatic indexes.
    public var sql: String?

    /// An entry with these columns of `sqlite_master`.
    public init(type: String, name: String, tableName: String, rootPage: UInt32, sql: String?) {
        self.type = type; self.name = name; self.tableName = tableName; self.rootPage = rootPage; self.sql = sql
    }
}

/// Walks the b-trees of a damaged file, keeping every record that parses. Pages already claimed by a
/// tree, the freelist or an overflow chain are remembered so the scan for orphan pages skips them.
public final class Salvager {
    /// The file the pages come from.
    public let source: PageSource
    /// Pages already accounted for (a tree, an overflow chain): the orphan scan skips them.
    public private(set) var claimed = Set<UInt32>()
    /// Pages on the freelist: their contents are deleted data and are not salvaged.
    public private(set) var freePages: Set<UInt32>
    /// How many pages of the trees walked so far parsed as sound b-tree pages.
    public private(set) var readablePages = 0
    /// Pages read so far by walks and the orphan scan (b-tree pages, whatever their state).
    public private(set) var pagesRead = 0
    /// Called every 64 pages read with `pagesRead`; returning false stops every walk and the scan,
    /// and `isStopped` turns true (a cancelled recover).
    public var pageObserver: ((Int) -> Bool)?
    /// Whether `pageObserver` stopped the work.
    public private(set) var isStopped = false

    private var reportedPages = 0

    /// Counts `count` pages read (a b-tree page and its cells' overflow pages) and, every 64, asks the
    /// observer whether to go on.
    private func pagesRead(_ count: Int) -> Bool {
        pagesRead += count
        if let pageObserver, pagesRead - reportedPages >= 64 {
            reportedPages = pagesRead
            if !pageObserver(pagesRead) { isStopped = true }
        }
        return !isStopped
    }

    /// A salvager over `source`, its freelist read from the header when it can be (and completed by
    /// shape before the scan for orphan pages).
    public init(source: PageSource) {
        self.source = source
        freePages = Freelist.fromHeader(source) ?? []
    }

    /// The schema from page 1's tree, or nil when page 1 is unreadable. `complete` is false when a page
    /// of that tree was lost, so entries may be missing (and backup material should fill them in).
    public func readSchema() -> (entries: [SchemaEntry], complete: Bool)? {
        guard let first = source.page(1), BTreePage(bytes: first, number: 1, source: source) != nil else { return nil }
        var entries: [SchemaEntry] = []
        let complete = walk(root: 1, isIndex: false) { row in
            let v = row.values
            guard v.count == 5, case let .text(type) = v[0], case let .text(name) = v[1], case let .text(table) = v[2],
                  case let .integer(root) = v[3], root >= 0, root <= Int64(UInt32.max) else { return }
            var sql: String?
            if case let .text(text) = v[4] { sql = text }
            entries.append(SchemaEntry(type: type, name: name, tableName: table, rootPage: UInt32(root), sql: sql))
        }
        return (entries, complete)
    }

    /// Visits every row reachable from `root`, depth first; unreadable subtrees are skipped. Returns
    /// whether every page of the tree could be read.
    @discardableResult
    public func walk(root: UInt32, isIndex: Bool, _ visit: (SalvagedRow) -> Void) -> Bool {
        var stack: [UInt32] = [root]
        var seen = Set<UInt32>()
        var complete = true
        while !isStopped, let number = stack.popLast() {
            guard seen.insert(number).inserted else { continue }
            guard !freePages.contains(number), let bytes = source.page(number),
                  let page = BTreePage(bytes: bytes, number: number, source: source), page.kind.isTable != isIndex else {
                complete = false
                guard pagesRead(1) else { break }
                continue
            }
            guard pagesRead(1 + page.overflowPages.count) else { break }
            claim(page)
            if let right = page.rightChild { stack.append(right) }
            for cell in page.cells.reversed() { if let child = cell.leftChild { stack.append(child) } }
            // A child pointer past the end of the file is a lost subtree; a cell that gives no row, a lost row.
            let childrenKnown = page.kind.isLeaf || (page.rightChild != nil && page.cells.allSatisfy { $0.leftChild != nil })
            let everyCellRead = emit(page, visit)
            complete = complete && childrenKnown && everyCellRead
        }
        return complete
    }

    /// Pages holding rows that no walked tree reached and that are not free: leaves, and index interior
    /// pages (their cells are rows of WITHOUT ROWID tables), whose parents are lost.
    /// Returns false when `pageObserver` stopped the scan.
    public func orphanPages(_ visit: (BTreePage, [SalvagedRow]) -> Void) -> Bool {
        // Trunk pages are also found by shape when the header names them: a lost or zeroed trunk
        // pointer would otherwise bring every freed leaf's deleted rows back.
        freePages.formUnion(Freelist.byShape(source, claimed: claimed.union(freePages)))
        // An orphan's overflow chain may not run into pages that trees or the freelist account for:
        // such a cell is an older version of a row (a freed leaf), stitched to another row's pages.
        let accounted = claimed.union(freePages)
        for number in source.presentPages where number >= 2 {
            guard !claimed.contains(number), !freePages.contains(number) else { continue }
            guard pagesRead(1) else { return false }
            guard let bytes = source.page(number),
                  let page = BTreePage(bytes: bytes, number: number, source: source, excluding: accounted),
                  page.kind.isLeaf || page.kind == .indexInterior, !page.cells.isEmpty else { continue }
            var rows: [SalvagedRow] = []
            emit(page) { rows.append($0) }
            // Every cell pointer was in bounds; most records must parse too, or this is more likely
            // garbage than a b-tree page. (Overflow pages never look like one: they start with a page number.)
            guard rows.count * 2 >= page.cells.count + page.damagedCells.count, !rows.isEmpty else { continue }
            claim(page)
            visit(page, rows)
        }
        return true
    }

    /// The kind of the tree at `root` and up to `limit` records of its leftmost pages (descending the
    /// leftmost children), to check a schema from elsewhere against the file; nil when the root is not
    /// a readable b-tree page.
    public func sample(root: UInt32, limit: Int = 16) -> (kind: BTreePageKind, records: [[RecordValue]])? {
        guard let bytes = source.page(root), let rootPage = BTreePage(bytes: bytes, number: root, source: source) else { return nil }
        var page = rootPage
        var records: [[RecordValue]] = []
        for _ in 0..<32 {
            if page.kind != .tableInterior {
                for cell in page.cells where records.count < limit {
                    if let payload = cell.payload, let values = RecordDecoder.decode(payload) { records.append(values) }
                }
                if page.kind.isLeaf || records.count >= limit { break }
            }
            guard let child = page.cells.first?.leftChild ?? page.rightChild, let next = source.page(child),
                  let childPage = BTreePage(bytes: next, number: child, source: source) else { break }
            page = childPage
        }
        return (rootPage.kind, records)
    }

    /// Visits the rows in the cells of `page`; false when a cell held no readable row.
    @discardableResult
    private func emit(_ page: BTreePage, _ visit: (SalvagedRow) -> Void) -> Bool {
        guard page.kind.isLeaf || page.kind == .indexInterior else { return page.damagedCells.isEmpty }
        // Only a page with a damaged cell pays for the search (it decodes its cells once more).
        let distrusted = page.damagedCells.isEmpty ? [] : Self.overrun(page)
        var everyCellRead = page.damagedCells.isEmpty
        for (index, cell) in page.cells.enumerated() {
            guard !distrusted.contains(index), let payload = cell.payload, let values = RecordDecoder.decode(payload) else {
                everyCellRead = false
                continue
            }
            visit(SalvagedRow(rowid: page.kind.isTable ? cell.rowid : nil, values: values))
        }
        return everyCellRead
    }

    /// On a page where bytes were overwritten (a cell did not parse), the cells the damage may have
    /// run into while leaving them parseable. Overwritten bytes that reach a cell's header make it
    /// fail to parse, to decode or to gather its overflow (an overwritten size asks for a chain),
    /// which marks where the damage is; the nearest cell at a lower offset kept its header, but the
    /// same run of bytes may have begun inside its last values, which still decode (a number reads as
    /// any number): it is dropped too. (Bytes that stay inside one cell's values and reach no header
    /// cannot be told from data in a plain file; such a row comes back changed, as before.)
    private static func overrun(_ page: BTreePage) -> Set<Int> {
        var starts = page.damagedCells
        for cell in page.cells where cell.payload.flatMap(RecordDecoder.decode) == nil { starts.append(cell.span.lowerBound) }
        // Cells by offset, each start's neighbour found by bisection: a crafted page can hold thousands
        // of damaged cells, and a scan of every cell per start would be quadratic.
        let byOffset = page.cells.indices.sorted { page.cells[$0].span.lowerBound < page.cells[$1].span.lowerBound }
        var distrusted = Set<Int>()
        for start in starts {
            var low = 0, high = byOffset.count
            while low < high {
                let middle = (low + high) / 2
                if page.cells[byOffset[middle]].span.lowerBound < start { low = middle + 1 } else { high = middle }
            }
            if low > 0 { distrusted.insert(byOffset[low - 1]) }
        }
        return distrusted
    }

    private func claim(_ page: BTreePage) {
        readablePages += 1
        claimed.insert(page.number)
        claimed.formUnion(page.overflowPages)
    }
}
