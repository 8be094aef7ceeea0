import CSQLCipher
import Foundation
import Testing
import WCDBRepair
import WCDBSwift

/// Every count the reader takes from a damaged file is bounded by what the file holds, and a crafted
/// page cannot make it return a row that was never written.
@Suite struct HostileReaderTests {
    let directory = HostileFiles.makeDirectory("reader")

    @Test("A forged WAL commit that claims 2^32 pages is bounded by the pages present")
    func forgedWALCommitSize() throws {
        let fixture = try RepairFixture(name: "wal-huge", messages: 300, leaveInWAL: true)
        try HostileFiles.rewriteWAL(fixture.walPath) { _, header in
            if header[4..<8] != [0, 0, 0, 0] { header.replaceSubrange(4..<8, with: HostileFiles.big32(0xFFFF_FFFF)) }
        }
        let walSize = try FileManager.default.attributesOfItem(atPath: fixture.walPath)[.size] as? Int ?? 0
        let source = try PageSource(path: fixture.path, pageSize: 4096, key: nil)
        try #require(Int(source.pageCount) <= fixture.pageCount + (walSize - 32) / (24 + 4096))
        let result = try fixture.recover()
        #expect(result.wrong == 0)
        #expect(result.exact == fixture.totalRows)
    }

    @Test("Cell pointers repeated on a page gather one large payload once")
    func amplifiedCellPointers() throws {
        let path = directory + "/amplified.db"
        try HostileFiles.withConnection(path) { db in
            try HostileFiles.run(db, "PRAGMA journal_mode = DELETE")
            try HostileFiles.run(db, "CREATE TABLE t(id INTEGER PRIMARY KEY, b BLOB)")
            try HostileFiles.run(db, "INSERT INTO t VALUES(1, randomblob(4 * 1024 * 1024))")
        }
        let root = Int(try HostileFiles.rootPage(of: "t", in: path))
        let page = Array(try HostileFiles.contents(path)[(root - 1) * 4096..<root * 4096])
        let cellOffset = Int(page[8]) << 8 | Int(page[9])
        let copies = (cellOffset - 8) / 2
        try #require(copies >= 2)
        var forged = [UInt8(copies >> 8), UInt8(copies & 0xFF)]
        try HostileFiles.overwrite(path, at: (root - 1) * 4096 + 3, with: forged)
        forged = (0..<copies).flatMap { _ in [UInt8(cellOffset >> 8), UInt8(cellOffset & 0xFF)] }
        try HostileFiles.overwrite(path, at: (root - 1) * 4096 + 8, with: forged)

        let source = try PageSource(path: path, pageSize: 4096, key: nil)
        let parsed = try #require(source.page(UInt32(root)).flatMap { BTreePage(bytes: $0, number: UInt32(root), source: source) })
        #expect(parsed.cells.count == 1)
        let output = Database(withPath: directory + "/amplified-out.db")
        defer { output.close() }
        try output.recover(fromPath: path)
        #expect(try output.getValue("SELECT count(*) FROM t").int64Value == 1)
        #expect(try output.getValue("SELECT length(b) FROM t").int64Value == 4 * 1024 * 1024)
    }

    @Test("Deleted rows stay deleted when page 1's freelist pointer is lost")
    func freelistPointerLost() throws {
        let path = directory + "/freelist.db"
        try HostileFiles.withConnection(path) { db in
            try HostileFiles.run(db, "PRAGMA journal_mode = DELETE")
            try HostileFiles.run(db, "PRAGMA secure_delete = OFF")
            try HostileFiles.run(db, "CREATE TABLE notes(n INTEGER, body TEXT)")
            try HostileFiles.run(db, "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 600) "
                                 + "INSERT INTO notes SELECT i, 'note ' || i || substr(hex(zeroblob(100)), 1, 100) FROM c")
            try HostileFiles.run(db, "DELETE FROM notes WHERE n BETWEEN 201 AND 400")
        }
        try HostileFiles.overwrite(path, at: 32, with: [0, 0, 0, 0, 0, 0, 0, 0])  // first trunk page, free page count
        let output = Database(withPath: directory + "/freelist-out.db")
        defer { output.close() }
        try output.recover(fromPath: path)
        #expect(try output.getValue("SELECT count(*) FROM notes WHERE n BETWEEN 201 AND 400").int64Value == 0)
        #expect(try output.getValue("SELECT count(*) FROM notes").int64Value == 400)
    }

