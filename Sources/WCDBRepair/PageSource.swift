import Foundation

/// Streams a database file page by page with `pread`, decrypting SQLCipher pages when given a key.
/// Never loads the whole file: memory is one page at a time.
public final class PageSource {
    /// The database file read.
    public let path: String
    /// The page size, from the header or (when the header is lost or encrypted) the one found.
    public let pageSize: Int
    /// Bytes at the end of each page not used by b-tree content (SQLCipher's IV and HMAC).
    public let reserved: Int
    /// The highest page number the file and its WAL hold (pages below it may be missing).
    public var pageCount: UInt32 { file.pageCount }
    /// The pages the file and its WAL hold, ascending: what a loop over pages visits.
    public var presentPages: PresentPages { file.presentPages }
    /// Encrypted files: the format whose HMAC the pages pass (SQLCipher 3's or 4's). Nil for plain
    /// files and when no page decrypts with the key.
    public let cipherProfile: CipherProfile?
    /// Encrypted files: the salt the pages decrypt with (the file's own, or the one given when the
    /// file's does not decrypt any page). Plain files: nil.
    public let salt: [UInt8]?
    /// Whether any page decrypted with the key (false: wrong key, a format not tried, or not an
    /// encrypted database; see ``keyFailure``). Plain files: true.
    public var keyDecryptsPages: Bool { keyFailure == nil }
    /// Why no page decrypts with the key: ``RepairError/unknownCipherFormat(path:detail:)`` when the
    /// key reads page 1's header all the same, else ``RepairError/wrongKeyOrNotADatabase(path:)``.
    /// Nil when pages decrypt, and for plain files.
    public let keyFailure: RepairError?
    /// How many PBKDF2 runs from the passphrase finding the format cost (one when the file is in the
    /// first profile tried; 0 for raw keys and plain files).
    public let keyDerivations: Int
    private let codec: PageCodec?
    private let descriptor: Int32
    private let file: PageFile

    /// Frames read from the WAL (committed, checksums holding).
    public var walFrameCount: Int { file.wal?.committedFrameCount ?? 0 }
    /// The database size the WAL's last sound commit claims, in pages (0 without a WAL); more than
    /// `pageCount` only when the claim is false.
    public var walClaimedPageCount: UInt32 { file.wal?.databasePageCount ?? 0 }

    /// How the pages are read, decided when the file is opened.
    private struct Layout {
        var file: PageFile
        var reserved: Int
        var codec: PageCodec?
        var salt: [UInt8]?
        var cipherProfile: CipherProfile?
        var keyFailure: RepairError?
        var keyDerivations = 0
    }

    /// Opens `path`. Plain files take page size and reserve from their header when it is sound, else
    /// (with `detectPageSize`) the size at which the pages read as b-tree pages, else `pageSize`.
    /// Encrypted files (`key` non-nil) are read in the format whose HMAC their pages pass
    /// (`CipherDetector`): `profiles` in order (the declared one first, so that it costs the only key
    /// derivation), at `pageSize` first, then at every other page size. `salt` (kept in the backup
    /// material) stands in for the file's first 16 bytes when no page decrypts with those.
    public init(path: String, pageSize: Int, key: Data?, salt fallbackSalt: [UInt8]? = nil, detectPageSize: Bool = true,
                profiles: [CipherProfile] = CipherProfile.known) throws {
        self.path = path
        let (opened, fileSize) = try PageSource.openRegularFile(path)
        descriptor = opened
        var header = [UInt8](repeating: 0, count: 100)
        let headerRead = pread(descriptor, &header, 100, 0)
        let layout: Layout
        if let key {
            guard PageSource.isValid(pageSize: pageSize) else { close(descriptor); throw RepairError.badPageSize(pageSize) }
            guard headerRead >= 16 else { close(descriptor); throw RepairError.notADatabase(path: path) }
            layout = PageSource.encryptedLayout(path: path, descriptor: opened, fileSize: fileSize, key: key, pageSize: pageSize,
                                                salts: [Array(header[0..<16])] + (fallbackSalt.map { [$0] } ?? []),
                                                profiles: profiles.isEmpty ? CipherProfile.known : profiles)
        } else {
            let headerIsSound = headerRead == 100 && header.starts(with: PageSource.headerMagic)
            let declared = headerIsSound ? (Int(header[16]) << 8 | Int(header[17])) : 0
            let size = declared == 1 ? 65536 : declared
            var reserved = 0
            var chosen = pageSize
            if headerIsSound && PageSource.isValid(pageSize: size) {
                chosen = size
                reserved = Int(header[20])
            } else {
                guard PageSource.isValid(pageSize: pageSize) else { close(descriptor); throw RepairError.badPageSize(pageSize) }
                let detected = detectPageSize ? PageSizeDetector(descriptor: descriptor, fileSize: fileSize).pageSize : nil
                chosen = detected ?? pageSize
            }
            layout = Layout(file: PageFile(path: path, descriptor: opened, fileSize: fileSize, pageSize: chosen), reserved: reserved)
        }
        file = layout.file
        self.pageSize = layout.file.pageSize
        reserved = layout.reserved
        codec = layout.codec
        salt = layout.codec?.salt ?? layout.salt
        isEncrypted = key != nil
        cipherProfile = layout.cipherProfile
        keyFailure = layout.keyFailure
        keyDerivations = layout.keyDerivations
    }

