import CCrypto
import Crypto
import _CryptoExtras
import Foundation

// One SQLCipher 3 page of 4096 bytes: 4048 encrypted bytes, a 16-byte IV, a 20-byte HMAC-SHA1 over
// ciphertext + IV + little-endian page number, 12 bytes of padding. Each library decrypts the same
// page and must agree on the result before anything is timed.
let pageSize = 4096
let dataSize = pageSize - PageCipher.reserve
let pageNumber: UInt32 = 2
let pagesPerRun = 2048
let runs = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 21
let passphrase = Array("crypto-bench passphrase".utf8)
var generator = SystemRandomNumberGenerator()
let salt = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
let plaintext = (0..<dataSize).map { _ in UInt8.random(in: 0...255, using: &generator) }
let iv = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }

let cipher = PageCipher(key: Data(passphrase), salt: salt)
let encryptionKey = SymmetricKey(data: cipher.encryptionKey)
let hmacKey = SymmetricKey(data: cipher.hmacKey)
let pageNumberBytes = withUnsafeBytes(of: pageNumber.littleEndian) { Array($0) }

/// The page as SQLCipher writes it, encrypted with swift-crypto and checked by both libraries below.
let page: [UInt8] = {
    let encrypted = Array(try! AES._CBC.encrypt(plaintext, using: encryptionKey, iv: try! AES._CBC.IV(ivBytes: iv), noPadding: true))
    let mac = Array(HMAC<Insecure.SHA1>.authenticationCode(for: encrypted + iv + pageNumberBytes, using: hmacKey))
    return encrypted + iv + mac + [UInt8](repeating: 0, count: PageCipher.reserve - 16 - 20)
}()

// MARK: The two implementations of each step

/// libcrypto: the calls PageCipher.decrypt makes, one step at a time.
enum LibCrypto {
    static func decrypt(_ page: [UInt8]) -> [UInt8] {
        let context = EVP_CIPHER_CTX_new()!
        defer { EVP_CIPHER_CTX_free(context) }
        var plain = page  // decrypted in place, as PageCipher does
        var written: Int32 = 0, last: Int32 = 0
        plain.withUnsafeMutableBufferPointer { base in
            cipher.encryptionKey.withUnsafeBufferPointer { key in
                _ = EVP_DecryptInit_ex(context, EVP_aes_256_cbc(), nil, key.baseAddress, base.baseAddress! + dataSize)
                _ = EVP_CIPHER_CTX_set_padding(context, 0)
                _ = EVP_DecryptUpdate(context, base.baseAddress, &written, base.baseAddress, Int32(dataSize))
                _ = EVP_DecryptFinal_ex(context, base.baseAddress! + Int(written), &last)
            }
        }
        return Array(plain[0..<dataSize])
    }

    static func hmac(_ page: [UInt8]) -> [UInt8] {
        let context = HMAC_CTX_new()!
        defer { HMAC_CTX_free(context) }
        var mac = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        var number = pageNumber.littleEndian
        page.withUnsafeBufferPointer { base in
            cipher.hmacKey.withUnsafeBytes { key in
                _ = HMAC_Init_ex(context, key.baseAddress, Int32(key.count), EVP_sha1(), nil)
                _ = HMAC_Update(context, base.baseAddress, dataSize + 16)
                _ = withUnsafeBytes(of: &number) { HMAC_Update(context, $0.bindMemory(to: UInt8.self).baseAddress, 4) }
                _ = HMAC_Final(context, &mac, &length)
            }
        }
        return Array(mac[0..<Int(length)])
    }

    static func pbkdf2() -> [UInt8] { PageCipher.pbkdf2(passphrase, salt: salt, iterations: 64_000) }

    /// The whole page read, as the repair reader does it.
    static func readPage(_ page: [UInt8]) -> [UInt8]? {
        var copy = page
        return cipher.decrypt(page: &copy, number: pageNumber) ? Array(copy[0..<dataSize]) : nil
    }
}

/// swift-crypto: AES._CBC from _CryptoExtras, HMAC<Insecure.SHA1> from Crypto, KDF.Insecure.PBKDF2.
enum SwiftCrypto {
    static func decrypt(_ page: [UInt8]) -> [UInt8] {
        Array(try! AES._CBC.decrypt(page[0..<dataSize], using: encryptionKey,
                                    iv: try! AES._CBC.IV(ivBytes: page[dataSize..<dataSize + 16]), noPadding: true))
    }

