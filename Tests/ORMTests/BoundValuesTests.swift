import Foundation
@testable import WCDBSwift
import WCDBTestSupport
import XCTest

/// WINQ expressions carry the values they compare with as bound values (`Expression.boundValues`), so a
/// query that differs only in its values reuses one prepared statement. These tests pin what is bound,
/// what stays in the text, and that a bound query returns exactly what the literal SQL returns.
final class BoundValuesTests: DatabaseTestCase {
    // MARK: The values in the tree

    private struct Lifted {
        let sql: String
        let values: [FundamentalValue]
    }

    /// The condition as the CRUD layer runs it: its text with `?`, and the values bound to them.
    private func lift(_ condition: ExpressionConvertible) -> Lifted? {
        let expression = condition.asExpression()
        guard !expression.hasOwnParameters else { return nil }
        var renderer = SQLRenderer(mode: .bound)
        renderer.render(expression)
        return Lifted(sql: renderer.sql, values: renderer.values)
    }

    func testComparisonsInListsAndLikeBindEveryValueInTextOrder() throws {
        let id = Column(named: "id"), name = Column(named: "name")
        let lifted = try XCTUnwrap(lift(id > 3 && name.like("a'b%", escape: "\\") || id.in(1, -2, 3.5)))
        XCTAssertFalse(lifted.sql.contains("3") || lifted.sql.contains("a''b"), lifted.sql)
        XCTAssertEqual(lifted.values, [.integer(3), .text("a'b%"), .text("\\"), .integer(1), .integer(-2), .double(3.5)])
        XCTAssertEqual(lifted.sql, "((id > ?) AND (name LIKE ? ESCAPE ?)) OR (id IN (?, ?, ?))")
    }

    func testBlobsAndStringsWithNULAreBoundAsTheirBytes() throws {
        let blob = Data([0x00, 0xFF, 0x27, 0x3F])
        let lifted = try XCTUnwrap(lift(Column(named: "data") == blob))
        XCTAssertEqual(lifted.values, [.blob(blob)])
        let withNUL = try XCTUnwrap(lift(Column(named: "name") == "a\u{0}b"))
        XCTAssertEqual(withNUL.values, [.text("a\u{0}b")])
        XCTAssertEqual(withNUL.sql, "name = ?")
        // Printed for people, the string with NUL still round-trips as a CAST blob.
        XCTAssertEqual((Column(named: "name") == "a\u{0}b").asExpression().description, "name = (+CAST(X'610062' AS TEXT))")
    }

    func testFunctionArgumentsArithmeticNullKeywordsStayInTheText() throws {
        let name = Column(named: "name"), a = Column(named: "a")
        let lifted = try XCTUnwrap(lift(name.substr(start: 1, length: 3) == "abc" && (a + 1) == 5))
        XCTAssertTrue(lifted.sql.contains("substr(name, 1, 3)"), "an expression index on substr(name, 1, 3) must still match: \(lifted.sql)")
        XCTAssertTrue(lifted.sql.contains("(a + 1)"), "an expression index on a + 1 must still match: \(lifted.sql)")
        XCTAssertEqual(lifted.values, [.text("abc"), .integer(5)])
        XCTAssertEqual(try XCTUnwrap(lift(name.isNull())).sql, "name IS NULL")
        XCTAssertEqual(try XCTUnwrap(lift(a == Expression.currentTimestamp)).values, [])
        // Values that used to print oddly are bound exactly.
        XCTAssertEqual(try XCTUnwrap(lift(a == Int64.min)).values, [.integer(Int64.min)])
        XCTAssertEqual(try XCTUnwrap(lift(a == Double.infinity)).values, [.double(.infinity)])
        // On request, a compared value stays in the text, for the planner.
        let inlined = try XCTUnwrap(lift(a == Expression(inlining: 1)))
        XCTAssertEqual(inlined.sql, "a = 1")
        XCTAssertEqual(inlined.values, [])
    }

    func testSubqueriesKeepTheirTextAndOwnBindParametersAreNotLifted() throws {
        let inner = StatementSelect().select(Column(named: "id")).from("owner").order(by: Expression(with: 1)).limit(1)
        let lifted = try XCTUnwrap(lift(Column(named: "id").in(inner) && Column(named: "x") == 3))
        XCTAssertEqual(lifted.sql, "(id IN (SELECT id FROM owner ORDER BY 1 LIMIT 1)) AND (x = ?)")
        XCTAssertNil(lift(Column(named: "id") == Expression.bindParameter))
        XCTAssertNil(lift(Column(named: "id") == Expression.bindParameter(named: "k")))
        XCTAssertNil(lift(Expression.function("lower", Expression.bindParameter) == "a"))
    }

