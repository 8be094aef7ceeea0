import Foundation
import Testing
@testable import WCDBRepair
import WCDBSwift

/// WAL frames whose header names another page than the one they hold, checksums recomputed as a forger
/// (or the mutation fuzzer) does: the reader loops only over the pages there are, and a keyed frame is
/// used only as the page its HMAC authenticates.
@Suite struct ForgedWALFrameTests {
    /// Each frame's page number and commit size, in order.
    static func frameHeaders(_ walPath: String, pageSize: Int = 4096) throws -> [(page: UInt32, commit: UInt32)] {
        let bytes = Array(try HostileFiles.contents(walPath))
        return stride(from: 32, through: bytes.count - 24 - pageSize, by: 24 + pageSize).map { offset in
            (WALIndex.big32(bytes, offset), WALIndex.big32(bytes, offset + 4))
        }
    }

    @Test("Frames naming page 0x7FFFFFF0 under forged commit sizes: recover reads only the pages present, in seconds",
          arguments: [false, true])
    func frameNamingAFarPage(keyed: Bool) throws {
        let key = keyed ? "far page" : nil
        let fixture = try RepairFixture(name: "far-page", key: key.map { Data($0.utf8) }, messages: 400, leaveInWAL: true)
        let frames = try Self.frameHeaders(fixture.walPath).count
        try #require(frames > 20)
        try HostileFiles.rewriteWAL(fixture.walPath) { frame, header in
            // A few frames late in the log, so the commits before them still hold the rows.
            if frame >= frames * 2 / 3, frame % 5 == 0 { header.replaceSubrange(0..<4, with: HostileFiles.big32(0x7FFF_FFF0 + UInt32(frame))) }
            if header[4..<8] != [0, 0, 0, 0] { header.replaceSubrange(4..<8, with: HostileFiles.big32(0xFFFF_FFF0)) }
        }
        let destination = fixture.directory + "/out.db"
        let result = try WCDBToolRunner.run(["recover", fixture.path, destination] + (key.map { ["--key", $0] } ?? []), timeout: 60)
        try #require(result.status == 0, "\(result.output)")
        let recovered = Database(withPath: destination)
        if let key { recovered.setCipher(key: Data(key.utf8)) }
        defer { recovered.close() }
        let rows = try fixture.compare(recovered, acceptingPreviousCommit: true)
        // Only frames of the last commits were forged: the first commit's 250 messages stay.
        #expect(rows.exact >= 250 * 2 + 125, "\(rows)")
        if keyed { #expect(rows.wrong == 0) }
    }

    /// Table `x` fills the file; then one transaction deletes its second half and inserts as many rows
    /// into `y`, whose leaves reuse the pages `x` freed. In the file those pages are still `x`'s leaves.
    static let reuseScript = """
        CREATE TABLE x(id INTEGER PRIMARY KEY, v TEXT);
        CREATE TABLE y(id INTEGER PRIMARY KEY, v TEXT);
        WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 400)
            INSERT INTO x SELECT i, 'x-row ' || i || ' ' || hex(zeroblob(50)) FROM c;
        PRAGMA wal_checkpoint(TRUNCATE);
        BEGIN;
        DELETE FROM x WHERE id > 200;
        WITH RECURSIVE c(i) AS (SELECT 1001 UNION ALL SELECT i + 1 FROM c WHERE i < 1200)
            INSERT INTO y SELECT i, 'y-row ' || i || ' ' || hex(zeroblob(50)) FROM c;
        COMMIT;
        """

    static func holds(_ text: String, _ page: [UInt8]?) -> Bool {
        guard let page else { return false }
        let needle = Array(text.utf8)
        return page.indices.dropLast(needle.count).contains { page[$0..<$0 + needle.count].elementsEqual(needle) }
    }

    @Test("A keyed WAL frame renamed to another page number brings no row into a table that never held it",
          .enabled(if: SQLCipher4Tool.isAvailable, Comment(rawValue: SQLCipher4Tests.engineMissing)),
          arguments: CipherFormatCase.allCases, [false, true])
    func renamedKeyedFrame(format: CipherFormatCase, forgedCommit: Bool) throws {
        let directory = HostileFiles.makeDirectory("renamed-frame")
        let path = directory + "/db", keyText = "renamed frame"
        let key = Data(keyText.utf8)
        try SQLCipher4Tool.run(["sql", path, keyText, "--wal", "--script", Self.reuseScript] + format.options)
        // The file alone still has x's old leaves where the WAL has y's.
        try FileManager.default.createDirectory(atPath: directory + "/file", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: path, toPath: directory + "/file/db")
        let fileOnly = try PageSource(path: directory + "/file/db", pageSize: 4096, key: key)
        let withWAL = try PageSource(path: path, pageSize: 4096, key: key)
        let headers = try Self.frameHeaders(path + "-wal")
        let target = try #require(headers.indices.dropFirst().first { frame in
            Self.holds("x-row", fileOnly.page(headers[frame].page)) && Self.holds("y-row", withWAL.page(headers[frame].page))
        }, "a frame of y's that reuses a page of x")
        // The frame now claims the page of the frame before it (and, forged, to end a commit).
        try HostileFiles.rewriteWAL(path + "-wal") { frame, header in
            guard frame == target else { return }
            header.replaceSubrange(0..<4, with: HostileFiles.big32(headers[target - 1].page))
            if forgedCommit { header.replaceSubrange(4..<8, with: HostileFiles.big32(headers.last!.commit)) }
        }

        let output = Database(withPath: directory + "/out.db")
        defer { output.close() }
        try output.recover(fromPath: path, databaseKey: key, backupKey: key)
        let x = try output.getRows("SELECT v FROM x").map { $0[0].stringValue }
        let y = try output.getRows("SELECT v FROM y").map { $0[0].stringValue }
        #expect(x.allSatisfy { $0.hasPrefix("x-row") }, "rows of y in x")
        #expect(y.allSatisfy { $0.hasPrefix("y-row") }, "\(y.filter { !$0.hasPrefix("y-row") }.count) rows of x in y")
        // Every row from one committed snapshot: before the transaction or after it.
        #expect([[400, 0], [200, 200]].contains([x.count, y.count]), "x: \(x.count), y: \(y.count)")
    }
}
