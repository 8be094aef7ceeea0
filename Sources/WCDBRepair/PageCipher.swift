import CCrypto
import Foundation

/// One file's page codec: the keys derived for its salt under a profile, and the page transforms.
/// Page 1 starts with the 16-byte salt in the clear and is encrypted from byte 16; every page is
/// encrypted up to `pageSize - reserve`, followed by the IV, the HMAC and (random) padding.
struct PageCodec: Sendable {
    static let saltSize = 16
    static let ivSize = 16
    static let headerMagic = Array("SQLite format 3\0".utf8)

    let profile: CipherProfile
    let encryptionKey: [UInt8]
    let hmacKey: [UInt8]
    /// The salt the keys derive from: the one given, or the one a 96-hex-digit raw key carries.
    let salt: [UInt8]

    /// `key` is a passphrase, or the `x'…'` form of a raw 32-byte key (optionally followed by its salt,
    /// which then replaces `salt`).
    init(key: Data, salt: [UInt8], profile: CipherProfile) {
        let derived = PageCodec.deriveEncryptionKey(key, salt: salt, digest: profile.kdfDigest, iterations: profile.kdfIterations)
        self.init(encryptionKey: derived.key, salt: derived.salt, profile: profile)
    }

    /// The codec of an encryption key already derived (or raw) for `salt`: only the HMAC key is derived.
    init(encryptionKey: [UInt8], salt: [UInt8], profile: CipherProfile) {
        self.encryptionKey = encryptionKey
        hmacKey = PageCodec.pbkdf2(encryptionKey, salt: salt.map { $0 ^ 0x3a }, iterations: profile.hmacKDFIterations,
                                   digest: profile.kdfDigest)
        self.salt = salt
        self.profile = profile
    }

    /// The encryption key for `key` and the salt it goes with: a raw key's own 32 bytes (and the salt it
    /// carries, if any, instead of `salt`), or PBKDF2-HMAC of a passphrase, the costly part of a codec.
    static func deriveEncryptionKey(_ key: Data, salt: [UInt8], digest: CipherProfile.Digest, iterations: Int) -> (key: [UInt8], salt: [UInt8]) {
        guard let raw = rawKey(from: key) else {
            return (pbkdf2(Array(key), salt: salt, iterations: iterations, digest: digest), salt)
        }
        return (Array(raw.prefix(32)), raw.count == 48 ? Array(raw.suffix(16)) : salt)
    }

    /// The HMAC of `length` bytes at `start` (ciphertext and IV) and the page number, into `mac`.
    private func sign(_ start: UnsafePointer<UInt8>, length: Int, number: UInt32, into mac: UnsafeMutablePointer<UInt8>) -> Bool {
        guard let context = HMAC_CTX_new() else { return false }
        defer { HMAC_CTX_free(context) }
        var pageNumber = number.littleEndian
        var macLength: UInt32 = 0
        let ok = hmacKey.withUnsafeBytes { key in
            HMAC_Init_ex(context, key.baseAddress, Int32(key.count), profile.hmacDigest.evp, nil) == 1
                && HMAC_Update(context, start, length) == 1
                && withUnsafeBytes(of: &pageNumber) { HMAC_Update(context, $0.bindMemory(to: UInt8.self).baseAddress, 4) } == 1
                && HMAC_Final(context, mac, &macLength) == 1
        }
        return ok && Int(macLength) == profile.hmacDigest.size
    }

    /// AES-256-CBC over `length` bytes at `data` in place (OpenSSL allows the output to be exactly the
    /// input: no copy of the page), with the IV at `iv`.
    func crypt(_ data: UnsafeMutablePointer<UInt8>, length: Int, iv: UnsafePointer<UInt8>, encrypt: Bool) -> Bool {
        guard let cipher = EVP_CIPHER_CTX_new() else { return false }
        defer { EVP_CIPHER_CTX_free(cipher) }
        var written: Int32 = 0
        var finalWritten: Int32 = 0
        let ok = encryptionKey.withUnsafeBufferPointer { key in
            EVP_CipherInit_ex(cipher, EVP_aes_256_cbc(), nil, key.baseAddress, iv, encrypt ? 1 : 0) == 1
                && EVP_CIPHER_CTX_set_padding(cipher, 0) == 1
                && EVP_CipherUpdate(cipher, data, &written, data, Int32(length)) == 1
                && EVP_CipherFinal_ex(cipher, data + Int(written), &finalWritten) == 1
        }
        return ok && Int(written + finalWritten) == length
    }