    enum OverflowTarget: String, CaseIterable, CustomTestStringConvertible {
        case itsOwnPage, anotherLeaf, anInteriorPage
        var testDescription: String { rawValue }
    }

    @Test("An overflow pointer aimed at a page that is not an overflow page loses its row, never makes a wrong one",
          arguments: OverflowTarget.allCases)
    func overflowPointerIntoAnotherKindOfPage(target: OverflowTarget) throws {
        let path = directory + "/overflow-\(target).db"
        try HostileFiles.withConnection(path) { db in
            try HostileFiles.run(db, "PRAGMA journal_mode = DELETE")
            try HostileFiles.run(db, "CREATE TABLE t(id INTEGER PRIMARY KEY, b BLOB)")
            try HostileFiles.run(db, "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 40) "
                                 + "INSERT INTO t SELECT i, randomblob(5000) FROM c")
        }
        let original = Database(withPath: path)
        let expected = try original.getRows("SELECT id, b FROM t").map { ($0[0].int64Value, $0[1].dataValue) }
        original.close()

        let source = try PageSource(path: path, pageSize: 4096, key: nil)
        let pages = (2...source.pageCount).compactMap { number in
            source.page(number).flatMap { BTreePage(bytes: $0, number: number, source: source) }
        }
        let leaves = pages.filter { $0.kind == .tableLeaf }
        let leaf = try #require(leaves.first)
        let cell = try #require(leaf.cells.first { !$0.overflowPages.isEmpty })
        let aimedAt: UInt32
        switch target {
        case .itsOwnPage: aimedAt = leaf.number
        case .anotherLeaf: aimedAt = try #require(leaves.dropFirst().first).number
        case .anInteriorPage: aimedAt = try #require(pages.first { $0.kind == .tableInterior }).number
        }
        try HostileFiles.overwrite(path, at: Int(leaf.number - 1) * 4096 + cell.span.upperBound - 4, with: HostileFiles.big32(aimedAt))

        let output = Database(withPath: directory + "/overflow-\(target)-out.db")
        defer { output.close() }
        try output.recover(fromPath: path)
        let recovered = try output.getRows("SELECT id, b FROM t")
        let wrong = recovered.filter { row in !expected.contains { $0.0 == row[0].int64Value && $0.1 == row[1].dataValue } }
        #expect(wrong.isEmpty)
        #expect(recovered.count == expected.count - 1)
    }

    @Test("retrieve rebuilds a database that opens cleanly because SQLite stopped at a broken WAL frame")
    func retrieveWithABrokenWALFrame() throws {
        let fixture = try RepairFixture(name: "retrieve-wal", messages: 600, leaveInWAL: true)
        let walSize = try FileManager.default.attributesOfItem(atPath: fixture.walPath)[.size] as? Int ?? 0
        let byte = try HostileFiles.contents(fixture.walPath)[walSize - 100]
        try HostileFiles.overwrite(fixture.walPath, at: walSize - 100, with: [byte ^ 0x40])
        let database = Database(withPath: fixture.path)
        defer { database.close() }
        let score = try database.retrieve(with: nil)
        #expect(score > 0.5)
        #expect(try database.getValue("SELECT count(*) FROM notes").int64Value >= 500)
        #expect(try database.getValue("PRAGMA integrity_check").stringValue == "ok")
    }

    @Test("checkIfCorrupted leaves the file's journal mode, its bytes and its WAL as they were", arguments: [false, true])
    func checkIfCorruptedIsReadOnly(wal: Bool) throws {
        let fixture = try RepairFixture(name: "check-readonly", messages: 100, leaveInWAL: wal)
        let before = try HostileFiles.contents(fixture.path)
        let walBefore = try? HostileFiles.contents(fixture.walPath)
        let database = Database(withPath: fixture.path)
        #expect(database.checkIfCorrupted() == false)
        database.close()
        #expect(try HostileFiles.contents(fixture.path) == before)
        #expect((try? HostileFiles.contents(fixture.walPath)) == walBefore)
        guard !wal else { return }  // (the WAL holds newer copies of the first pages)
        try fixture.zero(pages: [2, 3])
        #expect(database.checkIfCorrupted() == true)
        database.close()
    }

