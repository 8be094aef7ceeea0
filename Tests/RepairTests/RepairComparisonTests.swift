import Foundation
import WCDBSwift
import WCDBTestSupport
import XCTest

/// Rows recovered exactly by `recover` against sqlite3 3.40's `.recover` on the same damaged plain
/// files, and by `recover` alone on encrypted files. Runs only with REPAIR_COMPARE=1
/// (`bash scripts/repair-compare.sh`), since it shells out and prints a table.
final class RepairComparisonTests: XCTestCase {
    struct Scenario {
        var name: String
        var leaveInWAL = false
        var damage: (RepairFixture) throws -> Void
    }

    var scenarios: [Scenario] { [
        Scenario(name: "zeroed header") { try $0.overwrite(offset: 0, bytes: [UInt8](repeating: 0, count: 100)) },
        Scenario(name: "zeroed page 1") { try $0.zero(pages: [1]) },
        Scenario(name: "zeroed 1% pages") { _ = try $0.zero(fraction: 0.01, seed: 1) },
        Scenario(name: "zeroed 5% pages") { _ = try $0.zero(fraction: 0.05, seed: 2) },
        Scenario(name: "zeroed 20% pages") { _ = try $0.zero(fraction: 0.20, seed: 3) },
        Scenario(name: "interior pages") { try $0.zero(pages: try $0.interiorPages()) },
        Scenario(name: "scattered bytes") { fixture in
            var random = SeededGenerator(seed: 4)
            for _ in 0..<60 {
                let offset = Int.random(in: 100..<(fixture.pageCount * fixture.pageSize), using: &random)
                try fixture.overwrite(offset: offset, bytes: [UInt8.random(in: 0...255, using: &random)])
            }
        },
        Scenario(name: "truncated to 60%") { try $0.truncate(toPages: $0.pageCount * 6 / 10) },
        Scenario(name: "damaged WAL frame", leaveInWAL: true) { fixture in
            let size = try FileManager.default.attributesOfItem(atPath: fixture.walPath)[.size] as? Int ?? 0
            let handle = try FileHandle(forUpdating: URL(fileURLWithPath: fixture.walPath))
            try handle.seek(toOffset: UInt64(size * 2 / 3))
            handle.write(Data([0x5A, 0xA5, 0x5A]))
            try handle.close()
        },
    ] }

    func testCompareWithSQLite3Recover() throws {
        guard ProcessInfo.processInfo.environment["REPAIR_COMPARE"] == "1" else { throw XCTSkip("set REPAIR_COMPARE=1") }
        var lines = ["| scenario | rows | ours exact | ours wrong | sqlite3 .recover exact | sqlite3 wrong | encrypted: ours exact |",
                     "|---|---:|---:|---:|---:|---:|---:|"]
        var encryptedShares: [Double] = []
        for scenario in scenarios {
            let plain = try RepairFixture(name: "cmp", messages: 3000, leaveInWAL: scenario.leaveInWAL)
            // Opening the database to back it up would checkpoint the WAL away.
            if !scenario.leaveInWAL { try plain.backup() }
            try scenario.damage(plain)
            let ours = try plain.recover()
            let theirs = try sqlite3Recover(plain)
            let keyed = try RepairFixture(name: "cmp-key", key: Data("compare".utf8), messages: 3000, leaveInWAL: scenario.leaveInWAL)
            if !scenario.leaveInWAL { try keyed.backup() }
            if scenario.name == "interior pages" {
                // Page types are encrypted: zero the same share of pages the plain file had as interiors.
                _ = try keyed.zero(fraction: Double(try plain.interiorPages().count + 1) / Double(plain.pageCount), seed: 6)
            } else if scenario.name == "zeroed page 1" {
                try keyed.overwrite(offset: 16, bytes: [UInt8](repeating: 0, count: keyed.pageSize - 16))
            } else {
                try scenario.damage(keyed)
            }
            let encrypted = (try? keyed.recover()).map { (exact: $0.exact, wrong: $0.wrong) } ?? (exact: 0, wrong: 0)
            encryptedShares.append(Double(encrypted.exact) / Double(keyed.totalRows))
            lines.append("| \(scenario.name) | \(plain.totalRows) | \(ours.exact) | \(ours.wrong) | \(theirs.exact) | \(theirs.wrong) | \(encrypted.exact) (\(encrypted.wrong) wrong) |")
            XCTAssertGreaterThanOrEqual(ours.exact, theirs.exact, scenario.name)
        }
        let mean = encryptedShares.reduce(0, +) / Double(encryptedShares.count)
        lines.append("")
        lines.append(String(format: "encrypted files: mean %.1f %% of rows exact", mean * 100))
        print(lines.joined(separator: "\n"))
        XCTAssertGreaterThanOrEqual(mean, 0.9)
    }

    private func sqlite3Recover(_ fixture: RepairFixture) throws -> (exact: Int, wrong: Int) {
        let out = fixture.directory + "/sqlite3-recovered.db"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        let shell = ProcessInfo.processInfo.environment["SQLITE3_SHELL"] ?? "sqlite3"
        process.arguments = ["-c", "'\(shell)' '\(fixture.path)' .recover 2>/dev/null | '\(shell)' '\(out)' >/dev/null 2>&1"]
        try process.run()
        process.waitUntilExit()
        let database = Database(withPath: out)
        defer { database.close() }
        return try fixture.compare(database)
    }
}
