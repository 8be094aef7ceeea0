import Foundation
import Testing
import WCDBSwift
import WCDBTestSupport

/// The observed forms of the one-line reads, with models, on a migrating table and on a compressed one:
/// each element equals the blocking read of the same call after the commit it follows.
@Suite(.timeLimit(.minutes(1))) struct ObservedVerbTests {
    private typealias Item = MigrationItem.Properties

    private static func items(_ ids: ClosedRange<Int64>) -> [MigrationItem] {
        ids.map { MigrationItem(id: $0, content: "item \($0)") }
    }

    @Test func observedObjectsValuesAndTableFormsFollowTheirReads() async throws {
        let scratch = ScratchDatabase("observed-verbs")
        let database = scratch.database
        try await database.create(table: "item", of: MigrationItem.self)
        try await database.insert(objects: Self.items(1...3), intoTable: "item")
        let table = database.getTable(named: "item", of: MigrationItem.self)
        var objects = database.observeObjects(of: MigrationItem.self, fromTable: "item", where: Item.id > 1,
                                              orderBy: [Item.id.order(.descending)], limit: 2).makeAsyncIterator()
        var newest = table.observeObject(orderBy: [Item.id.order(.descending)]).makeAsyncIterator()
        var count = table.observeValue(on: Item.id.count()).makeAsyncIterator()
        #expect(try await objects.next()?.map(\.id) == [3, 2])
        #expect(try await newest.next()??.id == 3)
        #expect(try await count.next()?.int64Value == 3)

        try await table.insert(objects: MigrationItem(id: 9, content: "nine"))
        #expect(try await objects.next()?.map(\.id) == [9, 3])
        #expect(try await newest.next() == MigrationItem(id: 9, content: "nine"))
        #expect(try await count.next()?.int64Value == 4)

        try await database.delete(fromTable: "item")
        #expect(try await objects.next() == [])
        #expect(try await newest.next() == .some(nil))
        #expect(try await count.next()?.int64Value == 0)
    }

    /// A table that migrates from another is read through both: a write that lands in the source (a row
    /// not moved yet) is seen, and the migration's own steps leave the elements equal to the content.
    @Test func aMigratingTableIsObservedThroughItsRewrittenReads() async throws {
        let scratch = ScratchDatabase("observed-migration")
        let database = scratch.database
        try await database.create(table: "old", of: MigrationItem.self)
        try await database.insert(objects: Self.items(1...20), intoTable: "old")
        database.addMigration(sourcePath: nil) { info in
            if info.table == "new" { info.sourceTable = "old" }
        }
        try await database.create(table: "new", of: MigrationItem.self)
        var contents = database.observeObjects(of: MigrationItem.self, fromTable: "new", orderBy: [Item.id.order(.ascending)])
            .removeDuplicates().makeAsyncIterator()
        #expect(try await contents.next() == Self.items(1...20))

        try await database.update(table: "new", on: Item.content, with: MigrationItem(id: 0, content: "changed"),
                                  where: Item.id == 20)
        var expected = Self.items(1...20)
        expected[19].content = "changed"
        #expect(try await contents.next() == expected)

        while !database.isMigrated() { try database.stepMigration() }
        try await database.insert(objects: MigrationItem(id: 21, content: "after"), intoTable: "new")
        expected.append(MigrationItem(id: 21, content: "after"))
        // The steps changed the files, not the content: removeDuplicates leaves them out.
        #expect(try await contents.next() == expected)
    }

    @Test func aCompressedTableIsObservedWithItsValuesDecompressed() async throws {
        let scratch = ScratchDatabase("observed-compression")
        let database = scratch.database
        database.setCompression { info in
            if info.tableName == "message" { info.addZSTDNormalCompress(to: CompressedMessage.Properties.text) }
        }
        try await database.create(table: "message", of: CompressedMessage.self)
        var messages = database.observeObjects(of: CompressedMessage.self, fromTable: "message").makeAsyncIterator()
        #expect(try await messages.next() == [])
        let text = String(repeating: "a compressible message ", count: 40)
        try await database.insert(objects: CompressedMessage(id: 1, kind: 0, text: text), intoTable: "message")
        #expect(try await messages.next() == [CompressedMessage(id: 1, kind: 0, text: text)])
    }
}
