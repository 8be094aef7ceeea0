import Foundation
@_spi(WCDBGenerated) import WCDBSwift
import XCTest

/// The positive cases of typed properties; each line below must keep compiling.
///
/// The negative cases, which must NOT compile (a String property compared with a number, an Int? with a
/// string, arithmetic on a String property), are `does-not-compile` blocks of the WINQ article, which
/// `scripts/docs-examples.sh` (in CI) checks fail with the compiler message the article quotes.
final class TypedPropertyTests: XCTestCase {
    typealias M = Message.Properties

    func testComparisonWithValues() {
        XCTAssertEqual((M.localID > 1).description, "localID > 1")
        XCTAssertEqual((M.localID == 1).description, "localID = 1")
        XCTAssertEqual((M.localID != 1).description, "localID != 1")
        XCTAssertEqual((M.localID < -1).description, "localID < -1")
        XCTAssertEqual((M.localID <= 1).description, "localID <= 1")
        XCTAssertEqual((M.localID >= 3.0).description, "localID >= 3.0")
        // `x = NULL` is never true: comparing with nil means IS NULL / IS NOT NULL.
        XCTAssertEqual((M.localID == nil).description, "localID IS NULL")
        XCTAssertEqual((M.localID != nil).description, "localID IS NOT NULL")
        let missing: Int? = nil
        XCTAssertEqual((M.localID == missing).description, "localID IS NULL")
        XCTAssertEqual((Column(named: "a") != Expression.null).description, "a IS NOT NULL")
        XCTAssertEqual((M.localID == nil && M.score > 1).description, "(localID IS NULL) AND (score > 1)")
        let optional: Int? = 5
        XCTAssertEqual((M.localID == optional).description, "localID = 5")
        XCTAssertEqual((M.content == "it's").description, "content = 'it''s'")
        XCTAssertEqual((M.content < "b").description, "content < 'b'")
        XCTAssertEqual((M.score > 1).description, "score > 1")
        XCTAssertEqual((M.score > 1.5).description, "score > 1.5")
        XCTAssertEqual((M.score >= Int64(2)).description, "score >= 2")
    }

    /// `== nil` on a property whose Swift type is not optional used to pick Swift's own `Optional ==`, a
    /// `Bool` (false) that WINQ then took as the condition `0`: `delete(where: p != nil)` deleted every
    /// row. It means IS NULL / IS NOT NULL for every property and column (the column may hold NULL
    /// whatever the Swift type says).
    func testNilComparisonOfANonOptionalPropertyOrAColumnIsNullTest() {
        let isNull: WCDBSwift.Expression = M.content == nil
        let isNotNull: WCDBSwift.Expression = M.content != nil
        XCTAssertEqual(isNull.description, "content IS NULL")
        XCTAssertEqual(isNotNull.description, "content IS NOT NULL")
        XCTAssertEqual((Column(named: "a") == nil).description, "a IS NULL")
        XCTAssertEqual((Column(named: "a") != nil).description, "a IS NOT NULL")
        XCTAssertEqual((M.content.asProperty() == nil).description, "content IS NULL")
        XCTAssertEqual((M.score != nil && M.score > 1).description, "(score IS NOT NULL) AND (score > 1)")
    }

    func testComparisonWithNodes() {
        XCTAssertEqual((M.localID == Contact.Properties.localID).description, "localID = localID")
        let key = TypedProperty<Contact, Int>(named: "id", index: 2)
        XCTAssertEqual((M.localID == key).description, "localID = id")
        XCTAssertEqual((key < M.localID).description, "id < localID")
        XCTAssertEqual((M.content == Contact.Properties.name.in(table: "c")).description, "content = c.name")
        XCTAssertEqual((M.localID > Expression(with: "anything")).description, "localID > 'anything'")
        XCTAssertEqual((M.localID > Column(named: "x")).description, "localID > x")
        XCTAssertEqual((M.localID > Property(named: "y", index: 0, root: nil)).description, "localID > y")
        XCTAssertEqual((M.localID == Expression.bindParameter).description, "localID = ?")
        // Untyped nodes keep WCDB's free style, with a typed property on the right too.
        XCTAssertEqual((Column(named: "x") > M.localID).description, "x > localID")
        XCTAssertEqual((Expression(with: 1) + M.localID).description, "1 + localID")
    }

