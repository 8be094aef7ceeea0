import Foundation
import WCDBSwift
import WCDBTestSupport

/// A scratch database with two tables of `Owner`s, "a" and "b", each holding ids 1…20 named after
/// their table ("a1", "b7"); the file goes with the object.
final class OwnerTables {
    private let scratch = ScratchDatabase("owners")
    var database: Database { scratch.database }

    init() throws {
        for table in ["a", "b"] {
            try database.create(table: table, of: Owner.self)
            try database.insert(objects: (1...20).map { Owner(id: Int64($0), name: "\(table)\($0)") }, intoTable: table)
        }
    }

    /// The ids in `table`, in order.
    func ids(_ table: String) throws -> [Int64] {
        try scratch.integers("SELECT id FROM \(table) ORDER BY id")
    }
}

extension ScratchDatabase {
    /// A scratch database with an empty table `owner` of `Owner`s.
    static func withOwnerTable(_ label: String) throws -> ScratchDatabase {
        let scratch = ScratchDatabase(label)
        try scratch.database.create(table: "owner", of: Owner.self)
        return scratch
    }

    /// The ids in `owner`, in order.
    func ownerIDs() throws -> [Int64] { try integers("SELECT id FROM owner ORDER BY id") }

    /// How many rows `owner` holds.
    func ownerCount() throws -> Int64 { try integers("SELECT count(*) FROM owner")[0] }
}
