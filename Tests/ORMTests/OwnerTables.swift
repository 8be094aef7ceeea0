import Foundation
import WCDBSwift

/// A scratch database with two tables of `Owner`s, "a" and "b", each holding ids 1…20 named after
/// their table ("a1", "b7"); the file goes with the object.
final class OwnerTables {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-owners-\(UUID().uuidString)")
    let database: Database

    init() throws {
        database = Database(withPath: directory.appendingPathComponent("owners.db").path)
        for table in ["a", "b"] {
            try database.create(table: table, of: Owner.self)
            try database.insert(objects: (1...20).map { Owner(id: Int64($0), name: "\(table)\($0)") }, intoTable: table)
        }
    }

    deinit {
        database.close()
        try? FileManager.default.removeItem(at: directory)
    }

    /// The ids in `table`, in order.
    func ids(_ table: String) throws -> [Int64] {
        try database.getRows("SELECT id FROM \(table) ORDER BY id").map { $0[0].int64Value }
    }
}
