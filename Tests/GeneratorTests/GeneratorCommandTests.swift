import Foundation
import XCTest

/// The contract between the plugin and the `wcdb-generator` executable it runs for each model file.
final class GeneratorCommandTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-generator-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func run(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let candidates = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(), Bundle.main.bundleURL]
        let products = try XCTUnwrap(candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("wcdb-generator").path) },
                                     "wcdb-generator is built beside the tests (scripts/test.sh builds everything)")
        let process = Process()
        process.executableURL = products.appendingPathComponent("wcdb-generator")
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func testBadAnnotationPrintsALocatedErrorAndFails() throws {
        let model = directory.appendingPathComponent("Bad.swift")
        try "import WCDBSwift\nstruct Bad: TableCodable {\n    // @PrimaryKey @Uniqe\n    var id: Int = 0\n}\n".write(to: model, atomically: true, encoding: .utf8)
        let output = directory.appendingPathComponent("Bad+WCDB.swift")
        let result = try run([model.path, output.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("\(model.path):3:20: error: unknown annotation @Uniqe; did you mean @Unique?"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path), "no output on errors")
    }

    func testOutputIsRewrittenOnlyWhenItsBytesChange() throws {
        let model = directory.appendingPathComponent("Good.swift")
        try "import WCDBSwift\nstruct Good: TableCodable {\n    var id: Int = 0\n}\n".write(to: model, atomically: true, encoding: .utf8)
        let output = directory.appendingPathComponent("Good+WCDB.swift")
        XCTAssertEqual(try run([model.path, output.path]).status, 0)
        let past = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: output.path)

        XCTAssertEqual(try run([model.path, output.path]).status, 0)
        let unchanged = try FileManager.default.attributesOfItem(atPath: output.path)[.modificationDate] as? Date
        XCTAssertEqual(unchanged, past, "same bytes: the file is not touched, so nothing recompiles")

        try "import WCDBSwift\nstruct Good: TableCodable {\n    var id: Int = 0\n    var name: String = \"\"\n}\n".write(to: model, atomically: true, encoding: .utf8)
        XCTAssertEqual(try run([model.path, output.path]).status, 0)
        let changed = try FileManager.default.attributesOfItem(atPath: output.path)[.modificationDate] as? Date
        XCTAssertNotEqual(changed, past)
        XCTAssertTrue(try String(contentsOf: output, encoding: .utf8).contains("static let name ="))
    }

    /// The plugin passes the target's other files (and its module's name): an extension in one of them
    /// makes the model file's type a model; a non-final class made one there is refused at its line.
    func testConformanceInAnotherFileOfTheTarget() throws {
        let model = directory.appendingPathComponent("Letter.swift")
        try "import WCDBSwift\nstruct Letter {\n    // @PrimaryKey\n    var id: Int = 0\n}\n\nclass Box {\n    var id: Int = 0\n}\n"
            .write(to: model, atomically: true, encoding: .utf8)
        let table = directory.appendingPathComponent("Letter+Table.swift")
        try "import WCDBSwift\nextension App.Letter: TableCodable {}\n".write(to: table, atomically: true, encoding: .utf8)
        let unrelated = directory.appendingPathComponent("Unrelated.swift")
        try "let x = 1\n".write(to: unrelated, atomically: true, encoding: .utf8)
        let output = directory.appendingPathComponent("Letter+WCDB.swift")
        XCTAssertEqual(try run([model.path, output.path, "--module", "App", model.path, table.path, unrelated.path]).status, 0)
        XCTAssertTrue(try String(contentsOf: output, encoding: .utf8).contains("extension Letter {"))

        try "import WCDBSwift\nextension App.Letter: TableCodable {}\nextension Box: TableCodable {}\n".write(to: table, atomically: true, encoding: .utf8)
        let refused = try run([model.path, output.path, "--module", "App", table.path, unrelated.path])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.hasPrefix("\(model.path):7:1: error: a TableCodable class must be `final`"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("made a model by the extension at \(table.path):3:1"), refused.stderr)
    }

    func testUsageErrorsAreNeverSilent() throws {
        let result = try run([])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("usage: wcdb-generator"), result.stderr)
        let model = directory.appendingPathComponent("M.swift")
        try "struct M {}\n".write(to: model, atomically: true, encoding: .utf8)
        for bad in [[model.path, "out.swift", "--module"], [model.path, "out.swift", "--module", "App", "--other"], ["--module", "App"]] {
            let usage = try run(bad)
            XCTAssertEqual(usage.status, 2, "\(bad)")
            XCTAssertTrue(usage.stderr.contains("usage: wcdb-generator"), usage.stderr)
        }
        let missingOther = try run([model.path, directory.appendingPathComponent("out.swift").path, directory.appendingPathComponent("Gone.swift").path])
        XCTAssertEqual(missingOther.status, 2)
        XCTAssertTrue(missingOther.stderr.contains("can't read"), missingOther.stderr)
        let missing = try run([directory.appendingPathComponent("Missing.swift").path, directory.appendingPathComponent("out.swift").path])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("can't read"), missing.stderr)
    }
}