    @Test("A material with two tables' roots swapped sends no row into the wrong table")
    func swappedMaterialRoots() throws {
        let fixture = try RepairFixture(name: "swapped-roots", messages: 300)
        try fixture.backup()
        var material = try BackupMaterial.readNewest(forDatabase: fixture.path, key: nil)
        let messages = try #require(material.entries.firstIndex { $0.name == "messages" })
        let notes = try #require(material.entries.firstIndex { $0.name == "notes" })
        (material.entries[messages].rootPage, material.entries[notes].rootPage) =
            (material.entries[notes].rootPage, material.entries[messages].rootPage)
        for path in BackupMaterial.paths(forDatabase: fixture.path) { try? FileManager.default.removeItem(atPath: path) }
        try material.write(forDatabase: fixture.path, key: nil)
        try fixture.zero(pages: [1])
        let result = try fixture.recover()
        #expect(result.wrong == 0)
        #expect(result.exact == fixture.totalRows)
    }

    @Test("With page 1 and the material lost, the page size is found from the pages", arguments: [1024, 8192])
    func pageSizeFoundFromThePages(pageSize: Int) throws {
        let path = directory + "/page-size-\(pageSize).db"
        try HostileFiles.withConnection(path) { db in
            try HostileFiles.run(db, "PRAGMA page_size = \(pageSize)")
            try HostileFiles.run(db, "PRAGMA journal_mode = DELETE")
            try HostileFiles.run(db, "PRAGMA secure_delete = OFF")
            try HostileFiles.run(db, "CREATE TABLE notes(n INTEGER, body TEXT)")
            try HostileFiles.run(db, "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 600) "
                                 + "INSERT INTO notes SELECT i, 'note ' || i || substr(hex(zeroblob(100)), 1, 100) FROM c")
            try HostileFiles.run(db, "DELETE FROM notes WHERE n BETWEEN 201 AND 400")
        }
        try HostileFiles.zero(page: 1, of: path, pageSize: pageSize)
        #expect(try PageSource(path: path, pageSize: 4096, key: nil).pageSize == pageSize)
        let output = Database(withPath: directory + "/page-size-\(pageSize)-out.db")
        defer { output.close() }
        try output.recover(fromPath: path)
        // No schema survives: the rows are kept apart, and none of the deleted ones is among them.
        #expect(try output.getValue("SELECT count(*) FROM lost_and_found_2 WHERE c0 BETWEEN 201 AND 400").int64Value == 0)
        #expect(try output.getValue("SELECT count(*) FROM lost_and_found_2").int64Value == 400)
    }

    @Test("A FIFO beside the source as its -wal is not read, and does not block")
    func fifoAsWAL() throws {
        let fixture = try RepairFixture(name: "fifo-wal", messages: 100)
        #expect(mkfifo(fixture.walPath, 0o600) == 0)
        let result = try fixture.recover()
        #expect(result.exact == fixture.totalRows)
    }

    @Test("A FIFO in place of the material is not read, and does not block")
    func fifoAsMaterial() throws {
        let fixture = try RepairFixture(name: "fifo-material", messages: 100)
        #expect(mkfifo(BackupMaterial.paths(forDatabase: fixture.path)[0], 0o600) == 0)
        let result = try fixture.recover()
        #expect(result.exact == fixture.totalRows)
    }

    @Test("A source that is not a regular file is refused before it is opened")
    func fifoAsSource() throws {
        let fifo = directory + "/fifo.db"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: RepairError.self) { try PageSource(path: fifo, pageSize: 4096, key: nil) }
        #expect(throws: RepairError.self) { try PageSource(path: directory, pageSize: 4096, key: nil) }
        let output = Database(withPath: directory + "/fifo-out.db")
        defer { output.close() }
        #expect(throws: WCDBError.self) { try output.recover(fromPath: fifo) }
    }
}
