import Foundation
import WCDBRepair
import XCTest

/// The material file on its own: checksum, sealing, two generations.
final class BackupMaterialTests: XCTestCase {
    private func makeDirectory() throws -> String {
        let directory = NSTemporaryDirectory() + "wcdb-material-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    private func material(_ table: String) -> BackupMaterial {
        BackupMaterial(pageSize: 4096, entries: [SchemaEntry(type: "table", name: table, tableName: table, rootPage: 2,
                                                             sql: "CREATE TABLE \(table)(x)")], sequences: [table: 7])
    }

    func testDamagedNewestGenerationFallsBackToThePreviousOne() throws {
        let path = try makeDirectory() + "/db"
        try material("old").write(forDatabase: path, key: nil)
        Thread.sleep(forTimeInterval: 0.01)
        try material("new").write(forDatabase: path, key: nil)
        XCTAssertEqual(try BackupMaterial.readNewest(forDatabase: path, key: nil).entries[0].name, "new")
        let newest = BackupMaterial.paths(forDatabase: path).first { (try? BackupMaterial.read(from: $0, key: nil))?.entries[0].name == "new" }!
        var bytes = try Data(contentsOf: URL(fileURLWithPath: newest))
        bytes[bytes.count - 3] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: newest))
        XCTAssertThrowsError(try BackupMaterial.read(from: newest, key: nil))
        XCTAssertEqual(try BackupMaterial.readNewest(forDatabase: path, key: nil).entries[0].name, "old")
    }

    func testSealedMaterialNeedsItsKey() throws {
        let path = try makeDirectory() + "/db"
        try material("secret").write(forDatabase: path, key: Data("k1".utf8))
        let file = BackupMaterial.paths(forDatabase: path)[0]
        XCTAssertFalse(try Data(contentsOf: URL(fileURLWithPath: file)).range(of: Data("secret".utf8)) != nil,
                       "the schema must not be readable in the sealed file")
        XCTAssertEqual(try BackupMaterial.readNewest(forDatabase: path, key: Data("k1".utf8)).sequences["secret"], 7)
        XCTAssertThrowsError(try BackupMaterial.readNewest(forDatabase: path, key: Data("k2".utf8)))
        XCTAssertThrowsError(try BackupMaterial.readNewest(forDatabase: path, key: nil))
        XCTAssertThrowsError(try BackupMaterial.readNewest(forDatabase: path + "-missing", key: nil))
    }

    /// Materials written before the format was recorded still read, with no format: every known one is tried.
    func testMaterialWithoutAFormatStillReads() throws {
        let old = #"{"pageSize":4096,"entries":[],"sequences":{},"createdAt":1,"salt":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16]}"#
        let material = try JSONDecoder().decode(BackupMaterial.self, from: Data(old.utf8))
        XCTAssertNil(material.cipherProfile)
        XCTAssertEqual(material.salt?.count, 16)
        var recorded = material
        recorded.cipherProfile = .sqlcipher4
        let decoded = try JSONDecoder().decode(BackupMaterial.self, from: JSONEncoder().encode(recorded))
        XCTAssertEqual(decoded.cipherProfile, .sqlcipher4)
    }
}
