import Foundation
import WCDBSwift
import XCTest

/// Every expression form: printed SQL, and SQLite accepts it in a SELECT over `sampleTable`.
final class ExpressionTests: XCTestCase {
    let identifier = Column(named: "identifier")
    let text = Column(named: "description")

    private func check(_ expression: ExpressionConvertible, _ sql: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(expression.asExpression().description, sql, file: file, line: line)
        assertAccepted(StatementSelect().select(expression).from("sampleTable"), setup: sampleSchema, file: file, line: line)
    }

    func testUnaryOperators() {
        check(-identifier, "-identifier")
        check(+identifier, "+identifier")
        check(~identifier, "~identifier")
        check(!identifier, "NOT identifier")
        // A negative literal under unary minus must not print `--1` (a comment).
        check(-Expression(with: -1), "-(-1)")
    }

    func testBinaryOperators() {
        check(identifier + 1, "identifier + 1")
        check(identifier - 1, "identifier - 1")
        check(identifier * 2, "identifier * 2")
        check(identifier / 2, "identifier / 2")
        check(identifier % 2, "identifier % 2")
        check(identifier & 2, "identifier & 2")
        check(identifier | 2, "identifier | 2")
        check(identifier << 2, "identifier << 2")
        check(identifier >> 2, "identifier >> 2")
        check(identifier < 2, "identifier < 2")
        check(identifier <= 2, "identifier <= 2")
        check(identifier > 2, "identifier > 2")
        check(identifier >= 2, "identifier >= 2")
        check(identifier == 2, "identifier = 2")
        check(identifier != 2, "identifier != 2")
        check(identifier > 1 && text.isNotNull(), "(identifier > 1) AND (description IS NOT NULL)")
        check(identifier > 1 || identifier < 0, "(identifier > 1) OR (identifier < 0)")
        check(text.concat("x"), "description || 'x'")
    }

    func testPrecedenceMatchesSwiftTree() throws {
        // (1 + 2) * 3 in Swift: the parentheses make SQLite compute 9, not 7.
        let rows = try TestDatabase().query(StatementSelect().select((Expression(with: 1) + 2) * 3).description)
        XCTAssertEqual(rows.first?.first as? Int64, 9)
        // A compound left operand of IN / COLLATE / BETWEEN / LIKE / IS NULL is parenthesised.
        check(identifier.between(1, 2).in(0, 1), "(identifier BETWEEN 1 AND 2) IN (0, 1)")
        check(text.like("a").collate("NOCASE"), "(description LIKE 'a') COLLATE NOCASE")
        check((identifier + 1).collate("BINARY"), "(identifier + 1) COLLATE BINARY")
        check(Expression(with: -1).collate("BINARY"), "(-1) COLLATE BINARY")
        check(identifier.isNull().isNull(), "(identifier IS NULL) IS NULL")
        check(identifier.in(1, 2).between(0, 1), "(identifier IN (1, 2)) BETWEEN 0 AND 1")
        check(text.isNull().like("1"), "(description IS NULL) LIKE '1'")
        // NOT binds looser than IN in SQL; the Swift tree !x.in(…) stays NOT (x IN …).
        check(!identifier.in(1), "NOT (identifier IN (1))")
        let notIn = try TestDatabase().query(StatementSelect().select(!Expression(with: 3).in(1, 2)).description)
        XCTAssertEqual(notIn.first?.first as? Int64, 1)
    }

    func testBetweenAndIn() {
        check(identifier.between(1, 2), "identifier BETWEEN 1 AND 2")
        check(identifier.notBetween(1, 2), "identifier NOT BETWEEN 1 AND 2")
        check(identifier.in(1, 2, 3), "identifier IN (1, 2, 3)")
        check(identifier.notIn([1, 2]), "identifier NOT IN (1, 2)")
        let subquery = StatementSelect().select(Column(named: "identifier")).from("other")
        check(identifier.in(subquery), "identifier IN (SELECT identifier FROM other)")
        check(identifier.notIn(subquery), "identifier NOT IN (SELECT identifier FROM other)")
        check(identifier.inTable("ids"), "identifier IN ids")
        check(identifier.notInTable("ids"), "identifier NOT IN ids")
    }

