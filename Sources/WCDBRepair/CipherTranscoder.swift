import CCrypto
import Foundation

/// Converts an encrypted database between SQLCipher 4 (WCDB 2.x, every current SQLCipher) and
/// SQLCipher 3 (this project's engine, 3.4.1) page by page, without plaintext on disk: each page is
/// read with `pread`, checked against its HMAC, decrypted in memory, encrypted in the other format and
/// written with `pwrite` to a new file (`O_CREAT | O_EXCL`, synced before it is reported done). The
/// source (and its `-wal`) is opened read-only and never changed; memory is one page at a time.
///
/// Both formats keep their IV and HMAC in the last bytes of a page, and SQLite's header (byte 20 of
/// page 1) says how many bytes at the end of each page b-tree content leaves free. A SQLCipher 4 file
/// reserves 80, so its content fits a SQLCipher 3 page, whose codec needs only the last 48: the
/// converted file keeps byte 20 at 80 and SQLite's usable size stays `pageSize - 80`. The other way,
/// a SQLCipher 3 file written by SQLite reserves 48 and its content may not fit:
/// ``convertToSQLCipher4(from:to:progress:)`` takes only files that reserve at least 80, such as one
/// made by ``createEmptySQLCipher3(at:reserved:autoVacuum:)`` and filled by SQLCipher 3 through
/// `ATTACH … KEY` (`sqlcipher_export`, or the copy that keeps every rowid which WCDBSwift's
/// `Database.exportSQLCipher4(to:pageSize:kdfIterations:progress:)` makes).
///
/// The converted file gets a fresh random salt, as every new SQLCipher database does: its keys then
/// derive from the passphrase alone, never from anything the source's header shows, and the two files
/// are not recognisably related. A 96-hex-digit raw key carries its salt, which both files then use;
/// a 64-hex-digit raw key is the AES key of both files (with fresh IVs per page and its own HMAC key).
public struct CipherTranscoder: Sendable {
    /// The key of both files: a passphrase, or the `x'…'` form of a raw key (64 hex digits, or 96 with
    /// the salt), as `PRAGMA key` takes it.
    public let key: Data
    /// The page size of both files (SQLCipher 4's and WCDB's default is 4096; SQLCipher 3's own
    /// default is 1024).
    public let pageSize: Int
    /// The SQLCipher 4 file's `PRAGMA kdf_iter` (256,000 by default). The SQLCipher 3 file always uses
    /// SQLCipher 3's 64,000, what this engine derives its keys with.
    public let kdfIterations: Int

    /// What a conversion did.
    public struct Report: Sendable, Equatable {
        /// Pages written (the converted file holds `pages * pageSize` bytes).
        public let pages: UInt32
        /// Committed frames of the source's `-wal` whose pages were taken instead of the file's.
        public let walFrames: Int
        /// All-zero pages (never written, e.g. past a short write), copied as zeros: both engines read
        /// such a page as an empty one instead of failing its HMAC.
        public let zeroPages: Int
        /// The salt of the converted file (its first 16 bytes).
        public let salt: [UInt8]

        /// A report of a conversion that wrote `pages` pages whose salt is `salt`.
        public init(pages: UInt32, walFrames: Int, zeroPages: Int, salt: [UInt8]) {
            self.pages = pages
            self.walFrames = walFrames
            self.zeroPages = zeroPages
            self.salt = salt
        }
    }

    /// How a new database reclaims free pages (`PRAGMA auto_vacuum`).
    public enum AutoVacuum: Sendable {
        /// Free pages stay in the file until `VACUUM` (SQLite's default).
        case none
        /// Every commit moves free pages to the end and truncates the file.
        case full
        /// Free pages are tracked and released by `PRAGMA incremental_vacuum`.
        case incremental
    }

