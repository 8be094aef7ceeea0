import Foundation
import Testing
import WCDBSwift

/// What `close(onClosed:)` promises: inside the callback the files may be changed behind the library's
/// back, so no connection opened there outlives it with pages of the old file.
@Suite struct CloseCallbackTests {
    @Test("A connection opened inside onClosed does not survive it with stale pages")
    func noStaleConnectionAfterOnClosed() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("close-\(UUID().uuidString).db").path
        let database = Database(withPath: path)
        defer { database.close() }
        try database.exec("CREATE TABLE t(a INTEGER)")
        _ = try database.getRows("INSERT INTO t VALUES(1)")
        try database.close {
            // A read inside the callback opens a handle; then the file's header is destroyed.
            #expect(try database.getValue("SELECT count(*) FROM t").int64Value == 1)
            let file = try FileHandle(forUpdating: URL(fileURLWithPath: path))
            try file.write(contentsOf: Data(repeating: 0, count: 100))
            try file.close()
        }
        // A fresh connection sees the file as it now is: not a database.
        #expect(throws: WCDBError.self) { try database.getValue("SELECT count(*) FROM t") }
        #expect(database.checkIfCorrupted())
    }
}