    /// An encrypted file's layout: the format its pages authenticate in, or (none does) the declared
    /// one, with the reason none does.
    private static func encryptedLayout(path: String, descriptor: Int32, fileSize: Int, key: Data, pageSize: Int,
                                        salts: [[UInt8]], profiles: [CipherProfile]) -> Layout {
        let keys = KeyDerivation(key: key)
        var files: [Int: PageFile] = [:]
        func pages(_ size: Int) -> PageFile {
            if let known = files[size] { return known }
            let opened = PageFile(path: path, descriptor: descriptor, fileSize: fileSize, pageSize: size)
            files[size] = opened
            return opened
        }
        let sizes = [pageSize] + PageSizeDetector.candidates.filter { $0 != pageSize }
        let detector = CipherDetector(keys: keys, profiles: profiles, pageSizes: sizes, pages: pages)
        if let found = detector.detect(salts: salts) {
            let codec = found.codec
            // Now that the codec is known, WAL frames are used only as the page they authenticate as.
            let file = found.file.wal == nil ? found.file
                : PageFile(path: path, descriptor: descriptor, fileSize: fileSize, pageSize: found.file.pageSize) { number, page in
                    codec.decrypt(page: &page, number: number)
                }
            // SQLite's reserve may exceed the codec's (80 under SQLCipher 3's 48): page 1 says, else the pages show.
            let reserved: Int
            if var first = file.read(1), codec.decrypt(page: &first, number: 1) {
                reserved = max(codec.profile.reserve, Int(first[20]))
            } else {
                reserved = ReserveDetector.reserve(codec: codec, file: file)
            }
            return Layout(file: file, reserved: reserved, codec: codec, cipherProfile: codec.profile,
                          keyDerivations: keys.derivations)
        }
        var firstBytes = [UInt8](repeating: 0, count: min(fileSize, PageSizeDetector.candidates.last!))
        let read = pread(descriptor, &firstBytes, firstBytes.count, 0)
        let probe = HeaderProbe(keys: keys, pageSizes: sizes, firstPage: read == firstBytes.count ? firstBytes : [])
        return Layout(file: pages(pageSize), reserved: profiles[0].reserve, salt: salts[0],
                      keyFailure: probe.finding.map { .unknownCipherFormat(path: path, detail: $0) } ?? .wrongKeyOrNotADatabase(path: path),
                      keyDerivations: keys.derivations)
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

    deinit {
        close(descriptor)
    }

    /// The bytes of each page available to b-tree content: the page size less `reserved`.
    public var usableSize: Int { pageSize - reserved }
    /// Whether pages are decrypted (a key was given).
    public let isEncrypted: Bool

    /// The plaintext of page `number` (1-based), or nil when it cannot be read or fails its HMAC.
    public func page(_ number: UInt32) -> [UInt8]? {
        guard !isEncrypted || codec != nil, var bytes = file.read(number) else { return nil }
        if let codec, !codec.decrypt(page: &bytes, number: number) { return nil }
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
    /// The key is right (it decrypts page 1's header) but no page's HMAC holds in any format tried:
    /// a SQLCipher format or setting the reader does not know, described in `detail`.
    case unknownCipherFormat(path: String, detail: String)
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
        case let .unknownCipherFormat(path, detail):
            return "\(path): not in a SQLCipher format the reader knows (SQLCipher 3 or 4 defaults): \(detail)"
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
        case .notADatabase, .wrongKeyOrNotADatabase, .unknownCipherFormat: return 26
        case .badPageSize, .materialMissing, .materialDamaged, .materialMismatch: return 11
        }
    }
}
