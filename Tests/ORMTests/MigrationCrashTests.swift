import Foundation
import Testing
import WCDBSwift
import WCDBTestSupport

/// Data migration survives being killed (issue 23): a child process (`migration-crash-child`, in
/// `Tests/MigrationCrashChild`) migrates a table with auto migration while it writes the target, and
/// is killed with SIGKILL 5–80 ms after it starts writing. After each kill the files are read with plain
/// SQL (a source row at or below the target's watermark in `wcdb_migration_progress` counts as moved,
/// in the target only): no id is in both the source and the target, every write the child acknowledged is there (its
/// inserts, updates and replaces with their text, its deletes absent), the one write in flight either
/// entirely or not at all. (From a source in another file, the source rows that the target's file records
/// as moved in `wcdb_migration_moved` count as moved: SQLite commits the two files one after the other,
/// so a kill between the commits leaves them in both; see `MigratingTable`.) Then the database is opened
/// with migration again: the target reads the same rows through migration, `stepMigration()` runs to
/// `isMigrated()`, the target holds exactly those rows, the source table is gone and nothing is left
/// recorded as moved.
///
/// Half the runs migrate from a table of the same database, half from another encrypted file; each
/// starts from a copy of one fixture per kind, 10,000 rows: in a debug build auto migration moves them in
/// about 50–100 ms, so most kills land while rows are still moving and some after the end (2,000 rows
/// moved in the first step, before the first write). About 30 s for 200 kills on a 2-core machine.
/// Environment: `WCDB_MIGRATION_CRASH_RUNS` (200), `WCDB_MIGRATION_CRASH_SEED` (random, printed).
@Suite(.serialized) struct MigrationCrashTests {
    static let sourceRows: Int64 = 10_000
    static let targetKey = Data((0..<32).map { UInt8($0) })
    static let sourceKey = Data((0..<32).map { UInt8(0xA0 + $0) })

    @Test func killedWhileMigratingAndWritingLosesAndDuplicatesNothing() throws {
        let environment = ProcessInfo.processInfo.environment
        let runs = environment["WCDB_MIGRATION_CRASH_RUNS"].flatMap(Int.init) ?? 200
        let seed = environment["WCDB_MIGRATION_CRASH_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64(UInt32.max))
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-migration-crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }

        let started = Date()
        var fixtures: [Bool: URL] = [:]
        for cross in [false, true] {
            let fixture = scratch.appendingPathComponent(cross ? "fixture-cross" : "fixture-same")
            try FileManager.default.createDirectory(at: fixture, withIntermediateDirectories: true)
            let result = try CrashChild.run(["prepare", fixture.path, cross ? "cross" : "same", "\(Self.sourceRows)"], killAfter: nil)
            try #require(result.status == 0, "prepare failed: \(result.errors)")
            fixtures[cross] = fixture
        }
        let initial = try CrashCheck.initialRows(fixtures[false]!)
        try #require(initial.count == Int(Self.sourceRows))

        var generator = SeededGenerator(seed: seed)
        var stats = CrashStats()
        for run in 0..<runs {
            let cross = run % 2 == 1
            let label = "seed \(seed) run \(run) (\(cross ? "cross-database" : "same database"))"
            let directory = scratch.appendingPathComponent("run-\(run)")
            try FileManager.default.copyItem(at: fixtures[cross]!, to: directory)
            defer { try? FileManager.default.removeItem(at: directory) }

            let delay = 0.005 + Double(generator.next() % 75_001) / 1_000_000  // 5…80 ms
            let result = try CrashChild.run(["run", directory.path, cross ? "cross" : "same", "\(seed &+ UInt64(run))"],
                                            killAfter: delay)
            guard result.killed else {
                Issue.record("\(label): the child was not killed but ended with \(result.status): \(result.lines.suffix(3)) \(result.errors)")
                break
            }
            let log = CrashLog(result.lines)
            #expect(log.failures.isEmpty, "\(label): writes failed: \(log.failures.prefix(3))")
            guard let expected = log.expected(from: initial) else {
                Issue.record("\(label): the child's log does not replay")
                break
            }

            // The files as the kill left them, read with plain SQL. From a source in another file, the
            // source rows the target's file records as moved are moved: SQLite commits the two files one
            // after the other, and a kill between them leaves such rows in both (see MigratingTable).
            let found = try CrashCheck.read(directory, cross: cross)
            let both = Set(found.target.keys).intersection(found.source.map { Array($0.keys) } ?? [])
            #expect(both.isEmpty, "\(label): \(both.count) ids in both source and target: \(both.sorted().prefix(10))")
            let all = found.target.merging(found.source ?? [:]) { target, _ in target }
            let matches = log.inFlight.map { expected.accepts(all, inFlight: $0) } ?? (all == expected.rows)
            #expect(matches, "\(label): \(expected.describeDifference(from: all)); in flight: \(log.inFlight.map { "\($0)" } ?? "nothing")")

            // Opened again with migration: the same rows through the target, then migrated to the end.
            let resumed = try CrashCheck.resume(directory, cross: cross)
            #expect(resumed.throughTarget == all, "\(label): reading through the migrating target differs from the files")
            #expect(resumed.migrated, "\(label): stepMigration() did not reach isMigrated()")
            #expect(resumed.target == all, "\(label): after migrating, the target differs: \(CrashExpectation(rows: all).describeDifference(from: resumed.target))")
            #expect(resumed.sourceTableExists == false, "\(label): the source table is still there after migrating")
            #expect(resumed.recordedAsMoved == 0, "\(label): rows are still recorded as moved after migrating")

            stats.add(log: log, found: found, delay: delay)
            if !both.isEmpty || !matches { break }  // One failure is enough to read; the next would repeat it.
        }
        let seconds = Date().timeIntervalSince(started)
        print("MigrationCrashTests: seed \(seed), \(stats.runs) kills in \(String(format: "%.1f", seconds)) s; \(stats)")
    }
}

