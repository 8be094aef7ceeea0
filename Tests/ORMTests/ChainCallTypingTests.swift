import Foundation
import Testing
import WCDBSwift

/// A select prepared for a model reads that model without the caller writing its type, as WCDB 2.x
/// code does: `let select = try database.prepareSelect(of: Owner.self, fromTable: …)` then
/// `while let object = try select.nextObject()`.
@Suite struct ChainCallTypingTests {
    @Test func typedSelectNeedsNoAnnotation() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("typing-\(UUID().uuidString).db").path
        let database = Database(withPath: path)
        defer { database.close() }
        try database.create(table: "owner", of: Owner.self)
        try database.insert(objects: [Owner(id: 1, name: "a"), Owner(id: 2, name: "b"), Owner(id: 3, name: "c")], intoTable: "owner")

        let all = try database.prepareSelect(of: Owner.self, fromTable: "owner").order(by: Owner.Properties.id.asOrder(by: .ascending)).allObjects()
        #expect(all.map(\.name) == ["a", "b", "c"])

        let select = try database.prepareSelect(of: Owner.self, fromTable: "owner").where(Owner.Properties.id > 1)
        var names: [String] = []
        while let object = try select.nextObject() { names.append(object.name) }
        #expect(names.sorted() == ["b", "c"])

        // Kept as a plain `Select` (WCDB's non-generic type), the untyped forms still answer.
        let untyped: Select = try database.prepareSelect(of: Owner.self, fromTable: "owner")
        let objects = try untyped.allObjects()
        #expect(objects.count == 3 && objects.allSatisfy { $0 is Owner })
        let typed: [Owner] = try database.prepareSelect(of: Owner.self, fromTable: "owner").allObjects()
        #expect(typed.count == 3)
    }
}
