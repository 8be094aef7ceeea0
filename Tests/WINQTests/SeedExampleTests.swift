import Foundation
@_spi(WCDBGenerated) import WCDBSwift
import XCTest

/// A model like the guide's `Sample`, with properties as the generator emits them.
final class Sample {
    enum Properties {
        static let identifier = TypedProperty<Sample, Int?>(named: "identifier", index: 0)
        static let description = TypedProperty<Sample, String?>(named: "description", index: 1)
        static let all: [Property] = [identifier.asProperty(), description.asProperty()]
        static let any = Property.any
    }
}

/// The guide's (section 1.5) examples print the SQL it shows.
final class SeedExampleTests: XCTestCase {
    func testColumnInsert() {
        let identifierColumn = Column(named: "identifier")
        let statementInsert = StatementInsert().insert(intoTable: "sampleTable", with: identifierColumn).values(1)
        XCTAssertEqual(statementInsert.description, "INSERT INTO sampleTable(identifier) VALUES(1)")
        assertAccepted(statementInsert, setup: sampleSchema)
    }

    func testColumnResult() {
        let identifierColumn = Column(named: "identifier")
        let identifierColumnResult = ColumnResult(with: identifierColumn)
        let statementSelect = StatementSelect().select(identifierColumnResult).from("sampleTable")
        XCTAssertEqual(statementSelect.description, "SELECT identifier FROM sampleTable")
        XCTAssertEqual(StatementSelect().select(identifierColumn).from("sampleTable").description,
                       "SELECT identifier FROM sampleTable")
        XCTAssertEqual(identifierColumn.asColumnResult().description, "identifier")
        XCTAssertEqual(StatementSelect().select(Sample.Properties.identifier).from("sampleTable").description,
                       "SELECT identifier FROM sampleTable")
        assertAccepted(statementSelect, setup: sampleSchema)
    }

    func testExpressions() {
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
        XCTAssertEqual(expression1.description, "(1 + 2.0)")
        let expression2 = expressionColumn >= expression1
        XCTAssertEqual(expression2.description, "(identifier >= (1 + 2.0))")
        let expression3 = expressionColumn < -1 || expression2
        XCTAssertEqual(expression3.description, "((identifier < -1) OR (identifier >= (1 + 2.0)))")
        let statementSelect = StatementSelect().select(Sample.Properties.identifier).from("sampleTable").where(expression3)
        XCTAssertEqual(statementSelect.description,
                       "SELECT identifier FROM sampleTable WHERE ((identifier < -1) OR (identifier >= (1 + 2.0)))")
        assertAccepted(statementSelect, setup: sampleSchema)
    }

    func testExpressionOperable() {
        XCTAssertEqual((Sample.Properties.identifier.asExpression() > 1).description, "(identifier > 1)")
        let statementSelect = StatementSelect().select(Sample.Properties.identifier)
            .from("sampleTable")
            .where(Sample.Properties.identifier < -1 || Sample.Properties.identifier >= 3.0)
        XCTAssertEqual(statementSelect.description,
                       "SELECT identifier FROM sampleTable WHERE ((identifier < -1) OR (identifier >= 3.0))")
    }

    /// 1.5.9: the guide's hand-written SQL is pseudo-SQL; this is what we print (see README-WINQ-notes.md).
    func testSQLTranslation() {
        let statementSelect = StatementSelect()
        statementSelect.select(distinct: false, Sample.Properties.identifier.min())
        statementSelect.from("sampleTable")
        statementSelect.where((Sample.Properties.identifier > 0 || Sample.Properties.identifier / 2 == 0)
            && Sample.Properties.description.isNotNull())
        statementSelect.order(by: Sample.Properties.identifier.asOrder(by: .ascending))
        statementSelect.limit(from: 1, to: 100)
        let expected = "SELECT min(identifier) FROM sampleTable WHERE (((identifier > 0) OR ((identifier / 2) = 0)) "
            + "AND (description IS NOT NULL)) ORDER BY identifier ASC LIMIT 1, 100"
        XCTAssertEqual(statementSelect.description, expected)
        let chained = StatementSelect().select(distinct: false, Sample.Properties.identifier.min()).from("sampleTable")
            .where((Sample.Properties.identifier > 0 || Sample.Properties.identifier / 2 == 0)
                && Sample.Properties.description.isNotNull())
            .order(by: Sample.Properties.identifier.asOrder(by: .ascending)).limit(from: 1, to: 100)
        XCTAssertEqual(chained.description, expected)
        assertAccepted(statementSelect, setup: sampleSchema)
    }
}
