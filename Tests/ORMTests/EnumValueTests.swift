import Foundation
import Testing
import WCDBSwift

/// An enum stored by its raw value is accepted wherever a value is: in a comparison, and as the new
/// value of an update, without declaring it `ColumnEncodable`.
@Suite struct EnumValueTests {
    @Test func anEnumIsTheNewValueOfAnUpdateAndOfAComparison() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-enum-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = Database(withPath: directory.appendingPathComponent("enum.db").path)
        defer { database.close() }
        try database.create(table: "types", of: AllTypes.self)
        var first = AllTypes()
        first.id = 1
        var second = AllTypes()
        second.id = 2
        try database.insert(objects: [first, second], intoTable: "types")

        try database.update(table: "types", on: AllTypes.Properties.mood, with: AllTypes.Mood.sad, where: AllTypes.Properties.id == 2)
        let sad: [AllTypes] = try database.getObjects(fromTable: "types", where: AllTypes.Properties.mood == AllTypes.Mood.sad)
        #expect(sad.map(\.id) == [2])
        // Stored as the raw value, which SQL sees.
        #expect(try database.getRows("SELECT mood FROM types ORDER BY id").map(\.[0].stringValue) == ["happy", "sad"])
        // Through a Table too, with the clauses.
        let table = try #require(try database.getTable(named: "types", of: AllTypes.self))
        try table.update(on: AllTypes.Properties.mood, with: [AllTypes.Mood.sad.rawValue], where: AllTypes.Properties.id == 1)
        #expect(try database.getRows("SELECT count(*) FROM types WHERE mood = 'sad'")[0][0].int64Value == 2)
    }
}
