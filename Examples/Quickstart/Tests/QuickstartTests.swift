import Foundation
import QuickstartModels
import WCDBSwift
import XCTest

/// The quick start's model is public in its own module: these tests use its generated, public
/// conformance from another module, as an app would.
final class QuickstartTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-quickstart-tests-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    func testTheQuickStartFlow() throws {
        let database = Database(withPath: directory.appendingPathComponent("sample.db").path)
        XCTAssertFalse(database.isOpened, "opening is lazy")
        try database.create(table: "sampleTable", of: Sample.self)
        XCTAssertTrue(database.isOpened)

        var first = Sample(content: "sample_insert", createdAt: 1)
        try database.insert(&first, intoTable: "sampleTable")
        var second = Sample(content: "second", createdAt: 2)
        try database.insert(&second, intoTable: "sampleTable")
        XCTAssertEqual([first.identifier, second.identifier], [1, 2])

        try database.update(table: "sampleTable", on: Sample.Properties.content, with: Sample(content: "sample_update"),
                            where: Sample.Properties.identifier > 1)
        let objects: [Sample] = try database.getObjects(fromTable: "sampleTable", orderBy: [Sample.Properties.identifier.asOrder(by: .ascending)])
        XCTAssertEqual(objects.map(\.content), ["sample_insert", "sample_update"])

        try database.delete(fromTable: "sampleTable", where: Sample.Properties.identifier == 1)
        XCTAssertEqual(try database.getValue(on: Sample.Properties.any.count(), fromTable: "sampleTable").int64Value, 1)
    }

    func testTheGeneratedBindingIsPublicAndDescribesTheTable() {
        let binding = Sample.objectRelationalMapping
        XCTAssertEqual(binding.columns.map(\.name), ["identifier", "description", "createdAt"])
        XCTAssertEqual(binding.autoIncrementColumnIndex, 0)
        XCTAssertEqual(binding.createTableStatement(named: "sampleTable").description,
                       "CREATE TABLE IF NOT EXISTS sampleTable(identifier INTEGER PRIMARY KEY AUTOINCREMENT, description TEXT DEFAULT '', createdAt REAL)")
        XCTAssertEqual(binding.createIndexStatements(forTable: "sampleTable").map(\.description),
                       ["CREATE INDEX IF NOT EXISTS sampleTable_createdAt ON sampleTable(createdAt DESC)"])
    }

    func testTheDemoRunsAndCleansUp() throws {
        // The demo binary is built by `swift build` before the tests run (scripts/test.sh builds all).
        let products = try XCTUnwrap(Self.productsDirectory, "the Quickstart executable is built beside the tests (scripts/test.sh builds everything)")
        let binary = products.appendingPathComponent("Quickstart")
        let process = Process()
        process.executableURL = binary
        process.arguments = [directory.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 0, text)
        XCTAssertTrue(text.contains("identifiers: 1, 2"), text)
        XCTAssertTrue(text.contains("rows left: 1"), text)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("Quickstart/sample.db").path),
                       "the demo removes its database files")
    }

    /// The folder holding the built products (the test bundle sits in it).
    static var productsDirectory: URL? {
        // On Linux the test bundle is itself the running executable, beside the other products.
        let candidates = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(), Bundle.main.bundleURL]
            + Bundle.allBundles.filter { $0.bundlePath.hasSuffix(".xctest") }.map { $0.bundleURL.deletingLastPathComponent() }
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("Quickstart").path) }
    }
}
