import WCDBRepair
import WCDBSwift

/// The SQLCipher format in which the repair reader found an encrypted file's pages: what the tool
/// opens the file with, and what `info` reports.
struct CipherFormat {
    let profile: CipherProfile
    let pageSize: Int

    /// The format of `source`'s pages; nil for a plain file or when no page decrypts.
    init?(_ source: PageSource) {
        guard let profile = source.cipherProfile else { return nil }
        self.profile = profile
        pageSize = source.pageSize
    }

    /// The runtime's name for the format: SQLCipher 4's digests are `.version4`, anything else is read
    /// as SQLCipher 3's.
    var version: Database.CipherVersion { profile.hmacDigest == .sha512 ? .version4 : .version3 }

    /// The format in words, e.g. "SQLCipher 4 (AES-256-CBC, HMAC-SHA512, PBKDF2-HMAC-SHA512 × 256000, cipher page size 4096)".
    var description: String {
        "\(profile.name) (AES-256-CBC, HMAC-\(profile.hmacDigest.rawValue.uppercased()), "
            + "PBKDF2-HMAC-\(profile.kdfDigest.rawValue.uppercased()) × \(profile.kdfIterations), cipher page size \(pageSize))"
    }
}
