import Foundation
import WCDBRepair
import XCTest

/// SQLCipher 3 pages read by the project's own reader: every page's HMAC is checked before it is
/// decrypted, and the salt comes from the file or, when that is lost, from the backup material.
final class PageCipherTests: XCTestCase {
    private let key = Data("page-cipher-key".utf8)

    private func flip(_ fixture: RepairFixture, page: Int, at offset: Int) throws {
        let location = (page - 1) * fixture.pageSize + offset
        let byte = try Data(contentsOf: URL(fileURLWithPath: fixture.path))[location]
        try fixture.overwrite(offset: location, bytes: [byte ^ 0x01])
    }

    func testEveryPageIsCheckedByItsHMAC() throws {
        let fixture = try RepairFixture(name: "hmac", key: key, messages: 50)
        let original = try XCTUnwrap(PageSource(path: fixture.path, pageSize: 4096, key: key).page(2))
        let dataEnd = fixture.pageSize - PageCipher.reserve
        // Ciphertext, IV, stored HMAC: one flipped bit makes the page unreadable, never garbage.
        for offset in [100, dataEnd + 3, dataEnd + 16 + 5] {
            try flip(fixture, page: 2, at: offset)
            let source = try PageSource(path: fixture.path, pageSize: 4096, key: key)
            XCTAssertNil(source.page(2), "byte \(offset) of page 2 is covered by its HMAC")
            XCTAssertNotNil(source.page(3), "other pages are unaffected")
            try flip(fixture, page: 2, at: offset)
        }
        // The 12 bytes after the HMAC are padding: not covered, and not part of the plaintext either.
        try flip(fixture, page: 2, at: dataEnd + 16 + 20 + 4)
        XCTAssertEqual(try PageSource(path: fixture.path, pageSize: 4096, key: key).page(2)?.prefix(dataEnd), original.prefix(dataEnd))
    }

    func testLostSaltIsTakenFromTheMaterial() throws {
        let fixture = try RepairFixture(name: "salt", key: key, messages: 50)
        let salt = Array(try Data(contentsOf: URL(fileURLWithPath: fixture.path)).prefix(16))
        let original = try XCTUnwrap(PageSource(path: fixture.path, pageSize: 4096, key: key).page(2))
        try fixture.overwrite(offset: 0, bytes: [UInt8](repeating: 0, count: 16))
        let withoutSalt = try PageSource(path: fixture.path, pageSize: 4096, key: key)
        XCTAssertFalse(withoutSalt.keyDecryptsPages, "every page's keys derive from the salt")
        let withSalt = try PageSource(path: fixture.path, pageSize: 4096, key: key, salt: salt)
        XCTAssertTrue(withSalt.keyDecryptsPages)
        XCTAssertEqual(withSalt.salt, salt)
        XCTAssertEqual(withSalt.page(2), original)
    }

    func testTheFileSaltWinsOverAnotherFilesSalt() throws {
        let fixture = try RepairFixture(name: "own-salt", key: key, messages: 20)
        let own = Array(try Data(contentsOf: URL(fileURLWithPath: fixture.path)).prefix(16))
        let source = try PageSource(path: fixture.path, pageSize: 4096, key: key, salt: [UInt8](repeating: 7, count: 16))
        XCTAssertTrue(source.keyDecryptsPages)
        XCTAssertEqual(source.salt, own)
        XCTAssertFalse(try PageSource(path: fixture.path, pageSize: 4096, key: Data("wrong".utf8), salt: own).keyDecryptsPages)
    }
}
