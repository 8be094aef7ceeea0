import Foundation
@_spi(WCDBGenerated) @testable import WCDBSwift
import WCDBTestSupport
import XCTest

/// Expressions are a tree (with a slot for each value) and values; the node of a comparison is remembered by its left
/// operand, so one node serves every call with another value. Statements are found by that identity.
final class ExpressionNodeTests: XCTestCase {
    typealias M = Message.Properties

    func testAComparisonWithAnyValueHasOneShapeObject() {
        let one = M.localID == 1
        let two = M.localID == 2
        XCTAssertTrue(one.node === two.node)
        XCTAssertEqual(one.node.shapeSQL, "localID = ?")
        XCTAssertEqual(one.values, [.integer(1)])
        XCTAssertEqual(two.values, [.integer(2)])
        XCTAssertEqual(two.description, "localID = 2")
        // Another operator, another property: other shapes.
        XCTAssertFalse((M.localID > 1).node === one.node)
        XCTAssertFalse((M.score == 1).node === one.node)
    }

    func testLogicOfSharedShapesIsRememberedToo() {
        let first = M.localID == 1 && M.content == "a"
        let second = M.localID == 7 && M.content == "it's"
        XCTAssertTrue(first.node === second.node)
        XCTAssertEqual(second.node.shapeSQL, "(localID = ?) AND (content = ?)")
        XCTAssertEqual(second.values, [.integer(7), .text("it's")])
        XCTAssertEqual(second.description, "(localID = 7) AND (content = 'it''s')")
    }

    func testShapesBuiltPerCallAreNotRememberedByOthers() {
        // A Column is built afresh per call: its comparisons print the same SQL but are new objects, and a
        // shared shape does not keep them (its memory stays bounded by the program's own expressions).
        let first = M.localID == 1 && Column(named: "x") == 1
        let second = M.localID == 1 && Column(named: "x") == 1
        XCTAssertFalse(first.node === second.node)
        XCTAssertEqual(first.node.shapeSQL, second.node.shapeSQL)
        XCTAssertFalse(first.node.isShared)
    }

    func testValuesOfArithmeticStayInTheShape() {
        // `a + 1` is the expression's structure (an index on it must match): printed, not bound.
        let expression = (M.score + 1) == 5
        XCTAssertEqual(expression.node.shapeSQL, "(score + 1) = ?")
        XCTAssertEqual(expression.values, [.integer(5)])
        XCTAssertEqual(expression.description, "(score + 1) = 5")
    }

    func testConcurrentCallsGetOneShape() {
        let shapes = Box<[ObjectIdentifier]>([])
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            let shape = (M.score <= Double(index)).node
            shapes.with { $0.append(ObjectIdentifier(shape)) }
        }
        XCTAssertEqual(Set(shapes.get).count, 1)
    }
}
