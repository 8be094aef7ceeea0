import Foundation
import Testing
import WCDBRepair

/// Encrypted pages read by the project's own reader, in either SQLCipher format: every page's HMAC is
/// checked before it is decrypted, and the salt comes from the file or, when that is lost, from the
/// backup material.
@Suite struct PageCipherTests {
    static let engineMissing = CipherFormatFixture.engineMissing

    @Test("Every page is checked by its HMAC: one flipped bit in the ciphertext, IV or HMAC makes it unreadable",
          .enabled(if: SQLCipher4Tool.isAvailable, Comment(rawValue: engineMissing)),
          arguments: CipherFormatCase.allCases)
    func everyPageIsCheckedByItsHMAC(_ format: CipherFormatCase) throws {
        let fixture = try CipherFormatFixture(format, rows: 50)
        let original = try #require(try PageSource(path: fixture.path, pageSize: 4096, key: fixture.key).page(2))
        let profile = format.profile
        let dataEnd = fixture.pageSize - profile.reserve
        func flip(at offset: Int) throws {
            let location = fixture.pageSize + offset
            let byte = try Data(contentsOf: URL(fileURLWithPath: fixture.path))[location]
            try fixture.overwrite(offset: location, bytes: [byte ^ 0x01])
        }
        for offset in [100, dataEnd + 3, dataEnd + 16 + 5] {
            try flip(at: offset)
            let source = try PageSource(path: fixture.path, pageSize: 4096, key: fixture.key)
            #expect(source.page(2) == nil, "byte \(offset) of page 2 is covered by its HMAC")
            #expect(source.page(3) != nil, "other pages are unaffected")
            try flip(at: offset)
        }
        // Bytes after the HMAC (SQLCipher 3: 12; SQLCipher 4 has none) are padding, not covered.
        let padding = dataEnd + 16 + profile.hmacDigest.size
        if padding < fixture.pageSize {
            try flip(at: padding + 4)
            #expect(try PageSource(path: fixture.path, pageSize: 4096, key: fixture.key).page(2)?.prefix(dataEnd) == original.prefix(dataEnd))
        }
    }

    @Test("A lost salt is taken from the material", .enabled(if: SQLCipher4Tool.isAvailable, Comment(rawValue: engineMissing)),
          arguments: CipherFormatCase.allCases)
    func lostSaltIsTakenFromTheMaterial(_ format: CipherFormatCase) throws {
        let fixture = try CipherFormatFixture(format, rows: 50)
        let salt = Array(try Data(contentsOf: URL(fileURLWithPath: fixture.path)).prefix(16))
        let original = try #require(try PageSource(path: fixture.path, pageSize: 4096, key: fixture.key).page(2))
        try fixture.overwrite(offset: 0, bytes: [UInt8](repeating: 0, count: 16))
        #expect(!(try PageSource(path: fixture.path, pageSize: 4096, key: fixture.key).keyDecryptsPages), "every page's keys derive from the salt")
        let withSalt = try PageSource(path: fixture.path, pageSize: 4096, key: fixture.key, salt: salt)
        #expect(withSalt.keyDecryptsPages && withSalt.salt == salt && withSalt.cipherProfile == format.profile)
        #expect(withSalt.page(2) == original)
    }

    @Test("The file's own salt wins over another file's", .enabled(if: SQLCipher4Tool.isAvailable, Comment(rawValue: engineMissing)),
          arguments: CipherFormatCase.allCases)
    func fileSaltWinsOverAnotherFilesSalt(_ format: CipherFormatCase) throws {
        let fixture = try CipherFormatFixture(format, rows: 20)
        let own = Array(try Data(contentsOf: URL(fileURLWithPath: fixture.path)).prefix(16))
        let source = try PageSource(path: fixture.path, pageSize: 4096, key: fixture.key, salt: [UInt8](repeating: 7, count: 16))
        #expect(source.keyDecryptsPages && source.salt == own)
        #expect(!(try PageSource(path: fixture.path, pageSize: 4096, key: Data("wrong".utf8), salt: own).keyDecryptsPages))
    }
}
