import Foundation
import Testing
import WCDBSwift
import WCDBTestSupport

/// A row for the literal-expression tests: three rows, identifiers 1, 2, 3.
struct ExpressionLiteralRow: TableCodable, Equatable {
    // @PrimaryKey
    var identifier: Int? = nil
    var description: String? = nil
}

/// WCDB 2.x's literal-convertible `Expression` (`let e: Expression = 1`): each kind of literal prints as
/// 2.x prints it (but for SQLite 3.15.2's booleans and the shortest decimal) and runs on a real database;
/// the two things the literals must not do still do not happen. A typed property compared with a literal of
/// another Swift type still does not compile (`Message.Properties.localID > "abc"`: checked by WINQ.md's
/// `does-not-compile` block, which `scripts/docs-examples.sh` compiles); and `cond ? expression : nil`
/// given to a verb's optional condition, limit or offset is still no clause, not `NULL` (`Expression` takes
/// no `nil` literal for that reason; `Expression(nil)` is NULL).
@Suite struct ExpressionLiteralTests {
    /// Each kind of literal as an `Expression`, what it prints (2.x's spelling but where noted), and the
    /// value SQLite reads back: its storage class and its text.
    static let literals: [(WCDBSwift.Expression, String, ColumnType, String)] = [
        (1, "1", .integer64, "1"),
        (-7, "-7", .integer64, "-7"),
        (9_223_372_036_854_775_807, "9223372036854775807", .integer64, "9223372036854775807"),
        (1.5, "1.5", .float, "1.5"),
        (1.1, "1.1", .float, "1.1"),  // 2.x prints 1.1000000000000001: the same Double
        ("1", "'1'", .text, "1"),
        ("it's", "'it''s'", .text, "it's"),
        ("", "''", .text, ""),
        (false, "0", .integer64, "0"),  // 2.x prints FALSE, which SQLite 3.15.2 does not know
        (true, "1", .integer64, "1"),
    ]

    @Test(arguments: 0..<literals.count)
    func literalPrintsAndRuns(_ index: Int) throws {
        let (expression, sql, type, text) = Self.literals[index]
        #expect(expression.description == sql)
        let scratch = try ScratchDatabase.withLiteralRows()
        let value = try scratch.database.getValue(on: expression, fromTable: "rows")
        #expect(value.type == type)
        #expect(value.stringValue == text)
        // Compared with itself (its value bound on both sides), the literal is equal: `(? = ?)` is 1.
        #expect(try scratch.database.getValue(on: expression == expression, fromTable: "rows").int64Value == 1)
    }

    /// A literal `Expression` as an operand: the value is bound where compared, printed where it is part of
    /// the expression's shape, and selects the rows it should.
    static let conditions: [(WCDBSwift.Expression, String, [Int?])] = {
        let two: WCDBSwift.Expression = 2
        let b: WCDBSwift.Expression = "b"
        let yes: WCDBSwift.Expression = true
        let identifier = Column(named: "identifier")
        let row = ExpressionLiteralRow.Properties.self
        return [
            (identifier > two, "identifier > 2", [3]),
            (row.identifier >= two, "identifier >= 2", [2, 3]),  // a typed property takes an explicit Expression
            (row.description == b, "description = 'b'", [2]),
            (identifier + two == 4, "(identifier + 2) = 4", [2]),
            (yes, "1", [1, 2, 3]),
            (row.identifier == 1 || two < identifier, "(identifier = 1) OR (2 < identifier)", [1, 3]),
        ]
    }()

    @Test(arguments: 0..<conditions.count)
    func literalInConditionSelectsRows(_ index: Int) throws {
        let (condition, sql, identifiers) = Self.conditions[index]
        #expect(condition.description == sql)
        let scratch = try ScratchDatabase.withLiteralRows()
        #expect(try scratch.identifiers(where: condition) == identifiers)
    }