    func testQuotedNamesAreCopiedVerbatim() throws {
        let odd = Column(named: "we?ird 'col' 42")
        let lifted = try XCTUnwrap(lift(odd == 7))
        XCTAssertTrue(lifted.sql.contains("\"we?ird 'col' 42\""), lifted.sql)
        XCTAssertEqual(lifted.values, [.integer(7)])
        XCTAssertEqual((odd == "x'y").asExpression().description, "\"we?ird 'col' 42\" = 'x''y'")
    }

    // MARK: Through the CRUD API, on a real database

    func testLookupsByChangingValuesShareOneStatementAndTraceTheParameterisedSQL() throws {
        try database.create(table: "owner", of: Owner.self)
        try database.insert(objects: (1...200).map { Owner(id: Int64($0), name: "n\($0)") }, intoTable: "owner")
        let traced = Box<Set<String>>([])
        database.traceSQL { sql in traced.with { _ = $0.insert(sql) } }
        for id in 1...200 {
            let owner: Owner? = try database.getObject(fromTable: "owner", where: Owner.Properties.id == id)
            XCTAssertEqual(owner?.name, "n\(id)")
        }
        database.traceSQL(nil)
        let selects = traced.with { $0.filter { $0.hasPrefix("SELECT") } }
        XCTAssertEqual(selects.count, 1, "one SQL text for 200 different ids: \(selects)")
        XCTAssertTrue(selects.first?.contains("?") ?? false)
        // Found by its structure in the handle's cache (the condition's node), so never looked up by text.
        try database.withHandle(forWriting: false) { handle in
            XCTAssertEqual(handle.textCachedStatementCount, 0)
            XCTAssertLessThanOrEqual(handle.cachedStatementCount, 2, "the select (and at most the insert on the same handle)")
        }
    }

    func testSelectOfEveryColumnWithClausesRunsTheSQLStatementSelectPrints() throws {
        try database.create(table: "owner", of: Owner.self)
        try database.insert(objects: (1...10).map { Owner(id: Int64($0), name: "n\($0)") }, intoTable: "owner")
        let traced = Box<[String]>([])
        database.traceSQL { sql in traced.with { $0.append(sql) } }
        let got: [Owner] = try database.getObjects(fromTable: "owner", where: Owner.Properties.id > 2,
                                                   orderBy: [Owner.Properties.id.asOrder(by: .descending)], limit: 3, offset: 1)
        database.traceSQL(nil)
        XCTAssertEqual(got.map(\.id), [9, 8, 7])
        let expected = StatementSelect().select(Owner.Properties.all).from("owner")
            .where(Owner.Properties.id > Expression.bindParameter)
            .order(by: Owner.Properties.id.asOrder(by: .descending))
            .limit(Expression.bindParameter, offset: Expression.bindParameter).description
        XCTAssertEqual(traced.with { $0.filter { $0.hasPrefix("SELECT") } }, [expected])
    }

    func testUpdateDeleteAndValueReadsBindTheLiftedValuesAfterTheirOwn() throws {
        try database.create(table: "owner", of: Owner.self)
        try database.insert(objects: (1...10).map { Owner(id: Int64($0), name: "n\($0)") }, intoTable: "owner")
        // UPDATE … SET name = ?1 WHERE id > ? ORDER BY id LIMIT ?: the clause's values follow SET's.
        try database.update(table: "owner", on: Owner.Properties.name, with: Owner(id: 0, name: "x"),
                            where: Owner.Properties.id > 5, orderBy: [Owner.Properties.id.asOrder(by: .ascending)], limit: 2)
        XCTAssertEqual(try database.getColumn(on: Owner.Properties.name, fromTable: "owner",
                                              orderBy: [Owner.Properties.id.asOrder(by: .ascending)]).map(\.stringValue),
                       ["n1", "n2", "n3", "n4", "n5", "x", "x", "n8", "n9", "n10"])
        try database.update(table: "owner", on: [Owner.Properties.name], with: ["y"], where: Owner.Properties.name == "x")
        XCTAssertEqual(try database.getValue(on: Owner.Properties.id.count(), fromTable: "owner",
                                             where: Owner.Properties.name == "y").int64Value, 2)
        // An offset without a limit (LIMIT -1 OFFSET 8), lifted too.
        XCTAssertEqual(try database.getColumn(on: Owner.Properties.id, fromTable: "owner",
                                              orderBy: [Owner.Properties.id.asOrder(by: .ascending)], offset: 8).map(\.int64Value), [9, 10])
        try database.delete(fromTable: "owner", where: Owner.Properties.id >= 3, orderBy: [Owner.Properties.id.asOrder(by: .descending)], limit: 7)
        XCTAssertEqual(try database.getColumn(on: Owner.Properties.id, fromTable: "owner").map(\.int64Value).sorted(), [1, 2, 3])
    }

