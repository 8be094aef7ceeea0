import CCrypto

/// What tells one SQLCipher major version's page codec from another. Every version encrypts a page with
/// AES-256-CBC under a random IV kept in the page's reserved bytes and signs the encrypted bytes, the IV
/// and the little-endian page number with an HMAC; they differ in the digests, the KDF's iteration count
/// and so the reserve (16 bytes of IV + the HMAC, rounded up to the AES block).
public struct CipherProfile: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A hash function of SQLCipher's key derivation (PBKDF2-HMAC) or page HMAC.
    public enum Digest: String, Sendable, Hashable, Codable {
        /// SHA-1 (20 bytes): SQLCipher 1 to 3.
        case sha1
        /// SHA-256 (32 bytes): never a default, settable in SQLCipher 4.
        case sha256
        /// SHA-512 (64 bytes): SQLCipher 4's default.
        case sha512

        /// The digest's size in bytes.
        public var size: Int {
            switch self {
            case .sha1: return 20
            case .sha256: return 32
            case .sha512: return 64
            }
        }

        var evp: OpaquePointer? {
            switch self {
            case .sha1: return EVP_sha1()
            case .sha256: return EVP_sha256()
            case .sha512: return EVP_sha512()
            }
        }
    }

    /// The digest of PBKDF2-HMAC, which derives the encryption key from a passphrase and the HMAC key
    /// from the encryption key.
    public let kdfDigest: Digest
    /// PBKDF2 iterations from a passphrase to the encryption key (not used for raw `x'…'` keys).
    public let kdfIterations: Int
    /// The digest of each page's HMAC.
    public let hmacDigest: Digest
    /// PBKDF2 iterations from the encryption key to the HMAC key (2 in every SQLCipher version).
    public let hmacKDFIterations: Int

    /// A profile with the given algorithms and counts.
    public init(kdfDigest: Digest, kdfIterations: Int, hmacDigest: Digest, hmacKDFIterations: Int = 2) {
        self.kdfDigest = kdfDigest
        self.kdfIterations = kdfIterations
        self.hmacDigest = hmacDigest
        self.hmacKDFIterations = hmacKDFIterations
    }

    /// SQLCipher 3's defaults (what this engine, 3.4.1, reads and writes): PBKDF2-HMAC-SHA1 with 64,000
    /// iterations, HMAC-SHA1, 48 reserved bytes.
    public static let sqlcipher3 = CipherProfile(kdfDigest: .sha1, kdfIterations: 64_000, hmacDigest: .sha1)

    /// SQLCipher 4's defaults (WCDB 2.x and every current SQLCipher): PBKDF2-HMAC-SHA512 with 256,000
    /// iterations, HMAC-SHA512, 80 reserved bytes.
    public static let sqlcipher4 = CipherProfile(kdfDigest: .sha512, kdfIterations: 256_000, hmacDigest: .sha512)

    /// SQLCipher 4's defaults with another KDF iteration count (`PRAGMA kdf_iter`).
    public static func sqlcipher4(kdfIterations: Int) -> CipherProfile {
        CipherProfile(kdfDigest: .sha512, kdfIterations: kdfIterations, hmacDigest: .sha512)
    }

    /// The profiles a reader tries when nothing says which one a file uses: SQLCipher 3's, then 4's.
    public static let known: [CipherProfile] = [.sqlcipher3, .sqlcipher4]

    /// `preferred` (nils skipped) first, then the ``known`` ones, each once: the order in which a
    /// reader tries them, so that the profile the app declared costs the only key derivation.
    public static func ordered(preferring preferred: [CipherProfile?]) -> [CipherProfile] {
        var order: [CipherProfile] = []
        for profile in preferred.compactMap({ $0 }) + known where !order.contains(profile) { order.append(profile) }
        return order
    }

    /// Bytes at the end of every page that hold the IV, the HMAC and padding: 48 for SQLCipher 3, 80 for 4.
    public var reserve: Int { (PageCodec.ivSize + hmacDigest.size + 15) / 16 * 16 }

    /// The format's name: "SQLCipher 3" or "SQLCipher 4" for their defaults (whatever the KDF iteration
    /// count of SQLCipher 4), else "SQLCipher (custom)".
    public var name: String {
        switch (kdfDigest, hmacDigest) {
        case (.sha1, .sha1) where kdfIterations == CipherProfile.sqlcipher3.kdfIterations: return "SQLCipher 3"
        case (.sha512, .sha512): return "SQLCipher 4"
        default: return "SQLCipher (custom)"
        }
    }

    /// The profile as SQLCipher's pragmas would set it.
    public var description: String {
        "kdf \(kdfDigest) × \(kdfIterations), hmac \(hmacDigest), reserve \(reserve)"
    }
}