    /// A typed property compared with a value of its own type still takes the typed operator (the literal
    /// is bound, the node is the property's); with an explicit node it takes the generic one.
    @Test func typedPropertyStillTakesItsOwnType() throws {
        let row = ExpressionLiteralRow.Properties.self
        #expect((row.identifier > 2).description == "identifier > 2")
        #expect((row.identifier >= 2.5).description == "identifier >= 2.5")
        #expect((row.identifier == nil).description == "identifier IS NULL")
        #expect((row.description == "b").description == "description = 'b'")
        #expect((row.identifier == Expression.bindParameter).description == "identifier = ?")
        #expect((row.identifier < Column(named: "x")).description == "identifier < x")
        #expect((row.identifier < LiteralValue(5)).description == "identifier < 5")
        // An implicit member still finds Expression's keywords and parameters.
        #expect((row.identifier == .bindParameter).description == "identifier = ?")
        #expect((row.identifier != .bindParameter(2)).description == "identifier != ?2")
        #expect((row.identifier == .bindParameter(named: "id")).description == "identifier = :id")
        #expect((row.identifier == .null).description == "identifier IS NULL")
        #expect((row.description < .currentDate).description == "description < CURRENT_DATE")
        #expect(WCDBSwift.Expression.null.description == "NULL" && WCDBSwift.Expression.bindParameter.description == "?")
        let scratch = try ScratchDatabase.withLiteralRows()
        #expect(try scratch.identifiers(where: row.identifier > 2) == [3])
        #expect(try scratch.identifiers(where: row.description == "it's") == [3])
    }

    /// `cond ? expression : nil`, given to a verb's optional condition, limit or offset, is no clause when
    /// `cond` is false (every row), and the expression when it is true.
    @Test(arguments: [false, true])
    func conditionalExpressionOrNilIsNoClause(_ cond: Bool) throws {
        let scratch = try ScratchDatabase.withLiteralRows()
        let greater = ExpressionLiteralRow.Properties.identifier > 1
        let one: WCDBSwift.Expression = 1
        #expect(try scratch.identifiers(where: cond ? greater : nil) == (cond ? [2, 3] : [1, 2, 3]))
        #expect(try scratch.identifiers(where: cond ? one : nil) == [1, 2, 3])
        #expect(try scratch.identifiers(limit: cond ? one : nil) == (cond ? [1] : [1, 2, 3]))
        #expect(try scratch.identifiers(limit: 10, offset: cond ? one : nil) == (cond ? [2, 3] : [1, 2, 3]))
        let count = try scratch.database.getValue(on: Column.all().count(), fromTable: "rows",
                                                  where: cond ? Column(named: "identifier") == one : nil)
        #expect(count.int64Value == (cond ? 1 : 3))
        try scratch.database.update(table: "rows", on: ExpressionLiteralRow.Properties.description,
                                    with: ExpressionLiteralRow(description: "x"),
                                    where: cond ? ExpressionLiteralRow.Properties.identifier == 3 : nil)
        let updated = try scratch.database.getValue(on: Column.all().count(), fromTable: "rows",
                                                    where: ExpressionLiteralRow.Properties.description == "x")
        #expect(updated.int64Value == (cond ? 1 : 3))
        try scratch.database.delete(fromTable: "rows", where: cond ? greater : nil)
        #expect(try scratch.identifiers() == (cond ? [1] : []))
    }

    /// `where: nil` is no clause, also for `delete`, which has an `Expression` overload.
    @Test func nilConditionDeletesEveryRow() throws {
        let scratch = try ScratchDatabase.withLiteralRows()
        #expect(try scratch.identifiers(where: nil) == [1, 2, 3])
        try scratch.database.delete(fromTable: "rows", where: nil)
        #expect(try scratch.identifiers() == [])
    }

    /// 2.x's `Expression(nil)` (and `Expression.null`) is NULL: `WHERE NULL` matches no row.
    @Test func explicitNullExpressionIsNull() throws {
        let scratch = try ScratchDatabase.withLiteralRows()
        #expect(WCDBSwift.Expression(nil).description == "NULL")
        #expect(try scratch.identifiers(where: WCDBSwift.Expression(nil)) == [])
        #expect(try scratch.database.getValue(on: Expression.null, fromTable: "rows").type == .null)
    }
}

private extension ScratchDatabase {
    /// A scratch database whose table `rows` holds identifiers 1, 2 and 3 ("a", "b", "it's").
    static func withLiteralRows() throws -> ScratchDatabase {
        let scratch = ScratchDatabase("literals")
        try scratch.database.create(table: "rows", of: ExpressionLiteralRow.self)
        try scratch.database.insert([ExpressionLiteralRow(identifier: 1, description: "a"),
                                     ExpressionLiteralRow(identifier: 2, description: "b"),
                                     ExpressionLiteralRow(identifier: 3, description: "it's")], intoTable: "rows")
        return scratch
    }

    func identifiers(where condition: Condition? = nil, limit: Limit? = nil, offset: Offset? = nil) throws -> [Int?] {
        let rows: [ExpressionLiteralRow] = try database.getObjects(
            fromTable: "rows", where: condition,
            orderBy: [ExpressionLiteralRow.Properties.identifier.asOrder(by: .ascending)], limit: limit, offset: offset)
        return rows.map(\.identifier)
    }
}
