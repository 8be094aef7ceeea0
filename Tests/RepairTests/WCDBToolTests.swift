import Foundation
import WCDBSwift
import XCTest

/// Runs the `wcdb` executable the way a support engineer would.
final class WCDBToolTests: XCTestCase {
    private func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try WCDBToolRunner.run(arguments)
    }

    func testRecoverADamagedEncryptedFile() throws {
        let fixture = try RepairFixture(name: "tool", key: Data("tool-key".utf8), messages: 600)
        XCTAssertEqual(try run(["backup", fixture.path, "--key", "tool-key"]).status, 0)
        XCTAssertEqual(try run(["check", fixture.path, "--key", "tool-key"]).status, 0)
        _ = try fixture.zero(fraction: 0.05, seed: 12)
        let destination = fixture.directory + "/rescued.db"
        let result = try run(["recover", fixture.path, destination, "--key", "tool-key"])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.contains("recover: 100%"), "plain progress lines off a terminal: \(result.output)")
        XCTAssertTrue(result.output.contains("messages:"), result.output)
        let rescued = Database(withPath: destination)
        rescued.setCipher(key: Data("tool-key".utf8))
        let compared = try fixture.compare(rescued)
        XCTAssertEqual(compared.wrong, 0)
        XCTAssertGreaterThan(compared.exact, fixture.totalRows * 3 / 4)
        // Never overwrites an existing database.
        XCTAssertNotEqual(try run(["recover", fixture.path, destination, "--key", "tool-key"]).status, 0)
        let info = try run(["info", destination, "--key", "tool-key"])
        XCTAssertTrue(info.output.contains("page size: 4096") && info.output.contains("SQLCipher"), info.output)
    }
}
