import Foundation
import Testing
import WCDBSwift
import WCDBTestSupport

/// `wcdb` on files a support engineer is handed: inspection never writes, every verdict has its own
/// exit status, bad arguments and destinations are refused, a failed recover leaves nothing behind.
@Suite struct ToolSafetyTests {
    let directory = HostileFiles.makeDirectory("tool")

    static func wcdb(_ arguments: [String], timeout: TimeInterval = 60) throws -> (status: Int32, output: String) {
        try WCDBToolRunner.run(arguments, timeout: timeout)
    }

    /// Every file of the folder with its bytes.
    private func folderContents(_ folder: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            result[name] = try HostileFiles.contents(folder + "/" + name)
        }
        return result
    }

    enum Journal: String, CaseIterable { case rollback, wal }

    @Test("check and info change no byte of the file and write nothing beside it", arguments: Journal.allCases)
    func inspectionIsReadOnly(journal: Journal) throws {
        let fixture = try RepairFixture(name: "readonly-\(journal)", messages: 200, leaveInWAL: journal == .wal)
        let before = try folderContents(fixture.directory)
        if journal == .wal { #expect(before["damaged.db-wal"] != nil) }
        #expect(try Self.wcdb(["check", fixture.path]).status == 0)
        let info = try Self.wcdb(["info", fixture.path])
        #expect(info.status == 0)
        #expect(info.output.contains("messages: 195 rows"), "\(info.output)")
        #expect(try folderContents(fixture.directory) == before)
    }

    @Test("A WAL commit that claims 2^28 pages neither grows the file nor reads as ok")
    func hugeWALCommitIsNotCheckpointed() throws {
        let fixture = try RepairFixture(name: "huge-commit", messages: 200, leaveInWAL: true)
        try HostileFiles.rewriteWAL(fixture.walPath) { _, header in
            if header[4..<8] != [0, 0, 0, 0] { header.replaceSubrange(4..<8, with: HostileFiles.big32(1 << 28)) }
        }
        let before = try folderContents(fixture.directory)
        let result = try Self.wcdb(["check", fixture.path])
        #expect(result.status == 1, "\(result.output)")
        #expect(try folderContents(fixture.directory) == before)
    }

    @Test("Page 1 claiming 2^32 pages is damaged, found before SQLite allocates for them")
    func headerClaimingTooManyPages() throws {
        let path = try HostileFiles.database(at: directory + "/claims.db", rows: 10, schemaSQL: nil)
        try HostileFiles.overwrite(path, at: 28, with: HostileFiles.big32(0xFFFF_FFFF))
        let result = try Self.wcdb(["check", path])
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("pages"), "\(result.output)")
    }

    @Test("Each verdict has its own exit status")
    func verdicts() throws {
        let key = "verdict-key"
        let plain = try RepairFixture(name: "verdict-plain", messages: 50)
        let keyed = try RepairFixture(name: "verdict-keyed", key: Data(key.utf8), messages: 50)
        let fifo = directory + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let damaged = try RepairFixture(name: "verdict-damaged", messages: 300)
        try damaged.zero(pages: [2, 3, 4])
        let cases: [([String], Int32)] = [
            (["check", plain.path], 0),
            (["check", keyed.path, "--key", key], 0),
            (["check", damaged.path], 1),
            (["check", directory], 2),
            (["check", "/dev/null"], 2),
            (["check", fifo], 2),
            (["check", directory + "/missing.db"], 2),
            (["check", "/proc/version"], 3),
            (["check", keyed.path], 3),
            (["check", keyed.path, "--key", "wrong"], 4),
            (["check", plain.path, "--key", key], 4),
            (["info", keyed.path, "--key", "wrong"], 4),
            (["check", plain.path, "--page-size", "3000000000"], 64),
            (["recover", plain.path, directory + "/x.db", "--page-size", "1000"], 64),
        ]
        for (arguments, expected) in cases {
            let result = try Self.wcdb(arguments, timeout: 30)
            #expect(result.status == expected, "wcdb \(arguments.joined(separator: " ")): \(result.output)")
        }
    }

    @Test("A failed recover leaves nothing at the destination, so the retry works")
    func failedRecoverLeavesNothing() throws {
        let fixture = try RepairFixture(name: "retry", key: Data("right".utf8), messages: 100)
        let destination = directory + "/retry.db"
        let failed = try Self.wcdb(["recover", fixture.path, destination, "--key", "wrong"])
        #expect(failed.status == 4, "\(failed.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
        let retried = try Self.wcdb(["recover", fixture.path, destination, "--key", "right"])
        #expect(retried.status == 0, "\(retried.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["retry.db"])
    }

    @Test("recover removes what a killed recover left beside its destination, says so, and leaves a live run's files")
    func staleRecoveringFiles() throws {
        let fixture = try RepairFixture(name: "stale", messages: 50)
        let destination = directory + "/stale.db"
        // A finished child's process id: no process has it now (a killed recover's, as far as files go).
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try child.run()
        child.waitUntilExit()
        let dead = child.processIdentifier
        try #require(kill(dead, 0) == -1 && errno == ESRCH)
        let stale = ["", "-wal", "-shm", "-journal"].map { destination + ".recovering-\(dead)" + $0 }
        let live = destination + ".recovering-\(getpid())"  // this process is alive: a recover still running
        let unrelated = directory + "/other.db.recovering-\(dead)"
        for path in stale + [live, unrelated] { #expect(FileManager.default.createFile(atPath: path, contents: Data("partial".utf8))) }

        let result = try Self.wcdb(["recover", fixture.path, destination])
        #expect(result.status == 0, "\(result.output)")
        for path in stale { #expect(!FileManager.default.fileExists(atPath: path), "\(path) is left") }
        #expect(FileManager.default.fileExists(atPath: live))
        #expect(FileManager.default.fileExists(atPath: unrelated))
        #expect(result.output.contains("removed") && result.output.contains("stale.db.recovering-\(dead)"), "\(result.output)")
    }

    @Test("A path that is not valid UTF-8 is refused by name, not silently replaced by another")
    func nonUTF8Path() throws {
        let fixture = try RepairFixture(name: "latin1", messages: 20)
        // "caf\xe9.db" in Latin-1: a name Swift's strings cannot hold.
        let raw: [UInt8] = Array(fixture.directory.utf8) + Array("/caf".utf8) + [0xE9] + Array(".db".utf8)
        let linked = raw.withUnsafeBufferPointer { buffer -> Int32 in
            var bytes = Array(buffer) + [0]
            return bytes.withUnsafeMutableBufferPointer { symlink(fixture.path, UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self)) }
        }
        #expect(linked == 0)
        // Process takes String arguments: the shell's printf passes the raw byte instead.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" check \"$(printf '\(fixture.directory)/caf\\351.db')\"", WCDBToolRunner.url.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 64, "\(output)")
        #expect(output.contains("caf\\xe9.db") && output.contains("not valid UTF-8"), "\(output)")
    }

    @Test("recover refuses destinations that are links or companions of the source")
    func unsafeDestinations() throws {
        let fixture = try RepairFixture(name: "destinations", messages: 50)
        let elsewhere = directory + "/elsewhere.db"
        let link = directory + "/link.db"
        #expect(symlink(elsewhere, link) == 0)  // dangling
        for destination in [link, fixture.path + "-wal", fixture.path + "-first.material", fixture.path] {
            let result = try Self.wcdb(["recover", fixture.path, destination])
            #expect(result.status == 64, "\(destination): \(result.output)")
        }
        #expect(!FileManager.default.fileExists(atPath: elsewhere))
        #expect(!FileManager.default.fileExists(atPath: fixture.path + "-wal"))
    }
}