    func testPatternMatching() {
        check(text.like("a%"), "description LIKE 'a%'")
        check(text.notLike("a%"), "description NOT LIKE 'a%'")
        check(text.like("a!%", escape: "!"), "description LIKE 'a!%' ESCAPE '!'")
        check(text.glob("a*"), "description GLOB 'a*'")
        check(text.notGlob("a*"), "description NOT GLOB 'a*'")
        // MATCH and REGEXP parse, but need FTS / a regexp() function to run: check the printing and parse.
        XCTAssertEqual(text.match("a").description, "description MATCH 'a'")
        XCTAssertEqual(text.notMatch("a").description, "description NOT MATCH 'a'")
        XCTAssertEqual(text.regexp("a.").description, "description REGEXP 'a.'")
        XCTAssertEqual(text.notRegexp("a.").description, "description NOT REGEXP 'a.'")
        let regexpError = assertRejected(StatementSelect().select(text.regexp("a")).from("sampleTable"), setup: sampleSchema)
        XCTAssertTrue(regexpError.contains("no such function: REGEXP"), regexpError)
    }

    func testIsAndNull() {
        check(identifier.is(Expression.null), "identifier IS NULL")
        check(identifier.isNot(1), "identifier IS NOT 1")
        check(identifier.isNull(), "identifier IS NULL")
        check(identifier.isNotNull(), "identifier IS NOT NULL")
    }

    func testCaseCastCollate() {
        check(Expression.case(identifier).when(1).then("one").when(2).then("two").else("many"),
              "CASE identifier WHEN 1 THEN 'one' WHEN 2 THEN 'two' ELSE 'many' END")
        check(Expression.case().when(identifier > 1).then(1), "CASE WHEN identifier > 1 THEN 1 END")
        check(Expression.cast(identifier, as: .text), "CAST(identifier AS TEXT)")
        check(Expression.cast("1", as: .integer64), "CAST('1' AS INTEGER)")
        check(text.collate("NOCASE"), "description COLLATE NOCASE")
    }

    func testSubqueries() {
        let subquery = StatementSelect().select(Column(named: "identifier").max()).from("other")
        check(Expression(with: subquery), "(SELECT MAX(identifier) FROM other)")
        check(Expression.exists(subquery), "EXISTS (SELECT MAX(identifier) FROM other)")
        check(Expression.notExists(subquery), "NOT EXISTS (SELECT MAX(identifier) FROM other)")
    }

    func testCoreFunctions() {
        check(identifier.abs(), "ABS(identifier)")
        check(text.length(), "LENGTH(description)")
        check(text.lower(), "LOWER(description)")
        check(text.upper(), "UPPER(description)")
        check(text.substr(start: 1, length: 2), "substr(description, 1, 2)")
        check(text.substr(start: 2), "substr(description, 2)")
        check(text.replace("a", with: "b"), "replace(description, 'a', 'b')")
        check(text.trim(), "trim(description)")
        check(text.ltrim(" "), "ltrim(description, ' ')")
        check(text.rtrim(), "rtrim(description)")
        check(Column(named: "score").round(2), "ROUND(score, 2)")
        check(Expression.coalesce(text, "x"), "coalesce(description, 'x')")
        check(text.ifNull("x"), "ifnull(description, 'x')")
        check(identifier.nullIf(0), "nullif(identifier, 0)")
        check(text.hex(), "HEX(description)")
        check(text.quote(), "quote(description)")
        check(Expression.random(), "random()")
        check(text.typeof(), "typeof(description)")
        check(text.instr("a"), "instr(description, 'a')")
        check(Expression.printf("%d-%s", identifier, text), "printf('%d-%s', identifier, description)")
        check(text.unicode(), "unicode(description)")
        check(Expression.char(65, 66), "char(65, 66)")
        check(Expression.max(identifier, 1), "MAX(identifier, 1)")
        XCTAssertEqual(Expression.function("my func", identifier).description, "\"my func\"(identifier)")
        check(Expression.function("abs", identifier), "abs(identifier)")
    }