// MARK: - The child

/// Runs `migration-crash-child`, beside the test bundle in the products directory.
enum CrashChild {
    struct Result {
        var status: Int32
        var killed: Bool
        var lines: [String]
        var errors: String
    }

    static var url: URL {
        let bundle = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [bundle.appendingPathComponent("migration-crash-child"),
                          bundle.deletingLastPathComponent().appendingPathComponent("migration-crash-child")]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }

    /// Runs the child with `arguments` (the keys appended). With `killAfter`, sends it SIGKILL that long
    /// after it prints `start`; its standard output is read to the end either way (complete lines only).
    static func run(_ arguments: [String], killAfter delay: TimeInterval?) throws -> Result {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments + [hex(MigrationCrashTests.targetKey), hex(MigrationCrashTests.sourceKey)]
        let output = Pipe()
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-crash-child-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorFile)
        process.standardInput = FileHandle.nullDevice
        let received = Box(Data())
        let reading = Thread {
            while true {
                let data = output.fileHandleForReading.availableData
                if data.isEmpty { break }
                received.with { $0.append(data) }
            }
        }
        try process.run()
        reading.start()
        var killed = false
        if let delay {
            let start = Data("start\n".utf8)
            let deadline = Date().addingTimeInterval(30)
            while process.isRunning, Date() < deadline, !received.with({ $0.range(of: start) != nil }) { usleep(500) }
            if process.isRunning {
                usleep(UInt32(delay * 1_000_000))
                killed = kill(process.processIdentifier, SIGKILL) == 0
            }
        }
        process.waitUntilExit()
        while !reading.isFinished { usleep(200) }
        killed = killed && process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
        var text = String(decoding: received.get, as: UTF8.self)
        // A line the kill cut short is not one the child finished writing.
        if let last = text.lastIndex(of: "\n") { text = String(text[...last]) } else { text = "" }
        return Result(status: process.terminationStatus, killed: killed,
                      lines: text.split(separator: "\n").map(String.init),
                      errors: (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "")
    }

    static func hex(_ data: Data) -> String { data.map { String(format: "%02x", $0) }.joined() }
}

// MARK: - What the child acknowledged

/// One write of the child, as its `op` line gives it.
struct CrashWrite: CustomStringConvertible {
    let number: Int
    let kind: String
    let arguments: [String]
    var description: String { "\(number) \(kind) \(arguments.joined(separator: " "))" }

    /// `rows` with this write applied; an `insert-auto` takes the id its acknowledgement gave.
    func apply(to rows: inout [Int64: String], assignedID: Int64?) -> Bool {
        let id = { (index: Int) in Int64(arguments[index]) }
        switch kind {
        case "insert-auto":
            guard let assignedID, rows[assignedID] == nil else { return false }
            rows[assignedID] = arguments[0]
        case "insert":
            guard let key = id(0), rows[key] == nil else { return false }
            rows[key] = arguments[1]
        case "replace":
            guard let key = id(0) else { return false }
            rows[key] = arguments[1]
        case "update":
            guard let key = id(0) else { return false }
            if rows[key] != nil { rows[key] = arguments[1] }
        case "delete":
            guard let key = id(0) else { return false }
            rows[key] = nil
        case "delete-range":
            guard let first = id(0), let end = id(1) else { return false }
            for key in first..<end { rows[key] = nil }
        case "tx":
            guard let updated = id(0), let deleted = id(2) else { return false }
            if rows[updated] != nil { rows[updated] = arguments[1] }
            rows[deleted] = nil
        default:
            return false
        }
        return true
    }
}

