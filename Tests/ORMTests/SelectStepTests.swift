import Foundation
import Testing
import WCDBSwift
import WCDBTestSupport

/// WCDB 2.x's `Selectable.next()`: a chain-call select steps past a row without reading it, and the next
/// read continues after it.
@Suite struct SelectStepTests {
    @Test func nextStepsPastARowOfEachKindOfSelect() throws {
        let scratch = try ScratchDatabase.withOwnerTable("select-next")
        let database = scratch.database
        try database.insert(objects: (1...3).map { Owner(id: Int64($0), name: "n\($0)") }, intoTable: "owner")
        let order = [Owner.Properties.id.asOrder(by: .ascending)]

        let objects = try database.prepareSelect(of: Owner.self, fromTable: "owner").order(by: order)
        #expect(try objects.next())
        #expect(try objects.nextObject()?.id == 2)

        let rows = try database.prepareRowSelect(on: Owner.Properties.id, fromTable: "owner").order(by: order)
        #expect(try rows.next())
        #expect(try rows.next())
        #expect(try rows.nextValue()?.int64Value == 3)
        #expect(try !rows.next())

        let multi = try database.prepareMultiSelect(on: [Owner.Properties.id.in(table: "owner"), Owner.Properties.name.in(table: "owner")],
                                                    fromTables: ["owner"]).order(by: order)
        #expect(try multi.next())
        #expect((try multi.nextMultiObject()?["owner"] as? Owner)?.id == 2)
    }
}