    static func hmac(_ page: [UInt8]) -> [UInt8] {
        var hmac = HMAC<Insecure.SHA1>(key: hmacKey)
        hmac.update(data: page[0..<dataSize + 16])
        hmac.update(data: pageNumberBytes)
        return Array(hmac.finalize())
    }

    static func pbkdf2() -> [UInt8] {
        let key = try! KDF.Insecure.PBKDF2.deriveKey(from: passphrase, salt: salt, using: .insecureSHA1, outputByteCount: 32,
                                                     unsafeUncheckedRounds: 64_000)
        return key.withUnsafeBytes { Array($0) }
    }

    static func readPage(_ page: [UInt8]) -> [UInt8]? {
        let stored = page[dataSize + 16..<dataSize + 36]
        guard hmac(page).elementsEqual(stored) else { return nil }
        return decrypt(page)
    }
}

// MARK: Agreement first

let storedMAC = Array(page[dataSize + 16..<dataSize + 36])
precondition(LibCrypto.decrypt(page) == plaintext && SwiftCrypto.decrypt(page) == plaintext, "AES-256-CBC results differ")
precondition(LibCrypto.hmac(page) == storedMAC && SwiftCrypto.hmac(page) == storedMAC, "HMAC-SHA1 results differ")
precondition(LibCrypto.pbkdf2() == SwiftCrypto.pbkdf2() && LibCrypto.pbkdf2() == cipher.encryptionKey, "PBKDF2 results differ")
precondition(LibCrypto.readPage(page) == plaintext && SwiftCrypto.readPage(page) == plaintext, "page reads differ")
var damaged = page
damaged[100] ^= 1
precondition(LibCrypto.readPage(damaged) == nil && SwiftCrypto.readPage(damaged) == nil, "a damaged page must fail its HMAC")

// MARK: Timing (medians of thread CPU time, the two libraries run alternately)

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// This thread's CPU time: other processes on a shared machine shift it far less than wall time.
func cpuSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// Median seconds of one call of each body, over `runs` runs of `repeats` calls, alternating.
func time(repeats: Int, _ bodies: [() -> Int]) -> [Double] {
    var sink = 0
    var samples = Array(repeating: [Double](), count: bodies.count)
    for _ in 0..<runs {
        for (index, body) in bodies.enumerated() {
            let start = cpuSeconds()
            for _ in 0..<repeats { sink &+= body() }
            samples[index].append((cpuSeconds() - start) / Double(repeats))
        }
    }
    if sink == 42 { print("") }  // keeps the work observable
    return samples.map(median)
}

func pageRow(_ name: String, bytes: Int, _ lib: @escaping ([UInt8]) -> [UInt8]?, _ swift: @escaping ([UInt8]) -> [UInt8]?) {
    let seconds = time(repeats: pagesPerRun, [{ lib(page)?.count ?? 0 }, { swift(page)?.count ?? 0 }])
    func cell(_ seconds: Double) -> String { String(format: "%.2f µs (%.0f MB/s)", seconds * 1e6, Double(bytes) / seconds / 1e6) }
    print("| \(name) | \(cell(seconds[0])) | \(cell(seconds[1])) | \(String(format: "%.2f×", seconds[1] / seconds[0])) |")
}

print("| per 4096-byte page, CPU time, median of \(runs) × \(pagesPerRun) | libcrypto (\(String(cString: OpenSSL_version(0)))) "
      + "| swift-crypto 4.5.2 (BoringSSL) | swift-crypto / libcrypto |")
print("|---|---:|---:|---:|")
pageRow("AES-256-CBC decrypt (\(dataSize) B)", bytes: dataSize, LibCrypto.decrypt, SwiftCrypto.decrypt)
pageRow("HMAC-SHA1 (\(dataSize + 20) B)", bytes: dataSize + 20, LibCrypto.hmac, SwiftCrypto.hmac)
pageRow("page read: HMAC check + decrypt", bytes: pageSize, LibCrypto.readPage, SwiftCrypto.readPage)
let kdf = time(repeats: 1, [{ LibCrypto.pbkdf2().count }, { SwiftCrypto.pbkdf2().count }])
print(String(format: "| PBKDF2-HMAC-SHA1, 64,000 iterations (once per file) | %.1f ms | %.1f ms | %.2f× |", kdf[0] * 1e3, kdf[1] * 1e3, kdf[1] / kdf[0]))
