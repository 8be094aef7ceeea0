import Foundation
import Synchronization

extension Database {
    /// The SQLCipher format a key is used with (WCDB 2.x's `Database.CipherVersion`).
    ///
    /// The format is set explicitly on every connection, so a file's format depends on what the app
    /// declares, never on which SQLCipher is linked: the same code opens the same files on SQLCipher 3.4.1
    /// (Debian 12) and 4.x (Debian 13, Ubuntu 24.04). A file of this key in SQLCipher 3's or 4's format
    /// that is not in the declared one is converted in place at its first open, and the error tracers are
    /// told; a wrong key leaves the file untouched.
    public enum CipherVersion: Int32, Sendable {
        /// The process's default (`setDefaultCipherConfiguration(_:)`); unless set, SQLCipher 3's
        /// format on every engine, and a SQLCipher 4 file of this key (WCDB 2.x's default format) is
        /// converted to it. (WCDB 2.x's spelling.)
        case defaultVerion = 0
        /// SQLCipher 1: PBKDF2-HMAC-SHA1 with 4,000 iterations, no page HMAC.
        case version1 = 1
        /// SQLCipher 2: PBKDF2-HMAC-SHA1 with 4,000 iterations, HMAC-SHA1.
        case version2 = 2
        /// SQLCipher 3: PBKDF2-HMAC-SHA1 with 64,000 iterations, HMAC-SHA1.
        case version3 = 3
        /// SQLCipher 4: PBKDF2-HMAC-SHA512 with 256,000 iterations, HMAC-SHA512. On a SQLCipher 4 engine
        /// the file is in SQLCipher 4's own format (one kept in SQLCipher 3's by an older engine is
        /// converted back). SQLCipher 3.4.1 cannot read SQLCipher 4 pages: there the file is kept in
        /// SQLCipher 3's format, converted at its first open (page by page, no plaintext on disk; the
        /// original is kept until the converted file passes `quick_check`).
        case version4 = 4
    }

    /// Encrypts the database with a passphrase used in the format of `cipherVersion` (WCDB 2.x). See
    /// ``CipherVersion``; `setCipher(key:pageSize:)` is `cipherVersion: .defaultVerion`.
    public func setCipher(key: Data?, pageSize: Int = 4096, cipherVersion: CipherVersion) {
        core.setCipher(key.map { CipherSetting(keyBytes: $0, pageSize: pageSize, version: cipherVersion) })
    }

    /// The format that `CipherVersion.defaultVerion` stands for in this process (WCDB 2.x; like
    /// SQLCipher's `PRAGMA cipher_default_compatibility`, which it also sets, so that an `ATTACH … KEY`
    /// reads that format). Handles opened afterwards use it.
    public static func setDefaultCipherConfiguration(_ version: CipherVersion) {
        CipherVersionDefault.value.withLock { $0 = version }
        CipherDefaults.applyDeclaredDefault()  // SQLCipher's own defaults, for ATTACH … KEY
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