/// The child's standard output: its writes, which it acknowledged, which failed, the one in flight.
struct CrashLog {
    var writes: [(write: CrashWrite, assignedID: Int64?)] = []
    var inFlight: CrashWrite?
    var failures: [String] = []
    var migratedBeforeKill = false

    init(_ lines: [String]) {
        var pending: CrashWrite?
        for line in lines {
            let parts = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            switch parts.first {
            case "op":
                guard parts.count >= 3, let number = Int(parts[1]) else { continue }
                pending = CrashWrite(number: number, kind: parts[2], arguments: Array(parts.dropFirst(3)))
            case "ack":
                guard let write = pending, parts.count >= 2, Int(parts[1]) == write.number else { continue }
                writes.append((write, parts.count > 2 ? Int64(parts[2]) : nil))
                pending = nil
            case "fail":
                failures.append(line)
                pending = nil
            case "migrated":
                migratedBeforeKill = true
            default:
                continue
            }
        }
        inFlight = pending
    }

    /// The rows the acknowledged writes leave, from `initial`; nil when one does not apply.
    func expected(from initial: [Int64: String]) -> CrashExpectation? {
        var rows = initial
        for (write, assignedID) in writes {
            guard write.apply(to: &rows, assignedID: assignedID) else { return nil }
        }
        return CrashExpectation(rows: rows)
    }
}

struct CrashExpectation {
    var rows: [Int64: String]

    /// Whether `found` is these rows, with the write in flight applied entirely or not at all.
    func accepts(_ found: [Int64: String], inFlight write: CrashWrite) -> Bool {
        if found == rows { return true }
        var applied = rows
        // A new row's id is known only from the file: the one row not expected that holds its text.
        let assigned = write.kind == "insert-auto"
            ? found.first { rows[$0.key] == nil && $0.value == write.arguments.first }?.key : nil
        return write.apply(to: &applied, assignedID: assigned) && found == applied
    }

    func describeDifference(from found: [Int64: String]) -> String {
        let missing = rows.keys.filter { found[$0] == nil }.sorted()
        let extra = found.keys.filter { rows[$0] == nil }.sorted()
        let changed = rows.keys.filter { found[$0] != nil && found[$0] != rows[$0] }.sorted()
        return "\(missing.count) rows missing \(missing.prefix(8)), \(extra.count) unexpected \(extra.prefix(8)), "
            + "\(changed.count) with another text \(changed.prefix(8).map { "\($0): \(rows[$0]!) → \(found[$0]!)" })"
    }
}

// MARK: - Reading the files

enum CrashCheck {
    struct Found {
        var target: [Int64: String]
        /// nil when the source table is gone; without the rows recorded as moved.
        var source: [Int64: String]?
        /// Source rows the target's file records as moved that were still in the source.
        var recordedAsMoved = 0
        /// Of those, the ones also in the target (the kill fell between the commits of the two files).
        var recordedInBoth = 0
    }

    static func open(_ path: String, key: Data) throws -> Database {
        let database = Database(withPath: path)
        try database.setCipher(rawKey: key)
        return database
    }

    /// `table`'s rows read with SQL text (never rewritten); nil when the table does not exist.
    static func rows(of table: String, in database: Database) throws -> [Int64: String]? {
        guard try !database.getRows("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '\(table)'").isEmpty else { return nil }
        var rows: [Int64: String] = [:]
        for row in try database.getRows("SELECT id, content FROM \(table)") { rows[row[0].int64Value] = row[1].stringValue }
        return rows
    }

    static func initialRows(_ fixture: URL) throws -> [Int64: String] {
        let database = try open(fixture.appendingPathComponent("target.db").path, key: MigrationCrashTests.targetKey)
        defer { database.close() }
        return try rows(of: "old_items", in: database) ?? [:]
    }

