/// Tells a right key on a format the reader does not know from a wrong key, when no page's HMAC holds
/// under any profile tried. Page 1's first encrypted block (bytes 16 to 31) holds SQLite's header
/// fields: the page size, the reserve and the fixed payload fractions 64, 32, 32. Decrypted under a key
/// already derived, with the IV where a page of that size and reserve keeps it, those fields come out
/// right only with the right key (a chance of about 2^-40 otherwise), whatever the HMAC's settings.
/// Costs no key derivation: one AES block per key, page size and reserve.
struct HeaderProbe {
    /// What page 1's header showed, in words; nil when it did not decrypt under any key tried.
    let finding: String?

    /// Reserves tried: an IV of 16 bytes plus an HMAC of 0 (SQLCipher 1), 20, 32 or 64 bytes, in
    /// AES blocks (and SQLCipher 4's default rounded up once more, for a transcoded file's 80).
    static let reserves = [16, 32, 48, 64, 80, 96]

    init(keys: KeyDerivation, pageSizes: [Int], firstPage: [UInt8]) {
        for derived in keys.derivedKeys {
            let codec = PageCodec(encryptionKey: derived.key, salt: derived.salt, profile: .sqlcipher3)
            for size in pageSizes where size <= firstPage.count {
                for reserve in HeaderProbe.reserves where size - reserve >= CipherDetector.minimumUsableSize {
                    var block = Array(firstPage[16..<32])
                    let iv = Array(firstPage[(size - reserve)..<(size - reserve + 16)])
                    guard codec.crypt(&block, length: 16, iv: iv, encrypt: false),
                          HeaderProbe.isHeader(block, pageSize: size, reserve: reserve) else { continue }
                    finding = "page 1's header decrypts with this key (\(derived.kdf), page size \(size), IV and HMAC "
                        + "in the last \(reserve) bytes), but no page's HMAC holds under the settings tried"
                    return
                }
            }
        }
        finding = nil
    }

    /// Whether `block` (bytes 16 to 31 of page 1) is a SQLite header of this page size whose reserve
    /// holds at least `reserve` bytes.
    static func isHeader(_ block: [UInt8], pageSize: Int, reserve: Int) -> Bool {
        let declared = Int(block[0]) << 8 | Int(block[1])
        return (declared == 1 ? 65536 : declared) == pageSize && Int(block[4]) >= reserve
            && block[5] == 64 && block[6] == 32 && block[7] == 32
    }
}
