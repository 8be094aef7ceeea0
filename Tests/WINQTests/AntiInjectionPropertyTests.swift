import Foundation
import WCDBSwift
import WCDBTestSupport
import XCTest

/// Random strings built from the pieces that break naive SQL building.
enum HostileStrings {
    static let pieces: [String] = [
        "'", "''", "\"", "\"\"", "\0", "\n", "\r\n", "\t", " ", ";", "--", "/*", "*/", "`", "[", "]", "\\",
        "?", ":a", "$b", "@c", "%", "_", "(", ")", ",", ".", "😀", "👨‍👩‍👧", "é", "e\u{301}", "中文", "\u{202E}",
        "');DROP TABLE t;--", "\";DROP TABLE t;--", "' OR 1=1 --", "x'00'", "X'41'",
        "select", "FROM", "table", "Order", "group", "NULL", "rowid", "sqlite_", "t", "main", "temp",
        "CAST(", " AS TEXT)", "||", "=", "END", "BEGIN",
    ]

    static func make(_ generator: inout SeededGenerator) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 1...8, using: &generator) {
            if Int.random(in: 0..<3, using: &generator) == 0 {
                text += String(UnicodeScalar(UInt8.random(in: 0x20...0x7E, using: &generator)))
            } else {
                text += pieces.randomElement(using: &generator)!
            }
        }
        return text
    }
}

/// ≥10,000 hostile strings as string literals AND as table and column names, run against SQLCipher:
/// each value must round-trip and the schema must be exactly what the statements say.
final class AntiInjectionPropertyTests: XCTestCase {
    static let seed: UInt64 = 0x5EED_0003
    static let iterations = 10_000

    private func schema(_ database: TestDatabase) throws -> [String] {
        let select = StatementSelect().select(Column(named: "name")).from("sqlite_master")
            .where(Column(named: "type") == "table").order(by: Column(named: "name"))
        return try database.query(select.description).map { $0[0] as! String }
    }

    func testHostileStringsAsLiteralsAndNames() throws {
        var generator = SeededGenerator(seed: Self.seed)
        let database = TestDatabase()
        // A sentinel table that every `DROP TABLE t` attempt would hit.
        XCTAssertNil(database.exec(StatementCreateTable().create(table: "t").with(columns: ColumnDef(named: "a")).description))
        var created = 0
        var rejectedNames = 0
        for iteration in 0..<Self.iterations {
            let context = "seed \(Self.seed) iteration \(iteration)"
            let value = HostileStrings.make(&generator)
            var tableName = HostileStrings.make(&generator)
            let columnName = HostileStrings.make(&generator)
            if tableName.lowercased() == "t" { tableName += "2" }  // SQLite names are case-insensitive (ASCII).

            let column = Column(named: columnName)
            let create = StatementCreateTable().create(table: tableName).with(columns: ColumnDef(with: column, and: .text))
            // SQLite cannot hold a name with NUL (its SQL text ends there) and reserves sqlite_*: those must
            // fail cleanly, leaving the schema untouched.
            let impossible = tableName.contains("\0") || columnName.contains("\0")
                || tableName.lowercased().hasPrefix("sqlite_")
            if let error = database.exec(create.description) {
                XCTAssertTrue(impossible, "\(context): \(create.description) failed: \(error)")
                XCTAssertEqual(try schema(database), ["t"], context)
                rejectedNames += 1
                continue
            }
            XCTAssertFalse(impossible, "\(context): \(create.description) should have failed")
            created += 1
            XCTAssertEqual(Set(try schema(database)), ["t", tableName], context)

            let insert = StatementInsert().insert(intoTable: tableName, with: column).values(value)
            XCTAssertNil(database.exec(insert.description), "\(context): \(insert.description)")
            let select = StatementSelect().select(column).from(tableName).where(column == value)
            let rows = try database.query(select.description)
            XCTAssertEqual(rows.count, 1, "\(context): \(select.description)")
            XCTAssertEqual(rows.first?.first as? String, value, "\(context): \(select.description)")
            // The value also round-trips as an alias-free literal result column.
            XCTAssertEqual(try database.query(StatementSelect().select(value).description).first?.first as? String,
                           value, context)

            XCTAssertNil(database.exec(StatementDropTable().drop(table: tableName).description), context)
            XCTAssertEqual(try schema(database), ["t"], context)
            if testRun?.failureCount ?? 0 > 5 { break }  // keep the log readable when something is broken
        }
        // The generator must actually exercise both paths.
        XCTAssertGreaterThan(created, Self.iterations / 2)
        XCTAssertGreaterThan(rejectedNames, 0)
    }
}
