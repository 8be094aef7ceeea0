import Foundation
import WCDBSwift
import WCDBTestSupport
import XCTest

/// The ORM's and the generated code's own errors (misuse found before or after SQLite runs) reach the
/// error tracers like SQLite's, once each, located at the database.
final class ErrorReportingTests: DatabaseTestCase {
    private let traced = Box<[WCDBError]>([])

    override func setUpWithError() throws {
        try super.setUpWithError()
        database.tag = 7
        let traced = self.traced
        database.traceError { error in traced.with { $0.append(error) } }
        try database.create(table: "owners", of: Owner.self)
        try database.create(table: "notes", of: Note.self)
        try database.create(table: "partial", of: PartialSample.self)
        try database.insert(objects: [Owner(id: 1, name: "a")], intoTable: "owners")
        try database.insert(objects: [PartialSample(identifier: 1, description: "d")], intoTable: "partial")
    }

    /// Runs `body`, which must throw, and checks that the tracer saw exactly that error, located.
    private func assertReported(_ label: String, file: StaticString = #filePath, line: UInt = #line,
                                _ body: () throws -> Void) {
        traced.with { $0.removeAll() }
        var thrown: WCDBError?
        do {
            try body()
            XCTFail("\(label): did not throw", file: file, line: line)
        } catch let error as WCDBError {
            thrown = error
        } catch {
            XCTFail("\(label): threw \(error)", file: file, line: line)
        }
        let seen = traced.get
        guard let thrown else { return }
        XCTAssertEqual(seen.filter { $0.message == thrown.message }.count, 1,
                       "\(label): the tracer saw \(seen.map(\.message)), thrown: \(thrown.message ?? "")", file: file, line: line)
        XCTAssertEqual(seen.first?.path, database.path, label, file: file, line: line)
        XCTAssertEqual(seen.first?.tag, 7, label, file: file, line: line)
    }

    func testMisuseFoundByTheORMReachesTheTracer() throws {
        assertReported("values and columns disagree") {
            try database.update(table: "owners", on: [Owner.Properties.name], with: ["x", 1] as [ColumnEncodable])
        }
        assertReported("missing table") { _ = try database.getTable(named: "nowhere", of: Owner.self).getObjects() }
        assertReported("not a virtual table") { try database.create(virtualTable: "v", of: Owner.self) }
        assertReported("property of another model") {
            try database.insert(objects: [Owner(id: 2, name: "b")], on: [Note.Properties.body], intoTable: "owners")
        }
        assertReported("property of another model, select") {
            let _: [Owner] = try database.getObjects(on: [Note.Properties.body], fromTable: "owners")
        }
        assertReported("property of another model, chain") {
            let _: TypedSelect<Owner> = try database.prepareSelect(on: Note.Properties.body, fromTable: "owners")
        }
        assertReported("no primary key") { try database.update(objects: [Note(body: "x")], inTable: "notes") }
        assertReported("partial select leaves out a required property") {
            let _: [PartialSample] = try database.getObjects(on: [PartialSample.Properties.identifier], fromTable: "partial")
        }
        assertReported("unqualified multi-select") {
            _ = try database.prepareMultiSelect(on: [Owner.Properties.id, Note.Properties.body], fromTables: ["owners", "notes"])
        }
        assertReported("several statements") { _ = try database.prepare("SELECT 1; SELECT 2") }
        assertReported("SQLite's own error") { _ = try database.getValue("SELECT nothing FROM owners") }
    }
}
