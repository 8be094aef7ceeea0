import Foundation
import Synchronization

extension Database {
    /// The SQLCipher format a key is used with (WCDB 2.x's `Database.CipherVersion`).
    ///
    /// The engine is SQLCipher 3.4.1, so the files it writes are in SQLCipher 3's format. Files of
    /// SQLCipher 1 and 2 open with their own settings; a SQLCipher 4 file (WCDB 2.x's default, and
    /// every current SQLCipher's) is converted to SQLCipher 3's format, under the same key, at its
    /// first open.
    public enum CipherVersion: Int32, Sendable {
        /// The process's default (`setDefaultCipherConfiguration(_:)`); unless set, SQLCipher 3's
        /// format, and a file that does not open as SQLCipher 3 but does as SQLCipher 4 is converted.
        /// (WCDB 2.x's spelling.)
        case defaultVerion = 0
        /// SQLCipher 1: PBKDF2-HMAC-SHA1 with 4,000 iterations, no page HMAC.
        case version1 = 1
        /// SQLCipher 2: PBKDF2-HMAC-SHA1 with 4,000 iterations, HMAC-SHA1.
        case version2 = 2
        /// SQLCipher 3: PBKDF2-HMAC-SHA1 with 64,000 iterations, HMAC-SHA1: this engine's own format.
        case version3 = 3
        /// SQLCipher 4: PBKDF2-HMAC-SHA512 with 256,000 iterations, HMAC-SHA512. The file is converted
        /// to SQLCipher 3's format at its first open (page by page, no plaintext on disk; the original
        /// is kept beside it until the converted file passes `quick_check`).
        case version4 = 4
    }

    /// Encrypts the database with a passphrase used in the format of `cipherVersion` (WCDB 2.x). See
    /// ``CipherVersion``; `setCipher(key:pageSize:)` is `cipherVersion: .defaultVerion`.
    public func setCipher(key: Data?, pageSize: Int = 4096, cipherVersion: CipherVersion) {
        core.setCipher(key.map { CipherSetting(keyBytes: $0, pageSize: pageSize, version: cipherVersion) })
    }

    /// The format that `CipherVersion.defaultVerion` stands for in this process (WCDB 2.x; like
    /// SQLCipher's `PRAGMA cipher_default_compatibility`). Handles opened afterwards use it.
    public static func setDefaultCipherConfiguration(_ version: CipherVersion) {
        CipherVersionDefault.value.withLock { $0 = version }
    }
}

/// The process-wide meaning of `CipherVersion.defaultVerion`.
enum CipherVersionDefault {
    static let value = Mutex<Database.CipherVersion>(.defaultVerion)

    /// `version`, with `defaultVerion` replaced by the process's default (itself possibly `defaultVerion`).
    static func resolve(_ version: Database.CipherVersion) -> Database.CipherVersion {
        version == .defaultVerion ? value.withLock { $0 } : version
    }
}