    /// A conversion with `key` for files of `pageSize` bytes a page (the SQLCipher 4 side using
    /// `kdfIterations`, at least 1). Throws ``RepairError/badPageSize(_:)`` or
    /// ``RepairError/unsupportedPageSize(_:reason:)`` (512: SQLCipher 4's 80 reserved bytes leave SQLite
    /// too little).
    public init(key: Data, pageSize: Int = SQLCipher4Cipher.defaultPageSize,
                kdfIterations: Int = SQLCipher4Cipher.defaultKDFIterations) throws {
        try SQLCipher4Cipher.check(pageSize: pageSize)
        precondition(kdfIterations >= 1, "PBKDF2 needs at least one iteration")
        self.key = key
        self.pageSize = pageSize
        self.kdfIterations = kdfIterations
    }

    private var sqlcipher4: CipherProfile { .sqlcipher4(kdfIterations: kdfIterations) }

    /// Writes `destination`, a SQLCipher 3 database this engine opens with the same key and page size,
    /// from the SQLCipher 4 file `source`. Committed frames of `source-wal` are applied (their pages
    /// replace the file's, as SQLite reads them); frames after the last sound commit are not.
    ///
    /// `progress` gets the share of pages done (0...1) every few hundred pages; returning false
    /// cancels. Throws ``RepairError``: `.wrongKeyOrNotADatabase` when no page decrypts (wrong key, page
    /// size or KDF count), `.damagedPage` naming the first page whose HMAC fails while others hold,
    /// `.cannotOpen` (also for an existing `destination`), `.cannotWrite`, `.cancelled`. On any failure
    /// `destination` is removed.
    @discardableResult
    public func convertToSQLCipher3(from source: String, to destination: String,
                                    progress: ((Double) -> Bool)? = nil) throws -> Report {
        try convert(source: source, destination: destination, from: sqlcipher4, to: .sqlcipher3, progress: progress)
    }

    /// Writes `destination`, a SQLCipher 4 database (`kdfIterations`, HMAC-SHA512, 80 reserved bytes),
    /// from the SQLCipher 3 file `source`, whose header must reserve at least 80 bytes a page (else
    /// ``RepairError/reservedSpaceTooSmall(path:reserved:needed:)``; see the type's discussion).
    /// Committed frames of `source-wal` are applied. `progress` and errors as
    /// ``convertToSQLCipher3(from:to:progress:)``.
    @discardableResult
    public func convertToSQLCipher4(from source: String, to destination: String,
                                    progress: ((Double) -> Bool)? = nil) throws -> Report {
        try convert(source: source, destination: destination, from: .sqlcipher3, to: sqlcipher4, progress: progress)
    }

    /// Creates `path` (which must not exist), an empty SQLCipher 3 database of one page whose header
    /// reserves `reserved` bytes a page (80: what SQLCipher 4 needs), encrypted with this key and a fresh
    /// salt. SQLCipher 3 opens it (`ATTACH … KEY`, `PRAGMA <schema>.cipher_page_size`) and keeps that
    /// layout for every page it adds, so a copy into it (`sqlcipher_export`, `INSERT … SELECT`) makes a
    /// file ``convertToSQLCipher4(from:to:progress:)`` takes. Schema format and text encoding are left for
    /// SQLite to set when the first table is created (the attaching database's encoding).
    public func createEmptySQLCipher3(at path: String, reserved: Int = SQLCipher4Cipher.reserve,
                                      autoVacuum: AutoVacuum = .none) throws {
        guard reserved >= PageCipher.reserve, reserved <= 255, pageSize - reserved >= 480 else {
            throw RepairError.unsupportedPageSize(pageSize, reason:
                "\(reserved) reserved bytes (SQLCipher 3 needs 48 to 255, and SQLite 480 usable bytes)")
        }
        var page = [UInt8](repeating: 0, count: pageSize)
        for (i, byte) in PageCodec.headerMagic.enumerated() { page[i] = byte }
        let encodedSize = pageSize == 65536 ? 1 : pageSize
        page[16] = UInt8(encodedSize >> 8)
        page[17] = UInt8(encodedSize & 0xFF)
        page[18] = 1  // write and read versions: rollback journal (SQLite switches them for WAL itself)
        page[19] = 1
        page[20] = UInt8(reserved)
        page[21] = 64  // payload fractions, fixed by the format
        page[22] = 32
        page[23] = 32
        CipherTranscoder.put32(&page, 24, 1)  // change counter
        CipherTranscoder.put32(&page, 28, 1)  // database size in pages, valid since 92 equals 24
        CipherTranscoder.put32(&page, 52, autoVacuum == .none ? 0 : 1)  // largest root page: page 1
        CipherTranscoder.put32(&page, 64, autoVacuum == .incremental ? 1 : 0)
        CipherTranscoder.put32(&page, 92, 1)
        CipherTranscoder.put32(&page, 96, 3_015_002)  // SQLITE_VERSION_NUMBER of the engine
        page[100] = 0x0D  // sqlite_master: an empty table b-tree leaf
        let contentStart = pageSize - reserved
        page[105] = UInt8(contentStart >> 8)
        page[106] = UInt8(contentStart & 0xFF)
        let codec = PageCodec(key: key, salt: try CipherTranscoder.randomSalt(), profile: .sqlcipher3)
        guard codec.encrypt(page: &page, number: 1) else { throw RepairError.cannotWrite(path: path, errno: EIO) }
        let output = try Output(path: path, mode: 0o600)
        do {
            try output.write(page, at: 1)
            try output.finish()
        } catch {
            output.discard()
            throw error
        }
    }