    /// Decrypts page `number` (1-based) in place; false when its HMAC does not hold. Page 1's first 16
    /// bytes become SQLite's magic string; the reserve keeps the IV and HMAC.
    func decrypt(page: inout [UInt8], number: UInt32) -> Bool {
        let offset = number == 1 ? PageCodec.saltSize : 0
        let dataEnd = page.count - profile.reserve
        guard dataEnd > offset else { return false }
        let hmacSize = profile.hmacDigest.size
        return page.withUnsafeMutableBufferPointer { buffer -> Bool in
            let base = buffer.baseAddress!
            var mac = [UInt8](repeating: 0, count: 64)
            guard sign(base + offset, length: dataEnd - offset + PageCodec.ivSize, number: number, into: &mac) else { return false }
            var difference: UInt8 = 0
            for i in 0..<hmacSize { difference |= mac[i] ^ base[dataEnd + PageCodec.ivSize + i] }
            guard difference == 0 else { return false }
            guard crypt(base + offset, length: dataEnd - offset, iv: base + dataEnd, encrypt: false) else { return false }
            if number == 1 {
                for (i, byte) in PageCodec.headerMagic.enumerated() { base[i] = byte }
            }
            return true
        }
    }

    /// Encrypts the plaintext page `number` in place: bytes up to `pageSize - reserve` are encrypted
    /// under a fresh random IV (`RAND_bytes`; the padding after the HMAC is random too, as SQLCipher
    /// writes it), the HMAC follows the IV, and page 1 starts with the salt. False if OpenSSL fails.
    func encrypt(page: inout [UInt8], number: UInt32) -> Bool {
        let offset = number == 1 ? PageCodec.saltSize : 0
        let reserve = profile.reserve
        let dataEnd = page.count - reserve
        guard dataEnd > offset, salt.count == PageCodec.saltSize else { return false }
        return page.withUnsafeMutableBufferPointer { buffer -> Bool in
            let base = buffer.baseAddress!
            guard RAND_bytes(base + dataEnd, Int32(reserve)) == 1,
                  crypt(base + offset, length: dataEnd - offset, iv: base + dataEnd, encrypt: true),
                  sign(base + offset, length: dataEnd - offset + PageCodec.ivSize, number: number, into: base + dataEnd + PageCodec.ivSize)
            else { return false }
            if number == 1 {
                for i in 0..<PageCodec.saltSize { base[i] = salt[i] }
            }
            return true
        }
    }

    static func pbkdf2(_ password: [UInt8], salt: [UInt8], iterations: Int, digest: CipherProfile.Digest, length: Int = 32) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: length)
        _ = password.withUnsafeBufferPointer { pass in
            salt.withUnsafeBufferPointer { salt in
                pass.withMemoryRebound(to: CChar.self) { passChars in
                    PKCS5_PBKDF2_HMAC(passChars.baseAddress, Int32(pass.count), salt.baseAddress, Int32(salt.count),
                                      Int32(clamping: iterations), digest.evp, Int32(length), &out)
                }
            }
        }
        return out
    }

    /// The bytes of an `x'<64 or 96 hex digits>'` key, or nil for a passphrase.
    static func rawKey(from key: Data) -> [UInt8]? {
        guard let text = String(data: key, encoding: .utf8), text.hasPrefix("x'"), text.hasSuffix("'") else { return nil }
        let hex = Array(text.dropFirst(2).dropLast().utf8)
        guard hex.count == 64 || hex.count == 96 else { return nil }
        var bytes: [UInt8] = []
        var i = 0
        while i < hex.count {
            guard let byte = UInt8(String(decoding: hex[i..<i + 2], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
            i += 2
        }
        return bytes
    }
}

/// Reads SQLCipher 3 pages: AES-256-CBC with the IV in each page's reserved bytes and an HMAC-SHA1 over
/// the encrypted bytes, the IV and the little-endian page number, so a damaged page is rejected instead
/// of being decoded as garbage. The codec of ``CipherProfile/sqlcipher3``; ``SQLCipher4Cipher`` is the
/// same codec with ``CipherProfile/sqlcipher4``.
public struct PageCipher: Sendable {
    /// SQLCipher 3: 16-byte IV + 20-byte HMAC-SHA1, rounded up to the AES block size.
    public static let reserve = 48

    let codec: PageCodec
    var encryptionKey: [UInt8] { codec.encryptionKey }
    var hmacKey: [UInt8] { codec.hmacKey }

    /// Derives the keys for a file whose salt is `salt` (the first 16 bytes of page 1). `key` is a
    /// passphrase, or the `x'…'` form of a raw 32-byte key (optionally followed by its salt).
    public init(key: Data, salt: [UInt8]) {
        codec = PageCodec(key: key, salt: salt, profile: .sqlcipher3)
    }

    /// Decrypts page `number` (1-based) in place; false when its HMAC does not hold.
    public func decrypt(page: inout [UInt8], number: UInt32) -> Bool {
        codec.decrypt(page: &page, number: number)
    }

    static func pbkdf2(_ password: [UInt8], salt: [UInt8], iterations: UInt32, length: Int = 32) -> [UInt8] {
        PageCodec.pbkdf2(password, salt: salt, iterations: Int(iterations), digest: .sha1, length: length)
    }
}