    func testArithmeticAndLogic() {
        XCTAssertEqual((M.localID / 2 == 0).description, "(localID / 2) = 0")
        XCTAssertEqual((M.localID + 1).description, "localID + 1")
        XCTAssertEqual((M.localID - 1.5).description, "localID - 1.5")
        XCTAssertEqual((M.localID * M.localID).description, "localID * localID")
        XCTAssertEqual((M.localID % 3).description, "localID % 3")
        XCTAssertEqual((M.localID & 1).description, "localID & 1")
        XCTAssertEqual((M.localID | 1).description, "localID | 1")
        XCTAssertEqual((M.localID << 1).description, "localID << 1")
        XCTAssertEqual((M.localID >> 1).description, "localID >> 1")
        XCTAssertEqual((M.score * M.score).description, "score * score")
        // Numeric properties of different numeric types (an Int? and a Double) and explicit nodes.
        XCTAssertEqual((M.score * M.localID).description, "score * localID")
        XCTAssertEqual((M.localID - M.score / 2).description, "localID - (score / 2)")
        XCTAssertEqual((M.localID + .bindParameter).description, "localID + ?")
        XCTAssertEqual((M.localID << Column(named: "bits")).description, "localID << bits")
        let offset: Int64? = 7
        XCTAssertEqual((M.localID + offset).description, "localID + 7")
        XCTAssertEqual((M.localID > 0 && M.content.isNotNull()).description,
                       "(localID > 0) AND (content IS NOT NULL)")
        XCTAssertEqual((M.localID || M.score).description, "localID OR score")
        XCTAssertEqual((!M.localID).description, "NOT localID")
        XCTAssertEqual((-M.localID).description, "-localID")
        XCTAssertEqual(M.content.concat(M.content).description, "content || content")
    }

    func testMethods() {
        XCTAssertEqual(M.localID.isNotNull().description, "localID IS NOT NULL")
        XCTAssertEqual(M.localID.isNull().description, "localID IS NULL")
        XCTAssertEqual(M.localID.max().description, "MAX(localID)")
        XCTAssertEqual(M.localID.count(distinct: true).description, "COUNT(DISTINCT localID)")
        XCTAssertEqual(M.localID.between(1, 2).description, "localID BETWEEN 1 AND 2")
        XCTAssertEqual(M.localID.in(1, 2).description, "localID IN (1, 2)")
        XCTAssertEqual(M.content.like("a%").description, "content LIKE 'a%'")
        XCTAssertEqual(M.localID.asOrder(by: .descending).description, "localID DESC")
        XCTAssertEqual(M.localID.asIndex(orderBy: .ascending).description, "localID ASC")
        XCTAssertEqual(M.localID.asColumn().description, "localID")
        XCTAssertEqual(M.localID.asProperty().name, "localID")
        XCTAssertEqual(M.localID.asColumnResult().description, "localID")
        XCTAssertEqual(M.content.collate("NOCASE").description, "content COLLATE NOCASE")
    }

    func testSendable() {
        // Generated code keeps these in `static let`, which Swift 6 requires to be Sendable.
        func requireSendable<T: Sendable>(_ value: T) -> T { value }
        XCTAssertEqual(requireSendable(M.localID).name, "localID")
        XCTAssertEqual(requireSendable(M.all).count, 3)
        XCTAssertEqual(requireSendable(Expression(with: 1)).description, "1")
        XCTAssertEqual(requireSendable(Column(named: "a")).description, "a")
    }
}

/// A column type the WINQ layer knows nothing about (the ORM's custom ColumnCodable types).
struct Opaque {}

final class TypedPropertyCustomValueTests: XCTestCase {
    func testCustomValueTypeComparesWithNodes() {
        let property = TypedProperty<Message, Opaque>(named: "blob", index: 3)
        XCTAssertEqual((property == Expression.bindParameter).description, "blob = ?")
        XCTAssertEqual((property != TypedProperty<Contact, Opaque>(named: "other", index: 0)).description, "blob != other")
        XCTAssertEqual(property.isNull().description, "blob IS NULL")
    }
}