    func testGetValueStepsOnceAndLimitsOnlyWhenOrdered() throws {
        try database.create(table: "owner", of: Owner.self)
        try database.insert(objects: (1...10).map { Owner(id: Int64($0), name: "n\($0)") }, intoTable: "owner")
        let traced = Box<[String]>([])
        database.traceSQL { sql in traced.with { $0.append(sql) } }
        // An aggregate: the SQL a hand-written query would prepare, no LIMIT.
        XCTAssertEqual(try database.getValue(on: Owner.Properties.id.max(), fromTable: "owner").int64Value, 10)
        // No ORDER BY: the first row the engine yields (rowid order here), read by one step.
        XCTAssertEqual(try database.getValue(on: Owner.Properties.name, fromTable: "owner",
                                             where: Owner.Properties.id > 3).stringValue, "n4")
        // ORDER BY: LIMIT 1 so the engine keeps only the best row.
        XCTAssertEqual(try database.getValue(on: Owner.Properties.name, fromTable: "owner",
                                             orderBy: [Owner.Properties.id.asOrder(by: .descending)]).stringValue, "n10")
        // An offset without a limit skips rows and still reads one value.
        XCTAssertEqual(try database.getValue(on: Owner.Properties.id, fromTable: "owner",
                                             orderBy: [Owner.Properties.id.asOrder(by: .ascending)], offset: 4).int64Value, 5)
        XCTAssertEqual(try database.getDistinctValue(on: Owner.Properties.name, fromTable: "owner",
                                                     orderBy: [Owner.Properties.name.asOrder(by: .ascending)]).stringValue, "n1")
        // No row: NULL.
        XCTAssertTrue(try database.getValue(on: Owner.Properties.name, fromTable: "owner", where: Owner.Properties.id > 99).isNull)
        database.traceSQL(nil)
        let selects = traced.with { $0.filter { $0.hasPrefix("SELECT") } }
        XCTAssertEqual(selects.first, "SELECT MAX(id) FROM owner")
        XCTAssertEqual(selects[1], "SELECT name FROM owner WHERE id > ?")
        XCTAssertEqual(selects[2], "SELECT name FROM owner ORDER BY id DESC LIMIT ?")
    }

    func testChainCallSelectsAndDeletesBindTheirValuesToo() throws {
        try database.create(table: "owner", of: Owner.self)
        try database.insert(objects: (1...50).map { Owner(id: Int64($0), name: "n\($0)") }, intoTable: "owner")
        let traced = Box<[String]>([])
        database.traceSQL { sql in traced.with { $0.append(sql) } }
        for id in 1...50 {
            let found: [Owner] = try database.prepareSelect(of: Owner.self, fromTable: "owner")
                .where(Owner.Properties.id == id).allObjects()
            XCTAssertEqual(found.map(\.name), ["n\(id)"])
        }
        // ORDER BY and LIMIT/OFFSET lift too; an offset alone keeps its meaning (LIMIT -1 OFFSET n).
        let page: [Owner] = try database.prepareSelect(of: Owner.self, fromTable: "owner")
            .where(Owner.Properties.id > 40).order(by: Owner.Properties.id.asOrder(by: .ascending)).offset(7).allObjects()
        XCTAssertEqual(page.map(\.id), [48, 49, 50])
        // GROUP BY / HAVING bind their values too.
        let grouped: [Owner] = try database.prepareSelect(on: Owner.Properties.id.max().as(Owner.Properties.id), Owner.Properties.name,
                                                          fromTable: "owner")
            .where(Owner.Properties.id <= 10).group(by: Owner.Properties.name).having(Owner.Properties.id.max() > 8).allObjects()
        XCTAssertEqual(Set(grouped.map(\.id)), [9, 10])
        let delete = try database.prepareDelete(fromTable: "owner").where(Owner.Properties.id > 45)
            .order(by: Owner.Properties.id.asOrder(by: .descending)).limit(3)
        XCTAssertEqual(delete.description, "DELETE FROM owner WHERE id > 45 ORDER BY id DESC LIMIT 3")
        try delete.execute()
        XCTAssertEqual(delete.changes, 3)
        try database.prepareDelete(fromTable: "owner").where(Owner.Properties.id > 46).execute()
        database.traceSQL(nil)
        XCTAssertEqual(try database.getColumn(on: Owner.Properties.id, fromTable: "owner", where: Owner.Properties.id > 40)
                        .map(\.int64Value), [41, 42, 43, 44, 45, 46])
        let sqls = traced.with { $0 }
        let lookups = Set(sqls.filter { $0.hasPrefix("SELECT") && $0.contains("WHERE id = ") })
        XCTAssertEqual(lookups, ["SELECT id, name FROM owner WHERE id = ?"], "50 ids, one SQL text")
        XCTAssertTrue(sqls.contains("SELECT id, name FROM owner WHERE id > ? ORDER BY id ASC LIMIT -1 OFFSET ?"), "\(sqls)")
        XCTAssertTrue(sqls.contains { $0.hasSuffix("WHERE id <= ? GROUP BY name HAVING MAX(id) > ?") }, "\(sqls)")
        XCTAssertTrue(sqls.contains("DELETE FROM owner WHERE id > ? ORDER BY id DESC LIMIT ?"), "\(sqls)")
    }

