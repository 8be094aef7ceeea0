import Foundation
import Testing
import WCDBSwift

/// A row with a key and a text that has a column default, for partial inserts.
final class ChainInsertRow: TableCodable, Equatable {
    // @PrimaryKey
    var id: Int = 0
    // @Default("unset")
    var text: String? = nil

    init() {}
    init(_ id: Int, _ text: String?) { self.id = id; self.text = text }

    static func == (lhs: ChainInsertRow, rhs: ChainInsertRow) -> Bool { lhs.id == rhs.id && lhs.text == rhs.text }
}

private final class ChainInsertScratch {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-chain-insert-\(UUID().uuidString)")
    let database: Database
    let table: Table<ChainInsertRow>

    init() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        database = Database(withPath: directory.appendingPathComponent("test.db").path)
        try database.create(table: "rows", of: ChainInsertRow.self)
        table = database.getTable(named: "rows")
        try table.insert(ChainInsertRow(1, "one"))
    }

    deinit {
        database.close()
        try? FileManager.default.removeItem(at: directory)
    }

    func rows() throws -> [ChainInsertRow] { try table.getObjects(orderBy: [ChainInsertRow.Properties.id.order(.ascending)]) }
}

/// A `Table`'s own chain-call inserts, as WCDB 2.x's `InsertTests` prepare them: of a model
/// (`prepareInsert(of:)`, `OrReplace`, `OrIgnore`), kept in an `Insert!` property, and of some properties
/// (`prepareInsert(on:)`), which leave the others to their column defaults.
@Suite struct TableChainInsertTests {
    @Test func insertOfAModelIntoTheTable() throws {
        let scratch = try ChainInsertScratch()
        var insert: Insert! = try scratch.table.prepareInsert(of: ChainInsertRow.self)
        try insert.execute(with: ChainInsertRow(2, "two"))
        #expect(throws: WCDBError.self) { try insert.execute(with: ChainInsertRow(1, "again")) }

        insert = try scratch.table.prepareInsertOrReplace(of: ChainInsertRow.self)
        try insert.execute(with: ChainInsertRow(1, "replaced"))
        let orIgnore = try scratch.table.prepareInsertOrIgnore(of: ChainInsertRow.self)
        try orIgnore.execute(with: ChainInsertRow(2, "ignored"), ChainInsertRow(3, "three"))
        #expect(orIgnore.changes == 1)
        #expect(try scratch.rows() == [ChainInsertRow(1, "replaced"), ChainInsertRow(2, "two"), ChainInsertRow(3, "three")])
    }

    @Test func insertOfSomePropertiesLeavesTheOthersToTheirDefaults() throws {
        let scratch = try ChainInsertScratch()
        let insert = try scratch.table.prepareInsert(on: ChainInsertRow.Properties.id)
        try insert.execute(with: ChainInsertRow(2, "not written"))
        #expect(throws: WCDBError.self) { try insert.execute(with: ChainInsertRow(2, nil)) }

        try scratch.table.prepareInsertOrReplace(on: ChainInsertRow.Properties.id, ChainInsertRow.Properties.text)
            .execute(with: ChainInsertRow(1, nil))
        try scratch.table.prepareInsertOrIgnore(on: ChainInsertRow.Properties.id).execute(with: ChainInsertRow(1, "ignored"))
        #expect(try scratch.rows() == [ChainInsertRow(1, nil), ChainInsertRow(2, "unset")])
    }

    @Test func propertiesOfAnotherModelAreRefused() throws {
        let scratch = try ChainInsertScratch()
        #expect(throws: WCDBError.self) { try scratch.table.prepareInsert(on: TableInsertOther.Properties.id) }
    }
}

struct TableInsertOther: TableCodable {
    var id: Int = 0
}
