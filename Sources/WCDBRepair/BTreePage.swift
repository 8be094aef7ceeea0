/// The kind of a b-tree page, from its first header byte.
public enum BTreePageKind: UInt8, Sendable {
    /// An interior page of an index b-tree (also a WITHOUT ROWID table's).
    case indexInterior = 2
    /// An interior page of a rowid table's b-tree.
    case tableInterior = 5
    /// A leaf page of an index b-tree (also a WITHOUT ROWID table's).
    case indexLeaf = 10
    /// A leaf page of a rowid table's b-tree: it holds the rows.
    case tableLeaf = 13

    /// Whether the page holds cells without children (a leaf of either tree).
    public var isLeaf: Bool { self == .indexLeaf || self == .tableLeaf }
    /// Whether the page belongs to a rowid table's b-tree (not an index's).
    public var isTable: Bool { self == .tableLeaf || self == .tableInterior }
}

/// One cell of a b-tree page: a child pointer for interior pages, a payload (gathered across its
/// overflow chain) for leaves and index interiors.
public struct BTreeCell {
    /// The child page left of this cell's key (interior pages); nil on leaves.
    public var leftChild: UInt32?
    /// The cell's rowid (table pages); nil on index pages.
    public var rowid: Int64?
    /// The cell's record, its overflow gathered (leaves and index interiors); nil on table interiors.
    public var payload: [UInt8]?
    /// Where the cell lies on its page (header varints, local payload, first overflow page number).
    public var span: Range<Int> = 0..<0
    /// The overflow chain that carried the rest of the payload, in order.
    public var overflowPages: [UInt32] = []
}

/// A parsed b-tree page. Parsing is strict about the header and the cell pointer array: any pointer
/// outside the page makes the page unreadable. A cell whose own bytes cannot be parsed (bytes
/// overwritten inside the cell content area) loses that cell only: its start is kept in
/// `damagedCells`, so the reader can distrust the neighbour the damage may have run into.
public struct BTreePage {
    /// The page's number in the file (1-based).
    public let number: UInt32
    /// The page's kind, from its first header byte.
    public let kind: BTreePageKind
    /// The right-most child page (interior pages); nil on leaves.
    public let rightChild: UInt32?
    /// The page's cells, in the order of its cell pointer array.
    public let cells: [BTreeCell]
    /// Overflow pages that carried payload of this page's cells.
    public let overflowPages: [UInt32]
    /// Where the cells that could not be parsed start on the page (their pointers were in bounds).
    public let damagedCells: [Int]

    /// Parses `bytes` (the plaintext of page `number`); nil when it is not a sound b-tree page. A cell
    /// pointer repeated on the page is read once, and an overflow page serves one cell of the page: a
    /// cell whose chain runs into a page already used, into `excluding` (pages known to be something
    /// else) or into this page itself is lost, so a crafted page cannot multiply one large payload.
    public init?(bytes: [UInt8], number: UInt32, source: PageSource, excluding: Set<UInt32> = []) {
        let usable = source.usableSize
        let start = number == 1 ? 100 : 0
        guard bytes.count >= usable, usable > start + 12, let kind = BTreePageKind(rawValue: bytes[start]) else { return nil }
        var cells: [BTreeCell] = []
        var overflow: [UInt32] = []
        var damaged: [Int] = []
        var used = excluding
        used.insert(number)
        var right: UInt32?
        let parsed: Bool = bytes.withUnsafeBytes { page -> Bool in
            let cellCount = page.u16(start + 3)
            let headerSize = kind.isLeaf ? 8 : 12
            if !kind.isLeaf {
                let child = page.u32(start + 8)
                guard child >= 1 else { return false }
                if child <= source.pageCount { right = child }
            }
            let pointers = start + headerSize
            guard pointers + 2 * cellCount <= usable else { return false }
            var offsets = Set<Int>()
            for index in 0..<cellCount {
                let offset = page.u16(pointers + 2 * index)
                guard offset >= pointers + 2 * cellCount, offset < usable else { return false }
                guard offsets.insert(offset).inserted else { continue }
                // The pointer is sound, the bytes it points at are not: this cell is lost, not the page.
                guard let cell = BTreePage.cell(page, at: offset, kind: kind, source: source, used: &used) else {
                    damaged.append(offset)
                    continue
                }
                overflow += cell.overflowPages
                cells.append(cell)
            }
            return true
        }
        guard parsed else { return nil }
        self.number = number
        self.kind = kind
        self.rightChild = right
        self.cells = cells
        self.overflowPages = overflow
        self.damagedCells = damaged
    }

    private static func cell(_ page: UnsafeRawBufferPointer, at start: Int, kind: BTreePageKind, source: PageSource,
                             used: inout Set<UInt32>) -> BTreeCell? {
        let usable = source.usableSize
        var cursor = start
        var cell = BTreeCell()
        if !kind.isLeaf {
            guard cursor + 4 <= usable else { return nil }
            // A child past the end (truncated file) is lost; the cell's own payload may still be good.
            let child = page.u32(cursor)
            if child >= 1, child <= source.pageCount { cell.leftChild = child }
            cursor += 4
        }
        if kind == .tableInterior {
            guard let (rowid, rowidLength) = Varint.read(page, at: cursor, limit: usable) else { return nil }
            cell.rowid = rowid
            cell.span = start..<cursor + rowidLength
            return cell
        }
        guard let (size64, sizeLength) = Varint.read(page, at: cursor, limit: usable), size64 >= 0,
              size64 <= Int64(source.presentPages.count) * Int64(usable) else { return nil }
        cursor += sizeLength
        if kind == .tableLeaf {
            guard let (rowid, rowidLength) = Varint.read(page, at: cursor, limit: usable) else { return nil }
            cell.rowid = rowid
            cursor += rowidLength
        }
        let size = Int(size64)
        let local = localPayloadSize(size, usable: usable, isTable: kind.isTable)
        guard cursor + local <= usable else { return nil }
        var payload = Array(page[cursor..<cursor + local])
        cell.span = start..<cursor + local
        if local < size {
            guard cursor + local + 4 <= usable else { return nil }
            cell.span = start..<cursor + local + 4
            var next = page.u32(cursor + local)
            // A broken chain loses this cell only (payload nil), not its neighbours on the page.
            while payload.count < size {
                guard next >= 1, next <= source.pageCount, !used.contains(next), let bytes = source.page(next) else { return cell }
                // A zeroed page ends a chain early with zeros as content: a wrong value, not a row.
                guard bytes.contains(where: { $0 != 0 }) else { return cell }
                used.insert(next)
                cell.overflowPages.append(next)
                let take = min(usable - 4, size - payload.count)
                payload.append(contentsOf: bytes[4..<4 + take])
                next = bytes.withUnsafeBytes { $0.u32(0) }
            }
            // The last overflow page of a chain points nowhere; a b-tree page taken for one does not
            // (its first bytes read as a page number far past the end).
            guard next == 0 else { return cell }
        }
        cell.payload = payload
        return cell
    }

    /// How much of a payload of `size` bytes stays on the b-tree page (SQLite file format, 1.6).
    static func localPayloadSize(_ size: Int, usable: Int, isTable: Bool) -> Int {
        let maxLocal = isTable ? usable - 35 : (usable - 12) * 64 / 255 - 23
        if size <= maxLocal { return size }
        let minLocal = (usable - 12) * 32 / 255 - 23
        let k = minLocal + (size - minLocal) % (usable - 4)
        return k <= maxLocal ? k : minLocal
    }
}
