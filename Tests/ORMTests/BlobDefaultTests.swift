import Foundation
import Testing
import WCDBSwift

/// A BLOB column's DEFAULT (`@Default(blob: "…")`, WCDB 2.x's `BindColumnConstraint(…, defaultTo: Data)`).
struct BlobDefaulted: TableCodable {
    // @PrimaryKey
    var id: Int64 = 0
    // @Default(blob: "64656661756c7444617461")
    var payload: Data = Data()
    // @Default(blob: "")
    var empty: Data? = nil
}

@Suite struct BlobDefaultTests {
    @Test func aRowInsertedWithoutTheColumnReadsTheDefaultBytes() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-blobdefault-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = Database(at: directory.appendingPathComponent("blob.db").path)
        defer { database.close() }
        try database.create(table: "t", of: BlobDefaulted.self)

        let defaults = try database.getRows("PRAGMA table_info(t)").map { $0[4].stringValue }
        #expect(defaults == ["", "X'64656661756C7444617461'", "X''"])
        try database.exec("INSERT INTO t(id) VALUES(1)")
        let object: BlobDefaulted? = try database.getObject(fromTable: "t")
        #expect(object?.payload == Data("defaultData".utf8))
        #expect(object?.empty == Data())
        #expect(try database.getValue("SELECT typeof(payload) || typeof(empty) FROM t").stringValue == "blobblob")
    }
}
