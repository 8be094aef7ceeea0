import CCrypto
import Foundation

/// Reads SQLCipher 3 pages: AES-256-CBC with the IV in each page's reserved bytes and an HMAC-SHA1 over
/// the encrypted bytes, the IV and the little-endian page number, so a damaged page is rejected instead
/// of being decoded as garbage.
public struct PageCipher: Sendable {
    /// SQLCipher 3: 16-byte IV + 20-byte HMAC-SHA1, rounded up to the AES block size.
    public static let reserve = 48
    static let saltSize = 16
    static let ivSize = 16
    static let hmacSize = 20
    static let kdfIterations: UInt32 = 64_000
    static let hmacIterations: UInt32 = 2

    let encryptionKey: [UInt8]
    let hmacKey: [UInt8]

    /// Derives the keys for a file whose salt is `salt` (the first 16 bytes of page 1). `key` is a
    /// passphrase, or the `x'…'` form of a raw 32-byte key (optionally followed by its salt).
    public init(key: Data, salt: [UInt8]) {
        var salt = salt
        if let raw = PageCipher.rawKey(from: key) {
            encryptionKey = Array(raw.prefix(32))
            if raw.count == 48 { salt = Array(raw.suffix(16)) }
        } else {
            encryptionKey = PageCipher.pbkdf2(Array(key), salt: salt, iterations: PageCipher.kdfIterations)
        }
        let hmacSalt = salt.map { $0 ^ 0x3a }
        hmacKey = PageCipher.pbkdf2(encryptionKey, salt: hmacSalt, iterations: PageCipher.hmacIterations)
    }

    /// Decrypts page `number` (1-based) in place; false when its HMAC does not hold.
    public func decrypt(page: inout [UInt8], number: UInt32) -> Bool {
        let pageSize = page.count
        let offset = number == 1 ? PageCipher.saltSize : 0
        let dataEnd = pageSize - PageCipher.reserve
        guard dataEnd > offset else { return false }
        return page.withUnsafeMutableBufferPointer { buffer -> Bool in
            let base = buffer.baseAddress!
            var mac = [UInt8](repeating: 0, count: 32)
            var macLength: UInt32 = 0
            guard let context = HMAC_CTX_new() else { return false }
            defer { HMAC_CTX_free(context) }
            var pageNumber = number.littleEndian
            let ok = hmacKey.withUnsafeBytes { key in
                HMAC_Init_ex(context, key.baseAddress, Int32(key.count), EVP_sha1(), nil) == 1
                    && HMAC_Update(context, base + offset, dataEnd - offset + PageCipher.ivSize) == 1
                    && withUnsafeBytes(of: &pageNumber) { HMAC_Update(context, $0.bindMemory(to: UInt8.self).baseAddress, 4) } == 1
                    && HMAC_Final(context, &mac, &macLength) == 1
            }
            guard ok, macLength == UInt32(PageCipher.hmacSize) else { return false }
            let stored = dataEnd + PageCipher.ivSize
            for i in 0..<PageCipher.hmacSize where mac[i] != base[stored + i] { return false }
            guard let cipher = EVP_CIPHER_CTX_new() else { return false }
            defer { EVP_CIPHER_CTX_free(cipher) }
            // In place (OpenSSL allows the output to be exactly the input): no copy of the page.
            let length = Int32(dataEnd - offset)
            var written: Int32 = 0
            var finalWritten: Int32 = 0
            let decrypted = encryptionKey.withUnsafeBufferPointer { key in
                EVP_DecryptInit_ex(cipher, EVP_aes_256_cbc(), nil, key.baseAddress, base + dataEnd) == 1
                    && EVP_CIPHER_CTX_set_padding(cipher, 0) == 1
                    && EVP_DecryptUpdate(cipher, base + offset, &written, base + offset, length) == 1
                    && EVP_DecryptFinal_ex(cipher, base + offset + Int(written), &finalWritten) == 1
            }
            guard decrypted, written + finalWritten == length else { return false }
            if number == 1 {
                for (i, byte) in "SQLite format 3\0".utf8.enumerated() { base[i] = byte }
            }
            return true
        }
    }

    static func pbkdf2(_ password: [UInt8], salt: [UInt8], iterations: UInt32, length: Int = 32) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: length)
        _ = password.withUnsafeBufferPointer { pass in
            salt.withUnsafeBufferPointer { salt in
                pass.withMemoryRebound(to: CChar.self) { passChars in
                    PKCS5_PBKDF2_HMAC_SHA1(passChars.baseAddress, Int32(pass.count), salt.baseAddress, Int32(salt.count),
                                           Int32(iterations), Int32(length), &out)
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