    static func read(_ directory: URL, cross: Bool) throws -> Found {
        let target = try open(directory.appendingPathComponent("target.db").path, key: MigrationCrashTests.targetKey)
        defer { target.close() }
        let source = cross ? try open(directory.appendingPathComponent("source.db").path, key: MigrationCrashTests.sourceKey) : target
        defer { if cross { source.close() } }
        var found = Found(target: try rows(of: "items", in: target) ?? [:], source: try rows(of: "old_items", in: source))
        // The source rows at or below the target's watermark have moved (the steps copy them and leave
        // them in the source until it is dropped).
        if let mark = try watermark(in: target) { found.source = found.source?.filter { $0.key > mark } }
        for id in try moved(in: target) where found.source?[id] != nil {
            found.source?[id] = nil
            found.recordedAsMoved += 1
            if found.target[id] != nil { found.recordedInBoth += 1 }
        }
        return found
    }

    /// The watermark `wcdb_migration_progress` holds (the test has one target), nil when none.
    static func watermark(in database: Database) throws -> Int64? {
        guard try !database.getRows("SELECT 1 FROM sqlite_master WHERE name = 'wcdb_migration_progress'").isEmpty else { return nil }
        return try database.getRows("SELECT moved FROM wcdb_migration_progress").first.map { $0[0].int64Value }
    }

    /// The rowids `wcdb_migration_moved` records (the test has one source table).
    static func moved(in database: Database) throws -> [Int64] {
        guard try !database.getRows("SELECT 1 FROM sqlite_master WHERE name = 'wcdb_migration_moved'").isEmpty else { return [] }
        return try database.getRows("SELECT moved FROM wcdb_migration_moved").map { $0[0].int64Value }
    }

    struct Resumed {
        var throughTarget: [Int64: String]
        var migrated: Bool
        var target: [Int64: String]
        var sourceTableExists: Bool
        var recordedAsMoved: Int
    }

    /// Opens the database with the child's migration, reads the target through it, and steps the
    /// migration to its end.
    static func resume(_ directory: URL, cross: Bool) throws -> Resumed {
        let sourcePath = directory.appendingPathComponent("source.db").path
        let database = try open(directory.appendingPathComponent("target.db").path, key: MigrationCrashTests.targetKey)
        defer { database.close() }
        let sourceCipher = Data("x'\(CrashChild.hex(MigrationCrashTests.sourceKey))'".utf8)
        database.addMigration(sourcePath: cross ? sourcePath : nil, sourceCipher: cross ? sourceCipher : nil) { info in
            if info.table == "items" { info.sourceTable = "old_items" }
        }
        var throughTarget: [Int64: String] = [:]
        for row in try database.getRows(on: [Column(named: "id"), Column(named: "content")], fromTable: "items") {
            throughTarget[row[0].int64Value] = row[1].stringValue
        }
        var steps = 0
        while !database.isMigrated(), steps < 10_000 {
            try database.stepMigration()
            steps += 1
        }
        let source = cross ? try open(sourcePath, key: MigrationCrashTests.sourceKey) : database
        defer { if cross { source.close() } }
        return Resumed(throughTarget: throughTarget, migrated: database.isMigrated(),
                       target: try rows(of: "items", in: database) ?? [:],
                       sourceTableExists: try rows(of: "old_items", in: source) != nil,
                       recordedAsMoved: try moved(in: database).count)
    }
}

/// What the kills hit, printed at the end.
struct CrashStats: CustomStringConvertible {
    var runs = 0
    var acknowledged = 0
    var inFlight = 0
    var killedMidMigration = 0
    var migratedBeforeKill = 0
    var sourceRowsLeft = 0
    var killsBetweenCommits = 0
    var rowsRecordedInBoth = 0

    mutating func add(log: CrashLog, found: CrashCheck.Found, delay: TimeInterval) {
        runs += 1
        acknowledged += log.writes.count
        if log.inFlight != nil { inFlight += 1 }
        if let source = found.source, !source.isEmpty { killedMidMigration += 1 }
        if log.migratedBeforeKill { migratedBeforeKill += 1 }
        sourceRowsLeft += found.source?.count ?? 0
        if found.recordedInBoth > 0 { killsBetweenCommits += 1 }
        rowsRecordedInBoth += found.recordedInBoth
    }

    var description: String {
        "\(acknowledged) acknowledged writes, \(inFlight) kills with a write in flight, \(killedMidMigration) with source rows left "
            + "(\(runs == 0 ? 0 : sourceRowsLeft / runs) on average), \(migratedBeforeKill) after the child's migration ended, "
            + "\(killsBetweenCommits) between the commits of the two files (\(rowsRecordedInBoth) rows in both, recorded as moved)"
    }
}
