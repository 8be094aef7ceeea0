import Foundation

/// A database file's pages as stored, at one page size: each page from the newest committed frame of
/// the `-wal` beside the file when it has one (a WAL is read only when its header names this page
/// size), else from the file. Reads with `pread`, one page at a time; nothing is decrypted here.
final class PageFile {
    let pageSize: Int
    /// How many pages the file and its WAL hold: the highest page number read (pages below it may be
    /// missing; ``presentPages`` are the ones there).
    let pageCount: UInt32
    /// The pages there are, to loop over.
    let presentPages: PresentPages
    /// Committed frames of the `-wal` beside the database, which hold newer pages than the file.
    let wal: WALIndex?
    private let descriptor: Int32
    private let walDescriptor: Int32

    /// Reads the database open at `descriptor` (which the caller keeps open while this lives, and
    /// closes) of `fileSize` bytes, and the `-wal` beside `path`. With `authenticate` (an encrypted
    /// file's codec), the WAL ends before the first frame that does not authenticate as the page it
    /// names, as at a broken checksum (see ``WALIndex``).
    init(path: String, descriptor: Int32, fileSize: Int, pageSize: Int, authenticate: WALIndex.Authenticate? = nil) {
        self.descriptor = descriptor
        self.pageSize = pageSize
        let walFile = try? PageSource.openRegularFile(path + "-wal")
        wal = walFile.flatMap { WALIndex(descriptor: $0.descriptor, pageSize: pageSize, authenticate: authenticate) }
        walDescriptor = wal == nil ? -1 : walFile!.descriptor
        if wal == nil, let walFile { close(walFile.descriptor) }
        let filePages = UInt32(clamping: fileSize / pageSize)
        let count = PageFile.pageCount(filePages: filePages, wal: wal)
        pageCount = count
        let inFile = min(filePages, count)
        presentPages = PresentPages(filePages: inFile, walOnly: (wal?.frames.keys.filter { $0 > inFile && $0 <= count } ?? []).sorted())
    }

    deinit {
        if walDescriptor >= 0 { close(walDescriptor) }
    }

    /// The database's size in pages, bounded by what is there: a WAL commit may grow the database, but
    /// only by pages its frames hold, and a claim beyond them (a forged commit) is not followed.
    static func pageCount(filePages: UInt32, wal: WALIndex?) -> UInt32 {
        guard let wal, wal.databasePageCount > 0 else { return filePages }
        return min(wal.databasePageCount, max(filePages, wal.highestPage))
    }

    /// The stored bytes of page `number` (1-based), or nil when it is out of range or cannot be read.
    func read(_ number: UInt32) -> [UInt8]? {
        guard number >= 1, number <= pageCount else { return nil }
        var bytes = [UInt8](repeating: 0, count: pageSize)
        let got: Int
        if let frame = wal?.frames[number] {
            got = bytes.withUnsafeMutableBytes { pread(walDescriptor, $0.baseAddress, pageSize, off_t(frame)) }
        } else {
            got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, pageSize, off_t(Int(number - 1) * pageSize)) }
        }
        return got == pageSize ? bytes : nil
    }
}