    func testStreamingReadsBindTheirValues() throws {
        try database.create(table: "owner", of: Owner.self)
        try database.insert(objects: (1...20).map { Owner(id: Int64($0), name: "n\($0)") }, intoTable: "owner")
        let traced = Box<[String]>([])
        database.traceSQL { sql in traced.with { $0.append(sql) } }
        for id in [3, 7] {
            let select = try database.prepareSelect(of: Owner.self, fromTable: "owner").where(Owner.Properties.id == id)
            XCTAssertEqual(try select.nextObject()?.name, "n\(id)")
            XCTAssertNil(try select.nextObject())
        }
        let rows = try database.prepareRowSelect(on: Owner.Properties.name, fromTable: "owner")
            .where(Owner.Properties.name.like("n1%") && Owner.Properties.id < 12).order(by: Owner.Properties.id).limit(2)
        XCTAssertEqual(try rows.allValues().map(\.stringValue), ["n1", "n10"])
        let multi = try database.prepareMultiSelect(on: [Owner.Properties.id.in(table: "owner"), Owner.Properties.name.in(table: "owner")],
                                                    fromTables: ["owner"], where: Owner.Properties.id.in(table: "owner") == 5)
        XCTAssertEqual(try multi.allMultiObjects().compactMap { ($0["owner"] as? Owner)?.name }, ["n5"])
        database.traceSQL(nil)
        let sqls = traced.with { $0.filter { $0.hasPrefix("SELECT") } }
        XCTAssertEqual(Set(sqls.filter { $0.hasPrefix("SELECT id, name FROM owner WHERE") }), ["SELECT id, name FROM owner WHERE id = ?"], "\(sqls)")
        XCTAssertTrue(sqls.contains("SELECT name FROM owner WHERE (name LIKE ?) AND (id < ?) ORDER BY id LIMIT ?"), "\(sqls)")
        XCTAssertTrue(sqls.contains("SELECT owner.id, owner.name FROM owner WHERE owner.id = ?"), "\(sqls)")
    }

    /// Seeded random values of every storage class, including the awkward ones (quotes, `?`, comment
    /// markers, NUL, non-ASCII, negative zero, extremes): the lifted query finds exactly the rows the
    /// literal SQL finds.
    func testLiftedQueriesReturnWhatTheLiteralSQLReturns() throws {
        try database.create(table: "owner", of: Owner.self)
        try database.exec("CREATE TABLE mixed(v)")
        var rng = SeededGenerator(seed: 0x11F7_0006)
        let fragments = ["'", "''", "?", ":a", "--", "/*", "*/", "\u{0}", "é", "🙂", "x'00'", " ", "\"", "0x1F", "1e5"]
        var values: [LiteralValue] = []
        for _ in 0..<300 {
            switch rng.next() % 4 {
            case 0: values.append(LiteralValue([Int64.min, Int64.max, 0, -1, Int64(bitPattern: rng.next())][Int(rng.next() % 5)]))
            case 1: values.append(LiteralValue([0.0, -0.0, 1e-300, -1.5e300, Double(bitPattern: rng.next() >> 2)][Int(rng.next() % 5)]))
            case 2: values.append(LiteralValue((0..<Int(rng.next() % 5)).map { _ in fragments[Int(rng.next() % UInt64(fragments.count))] }.joined()))
            default: values.append(LiteralValue(Data((0..<Int(rng.next() % 6)).map { _ in UInt8(truncatingIfNeeded: rng.next()) })))
            }
        }
        try database.run(transaction: {
            for value in values {
                try database.exec("INSERT INTO mixed VALUES(\(value.description))")
            }
        })
        let v = Column(named: "v")
        for value in values {
            for condition in [v == value.asExpression(), v > value.asExpression(), v.in([value.asExpression(), Expression(with: 7)])] {
                let lifted = try database.getColumn(on: Column.rowid, fromTable: "mixed", where: condition).map(\.int64Value)
                let literal = try database.getRows(StatementSelect().select(Column.rowid).from("mixed").where(condition).description)
                    .map { $0[0].int64Value }
                XCTAssertEqual(lifted, literal, condition.description)
            }
        }
    }
}

