import Foundation

/// Streams a database file page by page with `pread`, decrypting SQLCipher pages when given a key.
/// Never loads the whole file: memory is one page at a time.
public final class PageSource {
    /// The database file read.
    public let path: String
    /// The page size, from the header or (when the header is lost or encrypted) the one given.
    public let pageSize: Int
    /// Bytes at the end of each page not used by b-tree content (SQLCipher's IV and HMAC).
    public let reserved: Int
    /// How many whole pages the file holds.
    public let pageCount: UInt32
    private(set) var cipher: PageCipher?
    /// Encrypted files: the salt the pages decrypt with (the file's own, or the one given when the
    /// file's does not decrypt any page), and whether any page decrypted at all (false: wrong key, or
    /// not an encrypted database). Plain files: nil and true.
    public private(set) var salt: [UInt8]?
    /// Whether any page decrypted with the key (see `salt`).
    public private(set) var keyDecryptsPages = true
    private let descriptor: Int32
    /// Committed frames of the `-wal` file beside the database, which hold newer pages than the file.
    private let wal: WALIndex?
    private let walDescriptor: Int32

    /// Frames read from the WAL (committed, checksums holding).
    public var walFrameCount: Int { wal?.committedFrameCount ?? 0 }
    /// The database size the WAL's last sound commit claims, in pages (0 without a WAL); more than
    /// `pageCount` only when the claim is false.
    public var walClaimedPageCount: UInt32 { wal?.databasePageCount ?? 0 }

    /// Opens `path`. Plain files take page size and reserve from their header when it is sound, else
    /// (with `detectPageSize`) the size at which the pages read as b-tree pages, else `pageSize`;
    /// encrypted files (`key` non-nil) always use `pageSize` and SQLCipher's reserve. `salt` (kept in
    /// the backup material) stands in for the file's first 16 bytes when no page decrypts with those.
    public init(path: String, pageSize: Int, key: Data?, salt fallbackSalt: [UInt8]? = nil, detectPageSize: Bool = true) throws {
        self.path = path
        let (opened, fileSize) = try PageSource.openRegularFile(path)
        descriptor = opened
        var header = [UInt8](repeating: 0, count: 100)
        let headerRead = pread(descriptor, &header, 100, 0)
        if let key {
            guard PageSource.isValid(pageSize: pageSize) else { close(descriptor); throw RepairError.badPageSize(pageSize) }
            guard headerRead >= 16 else { close(descriptor); throw RepairError.notADatabase(path: path) }
            self.pageSize = pageSize
            reserved = PageCipher.reserve
            salt = Array(header[0..<16])
            cipher = PageCipher(key: key, salt: salt!)
        } else {
            let headerIsSound = headerRead == 100 && header.starts(with: PageSource.headerMagic)
            let declared = headerIsSound ? (Int(header[16]) << 8 | Int(header[17])) : 0
            let size = declared == 1 ? 65536 : declared
            if headerIsSound && PageSource.isValid(pageSize: size) {
                self.pageSize = size
                reserved = Int(header[20])
            } else {
                guard PageSource.isValid(pageSize: pageSize) else { close(descriptor); throw RepairError.badPageSize(pageSize) }
                let detected = detectPageSize ? PageSizeDetector(descriptor: descriptor, fileSize: fileSize).pageSize : nil
                self.pageSize = detected ?? pageSize
                reserved = 0
            }
            cipher = nil
        }
        let walFile = try? PageSource.openRegularFile(path + "-wal")
        let chosenPageSize = self.pageSize
        wal = walFile.flatMap { WALIndex(descriptor: $0.descriptor, pageSize: chosenPageSize) }
        walDescriptor = wal == nil ? -1 : walFile!.descriptor
        if wal == nil, let walFile { close(walFile.descriptor) }
        pageCount = PageSource.pageCount(filePages: UInt32(clamping: fileSize / self.pageSize), wal: wal)
        if let key { chooseSalt(key: key, fallback: fallbackSalt) }
    }

    /// The database's size in pages, bounded by what is there: a WAL commit may grow the database, but
    /// only by pages its frames hold, and a claim beyond them (a forged commit) is not followed.
    static func pageCount(filePages: UInt32, wal: WALIndex?) -> UInt32 {
        guard let wal, wal.databasePageCount > 0 else { return filePages }
        return min(wal.databasePageCount, max(filePages, wal.highestPage))
    }