    func testDateFunctions() {
        check(Expression.date("now"), "date('now')")
        check(Expression.time("now", "+1 hour"), "time('now', '+1 hour')")
        check(Expression.datetime(Column(named: "score"), "unixepoch"), "datetime(score, 'unixepoch')")
        check(Expression.julianday("2020-01-01"), "julianday('2020-01-01')")
        check(Expression.strftime("%Y", "now"), "strftime('%Y', 'now')")
    }

    func testAggregates() {
        check(identifier.count(), "COUNT(identifier)")
        check(identifier.count(distinct: true), "COUNT(DISTINCT identifier)")
        check(Column.all.count(), "COUNT(*)")
        check(Expression.countAll(), "COUNT(*)")
        check(Expression.count(*), "COUNT(*)")
        check(identifier.avg(), "AVG(identifier)")
        check(identifier.sum(distinct: true), "SUM(DISTINCT identifier)")
        check(identifier.total(), "TOTAL(identifier)")
        check(identifier.min(), "MIN(identifier)")
        check(identifier.max(), "MAX(identifier)")
        check(text.groupConcat(), "GROUP_CONCAT(description)")
        check(text.groupConcat(separator: ";"), "GROUP_CONCAT(description, ';')")
        check(text.groupConcat(distinct: true), "GROUP_CONCAT(DISTINCT description)")
    }

    func testFTSAuxiliaryFunctions() {
        let fts = Column(named: "mail")
        let select = StatementSelect().select(fts.offsets(), fts.snippet(), fts.matchinfo())
            .from("mail").where(fts.match("hello"))
        XCTAssertEqual(select.description, "SELECT offsets(mail), snippet(mail, '<b>', '</b>', '<b>...</b>', -1, -15), "
            + "matchinfo(mail) FROM mail WHERE mail MATCH 'hello'")
        assertAccepted(select, setup: "CREATE VIRTUAL TABLE mail USING fts4(subject, body)")
    }

    func testRaise() {
        XCTAssertEqual(Expression.raise(.ignore).description, "RAISE(IGNORE)")
        XCTAssertEqual(Expression.raise(.abort, message: "it's bad").description, "RAISE(ABORT, 'it''s bad')")
    }
}

extension ExpressionTests {
    func testLiteralColumnAndOperatorExpressionsInAWhere() {
        let expressionInt = Expression(with: 1)
        let expressionDouble = Expression(with: 2.0)
        let expressionString = Expression(with: "3")
        let expressionData = Expression(with: "4".data(using: .ascii)!)
        let expressionColumn = Expression(with: Column(named: "identifier"))
        XCTAssertEqual(expressionInt.description, "1")
        XCTAssertEqual(expressionDouble.description, "2.0")
        XCTAssertEqual(expressionString.description, "'3'")
        XCTAssertEqual(expressionData.description, "X'34'")
        XCTAssertEqual(expressionColumn.description, "identifier")
        XCTAssertEqual(Expression.bindParameter.description, "?")

        XCTAssertEqual(expressionColumn.between(expressionInt, expressionDouble).description,
                       "identifier BETWEEN 1 AND 2.0")
        let expression1 = expressionInt + expressionDouble
        XCTAssertEqual(expression1.description, "1 + 2.0")
        let expression2 = expressionColumn >= expression1
        XCTAssertEqual(expression2.description, "identifier >= (1 + 2.0)")
        let expression3 = expressionColumn < -1 || expression2
        XCTAssertEqual(expression3.description, "(identifier < -1) OR (identifier >= (1 + 2.0))")
        let statementSelect = StatementSelect().select(Sample.Properties.identifier).from("sampleTable").where(expression3)
        XCTAssertEqual(statementSelect.description,
                       "SELECT identifier FROM sampleTable WHERE (identifier < -1) OR (identifier >= (1 + 2.0))")
        assertAccepted(statementSelect, setup: sampleSchema)
    }

    func testTypedPropertiesCompareAsExpressions() {
        XCTAssertEqual((Sample.Properties.identifier.asExpression() > 1).description, "identifier > 1")
        let statementSelect = StatementSelect().select(Sample.Properties.identifier)
            .from("sampleTable")
            .where(Sample.Properties.identifier < -1 || Sample.Properties.identifier >= 3.0)
        XCTAssertEqual(statementSelect.description,
                       "SELECT identifier FROM sampleTable WHERE (identifier < -1) OR (identifier >= 3.0)")
    }
}
