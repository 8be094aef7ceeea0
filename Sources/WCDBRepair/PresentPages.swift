/// The numbers of the pages a damaged file really holds, ascending: the database file's own pages, then
/// the pages only committed WAL frames hold. Loops over page numbers run over these, never from 1 to
/// ``PageSource/pageCount``: that count comes from what the file claims (a WAL commit may name page
/// 0x7FFFFFF0 and claim as many pages), and a loop up to it would never end.
public struct PresentPages: Sequence, Sendable {
    /// Pages 1...`filePages` are read from the database file (or their WAL frames).
    let filePages: UInt32
    /// Pages past `filePages` that a WAL frame holds, ascending.
    let walOnly: [UInt32]

    /// How many pages there are.
    public var count: Int { Int(filePages) + walOnly.count }

    /// The file's pages, then the WAL's.
    public struct Iterator: IteratorProtocol {
        var cursor: UInt64 = 1
        let filePages: UInt32
        var wal: IndexingIterator<[UInt32]>

        /// The next page number, or nil after the last.
        public mutating func next() -> UInt32? {
            guard cursor > UInt64(filePages) else {
                defer { cursor += 1 }
                return UInt32(cursor)
            }
            return wal.next()
        }
    }

    /// Iterates over the pages, ascending.
    public func makeIterator() -> Iterator { Iterator(filePages: filePages, wal: walOnly.makeIterator()) }
}
