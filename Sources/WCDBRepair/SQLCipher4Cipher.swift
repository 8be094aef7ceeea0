import Foundation

/// Decrypts and encrypts single pages of a SQLCipher 4 file (WCDB 2.x, every current SQLCipher), which
/// this project's engine (SQLCipher 3.4.1) cannot open: AES-256-CBC under a random per-page IV, an
/// HMAC-SHA512 over the encrypted bytes, the IV and the little-endian page number (checked before a page
/// is decrypted), a key from PBKDF2-HMAC-SHA512 (256,000 iterations by default) and 80 reserved bytes
/// (16 of IV, 64 of HMAC) at the end of every page. The same codec as ``PageCipher`` with
/// ``CipherProfile/sqlcipher4``.
public struct SQLCipher4Cipher: Sendable {
    /// SQLCipher 4: 16-byte IV + 64-byte HMAC-SHA512.
    public static let reserve = 80
    /// SQLCipher 4's `kdf_iter` default.
    public static let defaultKDFIterations = 256_000
    /// SQLCipher 4's `cipher_page_size` default (also WCDB's).
    public static let defaultPageSize = 4096

    let codec: PageCodec
    /// The page size the cipher reads and writes.
    public let pageSize: Int
    /// The salt the keys derive from (the first 16 bytes of page 1): the one given, or the one a
    /// 96-hex-digit raw key carries. ``encrypt(page:number:)`` writes it at the start of page 1.
    public var salt: [UInt8] { codec.salt }
    /// The algorithms, KDF iteration count and reserve of this cipher.
    public var profile: CipherProfile { codec.profile }

    /// Derives the keys for a file whose salt is `salt` (the first 16 bytes of page 1, or 16 fresh random
    /// bytes for a new file). `key` is a passphrase, or the `x'…'` form of a raw 32-byte key (64 hex
    /// digits: no key derivation) optionally followed by its 16-byte salt (96 hex digits), as
    /// `PRAGMA key` takes them. `kdfIterations` is the file's `PRAGMA kdf_iter` (at least 1). Throws
    /// ``RepairError/unsupportedPageSize(_:reason:)`` for a page size SQLCipher 4 cannot use and
    /// ``RepairError/badPageSize(_:)`` for one that is no page size at all.
    public init(key: Data, salt: [UInt8], pageSize: Int = SQLCipher4Cipher.defaultPageSize,
                kdfIterations: Int = SQLCipher4Cipher.defaultKDFIterations) throws {
        try SQLCipher4Cipher.check(pageSize: pageSize)
        precondition(salt.count == PageCodec.saltSize, "a SQLCipher salt is 16 bytes")
        precondition(kdfIterations >= 1, "PBKDF2 needs at least one iteration")
        self.pageSize = pageSize
        codec = PageCodec(key: key, salt: salt, profile: .sqlcipher4(kdfIterations: kdfIterations))
    }

    /// Throws unless SQLite can use `pageSize` with SQLCipher 4's 80 reserved bytes: a power of two in
    /// 1024...65536 (at 512 only 432 bytes would be left, and SQLite needs at least 480 usable bytes).
    public static func check(pageSize: Int) throws {
        guard pageSize >= 512, pageSize <= 65536, pageSize & (pageSize - 1) == 0 else { throw RepairError.badPageSize(pageSize) }
        guard pageSize - reserve >= 480 else {
            throw RepairError.unsupportedPageSize(pageSize, reason:
                "SQLCipher 4 reserves \(reserve) bytes of every page, which leaves \(pageSize - reserve), and SQLite needs at least 480")
        }
    }

    /// Decrypts page `number` (1-based) in place; false when its HMAC does not hold (wrong key, salt,
    /// page size or KDF iteration count, or a damaged page). Page 1's first 16 bytes become SQLite's
    /// magic string. `page` holds `pageSize` bytes.
    public func decrypt(page: inout [UInt8], number: UInt32) -> Bool {
        guard page.count == pageSize, number >= 1 else { return false }
        return codec.decrypt(page: &page, number: number)
    }

    /// Encrypts the plaintext page `number` (1-based, `pageSize` bytes whose content ends before the last
    /// 80) in place: a fresh random IV from `RAND_bytes`, then the HMAC-SHA512; page 1 starts with
    /// ``salt``. False only when OpenSSL fails.
    public func encrypt(page: inout [UInt8], number: UInt32) -> Bool {
        guard page.count == pageSize, number >= 1 else { return false }
        return codec.encrypt(page: &page, number: number)
    }
}
