import Foundation
@_spi(WCDBGenerated) import WCDBSwift
import XCTest

final class Message {
    enum Properties {
        static let localID = TypedProperty<Message, Int?>(named: "localID", index: 0)
        static let content = TypedProperty<Message, String>(named: "content", index: 1)
        static let score = TypedProperty<Message, Double>(named: "score", index: 2)
        static let all: [Property] = [localID.asProperty(), content.asProperty(), score.asProperty()]
        static let any = Property.any
    }
}

final class Contact {
    enum Properties {
        static let localID = TypedProperty<Contact, Int?>(named: "localID", index: 0)
        static let name = TypedProperty<Contact, String>(named: "name", index: 1)
    }
}

/// Property: name, index, root, qualification and as-redirect.
final class PropertyTests: XCTestCase {
    func testPropertyIdentity() {
        let property = Message.Properties.content.asProperty()
        XCTAssertEqual(property.name, "content")
        XCTAssertEqual(property.propertyIndex, 1)
        XCTAssertEqual(property.rootType, ObjectIdentifier(Message.self))
        XCTAssertNotEqual(Contact.Properties.localID.asProperty().rootType, ObjectIdentifier(Message.self))
        XCTAssertEqual(Message.Properties.all.map(\.name), ["localID", "content", "score"])
        XCTAssertEqual(Message.Properties.any.description, "*")
        XCTAssertEqual(StatementSelect().select(Message.Properties.any).from("message").description, "SELECT * FROM message")
        let plain = Property(named: "order", index: 3, root: nil)
        XCTAssertEqual(plain.description, "\"order\"")
        XCTAssertNil(plain.rootType)
    }

    func testQualifiedProperty() {
        let qualified = Message.Properties.localID.in(table: "message")
        XCTAssertEqual(qualified.description, "message.localID")
        XCTAssertEqual(qualified.asProperty().propertyIndex, 0)
        XCTAssertEqual((qualified == Contact.Properties.localID.in(table: "contact")).description,
                       "message.localID = contact.localID")
        let plain = Property(named: "a", index: 0, root: nil).in(table: "t")
        XCTAssertEqual((plain > 1).description, "t.a > 1")
        // Column lists (INSERT, index) take the bare name.
        XCTAssertEqual(StatementInsert().insert(intoTable: "message", with: qualified).values(1).description,
                       "INSERT INTO message(localID) VALUES(1)")
    }

    func testRedirect() {
        let redirected = Message.Properties.localID.max().as(Message.Properties.localID)
        XCTAssertEqual(redirected.name, "localID")
        XCTAssertEqual(redirected.propertyIndex, 0)
        XCTAssertTrue(redirected.isRedirected)
        XCTAssertEqual(redirected.asColumnResult().description, "MAX(localID) AS localID")
        let select = StatementSelect().select(redirected, Message.Properties.content).from("message")
        XCTAssertEqual(select.description, "SELECT MAX(localID) AS localID, content FROM message")
        assertAccepted(select, setup: "CREATE TABLE message(localID INTEGER, content TEXT, score REAL)")
        // The property still works as its column in conditions.
        XCTAssertEqual((redirected > 1).description, "localID > 1")
    }

    func testPropertyIsAnUntypedOperand() {
        let property = Message.Properties.content.asProperty()
        XCTAssertEqual((property == "x").description, "content = 'x'")
        XCTAssertEqual((property > 1).description, "content > 1")
        XCTAssertEqual(property.asOrder(by: .descending).description, "content DESC")
        XCTAssertEqual(property.asIndex(orderBy: .ascending).description, "content ASC")
        XCTAssertEqual(property.asColumn().description, "content")
    }
}