    // MARK: Conversion

    private func convert(source: String, destination: String, from sourceProfile: CipherProfile,
                         to targetProfile: CipherProfile, progress: ((Double) -> Bool)?) throws -> Report {
        let input = try Input(path: source, pageSize: pageSize)
        var page = [UInt8](repeating: 0, count: pageSize)
        guard input.pageCount >= 1, input.read(1, into: &page) else { throw RepairError.notADatabase(path: source) }
        let sourceCodec = PageCodec(key: key, salt: Array(page[0..<PageCodec.saltSize]), profile: sourceProfile)
        guard sourceCodec.decrypt(page: &page, number: 1) else {
            // Page 1 fails: a wrong key unless other pages hold, which makes page 1 the damage.
            var other = [UInt8](repeating: 0, count: pageSize)
            let sample = input.pageCount >= 2 ? Array(2...min(input.pageCount, 64)) : []
            if sample.contains(where: { input.read($0, into: &other) && sourceCodec.decrypt(page: &other, number: $0) }) {
                throw RepairError.damagedPage(path: source, page: 1)
            }
            throw RepairError.wrongKeyOrNotADatabase(path: source)
        }
        let reserved = Int(page[20])
        guard reserved >= targetProfile.reserve else {
            throw RepairError.reservedSpaceTooSmall(path: source, reserved: reserved, needed: targetProfile.reserve)
        }
        var pageCount = input.pageCount
        // The header's page count, when valid (change counter equals version-valid-for), is the one
        // SQLite reads: pages past it are never read and are left out.
        let headerPages = CipherTranscoder.get32(page, 28)
        if headerPages > 0, page[24..<28] == page[92..<96] { pageCount = min(pageCount, headerPages) }

        let targetCodec = PageCodec(key: key, salt: try CipherTranscoder.randomSalt(), profile: targetProfile)
        let output = try Output(path: destination, mode: input.mode)
        var zeroPages = 0
        do {
            for number in UInt32(1)...pageCount {
                var isZero = false
                if number > 1 {
                    guard input.read(number, into: &page) else { throw RepairError.damagedPage(path: source, page: number) }
                    if !sourceCodec.decrypt(page: &page, number: number) {
                        // Both engines read an all-zero page (never written) as zeros, not as damage.
                        guard page.allSatisfy({ $0 == 0 }) else { throw RepairError.damagedPage(path: source, page: number) }
                        isZero = true
                        zeroPages += 1
                    }
                }
                if !isZero {
                    // Nothing past the b-tree content is carried over (the source's IV and HMAC, or bytes
                    // SQLite never wrote): the target's reserve gets a fresh IV and HMAC.
                    for i in (pageSize - reserved)..<pageSize { page[i] = 0 }
                    guard targetCodec.encrypt(page: &page, number: number) else {
                        throw RepairError.cannotWrite(path: destination, errno: EIO)
                    }
                }
                try output.write(page, at: number)
                if let progress, number % 256 == 0 || number == pageCount, !progress(Double(number) / Double(pageCount)) {
                    throw RepairError.cancelled(path: destination)
                }
            }
            try output.finish()
        } catch {
            output.discard()
            throw error
        }
        return Report(pages: pageCount, walFrames: input.walFrames, zeroPages: zeroPages, salt: targetCodec.salt)
    }

