import Foundation

/// One key's page codecs, derived lazily and each encryption key once: a passphrase costs one PBKDF2
/// per salt and KDF actually tried (64,000 SHA-1 iterations for SQLCipher 3, 256,000 SHA-512 for 4:
/// tens to hundreds of milliseconds), a raw `x'…'` key none. Codecs that share a KDF (the same profile
/// at several page sizes, or two HMAC digests) share its key.
final class KeyDerivation {
    /// What an encryption key derives from besides the key itself.
    private struct Input: Hashable {
        let salt: [UInt8]
        let digest: CipherProfile.Digest
        let iterations: Int
    }

    let key: Data
    private var keys: [Input: (key: [UInt8], salt: [UInt8])] = [:]

    /// Whether `key` is a raw `x'…'` key, used as is.
    let isRaw: Bool

    init(key: Data) {
        self.key = key
        isRaw = PageCodec.rawKey(from: key) != nil
    }

    /// The codec of `profile` for a file whose salt is `salt` (a 96-hex-digit raw key's own salt wins).
    func codec(salt: [UInt8], profile: CipherProfile) -> PageCodec {
        let derived = encryptionKey(salt: salt, digest: profile.kdfDigest, iterations: profile.kdfIterations)
        return PageCodec(encryptionKey: derived.key, salt: derived.salt, profile: profile)
    }

    /// How many PBKDF2 runs from the key so far (0 for a raw key).
    private(set) var derivations = 0

    /// The encryption keys derived so far, with the salt and KDF of each.
    var derivedKeys: [(key: [UInt8], salt: [UInt8], kdf: String)] {
        keys.map { input, derived in (derived.key, derived.salt, isRaw ? "raw key" : "PBKDF2-HMAC-\(input.digest.rawValue.uppercased()) × \(input.iterations)") }
    }

    private func encryptionKey(salt: [UInt8], digest: CipherProfile.Digest, iterations: Int) -> (key: [UInt8], salt: [UInt8]) {
        let input = Input(salt: salt, digest: digest, iterations: iterations)
        if let known = keys[input] { return known }
        let derived = PageCodec.deriveEncryptionKey(key, salt: salt, digest: digest, iterations: iterations)
        keys[input] = derived
        if !isRaw { derivations += 1 }
        return derived
    }
}