    /// Opens `path` for reading only if it is a regular file: a FIFO, device, directory or `/proc`
    /// entry is refused without blocking (`O_NONBLOCK` until `fstat` says what it is). Returns the
    /// descriptor, which the caller closes, and the file's size; throws `RepairError.cannotOpen` or
    /// `.notARegularFile`.
    public static func openRegularFile(_ path: String) throws -> (descriptor: Int32, size: Int) {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw RepairError.cannotOpen(path: path, errno: errno) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            throw RepairError.cannotOpen(path: path, errno: code)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw RepairError.notARegularFile(path: path)
        }
        // A regular file's reads ignore O_NONBLOCK; cleared anyway so the descriptor reads as usual.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return (descriptor, Int(info.st_size))
    }

    static let headerMagic = Array("SQLite format 3\0".utf8)

    /// Keeps the file's salt if any page decrypts with it, else the fallback if any page does with
    /// that. Stops at the first page that decrypts, so a right key costs one or two pages.
    private func chooseSalt(key: Data, fallback: [UInt8]?) {
        keyDecryptsPages = firstReadablePage() != nil
        guard !keyDecryptsPages, let fallback, fallback != salt else { return }
        let own = (salt, cipher)
        salt = fallback
        cipher = PageCipher(key: key, salt: fallback)
        keyDecryptsPages = firstReadablePage() != nil
        if !keyDecryptsPages { (salt, cipher) = own }
    }

    private func firstReadablePage() -> UInt32? {
        guard pageCount >= 1 else { return nil }
        return (1...pageCount).first { page($0) != nil }
    }

    deinit {
        close(descriptor)
        if walDescriptor >= 0 { close(walDescriptor) }
    }

    /// The bytes of each page available to b-tree content: the page size less `reserved`.
    public var usableSize: Int { pageSize - reserved }
    /// Whether pages are decrypted (a key was given).
    public var isEncrypted: Bool { cipher != nil }

    /// The plaintext of page `number` (1-based), or nil when it cannot be read or fails its HMAC.
    public func page(_ number: UInt32) -> [UInt8]? {
        guard number >= 1, number <= pageCount else { return nil }
        var bytes = [UInt8](repeating: 0, count: pageSize)
        let got: Int
        if let frame = wal?.frames[number] {
            got = bytes.withUnsafeMutableBytes { pread(walDescriptor, $0.baseAddress, pageSize, off_t(frame)) }
        } else {
            got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, pageSize, off_t(Int(number - 1) * pageSize)) }
        }
        guard got == pageSize else { return nil }
        if let cipher, !cipher.decrypt(page: &bytes, number: number) { return nil }
        return bytes
    }

    static func isValid(pageSize: Int) -> Bool {
        pageSize >= 512 && pageSize <= 65536 && pageSize & (pageSize - 1) == 0
    }
}

/// Why a file could not be read for repair.
public enum RepairError: Error, CustomStringConvertible, Sendable {
    /// The file could not be opened (the system's `errno`).
    case cannotOpen(path: String, errno: Int32)
    /// The path names a directory, FIFO, device or other file that is not a regular file.
    case notARegularFile(path: String)
    /// The page size given or found is not a power of two in 512...65536.
    case badPageSize(Int)
    /// No page of the file reads as SQLite (an encrypted file read without its key).
    case notADatabase(path: String)
    /// No page decrypts with the key given.
    case wrongKeyOrNotADatabase(path: String)
    /// No backup material file at the path.
    case materialMissing(path: String)
    /// The material file is there but unusable (checksum, key, format), for the reason given.
    case materialDamaged(path: String, reason: String)
    /// The material describes another database (or one from before a VACUUM).
    case materialMismatch(path: String)
    /// Page `page` fails its HMAC while other pages decrypt with the same key: the file is damaged there.
    case damagedPage(path: String, page: UInt32)
    /// A page size the format cannot use, for the reason given (SQLCipher 4 at 512 bytes).
    case unsupportedPageSize(Int, reason: String)
    /// The file's pages reserve fewer bytes than the target format needs (`reserved` of `needed`).
    case reservedSpaceTooSmall(path: String, reserved: Int, needed: Int)
    /// Writing the output failed (the system's `errno`).
    case cannotWrite(path: String, errno: Int32)
    /// The caller's progress callback cancelled the work; its output was removed.
    case cancelled(path: String)

    /// The failure in words, naming the file.
    public var description: String {
        switch self {
        case let .cannotOpen(path, code): return "cannot open \(path): \(String(cString: strerror(code)))"
        case let .notARegularFile(path): return "\(path) is not a regular file (a directory, FIFO, device or special file)"
        case let .badPageSize(size): return "page size \(size) is not a power of two in 512...65536"
        case let .notADatabase(path): return "\(path) is not a database file: no page could be read as SQLite (an encrypted database needs its key)"
        case let .wrongKeyOrNotADatabase(path): return "\(path): no page decrypts with this key (wrong key or page size, not an encrypted database, or its salt lost and no material of this database beside it)"
        case let .materialMissing(path): return "no backup material at \(path)"
        case let .materialDamaged(path, reason): return "backup material \(path) is unusable: \(reason)"
        case let .materialMismatch(path): return "backup material \(path) belongs to another database (or predates a VACUUM)"
        case let .damagedPage(path, page): return "\(path): page \(page) fails its HMAC while other pages decrypt with this key: the file is damaged there"
        case let .unsupportedPageSize(size, reason): return "page size \(size) is not supported: \(reason)"
        case let .reservedSpaceTooSmall(path, reserved, needed):
            return "\(path): its pages reserve \(reserved) bytes, the target format needs \(needed) (export it into a file laid out with \(needed) reserved bytes first)"
        case let .cannotWrite(path, code): return "cannot write \(path): \(String(cString: strerror(code)))"
        case let .cancelled(path): return "\(path): cancelled, output removed"
        }
    }

    /// The closest SQLite result code: SQLITE_CANTOPEN (14), SQLITE_NOTADB (26), SQLITE_IOERR (10) for a
    /// failed write, SQLITE_INTERRUPT (9) for a cancellation, else SQLITE_CORRUPT (11).
    public var sqliteCode: Int32 {
        switch self {
        case .cannotWrite: return 10
        case .cancelled: return 9
        case .damagedPage, .unsupportedPageSize, .reservedSpaceTooSmall: return 11
        case .cannotOpen, .notARegularFile: return 14
        case .notADatabase, .wrongKeyOrNotADatabase: return 26
        case .badPageSize, .materialMissing, .materialDamaged, .materialMismatch: return 11
        }
    }
}
