import Foundation
import Testing
@testable import WCDBSwift
import WCDBTestSupport

/// A user who upgrades their system keeps their data: a file written by this package on one SQLCipher
/// (Debian 12's 3.4.1, Debian 13's 4.6.1) opens on the other, and afterwards on the first again. Each
/// visit is `engine-file-probe` (Tests/EngineFileProbe), an app that opens the file, reads every row the
/// earlier visits wrote and adds its own: this build's probe and the other build's in turn, starting
/// with either, plain and keyed, with the default cipher version and with `.version4`.
///
/// After each visit the file is in the format the app declared as that engine keeps it (SQLCipher 3's
/// for the default on every engine; for `.version4` SQLCipher 4's on a 4.x engine, SQLCipher 3's on
/// 3.4.1, which cannot read SQLCipher 4 pages), and a visit that changed the format said so to the
/// error tracers: no silent change. `WCDB_OTHER_ENGINE_PROBE` names the other build's probe (CI's second
/// leg sets it); without it the suite is skipped.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["WCDB_OTHER_ENGINE_PROBE"] != nil,
                "set WCDB_OTHER_ENGINE_PROBE to the engine-file-probe of a build against the other SQLCipher"))
struct CrossEngineFileTests {
    static let key = Data("cross-engine key".utf8)

    static var otherProbe: URL? {
        ProcessInfo.processInfo.environment["WCDB_OTHER_ENGINE_PROBE"].map(URL.init(fileURLWithPath:))
    }

    static var ownProbe: URL {
        let bundle = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [bundle.appendingPathComponent("engine-file-probe"),
                          bundle.deletingLastPathComponent().appendingPathComponent("engine-file-probe")]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }

    /// What one visit reported.
    struct Visit {
        var rows: [String] = []
        var warnings: [String] = []
        var cipherMajorVersion = 0
        var engine = ""
    }

    enum Format: Equatable { case plain, sqlcipher3, sqlcipher4, unknown }

    @Test("written on one engine, opened on the other, then on the first and the other again",
          arguments: ["plain", "default", "version4"], [true, false])
    func filesMoveBetweenEngines(mode: String, writtenHere: Bool) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-cross-engine-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("moved.db").path
        let other = try #require(Self.otherProbe)
        let order = writtenHere ? [Self.ownProbe, other, Self.ownProbe, other] : [other, Self.ownProbe, other, Self.ownProbe]
        var labels: [String] = []
        var format: Format?
        for (index, probe) in order.enumerated() {
            let label = "visit\(index)"
            let visit = try Self.run(probe, path: path, mode: mode, label: label)
            #expect(visit.rows == labels, "\(label) on \(visit.engine) reads every earlier row")
            labels.append(label)
            let found = Self.format(of: path, mode: mode)
            let expected: Format = switch mode {
            case "plain": .plain
            case "default": .sqlcipher3
            default: visit.cipherMajorVersion >= 4 ? .sqlcipher4 : .sqlcipher3
            }
            #expect(found == expected, "\(label) on \(visit.engine), \(mode)")
            if let format, format != found {
                #expect(visit.warnings.contains { $0.contains("converted from") && $0.contains("format") },
                        "\(label) on \(visit.engine) changed the format from \(format) to \(found) without a warning: \(visit.warnings)")
            } else {
                #expect(visit.warnings.isEmpty, "\(label) on \(visit.engine): \(visit.warnings)")
            }
            format = found
        }
    }

    private static func format(of path: String, mode: String) -> Format {
        guard let handle = FileHandle(forReadingAtPath: path) else { return .unknown }
        defer { try? handle.close() }
        let header = handle.readData(ofLength: 16)
        if header == Data("SQLite format 3\0".utf8) { return .plain }
        guard let page = FilePageOne(path: path, pageSize: 4096) else { return .unknown }
        let formats = page.formats(under: key)
        return formats == [.sqlcipher3] ? .sqlcipher3 : formats == [.sqlcipher4] ? .sqlcipher4 : .unknown
    }

    private static func run(_ probe: URL, path: String, mode: String, label: String) throws -> Visit {
        let process = Process()
        process.executableURL = probe
        process.arguments = [path, mode, label]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(probe.path) \(mode) \(label): \(errorText)")
        #expect(errorText.isEmpty, "the library wrote to stderr: \(errorText)")
        var visit = Visit()
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let (kind, rest) = (line.prefix { $0 != " " }, line.drop { $0 != " " }.dropFirst())
            switch kind {
            case "row": visit.rows.append(String(rest))
            case "warning": visit.warnings.append(String(rest))
            case "engine":
                visit.engine = String(rest)
                let cipher = rest.split(separator: " ").dropFirst().first ?? ""
                visit.cipherMajorVersion = Int(cipher.prefix { $0.isNumber }) ?? 0
            default: break
            }
        }
        return visit
    }
}