    static func randomSalt() throws -> [UInt8] {
        var salt = [UInt8](repeating: 0, count: PageCodec.saltSize)
        guard RAND_bytes(&salt, Int32(salt.count)) == 1 else { throw RepairError.cannotWrite(path: "(salt)", errno: EIO) }
        return salt
    }

    static func put32(_ bytes: inout [UInt8], _ at: Int, _ value: UInt32) {
        for i in 0..<4 { bytes[at + i] = UInt8(truncatingIfNeeded: value >> (24 - 8 * i)) }
    }

    static func get32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
    }

    /// The source file read-only, with the committed frames of its `-wal` over it.
    private final class Input {
        let descriptor: Int32
        let pages: PageFile
        let mode: mode_t

        init(path: String, pageSize: Int) throws {
            let (opened, size) = try PageSource.openRegularFile(path)
            descriptor = opened
            var info = stat()
            mode = fstat(opened, &info) == 0 ? info.st_mode & 0o777 : 0o600
            pages = PageFile(path: path, descriptor: opened, fileSize: size, pageSize: pageSize)
        }

        var pageCount: UInt32 { pages.pageCount }
        var walFrames: Int { pages.wal?.committedFrameCount ?? 0 }

        /// The stored (encrypted) bytes of page `number`: its newest committed WAL frame, else the file's.
        func read(_ number: UInt32, into page: inout [UInt8]) -> Bool {
            guard let bytes = pages.read(number) else { return false }
            page = bytes
            return true
        }

        deinit {
            close(descriptor)
        }
    }

    /// The new file: written page by page under a temporary name beside it, synced, then linked into
    /// place and its folder synced, so that a process killed or a power cut mid-way leaves no partial
    /// file at `path` (at worst the temporary one); removed when discarded.
    private final class Output {
        let path: String
        private let temporaryPath: String
        private var descriptor: Int32

        init(path: String, mode: mode_t) throws {
            self.path = path
            var existing = stat()
            guard lstat(path, &existing) != 0 else { throw RepairError.cannotOpen(path: path, errno: EEXIST) }
            temporaryPath = DurablePlacement.temporaryName(for: path, kind: "converting")
            descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
            guard descriptor >= 0 else { throw RepairError.cannotOpen(path: temporaryPath, errno: errno) }
        }

        func write(_ page: [UInt8], at number: UInt32) throws {
            let offset = off_t(Int(number - 1) * page.count)
            var done = 0
            while done < page.count {
                let wrote = page.withUnsafeBytes {
                    pwrite(descriptor, $0.baseAddress! + done, page.count - done, offset + off_t(done))
                }
                if wrote < 0 && errno == EINTR { continue }
                guard wrote > 0 else { throw RepairError.cannotWrite(path: path, errno: wrote < 0 ? errno : EIO) }
                done += wrote
            }
        }

        func finish() throws {
            let code = close(descriptor) == 0 ? 0 : errno
            descriptor = -1
            guard code == 0 else { throw RepairError.cannotWrite(path: path, errno: code) }
            try DurablePlacement.publish(temporaryPath, as: path)
        }

        func discard() {
            if descriptor >= 0 {
                close(descriptor)
                descriptor = -1
            }
            unlink(temporaryPath)
        }

        deinit {
            if descriptor >= 0 { close(descriptor) }
        }
    }
}
