import Foundation
import WCDBSwift
import XCTest

/// The guide's `Sample` (2.2.3).
struct Sample: TableCodable {
    // @PrimaryKey
    var identifier: Int? = nil
    var description: String? = nil
}

/// The guide's `SampleMulti` (2.2.3).
struct SampleMulti: TableCodable {
    // @PrimaryKey
    var identifier: Int? = nil
    var description: String? = nil
}

/// The guide's samples that used spellings the rest of the API writes differently, copied with the
/// guide's names and labels.
final class SeedSampleTests: DatabaseTestCase {
    // 2.1.3: a custom config running a pragma.
    func testConfigRunningAPragma() throws {
        // The guide writes `try handle.exec()`, leaving out the statement it just built; it is passed here.
        database.setConfig(named: "secure_delete", with: { (handle: Handle) throws in
            let statementPragmaSecureDelete = StatementPragma().pragma(.secureDelete, to: true)
            try handle.exec(statementPragmaSecureDelete)
        }, orderBy: 10)
        XCTAssertEqual(try rows("PRAGMA secure_delete")[0][0], .integer(1))
        database.setConfig(named: "secure_delete", with: { (handle: Handle) throws in
            try handle.exec(StatementPragma().pragma(.secureDelete, to: false))
        }, orderBy: 10)
        XCTAssertEqual(try rows("PRAGMA secure_delete")[0][0], .integer(0), "a config of the same name replaces it")
    }

    // 2.2.3: multi-table select, properties listed inline with a condition.
    func testMultiSelectAsPrinted() throws {
        try database.create(table: "sampleTable", of: Sample.self)
        try database.create(table: "sampleTableMulti", of: SampleMulti.self)
        try database.insert(objects: [Sample(identifier: 1, description: "a"), Sample(identifier: 2, description: "b")],
                            intoTable: "sampleTable")
        try database.insert(objects: [SampleMulti(identifier: 2, description: "multi")], intoTable: "sampleTableMulti")
        let tables = ["sampleTable", "sampleTableMulti"]

        let multiSelect = try database.prepareMultiSelect(
                on:
                    Sample.Properties.identifier.in(table: "sampleTable"),
                    Sample.Properties.description.in(table: "sampleTable"),
                    SampleMulti.Properties.identifier.in(table: "sampleTableMulti"),
                    SampleMulti.Properties.description.in(table: "sampleTableMulti"),
                fromTables: tables,
                where: Sample.Properties.identifier.in(table: "sampleTable") == SampleMulti.Properties.identifier.in(table: "sampleTableMulti")
        )
        var pairs: [(Sample, SampleMulti)] = []
        while let multiObject = try multiSelect.nextMultiObject() {
            let sample = multiObject["sampleTable"] as? Sample
            let sampleMulti = multiObject["sampleTableMulti"] as? SampleMulti
            pairs.append((try XCTUnwrap(sample), try XCTUnwrap(sampleMulti)))
        }
        XCTAssertEqual(pairs.map { $0.0.description }, ["b"])
        XCTAssertEqual(pairs.map { $0.1.description }, ["multi"])
    }

    // 2.2.5: the core layer with `Column.any`.
    func testCoreLayerAsPrinted() throws {
        try database.create(table: "sampleTable", of: Sample.self)
        try database.insert(objects: [Sample(identifier: 1, description: "one"), Sample(identifier: 2, description: nil)],
                            intoTable: "sampleTable")
        var read: [(Int?, String?)] = []
        // 1. 创建 Statement
        let statement = StatementSelect().select(Column.any).from("sampleTable")
        XCTAssertEqual(statement.description, "SELECT * FROM sampleTable")

        // 2. 创建 CoreStatement
        let coreStatement = try database.prepare(statement)

        // 3. 逐步执行 CoreStatment
        while try coreStatement.step() {
            // 4. 获取值
            let identifier: Int? = coreStatement.value(atIndex: 0)
            let description: String? = coreStatement.value(atIndex: 1)
            read.append((identifier, description))
        }
        // 5. 释放 CoreStatement。其 deinit 时也会自动释放
        coreStatement.finalize()
        XCTAssertEqual(read.map(\.0), [1, 2])
        XCTAssertEqual(read.map(\.1), ["one", nil])
    }
}
